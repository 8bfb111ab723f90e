"""A whole game of Grand Inquisitor & the Colonies with the board recorded, through the four keys
alone: the scripted game (tests/fixtures/games/sample_colonies_board.py) entered key by key - the setup's
discs, placements into France and onto the ship, sails, the black pair moved, the Limit table's
count - its standings checked, and its presses shipped as a key script."""

from companion.game import board
from companion.tour.demo import SAMPLE_COLONIES_BOARD_KEYS
from tests.fixtures.games import sample_colonies_board
from tests.ui.big_box_keys import play_by_keys
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
