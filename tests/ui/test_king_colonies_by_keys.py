"""A whole game of The King & the Colonies (the Big Box) through the four keys alone: the scripted
game (tests/fixtures/games/sample_king_colonies.py) entered key by key, its standings checked, and its
presses shipped as a key script."""

from companion.engine.modes.own_state import own
from companion.measure.key_scripts import SAMPLE_KING_COLONIES_KEYS
from tests.fixtures.games import sample_king_colonies
from tests.ui.big_box_keys import play_by_keys
from tests.ui.test_intrigue_by_keys import IntrigueKeys

MODE = "King & Colonies"
STANDINGS = [("1. Red", "86"), ("2. Blue", "81"), ("3. Green", "74"), ("4. Yellow", "67")]


def test_a_king_colonies_game_by_keys_alone(tmp_path):
    wanted = sample_king_colonies.king_colonies_game(tmp_path / "sample.jsonl")
    keys = IntrigueKeys(tmp_path / "keys.jsonl", seed=wanted.settings.seed)
    game = play_by_keys(keys, wanted, MODE, STANDINGS, SAMPLE_KING_COLONIES_KEYS,
                        "The King & the Colonies (tests/fixtures/games/sample_king_colonies.py)")
    assert own(game.state).grand_inquisitor == "yellow"  # black as its holder's, the seats, the discs, the 145
