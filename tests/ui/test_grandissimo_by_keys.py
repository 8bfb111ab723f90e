"""A whole game of Grandissimo (the Big Box) through the four keys alone: the scripted game
(companion/game/sample_grandissimo.py) entered key by key, its standings checked, and its presses
shipped as a key script."""

import os

from companion.game import sample_grandissimo
from companion.ui.demo import SAMPLE_GRANDISSIMO_KEYS
from companion.ui.grammar import OK

from tests.ui.test_whole_games_by_keys import REGENERATE, Keys, facts, grouped, key_script

MODE = "Big Box: Grandissimo"
STANDINGS = [("1. Red", "58"), ("2. Blue", "56"), ("3. Green", "49")]


def test_a_grandissimo_game_by_keys_alone(tmp_path):
    wanted = sample_grandissimo.grandissimo_game(tmp_path / "sample.jsonl")
    keys = Keys(tmp_path / "keys.jsonl", seed=wanted.settings.seed)
    setup, *rest = wanted.steps
    keys.new_game([p.colour for p in wanted.settings.players], setup, edition="classic", variants=(MODE,))
    for step in grouped(wanted.settings.colours, rest):
        keys.enter(step)
    game = keys.ui.game
    assert game.over and keys.screen.kind == "results"
    keys.script.append(("the results read: the standings", []))
    standings = keys.press(OK)
    assert [(row.text, row.right) for row in standings.body.rows] == STANDINGS
    assert game.settings.expansion == "grandissimo" and game.state.king == "portugal"
    assert game.state.holdings == {"Queen": "blue", "Jester": "red", "Ship token 1": "blue"}
    steps = grouped(game.settings.colours, game.steps)
    assert facts(game.settings, steps) == facts(wanted.settings, grouped(wanted.settings.colours, wanted.steps))

    script = key_script(keys, "A game of Grandissimo (companion/game/sample_grandissimo.py) "
                              "from a new game to the standings.")
    if os.environ.get(REGENERATE):
        SAMPLE_GRANDISSIMO_KEYS.write_text(script)
    assert SAMPLE_GRANDISSIMO_KEYS.read_text() == script, f"{SAMPLE_GRANDISSIMO_KEYS} is stale: {REGENERATE}=1 rewrites it"
