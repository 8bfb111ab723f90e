"""The Big Box's new regions as data: France, the ship, America, the
Mediterranean (Grand Inquisitor & the Colonies) and Portugal (Grandissimo).

Each region carries its scoreboard, seats, capacity, group and flags, so the
one majority function scores them without a branch of its own. Facts and their
confidence: ../shared/RULES-EXPANSIONS.md §2.3-2.10 and §4.5 ("S:n" = seed 004,
line n). What is only *likely* or *assumed* is marked so below; the table may
correct it: `corrected()` gives a region another scoreboard or other seat bonuses.

France and Portugal keep spain.py's ids (the 2023 Exile card sends the King
to France); in the Big Box they become regions that are scored.
"""

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from companion.language import N_
from companion.rules import majority, modes, spain
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)
from companion.rules.region_moves import CORRECT as CORRECT
from companion.rules.region_moves import GRANDE as GRANDE
from companion.rules.region_moves import KING as KING
from companion.rules.region_moves import LIMIT_TABLE as LIMIT_TABLE
from companion.rules.region_moves import MOVES as MOVES
from companion.rules.region_moves import PLACE_ANYWHERE as PLACE_ANYWHERE
from companion.rules.region_moves import SCORE as SCORE
from companion.rules.region_moves import SCOREBOARD as SCOREBOARD
from companion.rules.region_moves import SECRET_DISC as SECRET_DISC
from companion.rules.text import fold

FRANCE = spain.FRANCE
SHIP = "ship"
AMERICA = "america"
MEDITERRANEAN = "mediterranean"
PORTUGAL = spain.PORTUGAL

GIC = "Grand Inquisitor & the Colonies"  # also The King & the Colonies (§3)
GRANDISSIMO = "Grandissimo"


@dataclass(frozen=True)
class SeatRule:
    """A seat printed on a region: what its holder gets."""

    title: str
    amount: int
    #: False: the seated Caballero does not count for the majority (the Viceroy, S:219).
    counts_for_majority: bool = True
    #: Paid under "only the first places", to a sole first only (Ambassador, Envoy: S:264).
    paid_first_only: bool = False

    def held_by(self, holder: str) -> majority.Seat:
        return majority.Seat(self.title, holder, self.amount, self.counts_for_majority, self.paid_first_only)


@dataclass(frozen=True)
class Region:
    """One Big Box region: everything scoring needs to know about it."""

    id: str
    name: str
    expansion: str
    #: 1st / 2nd / 3rd. (0, 0, 0): no majority scoring (the ship: only the Captain scores).
    values: tuple[int, int, int]
    seats: tuple[SeatRule, ...] = ()
    #: Caballeros the region holds; None: no limit.
    capacity: int | None = None
    #: The "N-point regions" group its printed first value puts it in; None: in no group.
    group: int | None = None
    #: May a secret disc name it? None of the Big Box regions (S:208, S:308).
    secret_disc_target: bool = False
    #: May the King go there? France only of GI&C's four (S:208); Portugal (S:308).
    king_may_enter: bool = False
    #: Other names players use ("the ship", "Mittelmeer").
    aliases: tuple[str, ...] = ()

    def seat(self, title: str) -> SeatRule:
        for rule in self.seats:
            if fold(rule.title) == fold(title):
                return rule
        raise KeyError(f"{self.name} has no {title} (seats here: {', '.join(s.title for s in self.seats) or 'none'})")


AMBASSADOR = SeatRule(N_("Ambassador"), 2, counts_for_majority=True, paid_first_only=True)
ENVOY = SeatRule(N_("Envoy"), 1, counts_for_majority=True, paid_first_only=True)
VICEROY = SeatRule(N_("Viceroy"), 5, counts_for_majority=False)
CAPTAIN = SeatRule(N_("Captain"), 3)  # 3 is likely: one source (BGG-9337), RULES-EXPANSIONS.md §2.4, §7.6

