"""The play on the phone: the Game over page's QR code of BG Stats' createPlay link.

The link is made from the very structure the BG Stats file of an export holds (the same
function, companion/record/export.py ``bg_stats``, with the same start, end and location), so
what the phone reads is the play as exported (companion/record/bgstats_link.py). Where the code
would be too small to read on this panel, the page says so and points at Menu › Export.
"""

from __future__ import annotations

from datetime import UTC, datetime

from companion.language import N_, _
from companion.play.game import Game
from companion.record.bgstats_link import play_link
from companion.record.export import DEFAULT_LOCATION, bg_stats, file_time, started_at
from companion.ui.intents import Push
from companion.ui.pages import LinesPage, Page
from companion.ui.view import Code

#: What the page says where the play does not fit in a code this panel shows large enough.
TOO_LONG = (N_("Too long for a code on this panel."), N_("Menu, Export writes the BG Stats file."))


def link(game: Game, location: str = DEFAULT_LOCATION) -> str:
    """The finished game's createPlay link, as Menu › Export would write its BG Stats file now."""
    journal = game.journal
    if journal is None:
        started = finished = datetime.now(UTC).replace(microsecond=0)
    else:
        started, finished = started_at(journal.header, journal.path), file_time(journal.path)
    return play_link(bg_stats(game, started, finished, location), started)


def code_page(game: Game, location: str = DEFAULT_LOCATION) -> Page:
    from companion.ui.screens.standings import chart_page

    return LinesPage("bgstats", _("Game over"), _("Scan for BG Stats"), lambda _page: Push(chart_page(game)),
                     body=Code(link(game, location), tuple(_(line) for line in TOO_LONG)), ok_label="Chart")
