"""The setup wizard: edition, players, colours, names, variants (the choices: wizard.py), then the
King, homes and first player, drawn by the companion or entered from the cards (setup_board.py)."""

from __future__ import annotations

from collections.abc import Callable

from companion import language
from companion.engine.settings import VARIANTS
from companion.language import N_, SUPPORTED, _, ngettext
from companion.rules import modes
from companion.rules.colours import word
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)
from companion.ui.intents import Intent, OpenMenu, Pop, Push
from companion.ui.pages import ListPage, Page
from companion.ui.screens.seat_names import name_page
from companion.ui.screens.setup_board import draw_page
from companion.ui.screens.wizard import (
    BLACK_TOGGLE,
    COLOURS,
    GRANDISSIMO,
    MODE,
    MODE_TOGGLES,
    Wizard,
    old_hands_toggles,
)
from companion.ui.view import Screen

#: The edition page's last row: the table's language, switched in place (issue 37).
LANGUAGE = "language"


def edition_page(w: Wizard) -> Page:
    """The wizard's first page: the edition, the cursor on the last game's; below the editions, the
    table's language (OK switches to the next one and the page speaks it at once: no press for a table
    that keeps it, the row is past the editions)."""

    def chosen(value: str) -> Intent | None:
        if value == LANGUAGE:
            now = language.current()
            language.use(SUPPORTED[(SUPPORTED.index(now) + 1) % len(SUPPORTED)] if now in SUPPORTED else SUPPORTED[0])
            _edition_words(page)
            return None
        w.edition = value
        return Push(players_page(w))

    page = ListPage("setup_edition", "", "", chosen, cursor=EDITIONS.index(w.edition), on_third=OpenMenu)
    _edition_words(page)
    return page


#: The editions, in the edition page's order.
EDITIONS = ("2023", "classic")


def _edition_words(page: ListPage) -> None:
    """The edition page's words in the language spoken now."""
    page.headline, page.prompt, page.third = _("New game"), _("Which edition?"), "Menu"
    page.items = [(_("El Grande 2023"), "2023"), (_("El Grande classic"), "classic"),
                  (_("Language: {name}").format(name=language.NAMES[language.current()]), LANGUAGE)]


def players_page(w: Wizard) -> Page:
    def chosen(n: int) -> Intent:
        w.players, w.names = n, {}
        w.colours = list(COLOURS[:w.seats])  # the box's order: one OK takes them
        if n != 3:  # 4 action stacks is a 3-player choice (2 players: always)
            w.variants.discard("four_stacks")
        return Push(seats_page(w))

    return ListPage("setup_players", _("New game"), _("How many players?"), chosen,
                    items=[(ngettext("{n} player", "{n} players", n).format(n=n), n) for n in range(2, 6)], cursor=2)


#: The seats page's first row, where the cursor starts: the colours as they stand.
THESE = N_("These colours")


def seat_name(w: Wizard, seat: int) -> str:
    return _("Dummy") if _is_dummy(w, seat) else _("Seat {seat}").format(seat=seat)


def _is_dummy(w: Wizard, seat: int) -> bool:
    return w.with_dummy and seat > w.players


def seats_page(w: Wizard) -> Page:
    """Each seat's colour, clockwise (and the dummy's), pre-filled in the box's order, *These
    colours* first, where the cursor starts: one OK takes them all. OK on a seat's row opens its
    colour list (the cursor on its colour); a colour another seat has changes places with it, so
    the colours stay one a seat; the cursor comes back on *These colours* (the cards-shown page's
    way, docs/table.md "The round's start")."""

    def ok(seat: int) -> Intent:
        if seat == NAME_THEM:
            return Push(name_page(w, 1, next_seat))
        if seat:
            return Push(colour_page(w, seat, recoloured))
        if w.roster:
            return Push(name_page(w, 1, next_seat))
        return Push(variants_page(w))

    def recoloured() -> Intent:
        page.cursor = 0
        return Pop()

    page = SeatsPage("setup_seats", _("New game"), _("Colours, clockwise"), ok, items=seat_rows(w), wizard=w)
    return page


#: The seats page's last row while no names are known (no earlier game named anyone, the settings file
#: names nobody): each seat's name, spelled (with names known, *These colours* leads to them).
NAME_THEM = -1
NAME_ROW = N_("Name the players…")


def seat_rows(w: Wizard) -> list[tuple[str, int]]:
    rows = [(_(THESE), 0)] + [(_("{seat} · {colour}").format(seat=seat_name(w, seat), colour=word(c)), seat)
                              for seat, c in enumerate(w.colours, 1)]
    return rows + ([] if w.roster else [(_(NAME_ROW), NAME_THEM)])


