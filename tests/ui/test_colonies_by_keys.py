"""A whole game of Grand Inquisitor & the Colonies (the Big Box) through the four keys alone:
the scripted game (companion/game/sample_colonies.py) entered key by key, its standings checked,
and its presses shipped as a key script."""

import os

from companion.game import sample_colonies
from companion.ui.demo import SAMPLE_COLONIES_KEYS
from companion.ui.grammar import OK

from tests.ui.test_whole_games_by_keys import REGENERATE, Keys, facts, grouped, key_script

MODE = "Big Box: GI & Colonies"
STANDINGS = [("1. Blue", "80"), ("2. Yellow", "77"), ("3. Red", "76"), ("4. Green", "69")]


def test_a_colonies_game_by_keys_alone(tmp_path):
    wanted = sample_colonies.colonies_game(tmp_path / "sample.jsonl")
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
    assert game.settings.expansion == "colonies" and not game.settings.board
    steps = grouped(game.settings.colours, game.steps)
    assert facts(game.settings, steps) == facts(wanted.settings, grouped(wanted.settings.colours, wanted.steps))
    def sheet(g):  # (tied lines come in the order the counts were given)
        return sorted(g.state.sheet, key=lambda line: (line.round, line.occasion, line.where, line.colour))

    assert sheet(game) == sheet(wanted)  # every line, seats and black Caballeros included

    script = key_script(keys, "A game of Grand Inquisitor & the Colonies (companion/game/sample_colonies.py) "
                              "from a new game to the standings.")
    if os.environ.get(REGENERATE):
        SAMPLE_COLONIES_KEYS.write_text(script)
    assert SAMPLE_COLONIES_KEYS.read_text() == script, f"{SAMPLE_COLONIES_KEYS} is stale: {REGENERATE}=1 rewrites it"
