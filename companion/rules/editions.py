"""The two editions the companion knows, one readable block each.

Both play on the same map (spain.py); they differ in printed names, in how
many scoreboard columns count with few players, in the two-player dummy and
in their action decks (cards.py).
"""

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType

from companion.language import N_, _
from companion.rules import spain
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)
from companion.rules.text import fold


class UnknownRegion(ValueError):
    """A region name the edition does not know; the message lists the valid ones."""


@dataclass(frozen=True)
class Edition:
    key: str
    title: str
    #: Region id -> the name printed on this edition's board.
    region_names: Mapping[str, str]
    #: Other names players use for a region (other edition, English), by region id.
    aliases: Mapping[str, tuple[str, ...]]
    #: Players at the table -> scoreboard columns that score (1st, 2nd, 3rd).
    columns_by_players: Mapping[int, int]
    #: Caballeros of one colour that can be in play (classic: 31 minus the score marker).
    caballeros_per_colour: int
    #: The 2023 two-player game adds a dummy colour that takes places but never scores.
    has_dummy: bool
    #: What this edition calls the movable 8/4/0 and 4/0/0 boards.
    scoring_tiles: tuple[tuple[int, int, int], ...] = ((8, 4, 0), (4, 0, 0))
    rounds: int = 9
    general_scoring_after: tuple[int, ...] = (3, 6, 9)
    _lookup: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for region in spain.SCORING_ORDER:
            for alias in (self.region_names[region], region, *self.aliases.get(region, ())):
                self._lookup.setdefault(fold(alias), region)

    # -- regions ---------------------------------------------------------
    def region(self, name: str) -> str:
        """The region id for a name as a player types it (case and accents ignored)."""
        found = self._lookup.get(fold(name))
        if found is None:
            valid = ", ".join(self.name(r) for r in spain.SCORING_ORDER)
            raise UnknownRegion(_("unknown region {name!r} in the {edition}; regions: {valid}").format(
                name=name, edition=_(self.title), valid=valid))
        return found

    def name(self, region: str) -> str:
        """The printed name of a region id (the Castillo, France and Portugal too)."""
        return self.region_names.get(region) or region.capitalize()

    @property
    def regions(self) -> tuple[str, ...]:
        """Region ids in the board's scoring order."""
        return spain.SCORING_ORDER

    def values(self, region: str) -> tuple[int, int, int]:
        if region == spain.CASTILLO:
            return spain.CASTILLO_VALUES
        return spain.VALUES[region]

    # -- players ---------------------------------------------------------
    def columns(self, players: int) -> int:
        """How many scoreboard columns score with this many players."""
        try:
            return self.columns_by_players[players]
        except KeyError:
            raise ValueError(_("the {edition} is for 2 to 5 players, not {players}").format(
                edition=_(self.title), players=players)) from None


def _frozen(mapping: dict) -> Mapping:
    return MappingProxyType(mapping)


_ENGLISH = {
    spain.NAVARRA: ("basque country",),
    spain.CATALUNA: ("catalonia",),
    spain.CASTILLA: ("old castile",),
    spain.TOLEDO: ("new castile",),
    spain.SEVILLA: ("seville",),
}

EDITION_2023 = Edition(
    key="2023",
    title=N_("2023 edition"),
    region_names=_frozen(
        {
            spain.GALICIA: "Galicia",
            spain.NAVARRA: "Navarra",
            spain.ARAGON: "Aragón",
            spain.CATALUNA: "Cataluña",
            spain.CASTILLA: "Castilla",
            spain.TOLEDO: "Toledo",
            spain.VALENCIA: "Valencia",
            spain.SEVILLA: "Sevilla",
            spain.GRANADA: "Granada",
            spain.CASTILLO: "Castillo",
            spain.FRANCE: "France",
            spain.PORTUGAL: "Portugal",
        }
    ),
    aliases=_frozen(
        {
            spain.NAVARRA: ("país vasco", *_ENGLISH[spain.NAVARRA]),
            spain.CASTILLA: ("castilla la vieja", *_ENGLISH[spain.CASTILLA]),
            spain.TOLEDO: ("castilla la nueva", *_ENGLISH[spain.TOLEDO]),
            spain.CATALUNA: _ENGLISH[spain.CATALUNA],
            spain.SEVILLA: _ENGLISH[spain.SEVILLA],
        }
    ),
    # 2 players play with the dummy on the 2/3-player side: 1st and 2nd count.
    columns_by_players=_frozen({2: 2, 3: 2, 4: 3, 5: 3}),
    caballeros_per_colour=30,
    has_dummy=True,
)

EDITION_CLASSIC = Edition(
    key="classic",
    title=N_("classic edition"),
    region_names=_frozen(
        {
            spain.GALICIA: "Galicia",
            spain.NAVARRA: "País Vasco",
            spain.ARAGON: "Aragón",
            spain.CATALUNA: "Cataluña",
            spain.CASTILLA: "Castilla la Vieja",
            spain.TOLEDO: "Castilla la Nueva",
            spain.VALENCIA: "Valencia",
            spain.SEVILLA: "Sevilla",
            spain.GRANADA: "Granada",
            spain.CASTILLO: "Castillo",
            spain.FRANCE: "France",
            spain.PORTUGAL: "Portugal",
        }
    ),
    aliases=_frozen(
        {
            spain.NAVARRA: ("navarra", "vasco", *_ENGLISH[spain.NAVARRA]),
            spain.CASTILLA: ("castilla", "vieja", *_ENGLISH[spain.CASTILLA]),
            spain.TOLEDO: ("toledo", "nueva", *_ENGLISH[spain.TOLEDO]),
            spain.CATALUNA: _ENGLISH[spain.CATALUNA],
            spain.SEVILLA: _ENGLISH[spain.SEVILLA],
        }
    ),
    # 2 players score only the first column, 3 players the first two.
    columns_by_players=_frozen({2: 1, 3: 2, 4: 3, 5: 3}),
    caballeros_per_colour=30,
    has_dummy=False,
)

EDITIONS = {e.key: e for e in (EDITION_2023, EDITION_CLASSIC)}
DEFAULT = EDITION_2023
#: Which classic text a classic game's cards follow: the modern one (seed 003, the default) or the
#: 1995 rules (seed 004) on the four cards where they differ (companion/engine/classic_1995.py).
CLASSIC_TEXTS = ("modern", "1995")


def edition(key: str) -> Edition:
    found = EDITIONS.get(key)  # the key as the settings hold it: no folding (asked on every state.rules)
    if found is not None:
        return found
    try:
        return EDITIONS[fold(key)]
    except KeyError:
        raise ValueError(f"unknown edition {key!r}; choose one of: {', '.join(EDITIONS)}") from None
