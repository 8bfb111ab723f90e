"""Where Caballeros went last, kept on the state as the steps come (issue 34: a page reads the state,
never the steps): ``GameState.moved``, a ``LastMoves``, for the menu's *Correct: move Caballeros*
and its likeliest answers (engine/offers/corrections.py). Kept from the same steps the record holds,
every rules revision alike, so an old game log replays to the same guesses: the walks back through
the steps that these replace are kept in tests/engine/test_last_moves.py and compared."""

from companion.engine import steps as s
from companion.engine.state import GameState
from companion.rules import spain

#: The steps that put a colour's Caballeros somewhere.
MOVING = (s.Placed, s.CastilloThrow, s.CaballerosMoved, s.CardMoved)


def place(step: s.Step) -> str:
    """Where a step of ``MOVING`` put the Caballeros."""
    if isinstance(step, s.Placed):
        return step.region
    if isinstance(step, s.CastilloThrow):
        return spain.CASTILLO
    return step.target  # type: ignore[attr-defined]


def keep(state: GameState, step: s.Step) -> None:
    """After the referee applied ``step``: where it put Caballeros, and the last placement's run."""
    moved = state.moved
    if not isinstance(step, MOVING):
        moved.open = False  # a step between: the placement's run is over
        return
    where = place(step)
    moved.colour = step.colour
    moved.placed[step.colour] = where
    placing = isinstance(step, (s.Placed, s.CastilloThrow))
    if placing and moved.open and moved.run_colour == step.colour:
        moved.run.append(where)
    else:
        moved.run_colour, moved.run = step.colour, [where]
    moved.open = placing