@dataclass
class SeatsPage(ListPage):
    """The seats page shows the colours as they are now (a seat recoloured for the Grand
    Inquisitor on the variants page, too)."""

    wizard: Wizard | None = None

    def screen(self, error: str = "") -> Screen:
        if self.wizard is not None:
            self.items = seat_rows(self.wizard)
        return super().screen(error)


def colour_page(w: Wizard, seat: int, done: Callable[[], Intent]) -> Page:
    """One seat's colour, the cursor on the one it has; one another seat has changes places with it."""
    def chosen(colour: str) -> Intent:
        old = w.colours[seat - 1]
        w.colours = [old if c == colour else c for c in w.colours]
        w.colours[seat - 1] = colour
        return done()

    prompt = _("Colour of the dummy") if _is_dummy(w, seat) else _("Seat {seat}'s colour").format(seat=seat)
    return ListPage("setup_colours", _("New game"), prompt, chosen, items=[(word(c), c) for c in COLOURS],
                    cursor=COLOURS.index(w.colours[seat - 1]))


def next_seat(w: Wizard, seat: int) -> Intent:
    """After a seat's name: the next player's, then the variants (the dummy has none)."""
    if seat < w.players:
        return Push(name_page(w, seat + 1, next_seat))
    return Push(variants_page(w))


def _black_forbids(key: str) -> bool:
    """A Big Box mode whose black Caballeros are the Grand Inquisitor's: no player may be black."""
    return key.startswith(MODE) and modes.mode(key.removeprefix(MODE)).grand_inquisitor


def variants_page(w: Wizard) -> Page:
    if w.black_seat is not None:  # (the colours chosen again after such a mode: it is off until recoloured)
        w.variants -= {k for k in w.variants if _black_forbids(k)} | {BLACK_TOGGLE[0]}

    def available() -> list[tuple[str, str]]:
        # The board first: on by default, the one choice most tables look at; the secret Castillo
        # (on by default, every edition's rule) last.
        ordered = sorted(VARIANTS[:-1], key=lambda variant: (variant[0] != "board") + 2 * (variant[0] == "secret_castillo"))
        ordered[-1:-1] = old_hands_toggles()
        shown = [(k, label) for k, label in ordered if (w.edition == "2023" or k in ("short_game", "board", "secret_castillo"))
                 and (k != "four_stacks" or w.players == 3)]
        if w.edition == "classic":
            modes_on = [k for k, _ in MODE_TOGGLES if k in w.variants]
            # right after the board; a mode's own choice right after it
            shown[1:1] = [row for k, label in MODE_TOGGLES
                          for row in [(k, label)] + ([BLACK_TOGGLE] if k == GRANDISSIMO and modes_on == [k] else [])]
            shown += [] if modes_on else [VARIANTS[-1]]  # who shuffles the action cards (the base game's deck)
        return [("go", _("Start the game ►"))] + [(k, _variant_words(k, label)) for k, label in shown]

    def toggle(key: str) -> Intent | None:
        if key == "go":
            return Push(draw_page(w.settings()))
        seat = w.black_seat
        if key not in w.variants and _black_forbids(key) and seat is not None:
            return Push(recolour_page(w, seat, lambda: toggle(key)))  # then back here, the mode on
        w.variants.symmetric_difference_update({key})
        if key in w.variants and key.startswith(MODE):  # one Big Box mode at a time
            w.variants -= {k for k in w.variants if k.startswith(MODE) and k != key}
        if GRANDISSIMO not in w.variants:
            w.variants.discard(BLACK_TOGGLE[0])
        refresh()
        return None

    def refresh() -> None:
        page.items = [(label, k) for k, label in available()]
        page.marks = [("on" if k in w.variants else "off") if k != "go" else "" for _, k in page.items]

    page = ListPage("setup_variants", _("New game"), _("Variants (OK switches)"), toggle)
    refresh()
    return page


def _variant_words(key: str, label: str) -> str:
    """A variant's row in the table's language: an Old Hands card's, the Grandissimo toggle's indented."""
    if key.startswith("old:"):
        return _("Old Hands: {title}").format(title=_(label))
    return "  " + _(label) if key == BLACK_TOGGLE[0] else _(label)


def recolour_page(w: Wizard, seat: int, switch_on: Callable[[], object]) -> Page:
    """A mode with the Grand Inquisitor chosen while a seat is black (his Caballeros' colour): that seat's
    colour again, then the mode is on; Back keeps black and leaves the mode off."""
    taken = set(w.colours[: w.players])

    def chosen(colour: str) -> Intent:
        w.colours[seat - 1] = colour
        switch_on()
        return Pop()

    return ListPage("setup_colours", _("New game"), _("Seat {seat}'s colour: black is the Grand Inquisitor's").format(seat=seat),
                    chosen, items=[(word(c), c) for c in COLOURS if c not in taken])
