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

**Verdicts remembered within a press** (issue 36): a page's offers ask the same question of the same
state many times (a card's move page asked 491 checks in one press, most of them twice or more).
Inside ``remembered.remembering`` (companion/engine/remembered.py: the controller's press and its
frame) ``check`` remembers each verdict by (the state object, the step) until the state may change
(``refusal`` is the same verdict, returned instead of raised: the offers ask it of many steps):
``apply`` forgets them all (and remembers nothing while it changes the state), and the game takes its steps and undoes them inside
``remembered.changing`` (the phase chart's actions change the state outside ``apply``), which
forgets them and remembers nothing until it ends. Outside ``remembering`` (a replay, a resume, a
test) nothing is remembered. The states remembered are held until the scope ends, so an object's
id is never another's while its verdicts are kept.
"""

from __future__ import annotations

import copy

from companion.engine import conservation, referee, remembered
from companion.engine.state import GameState
from companion.engine.steps import Step, StepRefused


def check(state: GameState, step: Step) -> None:
    """Refuse (StepRefused, one line) a step the rules do not allow on this state; change nothing."""
    refused = _verdict(state, step)
    if refused is not None:
        raise refused.with_traceback(None)


def refusal(state: GameState, step: Step) -> str | None:
    """Why the rules refuse ``step`` on this state (its one line), None when they allow it: ``check``'s
    verdict without raising it, for the offers that ask it of many steps (companion/engine/offers)."""
    refused = _verdict(state, step)
    return None if refused is None else str(refused)


def _verdict(state: GameState, step: Step) -> StepRefused | None:
    """The referee's refusal of ``step`` on ``state`` (None: allowed), remembered within a press."""
    verdicts = remembered.now
    if verdicts is None:
        return _asked(state, step)
    try:
        key = (id(state), step)
        known = verdicts.get(key)
    except TypeError:  # a step with an unhashable field: asked every time
        return _asked(state, step)
    if known is None:
        refused = _asked(state, step)
        verdicts[key] = (state, refused)
        return refused
    return known[1]  # type: ignore[no-any-return]


def _asked(state: GameState, step: Step) -> StepRefused | None:
    """The referee's refusal, its traceback let go: kept, it would hold the referee's frames and all
    they hold (the verdicts among them) in a cycle only the garbage collector breaks (issue 36: a
    collection of thousands of such objects in one press)."""
    try:
        referee.check(state, step)
    except StepRefused as refused:
        return refused.with_traceback(None)
    return None


def apply(state: GameState, step: Step) -> None:
    """Do a step ``check`` allowed to the state; StepRefused if the board then breaks the law of
    conservation (companion/engine/conservation.py: the state is then not to be kept)."""
    if remembered.now is None:  # (a replay, a resume: nothing remembered)
        referee.apply(state, step)
        conservation.check(state)
        return
    with remembered.changing():  # every verdict forgotten, none remembered while the state changes
        referee.apply(state, step)
        conservation.check(state)


def after(state: GameState, *steps: Step) -> GameState:
    """A new state: ``state`` (unchanged) with the steps checked and applied one after another."""
    state = copy.deepcopy(state)
    for step in steps:
        check(state, step)
        apply(state, step)
    return state
