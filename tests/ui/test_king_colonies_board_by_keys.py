"""A whole game of The King & the Colonies with the board recorded, through the four keys alone: the
scripted game (tests/fixtures/games/sample_king_colonies_board.py) entered key by key - the setup's discs,
each turn's special action, Court intake and placements (France and the ship among them), sails, the
black pair moved, the Limit table's count - its standings checked, and its presses shipped as a key
script."""

from companion.engine import board
from companion.measure.key_scripts import SAMPLE_KING_COLONIES_BOARD_KEYS
from tests.fixtures.games import sample_king_colonies_board
from tests.ui.big_box_keys import play_by_keys
from tests.ui.test_intrigue_by_keys import IntrigueKeys

MODE = "King & Colonies"
STANDINGS = [("1. Blue", "81"), ("2. Red", "77"), ("3. Green", "74"), ("4. Yellow", "45")]


def test_a_king_colonies_game_with_the_board_recorded_by_keys_alone(tmp_path):
    wanted = sample_king_colonies_board.king_colonies_board_game(tmp_path / "sample.jsonl")
    keys = IntrigueKeys(tmp_path / "keys.jsonl", seed=wanted.settings.seed, board=True)
    game = play_by_keys(keys, wanted, MODE, STANDINGS, SAMPLE_KING_COLONIES_BOARD_KEYS,
                        "The King & the Colonies with the board recorded "
                        "(tests/fixtures/games/sample_king_colonies_board.py)")
    assert game.state.counts == wanted.state.counts  # the board, Caballero for Caballero
    assert game.state.court == wanted.state.court
    assert all(board.total(game.state, c) == game.state.supply(c) for c in game.state.colours)
