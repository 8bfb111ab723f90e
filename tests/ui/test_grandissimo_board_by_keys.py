"""A whole game of Grandissimo with the board recorded, through the four keys alone: the scripted
game (tests/fixtures/games/sample_grandissimo_board.py) entered key by key - placements into Portugal and
onto the ship, the ship token from the menu, sails, jails and pardons, the Queen's one more - its
standings checked, and its presses shipped as a key script."""

from companion.engine import board
from companion.measure.key_scripts import SAMPLE_GRANDISSIMO_BOARD_KEYS
from tests.fixtures.games import sample_grandissimo_board
from tests.ui.big_box_keys import play_by_keys
from tests.ui.keys_player import Keys

MODE = "Grandissimo"
STANDINGS = [("1. Blue", "68"), ("2. Red", "50"), ("3. Green", "46")]


def test_a_grandissimo_game_with_the_board_recorded_by_keys_alone(tmp_path):
    wanted = sample_grandissimo_board.grandissimo_board_game(tmp_path / "sample.jsonl")
    keys = Keys(tmp_path / "keys.jsonl", seed=wanted.settings.seed, board=True)
    game = play_by_keys(keys, wanted, MODE, STANDINGS, SAMPLE_GRANDISSIMO_BOARD_KEYS,
                        "Grandissimo with the board recorded (tests/fixtures/games/sample_grandissimo_board.py)")
    assert game.state.counts == wanted.state.counts  # the board, Caballero for Caballero, prison and ship empty
    assert all(board.total(game.state, c) == 30 for c in game.state.colours)
    assert {"Jailed", "Pardoned", "Sailed"} <= set(keys.spent)
