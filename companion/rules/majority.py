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

Seat bonuses (the Big Box, RULES-EXPANSIONS.md §2.4, §2.10) are inputs, not
branches: a `Seat` pays its holder whatever the majority. A seat whose
Caballero does not count (the Viceroy) is taken off its holder's count before
the majority is worked out. Under "first places only" a seat pays only if it
says so, and then only to a sole first (Ambassador, Envoy).
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from operator import itemgetter

from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

BONUS = 2


@dataclass(frozen=True)
class Seat:
    """A seat in a region whose holder gets a bonus (Viceroy, Captain, Ambassador, Envoy)."""

    title: str
    holder: str
    amount: int
    #: False: the seated Caballero is taken off the holder's count before the majority (Viceroy).
    counts_for_majority: bool = True
    #: Paid under "first places only" -- and then only to a sole first (Ambassador, Envoy).
    paid_first_only: bool = False

    @property
    def label(self) -> str:
        return f"{self.title}'s bonus"


@dataclass(frozen=True)
class Line:
    """What one participant got, and why."""

    who: str
    caballeros: int
    #: The scoreboard column paid (1 = first); ties are paid the next column down.
    #: 0: no Caballero in the majority, only a seat bonus (the Viceroy alone in America).
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
    seats: Sequence[Seat] = (),
) -> Result:
    """Score one region (or the Castillo).

    counts: Caballeros per participant (those with 0 take no part).
    values: the scoreboard in force (the region's, the Castillo's or a scoring tile's).
    columns: how many columns score with this many players (Edition.columns).
    never_scores: participants that take places but never score.
    king: this is the King's region (+2 to a sole first who can score).
    grandes: participants whose Grande stands here (+2 each to a sole first).
    first_only: only a sole first scores (a tie for first scores nothing).
    seats: seat bonuses paid whatever the majority; `counts` include the seated
        Caballeros, and a seat that does not count is taken off its holder's count.
        A holder that never scores loses the bonus.
    """
    _check(counts, values)
    counts = _without_uncounted_seats(counts, seats)
    if first_only:
        columns = 1
    lines = [_line(who, count, column, tied, who not in never_scores, base, place, columns, king, who in grandes)
             for who, count, place, column, tied, base in _places(counts, values, columns)]
    if seats:
        lines = _pay_seats(lines, seats, set(never_scores), first_only)
    return Result(values=tuple(values), columns=columns, lines=tuple(lines))


def points(
    counts: Mapping[str, int],
    values: Sequence[int],
    *,
    columns: int = 3,
    never_scores: Collection[str] = (),
    king: bool = False,
    grandes: Collection[str] = (),
) -> dict[str, int]:
    """``score(...).points`` without the lines' reasons (no seats, not first places only): what a
    weighing of many boards asks (companion/engine/scorings.points_if), the same walk of the places
    (``_places``) and the same bonuses (``_bonuses``: the King's and the Grande's to a sole first),
    written out in one loop: a move's pages weigh some 250 boards a press (issue 36). A function of
    its arguments alone, so its answers are kept (``_KNOWN``): the next press weighs most of the
    same boards again (a move changes two regions). A new dict each time (the caller's to change)."""
    for n in counts.values():  # (``_check``'s common case here, before a kept answer: a call costs more)
        if type(n) is not int or n < 0:
            _check(counts, values)
    for v in values:
        if v < 0:
            _check(counts, values)
    # (tuples: the collector leaves them be; a set in another order only misses a kept answer)
    key = (tuple(counts.items()), tuple(values), columns, tuple(never_scores), bool(king), tuple(grandes))
    known = _KNOWN.get(key)
    if known is None:
        known = _points(counts, values, columns, never_scores, king, grandes)
        if len(_KNOWN) >= KNOWN_MOST:
            _KNOWN.clear()
        _KNOWN[key] = known
    return dict(known)


#: How many boards ``points`` keeps the answers of (a press weighs some 250; each is a few hundred bytes).
KNOWN_MOST = 4096
_KNOWN: dict[tuple[object, ...], dict[str, int]] = {}


