"""The menu's *Correct: move Caballeros*, its likeliest answers (issue 35: after a placement spread
over four places the correction cost 11 presses, 8 the documented figure): the Caballeros the last
placement put on the board first, the cursor in their middle (the fewest presses to any of them),
then where one of them likeliest belonged: the place beside it in that placement. Functions of
the state alone (where Caballeros went last: engine/last_moves.py), never of a Game or a page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.engine import board
from companion.engine.offers import caballeros

if TYPE_CHECKING:
    from companion.engine.state import GameState

def last_placement(state: GameState) -> tuple[str | None, tuple[str, ...]]:
    """The colour whose Caballeros a step moved last (None: none did) and the places that step's
    placement put them in, in the order placed: a turn's placements and throw (one unit: the run
    of that colour's Placed and CastilloThrow steps the record ends with, its turn's end after
    them passed over), else the one place a move took them to (kept: engine/last_moves.py)."""
    moved = state.moved
    return moved.colour, tuple(dict.fromkeys(moved.run))


def slipped(state: GameState, colour: str, run: Sequence[str]) -> list[str]:
    """Of the places the last placement put ``colour``'s Caballeros in, those still holding some
    (never the King's region), in the order placed: the Caballeros a correction likeliest moves."""
    return [p for p in run if p != state.king and board.held(state, colour, p)]


def middle(count: int) -> int:
    """The row among ``count`` that the fewest presses reach any other from (the upper middle)."""
    return max(0, (count - 1) // 2)


def targets(state: GameState, colour: str, source: str, places: Sequence[str],
            run: Sequence[str]) -> tuple[list[str], str | None]:
    """Where ``colour``'s from ``source`` may go (among ``places``, never the source or the King's
    region, the Court and Province only where the colour keeps them), the last placement's other
    places first in its order, then the rest as listed; and the likeliest: the place after the
    source in that placement (before it, when the source was its last), else the place listed
    after the source."""
    allowed = caballeros.move_targets(state, colour, source, tuple(places))
    beside = [p for p in run if p in allowed]
    ordered = beside + [p for p in allowed if p not in beside]
    if source in run and beside:
        at = list(run).index(source)
        after = [p for p in run[at + 1:] if p in allowed]
        before = [p for p in run[:at] if p in allowed]
        return ordered, (after[0] if after else before[-1])
    if source in places:
        at = list(places).index(source)
        nxt = next((p for p in [*places[at + 1:], *places[:at]] if p in allowed), None)
        return ordered, nxt
    return ordered, ordered[0] if ordered else None


def last_mover(state: GameState) -> str | None:
    """The colour whose Caballeros a step moved last (placed, thrown, moved): the likeliest to need
    a correction, also once his turn has ended with its placement's OK."""
    return state.moved.colour


def last_placed(state: GameState, colour: str) -> str | None:
    """Where ``colour``'s Caballeros last went by a step (placed, thrown, moved), if any."""
    return state.moved.placed.get(colour)
