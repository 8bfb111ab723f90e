"""A whole game of Grand Inquisitor & the Colonies with the board recorded, through the four keys
alone: the scripted game (tests/fixtures/games/sample_colonies_board.py) entered key by key - the setup's
discs, placements into France and onto the ship, sails, the black pair moved, the Limit table's
count - its standings checked, and its presses shipped as a key script."""

from companion.engine import board
from companion.engine import steps as s
from companion.measure.key_scripts import SAMPLE_COLONIES_BOARD_KEYS
from companion.play.game import Game
from tests.fixtures.games import sample_colonies_board
from tests.ui.big_box_keys import enter_game, play_by_keys, sheet
from tests.ui.keys_player import Keys

MODE = "GI & Colonies"
STANDINGS = [("1. Green", "83"), ("2. Red", "75"), ("3. Blue", "63"), ("4. Yellow", "55")]


def test_a_colonies_game_with_the_board_recorded_by_keys_alone(tmp_path):
    wanted = sample_colonies_board.colonies_board_game(tmp_path / "sample.jsonl")
    keys = Keys(tmp_path / "keys.jsonl", seed=wanted.settings.seed, board=True)
    game = play_by_keys(keys, wanted, MODE, STANDINGS, SAMPLE_COLONIES_BOARD_KEYS,
                        "Grand Inquisitor & the Colonies with the board recorded "
                        "(tests/fixtures/games/sample_colonies_board.py)")
    assert game.state.counts == wanted.state.counts  # the board, Caballero for Caballero
    assert all(board.total(game.state, c) == 36 for c in game.state.colours)


def test_black_in_the_castillo_leave_by_the_grand_inquisitors_holders_disc_by_keys(tmp_path, monkeypatch):
    # S:248: "The Caballeros of the Grand Inquisitor are treated in every way as though they were the
    # color of your Caballeros": the scripted game with Cy's black pair repositioned into the Castillo;
    # at each general scoring the holder's disc is asked for them (issue 32), and they never reach a Court.
    monkeypatch.setitem(sample_colonies_board.INQUISITORS, (1, "green"), ("valencia", "castillo"))
    wanted = sample_colonies_board.colonies_board_game(tmp_path / "sample.jsonl")
    keys = Keys(tmp_path / "keys.jsonl", seed=wanted.settings.seed, board=True)
    enter_game(keys, wanted, MODE)
    game = keys.ui.game
    assert game.state.counts == wanted.state.counts and sheet(game) == sheet(wanted)
    again = Game(game.settings)  # the first general scoring: Cy, none of his own in, is asked for them
    for step in game.steps:
        again.send(step)
        if isinstance(step, s.Scored) and step.where == "castillo":
            assert again.state.discs.get("green") == "sevilla" and "black" not in again.state.castillo
            assert again.state.counts["sevilla"].get("black") == 2
            break
    for state in (game.state, wanted.state):
        assert board.held(state, "black", board.COURT) == board.held(state, "black", board.PROVINCE) == 0
        assert board.total(state, "black") == state.supply("black") == 4