#: The Big Box regions, in their scoring order after Valencia.
REGIONS: Mapping[str, Region] = MappingProxyType({r.id: r for r in (
    # France: 3 sure (S:209); 1/0 likely, one source (RULES-EXPANSIONS.md §2.4, §7.7).
    # Room for 3 (S:209); the seat holders count for the majority (S:209's example).
    Region(FRANCE, "France", GIC, (3, 1, 0), seats=(AMBASSADOR, ENVOY), capacity=3,
           king_may_enter=True, aliases=("frankreich",)),
    # The ship: no majority scoring, only the Captain scores (S:214). Assumed in no group
    # (no printed value row, §2.10); a scoring tile on it is the table's call (§7.9).
    Region(SHIP, "the ship", GIC, (0, 0, 0), seats=(CAPTAIN,), aliases=("ship", "schiff")),
    # America: 4 sure (S:263); 0/0 likely, one source (§2.4, §7.7); Viceroy +5 and not counted (S:219).
    Region(AMERICA, "America", GIC, (4, 0, 0), seats=(VICEROY,), group=4, aliases=("amerika",)),
    # The Mediterranean: 4 sure (S:263); 2/1 likely, one source (§2.4, §7.7).
    Region(MEDITERRANEAN, "the Mediterranean", GIC, (4, 2, 1), group=4,
           aliases=("mediterranean", "mediterranean sea", "mittelmeer")),
    # Portugal: 5/0/0 sure (S:308). Assumed: a "5-point region" and scored last (§4.5, §7.14).
    Region(PORTUGAL, "Portugal", GRANDISSIMO, (5, 0, 0), group=5, king_may_enter=True),
)})

#: After Valencia: France, ship, America, Mediterranean (S:263); Portugal last (assumed, §4.5).
SCORING_ORDER = tuple(REGIONS)

#: The Limit table's spaces by players at the table (S:199: 6 with 2-3 players, 10 with 4-5).
LIMIT_TABLE_SPACES = modes.LIMIT_TABLE_SPACES


def find(name: str) -> Region | None:
    """The Big Box region a player's name means (case and accents ignored), else None."""
    key = fold(name)
    for region in REGIONS.values():
        if key in {fold(region.id), fold(region.name), *map(fold, region.aliases)}:
            return region
    return None


def corrected(region: Region, values: tuple[int, int, int] | None = None,
              seat_amounts: Mapping[str, int] | None = None) -> Region:
    """The region with the table's corrections: another scoreboard, other seat bonuses."""
    seats = region.seats
    for title, amount in (seat_amounts or {}).items():
        rule = region.seat(title)
        seats = tuple(replace(s, amount=amount) if s is rule else s for s in seats)
    return replace(region, values=tuple(values) if values else region.values, seats=seats)  # type: ignore[arg-type]


def seats(region: Region, holders: Mapping[str, str]) -> tuple[majority.Seat, ...]:
    """The majority function's seats from "seat title -> holder" (KeyError: no such seat here)."""
    return tuple(region.seat(title).held_by(holder) for title, holder in holders.items())


def general_scoring_order(in_play: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The nine Spanish regions, then the Big Box regions in play, in their order."""
    return spain.SCORING_ORDER + tuple(r for r in SCORING_ORDER if r in in_play)


def on_the_limit_table(counts: Mapping[str, int], spaces: int) -> dict[str, int]:
    """The counts that score where the Limit table stands: only those ON it (S:253).

    `counts` are the Caballeros on the table (black ones too); ValueError if they
    do not fit its spaces.
    """
    if spaces < 1:
        raise ValueError(f"a Limit table has 6 or 10 spaces, not {spaces}")
    total = sum(counts.values())
    if total > spaces:
        raise ValueError(f"{total} Caballeros counted on a {spaces}-space Limit table: "
                         "count only those ON the table")
    return dict(counts)


# -- the one region query: which places of a mode each kind of move may reach ------------------

#: The kinds of move that name a region (rules/region_moves.py). Every check that takes a region from
#: the table asks `allows(move, place, in_play)` (the base engine through engine/hooks.py), so a
#: mode's new places are never forgotten again (issue 21).


def places(in_play: tuple[str, ...] = ()) -> tuple[str, ...]:
    """A mode's regions in scoring order: Spain's nine, then its Big Box regions (``in_play``)."""
    return general_scoring_order(in_play)


def allows(move: str, place: str, in_play: tuple[str, ...] = ()) -> bool:
    """May ``move`` name ``place`` in a game whose Big Box regions are ``in_play``? The board's own
    limits (the King's region, the Castillo) are the caller's: this answers "is it a region for
    that move in this mode"."""
    if move not in MOVES:
        raise KeyError(f"unknown kind of move {move!r}; kinds: {', '.join(MOVES)}")
    if place in spain.REGIONS:
        return True
    region = REGIONS.get(place)
    if region is None or place not in in_play:
        return False
    return {
        KING: region.king_may_enter,
        LIMIT_TABLE: place != FRANCE,
        SECRET_DISC: region.secret_disc_target,
        PLACE_ANYWHERE: place not in (AMERICA, MEDITERRANEAN),
    }.get(move, True)


def where(move: str, in_play: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Every region ``move`` may name in the mode, in scoring order."""
    return tuple(p for p in places(in_play) if allows(move, p, in_play))
