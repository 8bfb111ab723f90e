"""Undo without replaying the whole game: the in-memory copies a game keeps, and the game rebuilt
from the nearest one.

Every SNAPSHOT_EVERY steps the game keeps a copy of the state (pickled, in memory only:
copies.Kept) and where the phase chart stood; an undo starts from the nearest copy at or before
the step it goes back to and replays the few steps after it. A game resumed from its snapshot
starts with the snapshot's copies (as the file writes them: snapshot.restored).

An undo is made in memory first and written after (game.py): ``held`` notes the game's parts as
they stand (only the two small lists copied: the units, the copies' index), and ``put_back`` sets them back when the
rebuild fails or the undo line cannot be written, so the game and its log never disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from companion.engine.modes import steps as s
from companion.engine.state import GameState
from companion.engine.steps import Step
from companion.play import snapshot as snapshots
from companion.play.chart import Charted, copied, new_chart, resume_engine
from companion.play.copies import Kept
from companion.play.logged_steps import Steps

if TYPE_CHECKING:
    from companion.engine.phases import Phases

class TakenBack(NamedTuple):
    """What an undo takes back, as the undo question names it: the step the table confirmed (a
    special action without a choice went with it: not that one), and the places a general scoring
    confirmed at once (or the board scored), with the unit's first step when it is not one of them."""

    named: Step
    scored: tuple[str, ...]
    before: Step | None


def taken_back(unit: tuple[Step, ...]) -> TakenBack:
    """What undoing ``unit`` (a confirmation's steps, not empty) takes back."""
    automatic = len(unit) > 1 and isinstance(unit[-1], s.SpecialActionChosen)
    scored = tuple(step.where for step in unit if isinstance(step, s.Scored))
    return TakenBack(unit[-2] if automatic else unit[-1], scored, None if isinstance(unit[0], s.Scored) else unit[0])


#: Steps between two in-memory copies of the state: an undo replays at most this many minus one.
SNAPSHOT_EVERY = 8


class Held(NamedTuple):
    """A game's in-memory parts as they stood (see ``Undoing.held``)."""

    state: GameState
    steps: Steps
    units: list[int]
    copies: dict[int, tuple[Any, object]]
    machine: Phases | None
    resting: tuple[Any, str, frozenset[str]] | None
    position: object


class Undoing(Charted):
    """The undo part of a game: its in-memory copies, ``rebuild`` from them, ``held``/``put_back``."""

    _steps: Steps
    #: How many steps each confirmation recorded, in order (1 but for a unit): undo takes one.
    _units: list[int]
    #: Steps taken -> (the state after them: pickled (copies.Kept), or as a snapshot file writes it, or None for
    #: the new game's; the phase chart's configuration then, None for its first).
    _snapshots: dict[int, tuple[Any, object]]
    #: For a copy a unit is tried on (speed.py), the game it copies (which keeps the trial's copies).
    _trying: Any

    def _undone(self) -> Step:
        """The game without its last confirmation, all its steps, in memory only (nothing written);
        returns its last step. On a failure the game is as it was (put back) and the error raised."""
        held = self._held()
        last = self._steps[-1]
        try:
            count = self._units.pop() if self._units else 1
            self._rebuild(len(self._steps) - count)
        except BaseException:
            self._put_back(held)
            raise
        return last

    def _held(self) -> Held:
        """The game's parts as they stand, for ``put_back``: a rebuild makes a new state and new lists,
        so only the list of copies and the chart's position need noting."""
        machine = self._machine
        position = copied(machine.current_state_value) if machine is not None else None
        return Held(self.state, self._steps, list(self._units), dict(self._snapshots), machine,
                    self._resting, position)

    def _put_back(self, held: Held) -> None:
        """The game as ``held`` noted it (after a rebuild that failed or an undo that was not written)."""
        self.state, self._steps, self._units, self._snapshots = held.state, held.steps, held.units, held.copies
        self._machine, self._resting = held.machine, held.resting
        if held.machine is not None:
            held.machine.game = held.state
            held.machine.current_state_value = held.position
            if held.machine.is_terminated:
                resume_engine(self)

    def _snapshot(self, count: int | None = None) -> None:
        """An in-memory copy of the state and the chart's position after ``count`` steps (default: all)."""
        self._snapshots[len(self._steps) if count is None else count] = (
            Kept.of(self.state), copied(self.machine.current_state_value))

    def _resumed_copy(self) -> None:
        """Before a resumed game's state first changes: its copy at the resume point, which is the snapshot's
        state as JSON (decoded and checked again by an undo back to it), made a pickle of the state the
        resume decoded and checked (the JSON kept beside it, for the next snapshot's text): an undo after the
        first confirmation unpickles it, as after any other (issue 36: that undo grew with the game)."""
        count = len(self._steps)
        entry = self._snapshots.get(count)
        if entry is not None and entry[0] is not None and not isinstance(entry[0], Kept):
            self._snapshots[count] = (Kept.of(self.state, written=entry[0]), entry[1])

    def _kept_now(self) -> None:
        """After a step: a copy every SNAPSHOT_EVERY steps (a trial's, for the game that keeps it: speed.py)."""
        if len(self._steps) % SNAPSHOT_EVERY == 0:
            self._snapshot()

    def _rebuild(self, count: int, fresh_machine: bool = False) -> None:
        """The game after its first ``count`` steps: from the nearest snapshot, replaying the rest.

        The phase chart is kept and set to the snapshot's configuration (the
        library's low-level ``current_state_value``: no hooks run, as on a
        resume). A new chart is built (≈10 steps' worth of work) from the new
        game's copy, or with ``fresh_machine``, for when a step failed half-way
        through the chart; one stopped at Game over is set going again.
        """
        steps = self._steps[:count]
        for later in [n for n in self._snapshots if n > count]:
            del self._snapshots[later]
        start = max(self._snapshots)  # 0, the empty game, is always there
        kept, configuration = self._snapshots[start]
        self.state = self._state_of(kept)
        if fresh_machine or configuration is None:
            self.machine = new_chart(self.state)
        elif self.machine.is_terminated:
            resume_engine(self)
        if configuration is not None:
            snapshots.position(self.machine, self.state, snapshots.chart_value(configuration))
        self._steps = steps[:start]
        for step in steps[start:]:
            self._apply(step)

    if TYPE_CHECKING:
        def _apply(self, step: Step) -> None:
            """One step taken (game.py)."""
