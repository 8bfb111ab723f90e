"""The end of the game: the standings, and the scores over the game as a chart (from the phone's page)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.language import _
from companion.ui.intents import PhoneCode, Pop
from companion.ui.pages import LinesPage, Page
from companion.ui.screens.common import MENU_KEY
from companion.ui.view import Chart, Line, Series

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def standings(game: Game) -> Page:
    state = game.state
    lines = [Line(_("{place}. {name}").format(place=place, name=state.name(colour)), str(points), strong=place == 1)
             for place, colour, points in state.standings()]
    return LinesPage("standings", _("Game over"), game.prompt.asks, lambda _page: PhoneCode(),
                     lines=lines, ok_label=_("Phone"), **MENU_KEY)


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
