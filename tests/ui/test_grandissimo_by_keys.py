"""A whole game of Grandissimo (the Big Box) through the four keys alone: the scripted game
(tests/fixtures/games/sample_grandissimo.py) entered key by key, its standings checked, and its presses
shipped as a key script."""

from companion.engine.modes.own_state import own
from companion.measure.key_scripts import SAMPLE_GRANDISSIMO_KEYS
from tests.fixtures.games import sample_grandissimo
from tests.ui.big_box_keys import play_by_keys
from tests.ui.keys_player import Keys

MODE = "Grandissimo"
STANDINGS = [("1. Red", "58"), ("2. Blue", "56"), ("3. Green", "49")]


def test_a_grandissimo_game_by_keys_alone(tmp_path):
    wanted = sample_grandissimo.grandissimo_game(tmp_path / "sample.jsonl")
    keys = Keys(tmp_path / "keys.jsonl", seed=wanted.settings.seed)
    game = play_by_keys(keys, wanted, MODE, STANDINGS, SAMPLE_GRANDISSIMO_KEYS,
                        "Grandissimo (tests/fixtures/games/sample_grandissimo.py)")
    assert game.state.king == "portugal"
    assert own(game.state).holdings == {"Queen": "blue", "Jester": "red", "Ship token 1": "blue"}
