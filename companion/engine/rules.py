"""The rules as functions of a state and a step: the engine's one entry for the referee.

    rules.check(state, step)   # StepRefused with the one-line reason; changes nothing
    rules.apply(state, step)   # the step done to the state (in place), the board's law checked

No chart, game log, trial copy or snapshot: a test builds a ``GameState`` (tests/engine/states.py)
and asks these two. ``Game`` (companion/play/game.py) asks the same two for every step it takes.

What is *not* here, and why: **whether the phase accepts the step** (a Power card during the
turns, a second action card in one turn). That is the phase chart's configuration
(companion/engine/phases.py), which the state does not hold: the state knows the round, the cards
played and taken, the scoring under way, but not, say, whether the general scoring stands at the
Castillo or in the regions, or a special scoring entered and a Veto that left it; computing it
from the state would be the chart written a second time, the one definition lost. So the phase's
acceptance stays in play (``Game.check``: the chart's allowed events, then these rules), and
tests of a refusal "not possible now" play a ``Game`` (tests/play/test_phase_refusals.py).

``apply`` works in place, as ``referee.apply`` always has: the chart's actions call it on the
game's one state for every step, and a copy per step would cost a replay a pickle each (the
bench's replay figure); :func:`after` gives a new state for a test that wants one.
"""

from __future__ import annotations

import copy

from companion.engine import conservation, referee
from companion.engine.state import GameState
from companion.engine.steps import Step


def check(state: GameState, step: Step) -> None:
    """Refuse (StepRefused, one line) a step the rules do not allow on this state; change nothing."""
    referee.check(state, step)


def apply(state: GameState, step: Step) -> None:
    """Do a step ``check`` allowed to the state; StepRefused if the board then breaks the law of
    conservation (companion/engine/conservation.py: the state is then not to be kept)."""
    referee.apply(state, step)
    conservation.check(state)


def after(state: GameState, *steps: Step) -> GameState:
    """A new state: ``state`` (unchanged) with the steps checked and applied one after another."""
    state = copy.deepcopy(state)
    for step in steps:
        check(state, step)
        apply(state, step)
    return state
