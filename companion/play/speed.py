"""The speed path of a unit: tried first on a copy of the state, through the game's own chart.

A unit of several steps must be kept whole or not at all, and a refusal must leave the state the
pages hold untouched. Rather than apply it and rebuild on a refusal (a rebuild replays up to
SNAPSHOT_EVERY steps and may build a chart), the unit is taken on a copy of the state
(copies.Kept: pickled, the score sheet's lines shared) through this game's own phase chart, whose
model is swapped for the copy and set back after, at the position it stood (``copied``: a compound
phase's ordered set copied, so later transitions cannot change it). Each step is then checked on
the very state it meets, so the game applies the unit without a second check.

A step that stays where the chart stands is taken in place (in_place.py), the other part of the
speed path: game.py's ``_apply``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
        which is set back to where it stood after; StepRefused as the unit would be refused."""
        copy = type(self).__new__(type(self))
        copy.settings, copy.journal, copy._units, copy._snapshots = self.settings, None, [], {}
        copy.state = Kept.of(self.state).state()
        copy.machine, copy._steps, copy._trying, copy._in_chart = self.machine, self._steps.copy(), self, False
        position = copied(self.machine.current_state_value)
        self.machine.game = copy.state
        try:
            copy._take(steps, try_first=False)
        finally:
            if copy._in_chart:  # stopped inside a transition: a new chart, to be sure of it
                self.machine = new_chart(self.state)
            self.machine.game = self.state
            self.machine.current_state_value = position
            if self.machine.is_terminated:
                resume_engine(self)

    if TYPE_CHECKING:
        def _take(self, steps: list[Step], logged: bool = False, try_first: bool = True) -> None:
            """A unit checked and taken (game.py)."""
