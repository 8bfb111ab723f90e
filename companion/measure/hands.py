"""A player's hands on the four keys, for the scripted tours (the screens' catalogue, the press
budgets): presses keys on a controller and reads its screens, never sending a step itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.ui.controller import Controller
from companion.ui.grammar import BACK, HELD, OK, keys_to_fill, ring_keys
from companion.ui.pages import CountsPage, ListPage
from companion.ui.view import Choices, Screen, Spinners

if TYPE_CHECKING:
    from companion.play.game import Game

#: The wizard's variant that records the board (on by default; the tours switch it off for
#: the scores-only games).
BOARD = "Board recorded"


def fill_keys(ui: Controller, targets: list[int], end: int | None = None, *, oks: int | None = None) -> list[int]:
    """The fewest presses that set the counts on the controller's page to ``targets`` and end on
    its OK row, or on its confirming row ``end`` (a turn's placements: + elsewhere takes from the row
    pre-filled with them all); ``oks``: as though the page had that many other confirming rows (0:
    the page a known card's placements show, the same counters and OK row)."""
    page = ui.page
    assert isinstance(page, CountsPage), page
    extra = len(page.oks) if oks is None else oks
    cursor = page.cursor if oks is None or page.cursor < len(page.rows) else len(page.rows) + extra
    return keys_to_fill([r[2] for r in page.rows], targets, cursor, maxes=[r[4] for r in page.rows],
                        total=page.total, default=page.default, mins=[r[3] for r in page.rows],
                        given=list(page.given), oks=extra, end=end)


def list_keys_to(ui: Controller, target: int) -> list[int]:
    """The fewest presses that take the cursor of the controller's list to row ``target``, the rows
    it passes over (a card taken this round) not counted: ▲/▼ the short way round, or ▼ held
    (grammar.FAR_KEY: half-way round) and the ▲/▼ from there, where that is fewer."""
    page = ui.page
    assert isinstance(page, ListPage), page
    rows = [i for i in range(len(page.items)) if i not in page.passed or i == page.cursor]
    assert target in rows, (target, page.passed)
    return ring_keys(rows.index(page.cursor), rows.index(target), len(rows))


class TourError(AssertionError):
    """The tour could not go where it meant to: a label or a screen it expected is gone."""


class Hands:
    """Presses keys on a controller and reads its screens, like a player would."""

    def __init__(self, ui: Controller):
        self.ui = ui

    @property
    def screen(self) -> Screen:
        return self.ui.screen()

    @property
    def kind(self) -> str:
        return self.screen.kind

    @property
    def game(self) -> Game:
        game = self.ui.game
        if game is None:
            raise TourError(f"expected a game under way, got {self.screen}")
        return game

    def press(self, key: int, long: bool = False) -> Screen:
        """One press; ``key`` from ``list_keys_to`` may be held (the key + grammar.HELD)."""
        self.ui.press(key % HELD, long or key >= HELD)
        return self.screen

    def point(self, label: str) -> Screen:
        """Move the cursor the shorter way round to the first item starting with ``label`` (no OK)."""
        body = self.screen.body
        if not isinstance(body, Choices):
            raise TourError(f"wanted a list to choose {label!r} from, got {self.screen}")
        matches = [i for i, item in enumerate(body.items) if item.startswith(label)
                   and not (self.screen.kind == "turn_card" and body.marks and body.marks[i])]  # (a taken card)
        if not matches:
            raise TourError(f"{label!r} not in {body.items} ({self.screen.kind})")
        for key in list_keys_to(self.ui, matches[0]):
            self.press(key)
        return self.screen

    def choose(self, label: str) -> Screen:
        """Point at ``label`` and OK. (The tours' tables shuffle their own cards: a take asks
        nothing, the card is named at its action on the turn page, issue 35.)"""
        self.point(label)
        return self.ok()

    def ok(self) -> Screen:
        """OK where the cursor is."""
        return self.press(OK)

    def set_counts(self, wanted: dict[str, int]) -> Screen:
        """Set each spinner row named in ``wanted`` (others keep their value, but for a turn's
        placements: none there); no OK."""
        body = self.screen.body
        if not isinstance(body, Spinners):
            raise TourError(f"wanted counts to set, got {self.screen}")
        placing = self.kind == "placements"  # (a turn's placements: the rows not named get none)
        for key in fill_keys(self.ui, [wanted.get(r.label, 0 if placing else r.value) for r in body.rows]):
            self.press(key)
        return self.screen

    def counts(self, wanted: dict[str, int]) -> Screen:
        """Set the counts ``wanted`` and OK; where the page asks a count as a list (issue 35: one
        Caballero's placement, its place), the row that says it."""
        if isinstance(self.screen.body, Choices) and self.kind == "placements":
            chosen = [(label, n) for label, n in wanted.items() if n]
            if not chosen:  # nothing placed: Back, as OK on counters all at 0
                return self.press(BACK)
            (label, n), = chosen
            return self.choose(label)
        self.set_counts(wanted)
        return self.press(OK)

    def expect(self, kind: str) -> Screen:
        if self.kind != kind:
            raise TourError(f"expected a {kind!r} screen, got {self.screen}")
        return self.screen

    def set_up(self, colours: tuple[str, ...], variants: tuple[str, ...] = (), king: str = "Castilla",
               homes: tuple[str, ...] = ("Galicia", "Aragón", "Sevilla", "Valencia"), first: str = "Red") -> Screen:
        """A new game of the 2023 edition through the wizard, the setup entered from the cards."""
        self.choose("El Grande 2023")
        self.choose(f"{len(colours)} players")
        seat_colours(self, colours)
        for variant in variants:
            if variant != BOARD:
                self.choose(variant)
        if BOARD not in variants:
            self.choose(BOARD)  # on by default: switched off, scores only
        self.choose("Start the game")
        self.choose(king)
        for home in homes[:len(colours)]:
            self.choose(home)
        return self.choose(first)


def name_shown(t, titles: dict[int, str]) -> Screen:
    """On the page of the cards showing this round (``t``: anything with ``screen`` and
    ``choose(label)``): each stack's row set to the title in ``titles`` ("not said" for a stack not
    in it) where its pre-filled card is another, then *These show*."""
    for label in t.screen.body.items[1:]:
        row, _, shown = label.partition(" · ")
        wanted = titles.get(int(row.split()[1].split("+")[0]), "not said")
        if not shown.startswith(wanted):
            t.choose(f"{row} · ")
            t.choose(wanted)
    return t.choose("These show")


def seat_colours(t, colours) -> Screen:
    """On the new game's seats page (``t``: anything with ``screen`` and ``choose(label)``): each
    seat's row (the dummy's last) set to its colour in ``colours`` where the pre-filled one is
    another, then *These colours*."""
    for seat, colour in enumerate(colours, start=1):
        row, _, now = t.screen.body.items[seat].partition(" · ")
        if now != colour.title():
            t.choose(f"{row} · ")
            t.choose(colour.title())
    return t.choose("These colours")


def dummy_game(t) -> Screen:
    """A new 2-player game of the 2023 edition (Red, Blue, the dummy White), scores only, the companion
    drawing the setup (``t``: anything with ``screen`` and ``choose(label)``): on the page of what was drawn."""
    t.choose("El Grande 2023")
    t.choose("2 players")
    seat_colours(t, ("Red", "Blue", "White"))
    t.choose(BOARD)  # on by default: switched off, scores only
    t.choose("Start the game")
    return t.choose("Companion draws all")
