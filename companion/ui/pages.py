"""Pages: what one screen lets the four keys do.

A page holds the cursor and the values being entered (UI state, never
journaled) and turns a short press into a cursor move or, through its
handlers, an :mod:`intent <companion.ui.intents>` for the controller. Three
shapes serve every screen of the game: a list to choose from, counts to
set, and lines to read. The keys follow one grammar on all of them
(companion/ui/grammar.py, docs/ui.md):

    list      ▲  ▼  Back/Menu  OK     (▼ held: half-way round, the far side of a long list)
    counts    ▲  ▼  −          +      on a counter
              ▲  ▼  Back/Menu  OK     on the OK row after the counters (where the cursor starts)
    lines     ▲  ▼  Back/Menu  OK
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import field
from typing import Any

from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)
from companion.ui import grammar
from companion.ui.grammar import BACK, DOWN, LESS, MORE, OK, UP
from companion.ui.intents import Intent, Pop, Say
from companion.ui.view import Body, Choices, Line, Lines, Screen, Spinner, Spinners


def back() -> Intent:
    return Pop()


@dataclass
class Page:
    kind: str
    headline: str
    prompt: str
    on_ok: Callable[[Any], Intent | None]
    #: Label of KEY3 ("Back" on pushed pages, "Menu" on the game's own pages, "" for none).
    third: str = "Back"
    on_third: Callable[[], Intent | None] | None = back

    def press(self, key: int) -> Intent | None:
        raise NotImplementedError

    def far(self) -> Intent | None:
        """FAR_KEY held (grammar.py): the cursor half-way round; nothing where nothing moves."""
        return None

    def screen(self, error: str = "") -> Screen:
        raise NotImplementedError

    def _third(self) -> Intent | None:
        return self.on_third() if self.on_third else None

    @property
    def third_label(self) -> str:
        return self.third if self.on_third else ""


@dataclass
class ListPage(Page):
    items: Sequence[tuple[str, Any]] = ()
    cursor: int = 0
    marks: Sequence[str] = ()
    #: Rows shown in their place but passed over by ▲/▼ (a card taken this round): the rows never
    #: move, and the cursor never stops where OK could only refuse.
    passed: frozenset[int] = frozenset()
    #: The first rows are notes to read before choosing (passed over too): they show with the
    #: first rows of the list, above the cursor (a round's start on its first Power card page).
    lead: int = 0
    #: Per row, why it cannot be chosen ("" where it can): said on the error line while the cursor
    #: is on it, before the choice (an engine's refused offer: screens/offered.py).
    reasons: Sequence[str] = ()

    def press(self, key: int) -> Intent | None:
        if key in (UP, DOWN) and self.items:
            for _ in self.items:
                self.cursor = (self.cursor + (1 if key == DOWN else -1)) % len(self.items)
                if self.cursor not in self.passed:
                    break
        elif key == BACK:
            return self._third()
        elif key == OK and self.items:
            return self.on_ok(self.items[self.cursor][1])
        return None

    def far(self) -> Intent | None:
        rows = [i for i in range(len(self.items)) if i not in self.passed or i == self.cursor]
        if rows:
            self.cursor = rows[grammar.far(rows.index(self.cursor), len(rows))]
        return None

    def screen(self, error: str = "") -> Screen:
        body = Choices(tuple(label for label, _ in self.items), self.cursor, tuple(self.marks), self.lead)
        if not error and self.reasons and 0 <= self.cursor < len(self.reasons):
            error = self.reasons[self.cursor]
        return Screen(self.kind, self.headline, self.prompt, body, error,
                      grammar.list_keys(self.third_label, "OK" if self.items else ""))


@dataclass
class CountsPage(Page):
    #: (label, key, value, min, max[, why the max]) per row.
    rows: list[list] = field(default_factory=list)
    #: The row the keys change; len(rows) is the OK row after them, where the cursor starts.
    cursor: int = -1
    #: The most all the counters may hold together (None: no limit but each row's own); with it,
    #: ``over`` says why a counter stops there.
    total: int | None = None
    over: str = ""
    #: The row pre-filled with the whole ``total``: + on another row when the total is reached
    #: takes one from it ("the rest goes here"), so moving some elsewhere is one + each; once it
    #: is empty, from the next row the page was pre-filled with (the classic Intrigue's two places).
    #: − on another row at its least wraps round to its most, as + pressed until it stops: all
    #: the rest goes there in one press, and the cursor to the OK row (nothing else is left to
    #: take; issue 35): "all 4 into Aragón" is ▼ − OK, the way back to the OK row not walked.
    default: int | None = None
    #: The counts the page opened with.
    given: tuple[int, ...] = ()
    #: More rows that confirm the counts, each its own way: (label, what OK there does with them),
    #: between the counters and the OK row (a card not named yet: the placements' OK naming one,
    #: issue 35); ``ok_label`` the OK row's own.
    oks: list[tuple[str, Callable[[dict], Intent | None]]] = field(default_factory=list)
    ok_label: str = "OK"

    def __post_init__(self):
        if not 0 <= self.cursor <= self.ok_row:
            self.cursor = self.ok_row
        self.given = tuple(r[2] for r in self.rows)

    @property
    def ok_row(self) -> int:
        """The OK row, where the cursor starts: after the counters and the other ``oks``."""
        return len(self.rows) + len(self.oks)

    def _giver(self, row: list) -> list | None:
        """The row + on ``row`` takes one from when the total is reached: the default row, else
        the first other row pre-filled that still holds one (None: none)."""
        if self.default is None:
            return None
        given = [i for i in range(min(len(self.rows), len(self.given))) if self.given[i] > self.rows[i][3]]
        order = [self.default] + [i for i in given if i != self.default]
        return next((self.rows[i] for i in order if self.rows[i] is not row and self.rows[i][2] > self.rows[i][3]), None)

    @property
    def on_ok_row(self) -> bool:
        return self.cursor >= len(self.rows)

    def press(self, key: int) -> Intent | None:
        if key in (UP, DOWN):
            self.cursor = (self.cursor + (1 if key == DOWN else -1)) % (self.ok_row + 1)
        elif self.on_ok_row:
            if key == BACK:
                return self._third()
            if key == OK:
                counts = {r[1]: r[2] for r in self.rows}
                if self.cursor == self.ok_row:
                    return self.on_ok(counts)
                return self.oks[self.cursor - len(self.rows)][1](counts)
        elif key in (LESS, MORE):
            row = self.rows[self.cursor]
            if key == LESS and row[2] <= row[3] and self.default is not None:
                moved = False
                while self._more(row)[0]:  # − on an empty counter wraps round to its most: the rest here
                    moved = True
                if moved:
                    self.cursor = self.ok_row  # (then OK: the way back to the OK row costs nothing)
                return None
            if key == LESS:
                row[2] = max(row[3], row[2] - 1)
                return None
            return self._more(row)[1]
        return None

    def far(self) -> Intent | None:
        ring = self.ok_row + 1
        self.cursor = grammar.far(self.cursor % ring, ring)
        return None

    def _more(self, row: list) -> tuple[bool, Intent | None]:
        """One more on ``row`` (taken from the row pre-filled with them all once the total is
        reached): whether it took one, and the reason it stops where it does."""
        if row[2] >= row[4]:
            return False, Say(row[5]) if len(row) > 5 else None  # why this counter stops here
        if self.total is not None and sum(r[2] for r in self.rows) >= self.total:
            given = self._giver(row)
            if given is None:
                return False, Say(self.over)
            given[2] -= 1  # the rest was pre-filled there: one of it comes here
        row[2] += 1
        return True, None

    def screen(self, error: str = "") -> Screen:
        body = Spinners(tuple(Spinner(r[0], r[2], r[3], r[4]) for r in self.rows), self.cursor, ok=self.ok_label,
                        oks=tuple(label for label, _ in self.oks))
        keys = grammar.list_keys(self.third_label) if self.on_ok_row else grammar.counter_keys()
        return Screen(self.kind, self.headline, self.prompt, body, error, keys)


@dataclass
class LinesPage(Page):
    lines: Sequence[Line | str] = ()
    #: The first row shown, in the rows the renderer wraps the lines into.
    top: int = 0
    ok_label: str = "OK"
    #: How far ▼ may scroll on the panel (render.scroll_end; the controller sets it before a
    #: press and a frame). None until then: one row per line.
    end: int | None = None
    body: Body | None = None  # a Chart instead of lines

    @property
    def last_top(self) -> int:
        return self.end if self.end is not None else max(0, len(self.lines) - 1)

    def press(self, key: int) -> Intent | None:
        if key == UP:
            self.top = max(0, min(self.top, self.last_top) - 1)
        elif key == DOWN:
            self.top = min(self.last_top, self.top + 1)
        elif key == BACK:
            return self._third()
        elif key == OK:
            return self.on_ok(None)
        return None

    def far(self) -> Intent | None:
        self.top = min(self.last_top, self.top + max(1, (self.last_top + 1) // 2))
        return None

    def screen(self, error: str = "") -> Screen:
        lines = tuple(row if isinstance(row, Line) else Line(row) for row in self.lines)
        body = self.body if self.body is not None else Lines(lines, self.top)
        scroll = self.body is None and self.last_top > 0
        return Screen(self.kind, self.headline, self.prompt, body, error,
                      grammar.list_keys(self.third_label, self.ok_label, moves=scroll))
