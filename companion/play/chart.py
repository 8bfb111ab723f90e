"""A game's phase chart (python-statemachine), built only when a step needs it.

A game resumed from its snapshot shows its first frame, its phase and what it
asks, from what the snapshot says of where the chart stands; the chart itself
(the library's import and the chart's making: the bench's instructions section counts them)
is built when the first step is taken or undone. ``Game`` (game.py) is a
``Charted``.
"""

from __future__ import annotations

from collections.abc import MutableSet
from typing import TYPE_CHECKING, Any, NoReturn

from companion.engine import hooks
from companion.engine.settings import Settings
from companion.engine.state import GameState
from companion.engine.steps import Step, StepRefused
from companion.play import snapshot as snapshots
from companion.play.copies import Kept

if TYPE_CHECKING:
    from companion.engine.phases import Phases

#: The events the phase chart allows at each of its positions (configuration value -> event ids): the
#: chart's own, never a snapshot's (issue 33: one bit in a snapshot's "allowed" refused a step on every start).
_ALLOWED: dict[object, frozenset[str]] = {}


class Charted:
    """The phase chart part of a game: ``machine``, ``phase``, the allowed events."""

    settings: Settings
    state: GameState
    #: The chart, once built; until then, after a resume from a snapshot, where it stands:
    #: (position as JSON, phase, allowed events).
    _machine: Phases | None
    _resting: tuple[Any, str, frozenset[str]] | None

    @property
    def machine(self) -> Phases:
        """The phase chart, built on first use (a resumed game shows its first frame without it)."""
        if self._machine is None:
            from companion.engine.phases import Phases

            chart = Phases(self.state)
            if self._resting is not None:  # where a snapshot says it stands: the chart's own, or Unfit
                position, phase, allowed = self._resting
                snapshots.position(chart, self.state, position)
                found = frozenset(event.id for event in chart.allowed_events)
                if allowed != found:
                    raise snapshots.Unfit(f"the snapshot's chart at {position} allows {sorted(allowed)[:3]}, "
                                          f"not the chart's {sorted(found)[:3]}")
                _ALLOWED.setdefault(position_key(chart.current_state_value), found)
            self._machine, self._resting = chart, None
        return self._machine

    @machine.setter
    def machine(self, chart: Phases) -> None:
        self._machine, self._resting = chart, None

    @property
    def phase(self) -> str:
        """The phase of the game: a top-level state of the chart ("turns" for a whole turn)."""
        if self._machine is None and self._resting is not None:
            return self._resting[1]
        return next(st.id for st in self.machine.configuration if st.parent is None)

    def _allowed(self) -> frozenset[str]:
        """The events the chart allows where it stands (the same for every game: kept per position)."""
        if self._machine is None and self._resting is not None:
            return self._resting[2]  # the snapshot's, checked when the chart is built: never in _ALLOWED
        key = position_key(self.machine.current_state_value)
        found = _ALLOWED.get(key)
        if found is None:
            found = _ALLOWED[key] = frozenset(event.id for event in self.machine.allowed_events)
        return found

    def position(self) -> tuple[Any, str, frozenset[str]]:
        """Where the phase chart stands, as a snapshot keeps it: (its configuration as JSON, the
        phase, the events it allows)."""
        if self._machine is None and self._resting is not None:
            return self._resting
        return snapshots.chart_value(self.machine.current_state_value), self.phase, self._allowed()

    def _state_of(self, kept: Any) -> GameState:
        """A new copy of an in-memory copy's state: pickled, as a snapshot file writes it, or None
        for the new game's."""
        if kept is None:
            return GameState(self.settings)
        if isinstance(kept, Kept):  # pickled in memory
            state: GameState = kept.state()
            return state
        return snapshots.state_of(kept, self.settings)  # (checked when it was read: Unfit if it does not fit)


def forget_allowed() -> None:
    """Empty the process-wide table of allowed events: it is learned again from the charts. The log's
    check while the table rests (recheck.py) trusts no entry a snapshot's position may have put there."""
    _ALLOWED.clear()


def resume_engine(game: Charted) -> None:
    """The chart stopped at Game over, going on from an earlier position (an undo): the library's
    engine set running again (its ``running`` flag, which Game over cleared), or a new chart where
    a version of the library keeps it otherwise."""
    engine = getattr(game.machine, "_engine", None)
    if engine is not None and getattr(engine, "running", True) is False:
        engine.running = True
    if game.machine.is_terminated:
        game.machine = new_chart(game.state)


def new_chart(state: GameState) -> Phases:
    from companion.engine.phases import Phases

    return Phases(state)


def position_key(value: object) -> Any:
    """Where the chart stands, as a key: its configuration value (a compound phase's ordered set as a
    tuple). The allowed events and the steps taken in place (in_place.py) are kept by it."""
    return tuple(value) if isinstance(value, MutableSet) else value


def copied(configuration: object) -> object:
    """A configuration value of the chart that later transitions cannot change (a set is copied)."""
    if not isinstance(configuration, MutableSet):
        return configuration
    kind: Any = type(configuration)  # the library's own ordered set
    return kind(configuration)


#: Why a step waits, in the parts of a turn (the phase chart's leaf states, by their ids).
_NOT_YET = {
    "choosing": "{name} takes an action card first",
    "acting": "{name} has already taken an action card this turn",
}


def refuse_phase(game: Any, step: Step) -> NoReturn:
    """A step the chart does not take where it stands, refused in one line that says why."""
    leaf = [st.id for st in game.machine.configuration][-1]
    if leaf == "choosing" and hooks.of(game.state.settings).own_cards:
        raise StepRefused(f"{game.state.name(game.state.active)} chooses the special action first")
    if leaf in _NOT_YET:
        raise StepRefused(_NOT_YET[leaf].format(name=game.state.name(game.state.active)))
    name = " · ".join(st.name for st in game.machine.configuration)
    raise StepRefused(f"{step.kind} is not possible now: {game.prompt.headline} ({name})")
