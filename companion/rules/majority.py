"""Majority scoring of one region or the Castillo — the rule companions get wrong.

From ../shared/RULES.md ("Majority scoring"): everyone with at least one
Caballero takes part (a Grande never counts). Walk the distinct counts from
the highest down with ``place = 1``:

* a count held by one participant scores ``values[place]``; ``place += 1``;
* a count held by several participants scores ``values[place + 1]`` for each
  of them; ``place += 2``;
* a place beyond the columns in use scores 0.

The King's bonus and the Grande's bonus (+2 each) go only to a sole first.
Participants that take places but never score (the 2023 dummy, the Grand
Inquisitor's black Caballeros when nobody holds him) push everyone else down
exactly like a player would.
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

BONUS = 2


@dataclass(frozen=True)
class Line:
    """What one participant got, and why."""

    who: str
    caballeros: int
    #: The scoreboard column paid (1 = first); ties are paid the next column down.
    place: int
    tied: bool
    #: False for participants that take places but never score.
    scores: bool
    base: int
    bonuses: tuple[tuple[str, int], ...]
    reason: str

    @property
    def points(self) -> int:
        return self.base + sum(amount for _, amount in self.bonuses)


@dataclass(frozen=True)
class Result:
    values: tuple[int, ...]
    columns: int
    lines: tuple[Line, ...]

    @property
    def points(self) -> dict[str, int]:
        """Points of every participant that can score (0 for those who got nothing)."""
        return {line.who: line.points for line in self.lines if line.scores}

    def line(self, who: str) -> Line:
        for line in self.lines:
            if line.who == who:
                return line
        raise KeyError(who)


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def score(
    counts: Mapping[str, int],
    values: Sequence[int],
    *,
    columns: int = 3,
    never_scores: Collection[str] = (),
    king: bool = False,
    grandes: Collection[str] = (),
    first_only: bool = False,
) -> Result:
    """Score one region (or the Castillo).

    counts: Caballeros per participant (those with 0 take no part).
    values: the scoreboard in force (the region's, the Castillo's or a scoring tile's).
    columns: how many columns score with this many players (Edition.columns).
    never_scores: participants that take places but never score.
    king: this is the King's region (+2 to a sole first who can score).
    grandes: participants whose Grande stands here (+2 each to a sole first).
    first_only: only a sole first scores (a tie for first scores nothing).
    """
    for who, n in counts.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"{who}: a count of Caballeros must be a whole number >= 0, not {n!r}")
    if any(v < 0 for v in values):
        raise ValueError(f"scoreboard values must not be negative: {tuple(values)}")
    if first_only:
        columns = 1
    paid = tuple(values[:columns]) + (0,) * max(0, 3 - columns)
    present = {who: n for who, n in counts.items() if n > 0}
    lines = []
    place = 1
    for count in sorted(set(present.values()), reverse=True):
        holders = [who for who, n in present.items() if n == count]
        tied = len(holders) > 1
        column = place + 1 if tied else place
        base = paid[column - 1] if column <= len(paid) else 0
        for who in holders:
            lines.append(_line(who, count, column, tied, who not in never_scores, base,
                               place, columns, king, who in grandes))
        place += 2 if tied else 1
    return Result(values=tuple(values), columns=columns, lines=tuple(lines))


def _line(who, count, column, tied, scores, base, place, columns, king, grande) -> Line:
    if tied:
        reason = f"tied for {_ordinal(place)} -> {_ordinal(column)} place"
    else:
        reason = f"{'sole ' if place == 1 else ''}{_ordinal(place)} place"
    if column > columns:
        reason += f" (only {columns} column{'s' if columns > 1 else ''} score)"
    if not scores:
        return Line(who, count, column, tied, False, 0, (), reason + ": takes the place, never scores")
    bonuses = []
    if place == 1 and not tied:
        if king:
            bonuses.append(("King's bonus", BONUS))
        if grande:
            bonuses.append(("Grande's bonus", BONUS))
    reason += f": {base}" + "".join(f" +{amount} {label}" for label, amount in bonuses)
    return Line(who, count, column, tied, True, base, tuple(bonuses), reason)
