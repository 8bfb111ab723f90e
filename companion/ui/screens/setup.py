"""The setup wizard: edition, players, colours, variants, then the King, homes and first
player, drawn by the companion or entered from the cards."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from functools import cache
from typing import TYPE_CHECKING

from companion.engine.settings import REVISION, VARIANTS, Player, Settings
from companion.rules import modes, spain
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)
from companion.ui.intents import Intent, OpenMenu, Pop, Push, Start
from companion.ui.pages import LinesPage, ListPage, Page
from companion.ui.screens.common import BACK, MENU_KEY, NO_BACK, facts, paragraph
from companion.ui.screens.seat_names import name_page
from companion.ui.view import Line, Screen

if TYPE_CHECKING:  # the journal's vocabulary is imported when the wizard makes the setup step
    from companion.engine import steps as s
    from companion.settings.file import BigBoxConfig

COLOURS = ("red", "blue", "green", "yellow", "black", "orange", "purple", "white")


@cache
def old_hands_toggles() -> tuple[tuple[str, str], ...]:
    """Old Hands cards as wizard toggles: ("old:veto", "Old Hands: Veto").

    Read from the decks when the variants are chosen: a start on the wizard's
    first page does not import them.
    """
    from companion.rules.cards import OLD_HANDS

    return tuple((f"old:{c.slug}", f"Old Hands: {c.title}") for c in OLD_HANDS)


#: On when the wizard opens: the companion knows the board (since 0.4), and the Castillo's contents
#: stay secret until it is scored, as every edition's rules say (000 l.309-310; 003 l.142; 004 l.58).
DEFAULT_VARIANTS = frozenset({"board", "secret_castillo"})
#: A Big Box way to play among the classic game's variants ("mode:colonies"): one at a time, with
#: the board recorded or scores only.
MODE = "mode:"
MODE_TOGGLES = tuple((MODE + m.key, m.short) for m in modes.MODES.values() if m.key and m.playable)
GRANDISSIMO = MODE + modes.GRANDISSIMO.key
#: Grandissimo's black Caballeros take places for nobody (S:306) instead of being ignored (S:398).
BLACK_TOGGLE = ("black_invisible", "  Black take places")


@dataclass
class Wizard:
    """What the table has chosen so far for a new game (UI state: nothing is recorded yet)."""

    edition: str = "2023"
    #: Where the game's seed comes from (drawn once, when the settings are made).
    new_seed: Callable[[], int] = lambda: 0
    players: int = 4
    colours: list[str] = field(default_factory=list)
    #: Variants switched on; a new game records the board unless the table switches it off
    #: ("scores only": counts asked at each scoring).
    variants: set[str] = field(default_factory=lambda: set(DEFAULT_VARIANTS))
    seed: int | None = None
    #: The names offered: the earlier games' (the state folder's roster, the latest first), then the
    #: settings file's game.players.
    roster: tuple[str, ...] = ()
    #: Who sat where in the last game ("": a seat called by its colour): offered first in their seats.
    last_seats: tuple[str, ...] = ()
    #: Each seat's name as chosen (a seat without one is called by its colour).
    names: dict[int, str] = field(default_factory=dict)
    #: The table's readings of the Big Box's open facts (the settings file's [big_box]; None: the defaults).
    big_box: BigBoxConfig | None = None
    #: The text a classic game's cards follow (the settings file's game.classic_text): "modern" or "1995".
    classic_text: str = "modern"

    @property
    def with_dummy(self) -> bool:
        return self.edition == "2023" and self.players == 2

    @property
    def seats(self) -> int:
        """The colours asked: the players' and the dummy's."""
        return self.players + (1 if self.with_dummy else 0)

    @property
    def black_seat(self) -> int | None:
        """The seat whose player chose black (1 first), if one did."""
        seats = self.colours[: self.players]
        return seats.index(modes.BLACK) + 1 if modes.BLACK in seats else None

    def settings(self) -> Settings:
        players = tuple(Player(self.names.get(seat, c.title()), c)
                        for seat, c in enumerate(self.colours[: self.players], start=1))
        dummy = self.colours[self.players] if len(self.colours) > self.players else None
        on = self.variants.__contains__
        old_hands = tuple(k.removeprefix("old:") for k, _ in old_hands_toggles() if k in self.variants)
        if self.seed is None:
            self.seed = self.new_seed()
        expansion = next((k.removeprefix(MODE) for k in sorted(self.variants) if k.startswith(MODE)), "")
        readings: dict[str, object] = {}
        if expansion and self.big_box is not None:
            from companion.engine.modes import offers  # (a Big Box game only)

            readings = offers.readings_settings(self.big_box, expansion, len(players))
        if self.edition == "classic" and not modes.mode(expansion).intrigue:  # (I&K plays its own cards)
            readings["classic_text"] = self.classic_text
        return Settings(edition=self.edition, players=players, dummy=dummy, seed=self.seed, old_hands=old_hands,
                        revision=REVISION, expansion=expansion, short_game=on("short_game"),
                        four_stacks=on("four_stacks"), new_regency=on("new_regency"), power_shift=on("power_shift"),
                        board=on("board"), secret_castillo=on("secret_castillo"), black_invisible=on(BLACK_TOGGLE[0]),
                        **readings)  # type: ignore[arg-type]


def edition_page(w: Wizard) -> Page:
    def chosen(value: str) -> Intent:
        w.edition = value
        return Push(players_page(w))

    items = [("El Grande 2023", "2023"), ("El Grande classic", "classic")]
    return ListPage("setup_edition", "New game", "Which edition?", chosen, items=items,
                    cursor=[value for _, value in items].index(w.edition), third="Menu", on_third=OpenMenu)


def players_page(w: Wizard) -> Page:
    def chosen(n: int) -> Intent:
        w.players, w.names = n, {}
        w.colours = list(COLOURS[:w.seats])  # the box's order: one OK takes them
        if n != 3:  # 4 action stacks is a 3-player choice (2 players: always)
            w.variants.discard("four_stacks")
        return Push(seats_page(w))

    return ListPage("setup_players", "New game", "How many players?", chosen,
                    items=[(f"{n} players", n) for n in range(2, 6)], cursor=2)


#: The seats page's first row, where the cursor starts: the colours as they stand.
THESE = "These colours"


def seat_name(w: Wizard, seat: int) -> str:
    return "Dummy" if w.with_dummy and seat > w.players else f"Seat {seat}"


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

    page = SeatsPage("setup_seats", "New game", "Colours, clockwise", ok, items=seat_rows(w), wizard=w)
    return page


#: The seats page's last row while no names are known (no earlier game named anyone, the settings file
#: names nobody): each seat's name, spelled (with names known, *These colours* leads to them).
NAME_THEM = -1
NAME_ROW = "Name the players…"


def seat_rows(w: Wizard) -> list[tuple[str, int]]:
    rows = [(THESE, 0)] + [(f"{seat_name(w, seat)} · {c.title()}", seat) for seat, c in enumerate(w.colours, 1)]
    return rows + ([] if w.roster else [(NAME_ROW, NAME_THEM)])


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

    prompt = "Colour of the dummy" if seat_name(w, seat) == "Dummy" else f"Seat {seat}'s colour"
    return ListPage("setup_colours", "New game", prompt, chosen, items=[(c.title(), c) for c in COLOURS],
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
        ordered = sorted(VARIANTS, key=lambda variant: (variant[0] != "board") + 2 * (variant[0] == "secret_castillo"))
        ordered[-1:-1] = old_hands_toggles()
        shown = [(k, label) for k, label in ordered if (w.edition == "2023" or k in ("short_game", "board", "secret_castillo"))
                 and (k != "four_stacks" or w.players == 3)]
        if w.edition == "classic":
            modes_on = [k for k, _ in MODE_TOGGLES if k in w.variants]
            # right after the board; a mode's own choice right after it
            shown[1:1] = [row for k, label in MODE_TOGGLES
                          for row in [(k, label)] + ([BLACK_TOGGLE] if k == GRANDISSIMO and modes_on == [k] else [])]
        return [("go", "Start the game ►")] + shown

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

    page = ListPage("setup_variants", "New game", "Variants (OK switches)", toggle)
    refresh()
    return page


def recolour_page(w: Wizard, seat: int, switch_on: Callable[[], object]) -> Page:
    """A mode with the Grand Inquisitor chosen while a seat is black (his Caballeros' colour): that seat's
    colour again, then the mode is on; Back keeps black and leaves the mode off."""
    taken = set(w.colours[: w.players])

    def chosen(colour: str) -> Intent:
        w.colours[seat - 1] = colour
        switch_on()
        return Pop()

    return ListPage("setup_colours", "New game", f"Seat {seat}'s colour: black is the Grand Inquisitor's", chosen,
                    items=[(c.title(), c) for c in COLOURS if c not in taken])


def draw_page(settings: Settings, *, back: bool = True) -> Page:
    """The setup's first question: the King's region card, the cursor on the first region; one row
    up, *Companion draws all*: the King, the homes and the first player drawn at once (also for a
    game whose setup was undone: then no Back)."""

    def chosen(region: str | None) -> Intent:
        if region is None:
            from companion.engine.offers import setup as drawn  # the rules engine only once the setup is drawn

            facts(settings)  # (the ways to play registered first: the draw asks theirs)
            setup = drawn.whole(settings)
            return Start(settings, setup, then=drawn_page(settings, setup))
        return enter_setup(settings, {"king": region})

    items: list[tuple[str, str | None]] = [(DRAW, None)] + list(_regions(settings, ()))
    return ListPage("setup_king", "New game", "The King's region", chosen, items=items, cursor=1,
                    **(BACK if back else MENU_KEY))


#: The row above the regions on the King's page: the companion draws the whole setup.
DRAW = "Companion draws all"


def _regions(settings: Settings, exclude) -> list[tuple[str, str]]:
    return [(settings.rules.name(r), r) for r in spain.SCORING_ORDER if r not in exclude]


def drawn_page(settings: Settings, setup: s.SetupDone) -> Page:
    rules, names = settings.rules, {p.colour: p.name for p in settings.players}
    lines = [Line("King", rules.name(setup.king), strong=True)]
    lines += [Line(f"{names[c]}'s home", rules.name(r)) for c, r in setup.homes]
    table = facts(settings)
    lines.append(Line(table.first_player, names[setup.first]))  # S:166
    lines += [Line(f"{modes.BLACK_AT_SETUP} black", rules.name(r)) for r in setup.black]
    if setup.limit_table:
        lines.append(Line(f"Limit table ({modes.LIMIT_TABLE_SPACES[len(settings.players)]})", rules.name(setup.limit_table)))
    lines += big_box_lines(settings) if table.setup_notes else []
    return LinesPage("setup_drawn", "New game", "The companion drew:", lambda _: Pop(), lines=lines, **NO_BACK)


def big_box_lines(settings: Settings) -> list[Line]:
    """What the table does at a Big Box setup that a scores-only game does not record (the setup's
    secret disc, the discs and pieces beside the board, the cards each keeps): the companion learns
    the Caballeros at the first scoring and the cards as they are played."""
    table = facts(settings)
    return [Line(f"{table.title}:", strong=True)] + [paragraph(note, first="• ") for note in table.setup_notes]


def big_box_setup(settings: Settings) -> Page | None:
    """The same, after a setup entered from the cards (one OK); None for a game without notes."""
    if not facts(settings).setup_notes:
        return None
    return LinesPage("big_box_setup", "New game", "Before round 1", lambda _: Pop(), lines=big_box_lines(settings),
                     **NO_BACK)


def enter_setup(settings: Settings, got: dict) -> Intent:
    """After the King's region (draw_page), each home and the first player: one list each, from
    the physical cards."""
    colours = [p.colour for p in settings.players]
    names = {p.colour: p.name for p in settings.players}

    def regions(exclude) -> list[tuple[str, str]]:
        return _regions(settings, exclude)

    if "king" not in got:
        return Push(draw_page(settings))
    homes: dict[str, str] = got.get("homes", {})
    waiting = [c for c in colours if c not in homes]
    if waiting:
        colour = waiting[0]

        def home(region: str) -> Intent:
            return enter_setup(settings, {**got, "homes": {**homes, colour: region}})

        return Push(ListPage("setup_home", "New game", f"{names[colour]}'s home region", home,
                             items=regions({got["king"], *homes.values()})))

    table = facts(settings)
    drawn = {got["king"], *homes.values()}
    black: list[str] = got.get("black", [])
    if len(black) < table.unowned_regions:  # S:198, S:294
        return Push(ListPage("setup_black", "New game", f"Region card {len(black) + 1} of {table.unowned_regions}: "
                             f"{modes.BLACK_AT_SETUP} black Caballeros",
                             lambda r: enter_setup(settings, {**got, "black": [*black, r]}),
                             items=regions(drawn | set(black))))
    if table.limit_table and "limit" not in got:  # S:199
        return Push(ListPage("setup_limit", "New game",
                             f"Region card: the Limit table ({modes.LIMIT_TABLE_SPACES[len(colours)]} spaces)",
                             lambda r: enter_setup(settings, {**got, "limit": r}), items=regions(drawn | set(black))))

    def first(colour: str) -> Intent:
        from companion.engine.steps import SetupDone

        return Start(settings, SetupDone(king=got["king"], homes=tuple((c, homes[c]) for c in colours), first=colour,
                                         black=tuple(black), limit_table=got.get("limit")),
                     then=big_box_setup(settings))

    return Push(ListPage("setup_first", "New game", table.first_asked, first,  # S:166
                         items=[(names[c], c) for c in colours]))