def lead(who: str, counts: Mapping[str, int], values: Sequence[int], columns: int,
         never_scores: Collection[str], king: bool, grandes: Collection[str]) -> int:
    """``who``'s ``points(counts, values, ...)`` less the best of the others' (0 when nobody else
    scores; below 0: behind): what a weighing asks of each board (companion/engine/gains.py), without
    the dict of every player's points. Kept like ``points`` (``_LEADS``, a function of its arguments
    alone), the same counts refused; the arguments positional (a keyword costs a weighing more)."""
    for n in counts.values():
        if type(n) is not int or n < 0:
            _check(counts, values)
    for v in values:
        if v < 0:
            _check(counts, values)
    key = (who, tuple(counts.items()), tuple(values), columns, tuple(never_scores), bool(king), tuple(grandes))
    known = _LEADS.get(key)
    if known is None:
        found = _points(counts, values, columns, never_scores, king, grandes)
        best = 0  # (points are never below 0: nobody else scoring, 0)
        for colour, got in found.items():
            if got > best and colour != who:
                best = got
        known = found.get(who, 0) - best
        if len(_LEADS) >= KNOWN_MOST:
            _LEADS.clear()
        _LEADS[key] = known
    return known


_LEADS: dict[tuple[object, ...], int] = {}


def _points(counts: Mapping[str, int], values: Sequence[int], columns: int, never_scores: Collection[str],
            king: bool, grandes: Collection[str]) -> dict[str, int]:
    paid = values[:columns]  # (a column beyond those pays 0, as _places pads them)
    last = len(paid)
    ranked = sorted(counts.items(), key=_COUNT, reverse=True)  # (stable; those holding 0 last: no place)
    found = {}
    place, i, size = 1, 0, len(ranked)
    while i < size:
        who, count = ranked[i]
        if not count:
            break
        j = i + 1
        while j < size and ranked[j][1] == count:
            j += 1
        if j > i + 1:  # tied: the next column paid to each, no bonus
            base = paid[place] if place < last else 0
            for who, _ in ranked[i:j]:
                if who not in never_scores:
                    found[who] = base
            place += 2
        else:
            if who not in never_scores:
                base = paid[place - 1] if place <= last else 0
                found[who] = base + (BONUS * (bool(king) + (who in grandes)) if place == 1 else 0)
            place += 1
        i = j
    return found


def _check(counts: Mapping[str, int], values: Sequence[int]) -> None:
    for n in counts.values():  # (the common case, quickly: the counts of a board; a loop costs least)
        if type(n) is not int or n < 0:
            break
    else:
        for v in values:
            if v < 0:
                break
        else:
            return
    for who, n in counts.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"{who}: a count of Caballeros must be a whole number >= 0, not {n!r}")
    if any(v < 0 for v in values):
        raise ValueError(f"scoreboard values must not be negative: {tuple(values)}")


def _places(counts: Mapping[str, int], values: Sequence[int],
            columns: int) -> list[tuple[str, int, int, int, bool, int]]:
    """The walk of the distinct counts from the highest down (the module's rule): each participant
    with its count, its place, the column paid, whether tied, and that column's value (its base)."""
    paid = tuple(values[:columns]) + (0,) * max(0, 3 - columns)
    ranked = sorted([(who, n) for who, n in counts.items() if n > 0], key=_COUNT, reverse=True)  # (stable: as given among equals)
    found = []
    place, i = 1, 0
    while i < len(ranked):
        count = ranked[i][1]
        j = i + 1
        while j < len(ranked) and ranked[j][1] == count:
            j += 1
        tied = j - i > 1
        column = place + 1 if tied else place
        base = paid[column - 1] if column <= len(paid) else 0
        found += [(who, count, place, column, tied, base) for who, _ in ranked[i:j]]
        place += 2 if tied else 1
        i = j
    return found


#: A participant's count in (who, count): the sort's key, in C (the walk sorts some 250 boards a press).
_COUNT = itemgetter(1)


