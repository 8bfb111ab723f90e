"""Steps that leave the phase chart where it stands, taken without a trip through its engine.

Most steps stay inside their phase: a Power card that is not the round's last, a region
scored that is not the scoring's last, a Caballero placed. In the chart (phases.py) each is an
internal self-transition of the phase in play whose only work is its action (``apply``), after a
guard at most. python-statemachine's ``send`` still costs such a step ≈0.6 M instructions
whatever the chart (its queue, its macrostep's look for eventless transitions, the matching of
every event name on the way, the callbacks' signature binding): more than half of a replay
(issue 23: replay per step).

So ``stays`` takes them itself, from a plan read off the chart once for each position and
event: the transition ``send`` would select (the first of the active phase, then of its parents,
whose events match; a compound phase's initial transition aside) when it is an internal
self-transition of that phase with only named conditions and actions, and the machine and its
model define none of the library's convention callbacks for it (``before_transition``,
``on_<event>``, …); the chart has no eventless transition, and entering no state nothing else
runs. Its conditions are called as the library calls them (``unless`` wanting False), then its
actions, in order. Any other case, and a condition that fails (the engine would look further), is
left to ``send``: the chart stays the one definition, and a test plays whole games both ways
to the same state and position (tests/play/test_in_place.py).

The plan is read from python-statemachine's transitions (their callback groups, ``cond``,
``internal``, ``match``, a callback spec's ``func`` and ``is_convention``), which the library does
not document as its API: no public way exists to ask which transition an event would take and what
it runs. So pyproject.toml pins the minor release the tests ran (``>=3.2,<3.3``: issue 34), and a
plan that cannot be read as this module expects (an AttributeError or TypeError) is no plan: the
step goes through ``send``, slower and the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from companion.play.chart import position_key

if TYPE_CHECKING:
    from statemachine import StateMachine
    from statemachine.transition import Transition

    from companion.engine.steps import Step

#: The library's callback groups a transition runs besides its conditions.
_GROUPS = ("validators", "before", "on", "after")


class Plan(NamedTuple):
    #: (method, the value it must return, whether it takes the step)
    conditions: tuple[tuple[str, bool, bool], ...]
    #: (method, whether it takes the step)
    actions: tuple[tuple[str, bool], ...]


_PLANS: dict[tuple[type, Any, str], Plan | None] = {}


def stays(machine: StateMachine, event: str, step: Step) -> bool:
    """Take ``step`` (the event ``event``) where the chart stands when its transition there is an
    internal self-transition whose conditions pass; True if it was taken, False to ``send`` it."""
    key = (type(machine), position_key(machine.current_state_value), event)
    try:
        plan = _PLANS[key]
    except KeyError:
        try:
            plan = _PLANS[key] = _plan(machine, event)
        except (AttributeError, TypeError):  # the library's transitions read otherwise: ``send`` it
            plan = _PLANS[key] = None
    if plan is None:
        return False
    for name, wanted, takes_step in plan.conditions:
        method = getattr(machine, name)
        if bool(method(step) if takes_step else method()) is not wanted:
            return False
    for name, takes_step in plan.actions:
        method = getattr(machine, name)
        method(step) if takes_step else method()
    return True


def _plan(machine: StateMachine, event: str) -> Plan | None:
    """How to take ``event`` where the chart stands, or None when only ``send`` may."""
    if any(t.is_eventless and not t.initial for state in type(machine).states_map.values() for t in state.transitions):
        return None  # (an eventless transition could follow any step: none in our chart)
    leaves = [state for state in machine.configuration if state.is_atomic]
    if len(leaves) != 1:
        return None
    leaf = leaves[0]
    for state in (leaf, *leaf.ancestors()):
        for transition in state.transitions:
            if transition.initial or not transition.match(event):
                continue
            if state.id != leaf.id or not (transition.internal and transition.target.id == leaf.id):
                return None
            return _plan_of(machine, transition)
    return None


def _plan_of(machine: StateMachine, transition: Transition) -> Plan | None:
    actions: list[tuple[str, bool]] = []
    for group in _GROUPS:
        for spec in getattr(transition, group):
            if not isinstance(spec.func, str):
                return None
            if spec.is_convention:
                if hasattr(machine, spec.func) or hasattr(machine.model, spec.func):
                    return None
            elif group == "on":
                actions.append((spec.func, _takes_step(machine, spec.func)))
            else:
                return None
    conditions = []
    for spec in transition.cond:
        if not isinstance(spec.func, str) or spec.is_convention or not callable(getattr(machine, spec.func, None)):
            return None
        conditions.append((spec.func, bool(spec.expected_value), _takes_step(machine, spec.func)))
    return Plan(tuple(conditions), tuple(actions))


def _takes_step(machine: StateMachine, name: str) -> bool:
    """Whether the chart's method ``name`` takes the step (the library binds arguments by name)."""
    import inspect  # (once a plan is made: not on a start)

    return "step" in inspect.signature(getattr(machine, name)).parameters
