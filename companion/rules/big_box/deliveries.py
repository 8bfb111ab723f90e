"""Gold and wares delivered to Spain: points scored at once, outside any scoring.

A disc scores only when its Caballero brings it to a Spanish coastal region:
gold 6, wares 4, immediately (RULES-EXPANSIONS.md §2.6; seed 004 S:222, S:233).
"""

from types import MappingProxyType

GOLD = "gold"
WARES = "wares"

#: Points for a disc delivered to Spain (S:222 "6 for Gold, 4 for Wares").
POINTS = MappingProxyType({GOLD: 6, WARES: 4})


def delivery_points(disc: str) -> int:
    """Points for one gold or wares disc reaching Spain (ValueError for anything else)."""
    try:
        return POINTS[disc.strip().casefold()]
    except KeyError:
        raise ValueError(f"a delivered disc is gold or wares, not {disc!r}") from None


#: The discs in the colonies at setup: "1 Gold disc in America and 2 Wares discs in the
#: Mediterranean" (S:205); the rest wait beside the board (S:206).
AT_SETUP = MappingProxyType({GOLD: 1, WARES: 2})
#: Where a stack-7 card's discs go: gold to America, wares to the Mediterranean (S:216-217).
COLONY = MappingProxyType({GOLD: "america", WARES: "mediterranean"})
#: Gold and wares discs in all: 11, the split between them not known (KEIRAT, likely;
#: RULES-EXPANSIONS.md §2.1): the companion limits the two together.
ALL_DISCS = 11