def _bonuses(place: int, tied: bool, king: bool, grande: bool) -> list[tuple[str, int]]:
    """The King's and the Grande's bonuses, to a sole first only."""
    bonuses = []
    if place == 1 and not tied:
        if king:
            bonuses.append(("King's bonus", BONUS))
        if grande:
            bonuses.append(("Grande's bonus", BONUS))
    return bonuses


def _without_uncounted_seats(counts: Mapping[str, int], seats: Sequence[Seat]) -> dict[str, int]:
    """The counts the majority is worked out on; checks every seat has its Caballero."""
    taken: dict[str, int] = {}
    for seat in seats:
        if seat.amount < 0:
            raise ValueError(f"the {seat.title}'s bonus must not be negative: {seat.amount}")
        taken[seat.holder] = taken.get(seat.holder, 0) + 1
    if len({seat.title for seat in seats}) < len(seats):
        raise ValueError("each seat has one holder: a seat was given twice")
    for who, n in taken.items():
        if counts.get(who, 0) < n:
            held = ", ".join(seat.title for seat in seats if seat.holder == who)
            raise ValueError(f"{who} holds {held} but has only {counts.get(who, 0)} Caballero(s) here "
                             "(counts include the seated Caballeros)")
    result = dict(counts)
    for seat in seats:
        if not seat.counts_for_majority:
            result[seat.holder] -= 1
    return result


def _pay_seats(lines: list[Line], seats: Sequence[Seat], never: set[str], first_only: bool) -> list[Line]:
    """Add each seat's bonus to its holder's line (a new line if the holder is not in the majority)."""
    by_who = {line.who: line for line in lines}
    for seat in seats:
        line = by_who.get(seat.holder)
        if line is None:
            reason = (f"no Caballero counted for the majority (the {seat.title} does not count)"
                      if not seat.counts_for_majority else "no place")
            line = Line(seat.holder, 0, 0, False, seat.holder not in never, 0, (), reason)
            lines.append(line)
        sole_first = line.place == 1 and not line.tied
        if seat.holder in never:
            note, paid = f"the {seat.title}'s +{seat.amount} is lost: belongs to nobody", False
        elif first_only and not seat.paid_first_only:
            note, paid = f"no {seat.title}'s +{seat.amount}: only first places score", False
        elif first_only and not sole_first:
            note, paid = f"no {seat.title}'s +{seat.amount}: first places only pays a seat to a sole first", False
        elif first_only:
            note, paid = f"+{seat.amount} {seat.label} (holds the seat, sole first)", True
        elif seat.counts_for_majority or line.place == 0:
            note, paid = f"+{seat.amount} {seat.label} (holds the seat, whatever the majority)", True
        else:
            note, paid = f"+{seat.amount} {seat.label} (holds the seat; it is not counted for the majority)", True
        bonuses = line.bonuses + (((seat.label, seat.amount),) if paid else ())
        if paid and line.place == 0:
            note = f": {note}"
        elif paid:
            note = f" {note}"
        else:
            note = f"; {note}"
        by_who[seat.holder] = replace(line, scores=seat.holder not in never, bonuses=bonuses,
                                      reason=line.reason + note)
    return [by_who[line.who] for line in lines]


def _line(who: str, count: int, column: int, tied: bool, scores: bool, base: int, place: int, columns: int,
          king: bool, grande: bool) -> Line:
    if tied:
        reason = f"tied for {_ordinal(place)} -> {_ordinal(column)} place"
    else:
        reason = f"{'sole ' if place == 1 else ''}{_ordinal(place)} place"
    if column > columns:
        reason += f" (only {columns} column{'s' if columns > 1 else ''} score)"
    if not scores:
        return Line(who, count, column, tied, False, 0, (), reason + ": takes the place, never scores")
    bonuses = _bonuses(place, tied, king, grande)
    reason += f": {base}" + "".join(f" +{amount} {label}" for label, amount in bonuses)
    return Line(who, count, column, tied, True, base, tuple(bonuses), reason)
