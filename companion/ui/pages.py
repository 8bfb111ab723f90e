"""Pages: what one screen lets the four keys do.

A page holds the cursor and the values being entered (UI state, never
journaled) and turns a short press into a cursor move or a call to its
``on_ok``. Three shapes serve every screen of the game: a list to choose
from, counts to set, and lines to read. The keys follow one grammar on all
of them (companion/ui/grammar.py, docs/ui.md):

    list      ▲  ▼  Back/Menu  OK
    counts    ▲  ▼  −          +      on a counter
              ▲  ▼  Back/Menu  OK     on the OK row after the counters (where the cursor starts)
    lines     ▲  ▼  Back/Menu  OK
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.ui import grammar
from companion.ui.grammar import BACK, DOWN, LESS, MORE, OK, UP
from companion.ui.view import Choices, Line, Lines, Screen, Spinner, Spinners


@dataclass
class Page:
    kind: str
    headline: str
    prompt: str
    on_ok: Callable[[Any], None]
    #: Label of KEY3 ("Back" on pushed pages, "Menu" on the game's own pages, "" for none).
    third: str = "Menu"
    on_third: Callable[[], None] | None = None

    def press(self, key: int) -> None:
        raise NotImplementedError

    def screen(self, error: str = "") -> Screen:
        raise NotImplementedError


@dataclass
class ListPage(Page):
    items: Sequence[tuple[str, Any]] = ()
    cursor: int = 0
    marks: Sequence[str] = ()

    def press(self, key: int) -> None:
        if key == UP and self.items:
            self.cursor = (self.cursor - 1) % len(self.items)
        elif key == DOWN and self.items:
            self.cursor = (self.cursor + 1) % len(self.items)
        elif key == BACK and self.on_third:
            self.on_third()
        elif key == OK and self.items:
            self.on_ok(self.items[self.cursor][1])

    def screen(self, error: str = "") -> Screen:
        body = Choices(tuple(label for label, _ in self.items), self.cursor, tuple(self.marks))
        return Screen(self.kind, self.headline, self.prompt, body, error,
                      grammar.list_keys(self.third if self.on_third else "", "OK" if self.items else ""))


@dataclass
class CountsPage(Page):
    #: (label, key, value, min, max) per row.
    rows: list[list] = field(default_factory=list)
    #: The row the keys change; len(rows) is the OK row after them, where the cursor starts.
    cursor: int = -1

    def __post_init__(self):
        if not 0 <= self.cursor <= len(self.rows):
            self.cursor = len(self.rows)

    @property
    def on_ok_row(self) -> bool:
        return self.cursor == len(self.rows)

    def press(self, key: int) -> None:
        if key in (UP, DOWN):
            self.cursor = (self.cursor + (1 if key == DOWN else -1)) % (len(self.rows) + 1)
        elif self.on_ok_row:
            if key == BACK and self.on_third:
                self.on_third()
            elif key == OK:
                self.on_ok({r[1]: r[2] for r in self.rows})
        else:
            row = self.rows[self.cursor]
            row[2] = max(row[3], row[2] - 1) if key == LESS else min(row[4], row[2] + 1) if key == MORE else row[2]

    def screen(self, error: str = "") -> Screen:
        body = Spinners(tuple(Spinner(r[0], r[2], r[3], r[4]) for r in self.rows), self.cursor, ok="OK")
        keys = (grammar.list_keys(self.third if self.on_third else "") if self.on_ok_row
                else grammar.counter_keys())
        return Screen(self.kind, self.headline, self.prompt, body, error, keys)


@dataclass
class LinesPage(Page):
    lines: Sequence[Line | str] = ()
    top: int = 0
    ok_label: str = "OK"
    #: Rows visible at once, to know when ▼ has reached the end.
    visible: int = 6
    body: Any = None  # a Chart instead of lines

    def press(self, key: int) -> None:
        if key == UP:
            self.top = max(0, self.top - 1)
        elif key == DOWN:
            self.top = min(max(0, len(self.lines) - self.visible), self.top + 1)
        elif key == BACK and self.on_third:
            self.on_third()
        elif key == OK:
            self.on_ok(None)

    def screen(self, error: str = "") -> Screen:
        body = self.body if self.body is not None else Lines(tuple(self.lines), min(self.top, max(0, len(self.lines) - 1)))
        scroll = len(self.lines) > self.visible
        return Screen(self.kind, self.headline, self.prompt, body, error,
                      grammar.list_keys(self.third if self.on_third else "", self.ok_label, moves=scroll))
