"""The setup's offer (issue 34): the whole setup as the companion draws it, the step the wizard's
*Companion draws all* sends. The draw is the referee's own (``referee.draw_setup``, from the seed),
so the step offered is the one the referee takes."""

from companion.engine import referee, steps
from companion.engine.settings import Settings
from companion.engine.state import GameState


def whole(settings: Settings) -> steps.SetupDone:
    """King's region, homes and first player (and a way to play's own draws) from the settings' seed."""
    return referee.draw_setup(GameState(settings))
