"""A whole game of Grand Inquisitor & the Colonies (the Big Box) through the four keys alone:
the scripted game (tests/fixtures/games/sample_colonies.py) entered key by key, its standings checked,
and its presses shipped as a key script."""

from companion.measure.key_scripts import SAMPLE_COLONIES_KEYS
from tests.fixtures.games import sample_colonies
from tests.ui.big_box_keys import play_by_keys
from tests.ui.keys_player import Keys

MODE = "GI & Colonies"
STANDINGS = [("1. Blue", "80"), ("2. Yellow", "77"), ("3. Red", "76"), ("4. Green", "69")]


def test_a_colonies_game_by_keys_alone(tmp_path):
    wanted = sample_colonies.colonies_game(tmp_path / "sample.jsonl")
    keys = Keys(tmp_path / "keys.jsonl", seed=wanted.settings.seed)
    play_by_keys(keys, wanted, MODE, STANDINGS, SAMPLE_COLONIES_KEYS,
                 "Grand Inquisitor & the Colonies (tests/fixtures/games/sample_colonies.py)")
