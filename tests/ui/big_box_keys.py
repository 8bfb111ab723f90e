"""One driver for the Big Box's whole games by keys: a scripted game (companion/engine/sample_*.py)
entered with the four keys from the wizard to the standings, checked step for step and line for
line against the script, and its presses shipped as the mode's key script."""

from __future__ import annotations

import os
from pathlib import Path

from companion.engine import steps as s
from companion.play.game import Game
from companion.ui.grammar import OK
from tests.ui.keys_player import REGENERATE, Keys, facts, grouped, key_script, units


def sheet(game: Game) -> list:
    """The score sheet, tied lines in one order (they come in the order the counts were given)."""
    return sorted(game.state.sheet, key=lambda line: (line.round, line.occasion, line.where, line.colour))


def enter_game(keys: Keys, wanted: Game, mode: str | None = None, *, edition: str = "classic"):
    """Enter ``wanted`` with ``keys`` from the wizard (its ``mode`` row switched on, if any) to
    the standings: their page."""
    setup, *rest = wanted.steps
    keys.new_game([p.colour for p in wanted.settings.players], setup, edition=edition,
                  variants=(mode,) if mode else (), secret=wanted.settings.secret_castillo)
    entered = units(grouped(wanted.settings.colours, rest))
    for unit, after in zip(entered, [*entered[1:], []], strict=True):
        if keys.board and isinstance(unit[0], (s.Placed, s.CastilloThrow)):
            named = after[0] if after and isinstance(after[0], s.ActionCardNamed) else None
            keys.enter_placements(unit, named)  # the board recorded: a turn's placements are one page
        elif isinstance(unit[0], s.CardMoved):
            keys.enter_card_moves(unit)  # a card effect's page
        else:
            for step in unit:
                keys.enter(step)
    game = keys.ui.game
    assert game is not None and game.over and keys.screen.kind == "results"
    keys.script.append(("the results read: the standings", []))
    return keys.press(OK)


def play_by_keys(keys: Keys, wanted: Game, mode: str | None, standings: list[tuple[str, str]],
                 shipped: Path, title: str, *, edition: str = "classic", header: str | None = None) -> Game:
    """Enter ``wanted`` with ``keys`` (the wizard's ``mode`` row switched on, if any), read its
    standings, hold its key script ``shipped`` to the presses (ELGRANDE_REGENERATE_GOLDENS=1
    rewrites it); ``header``: the script's first line, else "A game of ``title`` ..."."""
    page = enter_game(keys, wanted, mode, edition=edition)
    game = keys.ui.game
    assert game is not None
    assert [(row.text, row.right) for row in page.body.rows] == standings
    assert game.settings.expansion == wanted.settings.expansion and game.settings.board == wanted.settings.board
    steps = grouped(game.settings.colours, game.steps)
    assert facts(game.settings, steps) == facts(wanted.settings, grouped(wanted.settings.colours, wanted.steps))
    assert sheet(game) == sheet(wanted)  # every line: seats, black Caballeros, deliveries, special scorings
    script = key_script(keys, header or f"A game of {title} from a new game to the standings.")
    if os.environ.get(REGENERATE):
        shipped.write_text(script)
    assert shipped.read_text() == script, f"{shipped} is stale: {REGENERATE}=1 rewrites it"
    return game
