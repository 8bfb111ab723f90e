"""The speed path of a unit: tried first on a copy of the state, through the game's own chart.

A unit of several steps must be kept whole or not at all, and a refusal must leave the state the
pages hold untouched. Rather than apply it and rebuild on a refusal (a rebuild replays up to
SNAPSHOT_EVERY steps and may build a chart), the unit is taken on a copy of the state
(copies.Kept: pickled, the score sheet's lines shared) through this game's own phase chart, whose
model is swapped for the copy (set back at the position it stood if a step is refused: ``copied``, a
compound phase's ordered set copied, so later transitions cannot change it). Each step is checked on
the very state it meets and taken there; the unit taken, the game keeps the copy (its state's fields
in the game's one state object, its steps, the in-memory copies an undo starts from, the chart where
the unit left it) rather than take the unit a second time on its own state (issue 36: a scoring's
confirmation took its Scored steps twice).

A step that stays where the chart stands is taken in place (in_place.py), the other part of the
speed path: game.py's ``_apply``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import remembered
from companion.engine.steps import Step
from companion.play.chart import copied, new_chart, resume_engine
from companion.play.copies import Kept
from companion.play.undo import Undoing

if TYPE_CHECKING:
    from companion.engine.settings import Settings
    from companion.record.journal import Journal


class Trials(Undoing):
    """The trial part of a game: ``_trial`` takes a unit on a copy of it."""

    settings: Settings
    journal: Journal | None
    #: Whether a step is inside the chart's transition (a trial stopped there needs a new chart).
    _in_chart: bool

    def _trial(self, steps: list[Step]) -> None:
        """Take a unit on a copy of the state, through this game's own phase chart (no second chart),
        and keep the copy: its state, its steps, its in-memory copies, the chart where the unit left it.
        StepRefused as the unit would be refused, the game and its chart then as they stood."""
        copy = type(self).__new__(type(self))
        copy.settings, copy.journal, copy._units, copy._snapshots = self.settings, None, [], {}
        copy.state = Kept.of(self.state).state()
        copy.state.settings = self.state.settings  # (the one object, as the state it copies has it)
        copy.machine, copy._steps, copy._trying, copy._in_chart = self.machine, self._steps.copy(), self, False
        position = copied(self.machine.current_state_value)
        self.machine.game = copy.state
        taken = False
        try:
            copy._take(steps, try_first=False)
            taken = True
        finally:
            if not taken:
                if copy._in_chart:  # stopped inside a transition: a new chart, to be sure of it
                    self.machine = new_chart(self.state)
                self.machine.game = self.state
                self.machine.current_state_value = position
                if self.machine.is_terminated:
                    resume_engine(self)
        with remembered.changing():  # the state takes the copy's fields: no answer of its own kept
            vars(self.state).update(vars(copy.state))  # (the one state object, as steps taken on it leave it)
        self.machine.game = self.state
        self._steps = copy._steps
        self._snapshots.update(copy._snapshots)

    if TYPE_CHECKING:
        def _take(self, steps: list[Step], logged: bool = False, try_first: bool = True) -> None:
            """A unit checked and taken (game.py)."""
