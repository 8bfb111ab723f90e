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
