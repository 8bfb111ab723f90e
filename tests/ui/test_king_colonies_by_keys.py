"""A whole game of The King & the Colonies (the Big Box) through the four keys alone: the scripted
game (companion/game/sample_king_colonies.py) entered key by key, its standings checked, and its
presses shipped as a key script."""

import os

from companion.game import sample_king_colonies
from companion.ui.demo import SAMPLE_KING_COLONIES_KEYS
from companion.ui.grammar import OK

from tests.ui.test_intrigue_by_keys import IntrigueKeys
from tests.ui.test_whole_games_by_keys import REGENERATE, facts, grouped, key_script

MODE = "King & Colonies"
STANDINGS = [("1. Red", "86"), ("2. Blue", "81"), ("3. Green", "74"), ("4. Yellow", "67")]


def test_a_king_colonies_game_by_keys_alone(tmp_path):
    wanted = sample_king_colonies.king_colonies_game(tmp_path / "sample.jsonl")
    keys = IntrigueKeys(tmp_path / "keys.jsonl", seed=wanted.settings.seed)
    setup, *rest = wanted.steps
    keys.new_game([p.colour for p in wanted.settings.players], setup, edition="classic", variants=(MODE,))
    for step in grouped(wanted.settings.colours, rest):
        keys.enter(step)
    game = keys.ui.game
    assert game.over and keys.screen.kind == "results"
    keys.script.append(("the results read: the standings", []))
    standings = keys.press(OK)
    assert [(row.text, row.right) for row in standings.body.rows] == STANDINGS
    assert game.settings.expansion == "king_colonies" and not game.settings.board
    steps = grouped(game.settings.colours, game.steps)
    assert facts(game.settings, steps) == facts(wanted.settings, grouped(wanted.settings.colours, wanted.steps))

    def sheet(g):  # (tied lines come in the order the counts were given)
        return sorted(g.state.sheet, key=lambda line: (line.round, line.occasion, line.where, line.colour))

    assert sheet(game) == sheet(wanted)  # every line: black as its holder's, the seats, the discs, the 145
    assert game.state.grand_inquisitor == "yellow"

    script = key_script(keys, "A game of The King & the Colonies (companion/game/sample_king_colonies.py) "
                              "from a new game to the standings.")
    if os.environ.get(REGENERATE):
        SAMPLE_KING_COLONIES_KEYS.write_text(script)
    assert SAMPLE_KING_COLONIES_KEYS.read_text() == script, \
        f"{SAMPLE_KING_COLONIES_KEYS} is stale: {REGENERATE}=1 rewrites it"
