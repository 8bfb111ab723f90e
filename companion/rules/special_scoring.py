"""Which regions a special scoring card scores.

The Castillo is never "a region" for these cards (RULES.md, "Scoring tiles"
and "Special scorings on action cards"); callers pass regions only. Results
come in the board's scoring order; the active player may reorder them.
"""

from collections import Counter
from collections.abc import Iterable, Mapping

from companion.language import N_
from companion.rules import spain
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

#: The groups the scoring cards name, by the first value they ask for.
GROUPS = {4: frozenset({4}), 5: frozenset({5}), 6: frozenset({6, 7}), 7: frozenset({6, 7})}


@dataclass(frozen=True)
class Kind:
    """A kind of special scoring: its journal key, its words, and the card effect that starts it."""

    key: str  # as the journal writes it ("group5")
    wording: str  # the rules' words ("all 5-point regions")
    label: str  # short enough for "Score: " + label in one list row
    effect: str  # the card effect's value (rules.cards.Effect) that starts it
    points: int = 0  # a group's first value


#: Every special scoring, in the order the menus list them. The one table of them.
KINDS = {k.key: k for k in (
    Kind("region", N_("one region"), N_("one region"), "score_region"),
    Kind("group4", N_("all 4-point regions"), N_("4-point regions"), "score_group", 4),
    Kind("group5", N_("all 5-point regions"), N_("5-point regions"), "score_group", 5),
    Kind("group6", N_("all 6- and 7-point regions"), N_("6/7-point regions"), "score_group", 6),
    Kind("castillo", N_("the Castillo (its Caballeros go back in)"), N_("the Castillo"), "score_castillo"),
    Kind("first_only", N_("all regions, first place only"), N_("1st places only"), "score_first_only"),
    Kind("most", N_("the region(s) with the most Caballeros"), N_("most Caballeros"), "score_most"),
    Kind("fewest", N_("the region(s) with the fewest Caballeros"), N_("fewest Caballeros"), "score_fewest"),
    Kind("discs", N_("regions chosen exactly once on secret discs"), N_("by secret discs"), "score_secret_discs"),
)}


#: A group card's points -> the kind's points (a "7" names the 6-and-7 group).
_GROUP_POINTS = {4: 4, 5: 5, 6: 6, 7: 6}


def kind_of(effect: str, points: int | None = None) -> Kind | None:
    """The special scoring a card effect starts (a group card by its points), else None."""
    wanted = _GROUP_POINTS.get(points or 0, 0)
    return next((k for k in KINDS.values() if k.effect == effect and k.points == wanted), None)


def regions(key: str, values: Mapping[str, tuple[int, ...]], totals: Mapping[str, int],
            choice: str | None = None, discs: Mapping[str, str | None] | None = None,
            order: tuple[str, ...] = spain.SCORING_ORDER) -> tuple[str, ...]:
    """The regions special scoring ``key`` scores on this board (KeyError for an unknown kind).
    ``order``: the game's regions in scoring order (a Big Box game's include America, the
    Mediterranean...: in the groups by their first value, in "all regions, first place only" and
    in "most" and "fewest": the new regions are "treated just as the original regions", S:208,
    S:308)."""
    kind = KINDS[key]
    if kind.points:
        return group(kind.points, values, order)
    return {
        "region": lambda: (choice,) if choice else (),
        "castillo": lambda: (spain.CASTILLO,),
        "first_only": lambda: order,
        "most": lambda: most(totals, order),
        "fewest": lambda: fewest(totals, order),
        "discs": lambda: chosen_once(discs or {}),
    }[key]()


def _in_order(regions: Iterable[str], order: tuple[str, ...] = spain.SCORING_ORDER) -> tuple[str, ...]:
    chosen = set(regions)
    return tuple(r for r in order if r in chosen)


def group(first_value: int, values: Mapping[str, tuple[int, ...]],
          order: tuple[str, ...] = spain.SCORING_ORDER) -> tuple[str, ...]:
    """Regions whose current first value is in the card's group.

    `values` are the scoreboards in force by region, scoring tiles counted:
    a 4/0/0 tile makes a region 4-point, an 8/4/0 tile takes it out of every
    group. 6 and 7 are one group ("all 6- and 7-point regions"). `order`: the
    game's regions (the Big Box's America and Mediterranean are 4-point regions,
    S:263).
    """
    wanted = GROUPS.get(first_value, frozenset({first_value}))
    return _in_order((r for r, v in values.items() if r in order and v[0] in wanted), order)


def most(totals: Mapping[str, int], order: tuple[str, ...] = spain.SCORING_ORDER) -> tuple[str, ...]:
    """The region(s) of ``order`` holding the most Caballeros of all colours (ties: all of them)."""
    totals = {r: n for r, n in totals.items() if r in order and n > 0}
    if not totals:
        return ()
    top = max(totals.values())
    return _in_order((r for r, n in totals.items() if n == top), order)


def fewest(totals: Mapping[str, int], order: tuple[str, ...] = spain.SCORING_ORDER) -> tuple[str, ...]:
    """The region(s) of ``order`` holding the fewest Caballeros, empty ones excluded (ties: all)."""
    totals = {r: n for r, n in totals.items() if r in order and n > 0}
    if not totals:
        return ()
    low = min(totals.values())
    return _in_order((r for r, n in totals.items() if n == low), order)


def chosen_once(discs: Mapping[str, str | None]) -> tuple[str, ...]:
    """Regions set on exactly one secret disc (None: a player who set none)."""
    tally = Counter(r for r in discs.values() if r is not None)
    return _in_order(r for r, n in tally.items() if n == 1)
