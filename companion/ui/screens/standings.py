"""The end of the game: the standings, and the scores over the game as a chart (from the phone's page)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.language import _
from companion.ui.intents import PhoneCode, Pop
from companion.ui.pages import LinesPage, Page
from companion.ui.screens.common import MENU_KEY
from companion.ui.view import Chart, Line, Series

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.engine.state import GameState
    from companion.play.game import Game


def standings(game: Game) -> Page:
    return LinesPage("standings", _("Game over"), game.prompt.asks, lambda _page: PhoneCode(),
                     lines=standing_lines(game.state), ok_label="Phone", **MENU_KEY)


def standing_lines(state: GameState) -> list[Line]:
    """The standings as they stand, one line a place, the leader's strong (the Game over page's, and the
    standby picture's: switch_off.py)."""
    return [Line(_("{place}. {name}").format(place=place, name=state.name(colour)), str(points), strong=place == 1)
            for place, colour, points in state.standings()]


def chart_page(game: Game) -> Page:
    state = game.state
    totals = {c: [0] for c in state.colours}
    running = {c: 0 for c in state.colours}
    occasion = None
    for line in state.sheet:
        if line.occasion != occasion and occasion is not None:
            for c in state.colours:
                totals[c].append(running[c])
        occasion = line.occasion
        running[line.colour] += line.points
    for c in state.colours:
        totals[c].append(running[c])
    series = tuple(Series(state.name(c), tuple(totals[c])) for c in state.colours)
    return LinesPage("chart", _("Game over"), _("Scores over the game"), lambda _page: Pop(), body=Chart(series))
