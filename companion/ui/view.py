"""The view model: what one screen shows, as plain frozen data.

A screen function (game state + cursor -> :class:`Screen`) builds these; the
renderer (:mod:`companion.ui.draw.render`) draws any of them into a 1-bit image.
Nothing here knows Pillow, the panel size or the game — tests can compare
Screens directly.

Every Screen answers "what now, and for whom" in its headline, asks one
thing in its prompt, shows one body, an optional one-line error, and the
labels of the four keys.
"""

from __future__ import annotations

from dataclasses import field

from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)


def _freeze(obj, name: str) -> None:
    """Store a list/iterable attribute of a frozen dataclass as a tuple."""
    value = getattr(obj, name)
    if isinstance(value, str):
        raise TypeError(f"{type(obj).__name__}.{name} must be a sequence, not a str")
    object.__setattr__(obj, name, tuple(value))


def _check_cursor(cursor: int, count: int, what: str) -> None:
    if count == 0:
        if cursor != 0:
            raise ValueError(f"{what}: cursor {cursor} but nothing to point at")
    elif not 0 <= cursor < count:
        raise ValueError(f"{what}: cursor {cursor} outside 0..{count - 1}")


@dataclass(frozen=True)
class Choices:
    """A list to pick from; ``cursor`` is the highlighted item.

    ``marks`` (optional) gives a short note per item, drawn at the right of
    its row: ``"✓"``, ``"×2"``, ``"played"``; ``""`` for none. ``lead``: the first rows are
    notes to read (the cursor never stops on them), shown from the top of the list while the
    cursor is on the first screenful.
    """

    items: tuple[str, ...]
    cursor: int = 0
    marks: tuple[str, ...] = ()
    lead: int = 0

    def __post_init__(self):
        _freeze(self, "items")
        _freeze(self, "marks")
        _check_cursor(self.cursor, len(self.items), "Choices")
        if self.marks and len(self.marks) != len(self.items):
            raise ValueError(f"Choices: {len(self.marks)} marks for {len(self.items)} items")
        if not 0 <= self.lead <= len(self.items):
            raise ValueError(f"Choices: {self.lead} notes for {len(self.items)} items")


@dataclass(frozen=True)
class Spinner:
    """One count to set, pre-filled with the best guess."""

    label: str
    value: int
    min: int = 0
    max: int = 99

    def __post_init__(self):
        if self.min > self.max:
            raise ValueError(f"Spinner {self.label!r}: min {self.min} > max {self.max}")
        if not self.min <= self.value <= self.max:
            raise ValueError(f"Spinner {self.label!r}: {self.value} outside {self.min}..{self.max}")


@dataclass(frozen=True)
class Spinners:
    """Counts to set, one per row; ``cursor`` is the row the keys change.

    ``ok`` (optional) labels a last row that confirms the counts: the cursor
    may stand on it (``cursor == len(rows) + len(oks)``), and there the keys say Back/OK.
    ``oks``: more rows that confirm them, between the counters and the ``ok`` row (a card
    not named yet: its placements' OK naming one, issue 35).
    """

    rows: tuple[Spinner, ...]
    cursor: int = 0
    ok: str = ""
    oks: tuple[str, ...] = ()

    def __post_init__(self):
        _freeze(self, "rows")
        _freeze(self, "oks")
        _check_cursor(self.cursor, len(self.rows) + len(self.oks) + (1 if self.ok else 0), "Spinners")


@dataclass(frozen=True)
class Line:
    """One paragraph of text; ``right`` is a right-aligned column (points, a count).

    The renderer wraps ``text`` to the panel's width (its real size and
    rotation): the first row carries ``right``, the rows after it begin with
    ``hang``. Leading spaces of ``text`` indent the first row.
    """

    text: str
    right: str = ""
    strong: bool = False
    hang: str = "  "


