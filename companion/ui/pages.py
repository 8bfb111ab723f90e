"""Pages: what one screen lets the four keys do.

A page holds the cursor and the values being entered (UI state, never
journaled) and turns a short press into a cursor move or a call to its
``on_ok``. Three shapes serve every screen of the game: a list to choose
from, counts to set, and lines to read.

Keys, KEY1..KEY4 (top to bottom beside the panel); KEY4 is always OK:

    list      ▲  ▼  Back/Menu  OK
    counts    ▼  -  +          OK      (▼ moves to the next row, round)
    lines     ▲  ▼  Back/Menu  OK
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.ui.view import Choices, Line, Lines, Screen, Spinner, Spinners

UP, DOWN, BACK, OK = 0, 1, 2, 3
MINUS, PLUS = 1, 2


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
                      ("▲", "▼", self.third if self.on_third else "", "OK" if self.items else ""))


@dataclass
class CountsPage(Page):
    #: (label, key, value, min, max) per row.
    rows: list[list] = field(default_factory=list)
    cursor: int = 0

    def press(self, key: int) -> None:
        if not self.rows:
            if key == OK:
                self.on_ok({})
            return
        row = self.rows[self.cursor]
        if key == UP:  # KEY1: the next row
            self.cursor = (self.cursor + 1) % len(self.rows)
        elif key == MINUS:
            row[2] = max(row[3], row[2] - 1)
        elif key == PLUS:
            row[2] = min(row[4], row[2] + 1)
        elif key == OK:
            self.on_ok({r[1]: r[2] for r in self.rows})

    def screen(self, error: str = "") -> Screen:
        body = Spinners(tuple(Spinner(r[0], r[2], r[3], r[4]) for r in self.rows), self.cursor)
        return Screen(self.kind, self.headline, self.prompt, body, error, ("▼", "-", "+", "OK"))


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
                      ("▲" if scroll else "", "▼" if scroll else "", self.third if self.on_third else "",
                       self.ok_label))
