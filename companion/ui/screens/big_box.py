"""The Big Box's board on the screens, when the game records it: the setup's secret discs, a turn's
sail from the ship, and the Limit table moved by a card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.game import big_box, board
from companion.game import steps as s
from companion.ui.intents import Intent, Push, Send
from companion.ui.pages import CountsPage, LinesPage, ListPage, Page
from companion.ui.screens.common import MENU_KEY, paragraph, region_page
from companion.ui.screens.scoring import ask_discs

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.game.game import Game


def setup_discs(game: Game) -> Page:
    """Before round 1: each player's secret disc, revealed together, and the mode's Caballeros
    from the Court there (GI&C and K&C 2, I&K 1; the King's region: they stay; S:162, S:204)."""
    state = game.state
    n = state.settings.mode.setup_disc
    colours = list(state.colours)

    def send(chosen: dict) -> Intent:
        return Send(s.SetupDiscs(tuple((c, chosen.get(c)) for c in colours)))

    lines = [paragraph(f"All reveal: {n} Caballero{'s' * (n > 1)} from each Court to the region on the "
                       f"disc (the King's region: {'they stay' if n > 1 else 'it stays'})."),
             paragraph("OK: each player's disc.")]
    return LinesPage("setup_discs", "New game", "Setup: secret discs",
                     lambda _: ask_discs(game, colours, send, "Setup disc"), lines=lines, **MENU_KEY)


def sail_rows(game: Game, colour: str) -> list[tuple[str, object]]:
    """The turn page's row for a sail, while the player has Caballeros that may sail (S:213, S:297)."""
    if "Sailed" not in game.expects:
        return []
    return [("Sail", lambda: Push(sail_from(game, colour)))]


def sail_from(game: Game, colour: str) -> Page:
    state = game.state
    name = state.rules.name
    items = [(f"{name(place)} · {board.held(state, colour, place)}", place)
             for place in big_box.sources(state, colour)]
    return ListPage("region", game.prompt.headline, f"{state.name(colour)} sails from",
                    lambda source: Push(sail_to(game, colour, source)), items=items)


def sail_to(game: Game, colour: str, source: str) -> Page:
    state = game.state
    name = state.rules.name

    def how_many(target: str) -> Intent:
        most = board.held(state, colour, source)
        return Push(CountsPage("counts_correction", game.prompt.headline, f"{name(source)} to {name(target)}",
                               lambda got: Send(s.Sailed(colour, source, target, got[colour])),
                               rows=[[state.name(colour), colour, most, 1, most]]))

    items = [(name(place), place) for place in big_box.destinations(state, source)]
    return ListPage("region", game.prompt.headline, f"From {name(source)} to", how_many, items=items)


def limit_table_rows(game: Game) -> list[tuple[str, object]]:
    """The menu's row for the Limit table moved by a stack-7 card (S:254)."""
    state = game.state
    if state.limit_table is None:
        return []
    return [("Limit table moved", lambda: Push(region_page(
        game, "The Limit table to", lambda r: Send(s.LimitTableMoved(r)), current=state.limit_table)))]
