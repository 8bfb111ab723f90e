"""The new-game wizard's choices so far (UI state: nothing is recorded until the game starts), its
vocabulary of colours and toggles, and the settings they make."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from functools import cache
from typing import TYPE_CHECKING

from companion.engine.settings import REVISION, Player, Settings
from companion.language import N_
from companion.rules import modes
from companion.rules.colours import logged_name
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

if TYPE_CHECKING:
    from companion.settings.file import BigBoxConfig

COLOURS = ("red", "blue", "green", "yellow", "black", "orange", "purple", "white")


@cache
def old_hands_toggles() -> tuple[tuple[str, str], ...]:
    """Old Hands cards as wizard toggles: ("old:veto", "Veto"), the card's title (its row says
    "Old Hands: Veto" in the table's language: setup.py).

    Read from the decks when the variants are chosen: a start on the wizard's
    first page does not import them.
    """
    from companion.rules.cards import OLD_HANDS

    return tuple((f"old:{c.slug}", c.title) for c in OLD_HANDS)


#: On when the wizard opens: the companion knows the board (since 0.4), and the Castillo's contents
#: stay secret until it is scored, as every edition's rules say (000 l.309-310; 003 l.142; 004 l.58).
DEFAULT_VARIANTS = frozenset({"board", "secret_castillo"})
#: A Big Box way to play among the classic game's variants ("mode:colonies"): one at a time, with
#: the board recorded or scores only.
MODE = "mode:"
MODE_TOGGLES = tuple((MODE + m.key, m.short) for m in modes.MODES.values() if m.key and m.playable)
GRANDISSIMO = MODE + modes.GRANDISSIMO.key
#: Grandissimo's black Caballeros take places for nobody (S:306) instead of being ignored (S:398).
BLACK_TOGGLE = ("black_invisible", N_("Black take places"))


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
        players = tuple(Player(self.names.get(seat, logged_name(c)), c)
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
                        deals=on("deals") and self.edition == "classic" and not expansion, **readings)  # type: ignore[arg-type]
