"""What many screens share: paragraphs of text, the region list, the menu key."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypedDict

from companion.language import N_, _, ngettext
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)
from companion.ui.intents import Intent, OpenMenu, Pop, Say
from companion.ui.pages import ListPage
from companion.ui.view import Line

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.engine.settings import Settings
    from companion.engine.step import Step
    from companion.engine.table import TableFacts
    from companion.play.game import Game


def facts(settings: Settings) -> TableFacts:
    """What the game's way to play puts on the table (engine/table.py): the pages' one way to it. The
    modes are registered first: the wizard's setup from the cards asks before any game is started."""
    import companion.engine.modes  # noqa: F401  (the Big Box's modes registered: engine/hooks.py)
    from companion.engine import table

    return table.facts(settings)


def open_menu() -> Intent:
    return OpenMenu()


#: A menu row: its label and what OK does, or a reason why it is not available now.
Row = tuple[str, object]


def not_now(why: str) -> object:
    """A menu row kept in its place while unavailable: OK says why (its mark: ✗)."""
    return lambda: Say(why)


@dataclass(frozen=True)
class View:
    """How the table wants the screens (from the settings file)."""

    #: The Castillo tally stays off the screens until the Castillo is scored.
    hide_castillo: bool = False


class Key3(TypedDict):
    """What KEY3 says and does on a page."""

    third: str
    on_third: Callable[[], Intent | None] | None


#: The game's own pages: KEY3 opens the menu.
MENU_KEY: Key3 = {"third": "Menu", "on_third": open_menu}
#: Pages opened from another: KEY3 goes back to it.
BACK: Key3 = {"third": "Back", "on_third": Pop}
#: Pages that are read and left with OK: no KEY3.
NO_BACK: Key3 = {"third": "", "on_third": None}


def region_page(game: Game, prompt: str, then, *, extra=(), none_label: str | None = None,
                kind: str = "region", current: str | None = None, move: str | None = None) -> ListPage:
    """A list of the regions (and ``extra`` places); ``then(region)`` is the intent; the cursor
    starts at ``current`` when given. ``move``: the kind of move (rules/big_box/regions.py), whose
    regions of the game's mode are listed (Spain's nine, then the Big Box's); else Spain's nine."""
    from companion.engine import table  # (a game is under way)

    rules = game.state.rules
    items = [(rules.name(r), r) for r in table.regions_for(game.settings, move)] + list(extra)
    if none_label:
        items.insert(0, (none_label, None))
    cursor = next((i for i, (_label, r) in enumerate(items) if r == current and current is not None), 0)
    return ListPage(kind, game.prompt.headline, prompt, then, items=items, cursor=cursor)


def abroad(game: Game) -> tuple[tuple[str, str], ...]:
    """Where the King may go beyond Spain's regions: New Regency's cards, or the Big Box's France
    (GI&C) and Portugal (Grandissimo)."""
    from companion.engine import table  # (a game is under way)

    name = game.state.rules.name
    return tuple((name(r) + (f" ({note})" if note else ""), r) for r, note in table.king_abroad(game.settings))


def paragraph(text: str, first: str = "", then: str = "  ") -> Line:
    """``text`` as one Line the renderer wraps to the panel: its first row begins with
    ``first``, the rows after it with ``then``."""
    return Line(first + text, hang=then)


#: The mark of a row whose step the referee would refuse now (OK on it says why, and records nothing).
#: A refused row's mark, on every page (its reason on the error line while the cursor is on it).
REFUSED = N_("not now")
#: The turn page's row that ends the turn (turn.py; a card's action left undone puts the cursor there).
END = N_("End the turn")


def said_mark(mark: str) -> str:
    """A row's mark in the table's language: the engine's marks of what a turn did (its offers keep
    them English: "done", "2 in", "3 moved", "2 unplaced", "1 short", "4 placed"), a refused row's."""
    if mark == "done":
        return _("done")
    if mark == REFUSED:
        return _(REFUSED)
    number, _space, what = mark.partition(" ")
    if not number.isdigit():
        return mark
    n = int(number)
    counted = {"in": ngettext("{n} in", "{n} in", n), "moved": ngettext("{n} moved", "{n} moved", n),
               "unplaced": ngettext("{n} unplaced", "{n} unplaced", n),
               "short": ngettext("{n} short", "{n} short", n), "placed": ngettext("{n} placed", "{n} placed", n)}
    return counted[what].format(n=n) if what in counted else mark


def refusal(game: Game, step: Step) -> str:
    """The referee's one line against ``step`` now, or "" when it would be taken: the engine's
    offers' (companion/engine/offers: the rules' check on the state, the kinds the phase asks for)."""
    from companion.engine import offers  # (a game is under way)

    return offers.refusal(game.state, game.expects, (step,))


def say_refused(rows: list[tuple[str, object]], why: dict[str, str]) -> list[tuple[str, object]]:
    """A page's rows of actions, each whose label ``why`` refuses (label -> the referee's reason, ""
    for none) saying its reason on OK instead of doing it (its mark: refused_rows or the page's own)."""
    return [(label, (lambda reason=why[label]: Say(reason)) if why.get(label) else do) for label, do in rows]


def refused_rows(page: ListPage, why: dict, *, before: bool = False) -> None:
    """Mark the page's rows whose value ``why`` refuses (value -> reason, "" for none) *not now*
    (a row's own mark, e.g. "done", kept); OK on such a row says the reason instead of sending its
    step. ``before``: the reason on the error line too while the cursor is on the row (a page whose
    cursor never starts on a refused row: an offer's default is never one)."""
    if not any(why.get(value) for _label, value in page.items):
        return
    marks = list(page.marks) or [""] * len(page.items)
    page.marks = [mark or (_(REFUSED) if why.get(value) else "") for mark, (_label, value) in zip(marks, page.items)]
    if before:
        page.reasons = [why.get(value, "") for _label, value in page.items]
    chosen = page.on_ok
    page.on_ok = lambda value: Say(why[value]) if why.get(value) else chosen(value)