@dataclass(frozen=True)
class Lines:
    """Lines to read (results with their reasons, standings, rules text).

    Plain strings are accepted and stored as :class:`Line`. ``top`` is the
    first row of the panel shown when they do not all fit, counted in the
    rows the renderer wraps them into (the controller scrolls it; the
    renderer keeps the last screenful in view when it is past the end).
    """

    rows: tuple[Line, ...]
    top: int = 0

    def __post_init__(self):
        _freeze(self, "rows")
        object.__setattr__(self, "rows", tuple(
            row if isinstance(row, Line) else Line(str(row)) for row in self.rows))
        if self.top < 0:
            raise ValueError(f"Lines: top {self.top} is before the first row")


@dataclass(frozen=True)
class Series:
    """One player's cumulative score after each scoring."""

    name: str
    points: tuple[int, ...]

    def __post_init__(self):
        _freeze(self, "points")


@dataclass(frozen=True)
class Chart:
    """The score chart: one series per player (up to 5 drawn distinctly).

    ``x_labels`` (optional) name the points, e.g. ``("R3", "R6", "R9")``.
    """

    series: tuple[Series, ...]
    x_labels: tuple[str, ...] = ()

    def __post_init__(self):
        _freeze(self, "series")
        _freeze(self, "x_labels")


@dataclass(frozen=True)
class Place:
    """One place on the map: a region or the Castillo, at a cell of a schematic 4 x 3 grid of
    Spain (``at`` = column, row; Galicia top left). ``counts`` holds (a colour's initial, its
    Caballeros) for each colour there, the count None when the Castillo is kept secret."""

    name: str
    at: tuple[int, int]
    counts: tuple[tuple[str, int | None], ...] = ()
    king: bool = False
    grandes: tuple[str, ...] = ()  # the initials of the Grandes standing there
    tiles: tuple[str, ...] = ()  # "8" for the 8/4/0 tile, "4" for the 4/0/0

    def __post_init__(self):
        _freeze(self, "counts")
        _freeze(self, "grandes")
        _freeze(self, "tiles")


@dataclass(frozen=True)
class Map:
    """Spain on one screen: every place with its counts, the King, the Grandes, the scoring tiles;
    ``legend`` says whose each initial is."""

    places: tuple[Place, ...]
    legend: tuple[str, ...] = ()

    def __post_init__(self):
        _freeze(self, "places")
        _freeze(self, "legend")


@dataclass(frozen=True)
class Code:
    """A QR code of ``text`` (the play's BG Stats link), drawn pixel for pixel on the panel
    (companion/ui/draw/code.py); ``note`` is what the page says instead where the code would be
    too small to read on this panel."""

    text: str
    note: tuple[str, ...] = ()

    def __post_init__(self):
        _freeze(self, "note")


Body = Choices | Spinners | Lines | Chart | Map | Code

#: The number of keys, KEY1..KEY4.
KEY_COUNT = 4


@dataclass(frozen=True)
class Screen:
    """One frame's worth of meaning.

    - ``kind``: which screen this is (``"power_cards"``); the display adapter
      does a full refresh when it changes.
    - ``headline``: what now, and for whom (``"Round 4 · Turn 2/4 · BLUE"``).
    - ``prompt``: the one thing asked, one line (``""`` for none).
    - ``body``: a :class:`Choices`, :class:`Spinners`, :class:`Lines`,
      :class:`Chart` or ``None``.
    - ``error``: one line shown prominently (``""`` for none).
    - ``keys``: exactly four soft-key labels, KEY1..KEY4, ``""`` for unused.
    """

    kind: str
    headline: str
    prompt: str = ""
    body: Body | None = None
    error: str = ""
    keys: tuple[str, str, str, str] = field(default=("", "", "", ""))

    def __post_init__(self):
        _freeze(self, "keys")
        if len(self.keys) != KEY_COUNT:
            raise ValueError(f"Screen {self.kind!r}: {len(self.keys)} key labels, need {KEY_COUNT}")
        if not all(isinstance(label, str) for label in self.keys):
            raise TypeError(f"Screen {self.kind!r}: key labels must be strings")
        if self.body is not None and not isinstance(self.body, (Choices, Spinners, Lines, Chart, Map, Code)):
            raise TypeError(f"Screen {self.kind!r}: unknown body {type(self.body).__name__}")
