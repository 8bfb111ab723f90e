"""Which regions a special scoring card scores.

The Castillo is never "a region" for these cards (RULES.md, "Scoring tiles"
and "Special scorings on action cards"); callers pass regions only. Results
come in the board's scoring order; the active player may reorder them.
"""

from collections import Counter
from collections.abc import Iterable, Mapping

from companion.rules import spain

#: The groups the scoring cards name, by the first value they ask for.
GROUPS = {4: frozenset({4}), 5: frozenset({5}), 6: frozenset({6, 7}), 7: frozenset({6, 7})}


def _in_order(regions: Iterable[str]) -> tuple[str, ...]:
    chosen = set(regions)
    return tuple(r for r in spain.SCORING_ORDER if r in chosen)


def group(first_value: int, values: Mapping[str, tuple[int, ...]]) -> tuple[str, ...]:
    """Regions whose current first value is in the card's group.

    `values` are the scoreboards in force by region, scoring tiles counted:
    a 4/0/0 tile makes a region 4-point, an 8/4/0 tile takes it out of every
    group. 6 and 7 are one group ("all 6- and 7-point regions").
    """
    wanted = GROUPS.get(first_value, frozenset({first_value}))
    return _in_order(r for r, v in values.items() if r in spain.REGIONS and v[0] in wanted)


def most(totals: Mapping[str, int]) -> tuple[str, ...]:
    """The region(s) holding the most Caballeros of all colours (ties: all of them)."""
    totals = {r: n for r, n in totals.items() if r in spain.REGIONS and n > 0}
    if not totals:
        return ()
    top = max(totals.values())
    return _in_order(r for r, n in totals.items() if n == top)


def fewest(totals: Mapping[str, int]) -> tuple[str, ...]:
    """The region(s) holding the fewest Caballeros, empty regions excluded (ties: all)."""
    totals = {r: n for r, n in totals.items() if r in spain.REGIONS and n > 0}
    if not totals:
        return ()
    low = min(totals.values())
    return _in_order(r for r, n in totals.items() if n == low)


def chosen_once(discs: Mapping[str, str | None]) -> tuple[str, ...]:
    """Regions set on exactly one secret disc (None: a player who set none)."""
    tally = Counter(r for r in discs.values() if r is not None)
    return _in_order(r for r, n in tally.items() if n == 1)
