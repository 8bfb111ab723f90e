"""The board both editions share: nine regions of Spain, their borders, the
Castillo, and France and Portugal (printed on the board, never regions).

Regions are named here by stable ids (the 2023 names without accents); each
edition gives them its printed names (see editions.py). Facts and their
confidence: ../shared/RULES.md, "Borders" and "Order of a general scoring".
"""

from types import MappingProxyType

GALICIA = "galicia"
NAVARRA = "navarra"  # País Vasco in the classic edition
ARAGON = "aragon"
CATALUNA = "cataluna"
CASTILLA = "castilla"  # Castilla la Vieja in the classic edition
TOLEDO = "toledo"  # Castilla la Nueva in the classic edition
VALENCIA = "valencia"
SEVILLA = "sevilla"
GRANADA = "granada"

CASTILLO = "castillo"  # not a region: never a neighbour, never "a region" on a card
FRANCE = "france"  # not a region: only the King goes there (2023 New Regency: Exile)
PORTUGAL = "portugal"

#: The board's scoring overview order, followed at every general scoring.
#: (Galicia first, then Navarra, Sevilla before Granada, Valencia last: sure;
#: the middle: likely.)
SCORING_ORDER = (
    GALICIA,
    NAVARRA,
    ARAGON,
    CATALUNA,
    CASTILLA,
    TOLEDO,
    SEVILLA,
    GRANADA,
    VALENCIA,
)
REGIONS = frozenset(SCORING_ORDER)

#: Scoreboard values printed in each region: 1st / 2nd / 3rd.
VALUES = MappingProxyType(
    {
        GALICIA: (4, 2, 0),
        NAVARRA: (5, 3, 1),
        ARAGON: (5, 4, 1),
        CATALUNA: (4, 2, 1),
        CASTILLA: (6, 4, 2),
        TOLEDO: (7, 4, 2),
        VALENCIA: (5, 3, 2),
        SEVILLA: (4, 3, 1),
        GRANADA: (6, 3, 1),
    }
)
CASTILLO_VALUES = (5, 3, 1)

#: The 15 borders (10 sure, 5 likely). Not borders: Sevilla–Castilla, Galicia–Toledo.
BORDERS = frozenset(
    frozenset(pair)
    for pair in (
        (GALICIA, CASTILLA),
        (GALICIA, NAVARRA),
        (NAVARRA, CASTILLA),
        (NAVARRA, ARAGON),
        (ARAGON, CASTILLA),
        (ARAGON, TOLEDO),
        (ARAGON, CATALUNA),
        (ARAGON, VALENCIA),
        (CATALUNA, VALENCIA),
        (CASTILLA, TOLEDO),
        (TOLEDO, VALENCIA),
        (TOLEDO, GRANADA),
        (TOLEDO, SEVILLA),
        (GRANADA, VALENCIA),
        (GRANADA, SEVILLA),
    )
)

#: Assumed: the regions touching France and Portugal (for Exile's neighbours).
#: The table can correct any board fact; the docs say this is assumed.
OUTSIDE_NEIGHBOURS = MappingProxyType(
    {
        FRANCE: frozenset({NAVARRA, ARAGON, CATALUNA}),
        PORTUGAL: frozenset({GALICIA, CASTILLA, TOLEDO, SEVILLA}),
    }
)


def neighbours(place: str) -> frozenset[str]:
    """Regions that border `place` (a region, France or Portugal).

    The Castillo has no neighbours, except under the 2023 Rebellion card,
    which the game layer handles (every region is then a neighbour).
    """
    if place in OUTSIDE_NEIGHBOURS:
        return OUTSIDE_NEIGHBOURS[place]
    if place not in REGIONS:
        raise KeyError(f"{place!r} is not a region")
    return frozenset(other for pair in BORDERS if place in pair for other in pair if other != place)
