"""The map: where everything is on the board, on one screen (Menu -> Map; in a game that records
the board also before each general scoring)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.table import standing
from companion.language import _
from companion.rules import spain
from companion.ui.intents import Close, Intent
from companion.ui.pages import LinesPage, Page
from companion.ui.screens.common import View, facts
from companion.ui.view import Map, Place

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


#: Where each place sits on the schematic grid of Spain (column, row).
GRID = {
    spain.GALICIA: (0, 0), spain.NAVARRA: (1, 0), spain.ARAGON: (2, 0), spain.CATALUNA: (3, 0),
    spain.CASTILLA: (0, 1), spain.TOLEDO: (1, 1), spain.VALENCIA: (2, 1), spain.CASTILLO: (3, 1),
    spain.SEVILLA: (0, 2), spain.GRANADA: (1, 2),
}
#: Each colour's letter on the map (black is K, as in printing: B is blue).
INITIALS = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "black": "K", "orange": "O",
            "purple": "P", "white": "W"}


#: Names too long for a cell of the map (8 characters), as the map writes them.
SHORT = {"Castilla la Vieja": "C. Vieja", "Castilla la Nueva": "C. Nueva", "País Vasco": "P. Vasco",
         "Mediterranean": "Medit."}


def initial(colour: str) -> str:
    return INITIALS.get(colour, colour[:1].upper())


def spain_map(game: Game, view: View = View()) -> Map:
    """The view model of the map: the counts as the companion knows them (exact when the board is
    recorded; as last counted in a scores-only game), the Castillo's only as 'someone is in' when
    the table keeps it secret."""
    state = game.state
    places = []
    for place, at in GRID.items():
        held = state.castillo if place == spain.CASTILLO else state.counts[place]
        secret = place == spain.CASTILLO and view.hide_castillo
        counts = tuple((initial(c), None if secret else n) for c in state.counted if (n := held.get(c, 0)))
        places.append(Place(
            name=SHORT.get(state.rules.name(place), state.rules.name(place)), at=at, counts=counts, king=state.king == place,
            grandes=tuple(initial(c) for c, r in state.grandes.items() if r == place),
            tiles=tuple(tile.split("/")[0] for tile, r in state.tiles.items() if r == place)))
    legend = tuple(f"{initial(c)} {state.name(c)}" for c in state.counted) + (_("■ Grande"), _("T tile"))
    return Map(tuple(places), legend)


def beyond_spain(game: Game) -> Map:
    """The Big Box's regions in a row (France, the ship, America, the Mediterranean; Portugal and
    Grandissimo's ship and prison, never scored), and under them who holds the Grand Inquisitor,
    where the Limit table stands and who sat on each seat."""
    state, table = game.state, facts(game.settings)
    places = tuple(Place(name=SHORT.get(state.rules.name(r), state.rules.name(r)), at=(column, 0),
                         counts=tuple((initial(c), n) for c in state.counted if (n := state.counts[r].get(c, 0))),
                         king=state.king == r, grandes=tuple(initial(c) for c, g in state.grandes.items() if g == r))
                   for column, r in enumerate(table.beyond_spain))
    now = standing(state)
    legend = [_("Grand Inquisitor: {name}").format(name=state.name(now.grand_inquisitor))] if table.held_card else []
    legend += [_("Limit table: {region}").format(region=state.rules.name(now.limit_table))] if now.limit_table else []
    legend += [_("{title}: {name}").format(title=_(title), name=state.name(colour)) for title, colour in now.seats.items()]
    legend += [_("{title}: {name}").format(title=_(what), name=state.name(colour)) for what, colour in now.holdings.items()]
    return Map(places, tuple(legend))


def map_page(game: Game, view: View, then: Intent | None = None) -> Page:
    """The map as a page read and left with OK (``then``: what OK does; default back). No prompt:
    the body needs every row (the headline says what it is)."""
    round_ = game.state.round
    headline = ((_("Round {round} · The board") if round_ else _("The board")) if game.settings.board
                else _("Round {round} · Counts last seen") if round_ else _("Counts last seen")).format(round=round_)
    done = then if then is not None else Close()
    page = LinesPage("map", headline, "", lambda _page: done, body=spain_map(game, view))
    if facts(game.settings).regions:  # the Big Box: OK turns the page to its regions beyond Spain

        def beyond(_page) -> None:  # (the same page: one OK more leaves it, from the menu or as a notice)
            page.headline, page.body, page.on_ok = ((_("Round {round} · Beyond Spain") if round_ else _("Beyond Spain"))
                                                    .format(round=round_), beyond_spain(game), lambda _page: done)

        page.on_ok = beyond
    return page
