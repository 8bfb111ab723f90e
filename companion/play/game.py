"""A game at the table: the state, the phase chart and the journal together, and the flow of a unit.

    game = Game.new(settings, path)        # or Game.resume(path) after a restart
    game.prompt                            # what now, and for whom
    game.send(PowerCardPlayed("red", 9))   # checked, journaled (fsynced), applied
    game.undo()                            # back one step, as often as needed

A unit the table confirms goes one way: checked and taken in memory (each step against the game
the ones before it leave; a unit of several taken on a copy, which the game keeps: speed.py), then written to the
journal as one line, then the snapshot beside it; undo the same way, the game rebuilt in memory
(undo.py) before the undo line is written. A refused step raises StepRefused with a one-line reason
and is not journaled; a failed write puts the game back as it was. The state is always the replay
of the journal's steps.

The other parts, each in its module: the phase chart built when first needed (chart.py); the
in-memory copies and the rebuild an undo starts from (undo.py); the speed path, a unit's trial on
a copy (speed.py) and the steps taken in place (in_place.py); the journal read back, resumed or
checked (replays.py), with the snapshot (snapshot.py); and where a game resumed from its snapshot
fails, the log's game, then the disk mended (fallback.py).
"""

import json
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import companion.engine.modes  # noqa: F401  (the Big Box's modes register their rules: engine/hooks.py)
from companion.engine import conservation, hooks, remembered
from companion.engine.events import event_of
from companion.engine.prompt import Prompt, prompt_for
from companion.engine.refused import Replayed
from companion.engine.settings import Settings
from companion.engine.settings_check import check_settings
from companion.engine.state import GameState
from companion.engine.steps import KINDS, Step, StepRefused
from companion.play import snapshot as snapshots
from companion.play.chart import refuse_phase
from companion.play.in_place import stays
from companion.play.logged_steps import Steps, StepsView
from companion.play.replays import Replays, settings_of
from companion.play.undo import SNAPSHOT_EVERY, TakenBack, taken_back
from companion.record import snapshot as snapshot_file
from companion.record.files import FileFault
from companion.record.journal import Journal, JournalError

if TYPE_CHECKING:
    from companion.engine.phases import Phases
    from companion.play.fallback import Mend

__all__ = ["SNAPSHOT_EVERY", "Game", "JournalError", "settings_of"]


class Game(Replays):
    def __init__(self, settings: Settings, journal: Journal | None = None):
        self.settings = settings
        self.journal = journal
        self.state = GameState(settings)
        #: The phase chart (python-statemachine), built when first needed (see ``machine``); until
        #: then, after a resume from a snapshot, where it stands: (position, phase, allowed events).
        self._machine: Phases | None = None
        self._resting: tuple[Any, str, frozenset[str]] | None = None
        self._steps = Steps()
        #: How many steps each confirmation recorded, in order (1 but for a unit): undo takes one.
        self._units: list[int] = []
        #: Steps taken -> (the state after them: pickled (copies.Kept), or as a snapshot file writes it, or None for
        #: the new game's; the phase chart's configuration then, None for its first).
        self._snapshots: dict[int, tuple[Any, object]] = {0: (None, None)}
        #: The in-memory copies a snapshot holds besides the last state, as it writes them: steps ->
        #: (the copy as ``_snapshots`` holds it, its JSON text), made once per copy (the last two kept).
        self._encoded: dict[int, tuple[Any, str]] = {}
        self._memo: dict[int, tuple[object, Any]] = {}  # (see snapshot.encode)
        #: The score sheet's lines as the last snapshot wrote them, and that text (see snapshot.keep); after a
        #: resume, the lines the snapshot read and their JSON values as it held them (made text when first written).
        self._sheet_text: tuple[tuple[Any, ...], str | list[Any]] = ((), "[]")
        #: For a copy a unit is tried on (speed.py), the game it copies; whether a step is in the chart.
        self._trying: Game | None = None
        self._in_chart = False
        #: The state is the snapshot's (companion/play/snapshot.py restored), not the log's replay: a
        #: step or undo that fails inside sets the snapshot aside and replays the log (fallback.py).
        self.from_snapshot = False
        #: Within ``one_snapshot``: how deep, and whether a unit sent there left the snapshot to write.
        self._snapshot_held = 0
        self._snapshot_due = False

    # -- starting (resuming, replaying and checking a journal: replays.py) --------
    @classmethod
    def new(cls, settings: Settings, path: Path | str | None = None) -> "Game":
        """A new game; with a path, every step is kept in a journal there."""
        check_settings(settings)
        journal = Journal.create(path, {"settings": settings.to_json(), "started": now_utc()}) if path else None
        if path:
            snapshot_file.discard(Path(path))  # another game's, if any (never trusted: not this log's)
        return cls(settings, journal)

    # -- playing -------------------------------------------------------------------
    @property
    def expects(self) -> tuple[str, ...]:
        """The step kinds the chart accepts now, corrections left out: what the table is asked for
        (within a press remembered until the game changes: a card's page asks for them dozens of times)."""
        allowed = self._allowed()
        memo, state = remembered.now, self.state
        key = ("expects", id(state), allowed)
        if memo is not None:
            known = memo.get(key)
            if known is not None:
                return known[1]
        found = tuple(kind for kind, step in KINDS.items()
                      if not step.correction and event_of(kind) in allowed
                      and hooks.of(state.settings).offered(state, kind))
        if memo is not None:
            memo[key] = (state, found)
        return found

    @property
    def over(self) -> bool:
        return self.phase == "game_over"

    @property
    def steps(self) -> StepsView:
        """The steps taken, as a tuple of them (each read from the log decoded when read: logged_steps.py)."""
        return self._steps.view()

    @property
    def step_count(self) -> int:
        """How many steps the game holds (a resumed game's replayed)."""
        return len(self._steps)

    @property
    def can_undo(self) -> bool:
        """Whether there is a step to undo (``undo`` refuses "nothing to undo" otherwise)."""
        return bool(self._steps)

    @property
    def undo_takes_back(self) -> TakenBack | None:
        """What ``undo`` takes back, as the undo question names it (None: nothing to undo)."""
        return taken_back(self.last_unit) if self._steps else None

    @property
    def last_unit(self) -> tuple[Step, ...]:
        """The steps of the last confirmation (what an undo takes back)."""
        count = self._units[-1] if self._units else min(1, len(self._steps))
        return tuple(self._steps[len(self._steps) - count:])

    @property
    def prompt(self) -> Prompt:
        return prompt_for(self.state, self.phase, self.expects)

    def check(self, step: Step, logged: bool = False) -> None:
        """Raise StepRefused if the step cannot be taken now; change nothing. ``logged``: the
        step was read from the game log (so it is kept there as it is)."""
        if not logged and Step.from_json(json.loads(json.dumps(step.to_json()))) != step:
            raise StepRefused(f"{step.kind} cannot be kept in the game log as it is")  # it must replay as itself
        if event_of(step.kind) not in self._allowed():
            refuse_phase(self, step)
        _rules().check(self.state, step)  # the rules on (state, step): companion/engine/rules.py

    def send(self, *steps: Step, follow: Callable[["Game"], Sequence[Step]] | None = None) -> None:
        """Record what the table confirmed: the steps are checked whole (each against the game
        as the ones before it leave it), then written as one unit, then kept; undone as one.
        ``follow`` names the steps that go without saying in the game they leave (a special action
        with no choice): checked after them and kept in the same unit, so an undo takes them too.
        A refusal (StepRefused) or a failed write leaves the game and the journal as they were.
        In a game resumed from its snapshot, a failure of ours (an internal error) replays the log
        instead, then mends the disk (fallback.py), and raises Replayed: the steps were not written."""
        if not steps:
            return
        try:
            self._send(steps, follow)
        except (StepRefused, OSError, FileFault):
            raise
        except Exception as error:
            if not self.from_snapshot:
                raise
            self._from_the_log(error)
            raise Replayed(f"{_said(error)}, without the step: confirm it again") from None

    def _send(self, steps: tuple[Step, ...], follow: Callable[["Game"], Sequence[Step]] | None) -> None:
        before = len(self._steps)
        if self.from_snapshot:
            self._resumed_copy()  # (undo.py: once, before the state first changes)
        self._take(list(steps))
        try:
            following = list(follow(self)) if follow is not None else []
            if following:
                self._take(following)
                self._units[-2:] = [len(steps) + len(following)]
            if self.journal is not None:
                self.journal.append_unit([step.to_json() for step in (*steps, *following)])
        except BaseException:
            self._rebuild(before, fresh_machine=True)
            del self._units[-1]
            raise
        self.keep_snapshot()

    def undo(self) -> Step:
        """Take back the last confirmation, all its steps (StepRefused when there is none);
        returns its last step. Rebuilt in memory first, then written (the undo line, the snapshot):
        a rebuild that fails or an undo line that cannot be written leaves the game and the log as
        they were. In a game resumed from its snapshot, a failure of ours replays the log instead,
        mends the disk after (fallback.py), undoes the log's game and raises Replayed."""
        if not self._steps:
            raise StepRefused("nothing to undo")
        held = self._held()
        try:
            with remembered.changing():  # the states rebuilt: no verdict of the rules kept
                last = self._undone()  # in memory only; put back if it fails
        except Exception as error:
            if not self.from_snapshot:
                raise
            if self._from_the_log(error).damage is not None or not self._steps:
                raise Replayed(f"{_said(error)}: undo again if it is still needed") from None
            try:
                self.undo()  # the log's game, from its own copies
            except (StepRefused, OSError, FileFault) as refused:
                raise Replayed(f"{_said(error)}; the undo was not made: {refused}") from None
            raise Replayed(f"{_said(error)}, where the undo stands") from None
        if self.journal is not None:
            try:
                self.journal.undo()
            except BaseException:
                self._put_back(held)
                raise
        self.keep_snapshot()
        return last

    def _from_the_log(self, error: Exception) -> "Mend":
        """After ``error`` in a game resumed from its snapshot, the failed call put back: the log's game
        in this one (memory), then the disk mended (the snapshot set aside, the log cut where its own
        replay fails, a new snapshot)."""
        from companion.play import fallback  # (only where a game from its snapshot fails: never on a start)

        mend = fallback.log_game(self, error)
        fallback.mend(self, mend)
        return mend

    def keep_snapshot(self) -> None:
        """Write the snapshot beside the journal (companion/play/snapshot.py); never fails the game.
        Within ``one_snapshot``, once, when it ends."""
        if self._snapshot_held:
            self._snapshot_due = True
        elif self.journal is not None and self.journal.writable:
            snapshots.keep(self, self.journal)

    @contextmanager
    def one_snapshot(self) -> Iterator[None]:
        """The units confirmed within are written to the game log as ever, each its line, fsynced (nothing
        confirmed is lost), and the snapshot once, after the last: a press that confirms several units
        (the placements, the scoring they make whole, the turn's end: issue 36, the dearest press) writes
        one snapshot, not one a unit. A kill between two of them leaves the snapshot behind the log: it
        is not trusted and the log is replayed (the game log always wins)."""
        self._snapshot_held += 1
        try:
            yield
        finally:
            self._snapshot_held -= 1
            if not self._snapshot_held and self._snapshot_due:
                self._snapshot_due = False
                self.keep_snapshot()

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()

    # -- inside --------------------------------------------------------------------
    def _take(self, steps: list[Step], logged: bool = False, try_first: bool = True) -> None:
        """Check and apply steps as one unit: each is checked against the game the ones before
        it leave; if any is refused (or a bug stops one half-way) none is kept. A live unit of
        several is taken on a copy of the state, which this game then keeps (speed.py): a refusal
        leaves this game's state untouched (pages hold it), and each step is taken once; steps
        read from the game log (``logged``: known to be kept in it as they are) are taken at once,
        and a refusal rebuilds the game from its nearest in-memory copy."""
        if len(steps) > 1 and try_first and not logged:  # taken on a copy, kept whole (speed.py)
            self._trial(steps)
            self._units.append(len(steps))
            return
        before = len(self._steps)
        started = False
        try:
            for step in steps:
                self.check(step, logged)
                started = True
                self._apply(step)
        except BaseException:
            if self._trying is None and started:
                self._rebuild(before, fresh_machine=True)  # (a first step refused changed nothing)
            raise
        self._units.append(len(steps))

    def _apply(self, step: Step) -> None:
        self._in_chart = True
        event = event_of(step.kind)
        with remembered.changing():  # the chart's actions change the state: no verdict of the rules kept
            if not stays(self.machine, event, step):
                self.machine.send(event, step=step)
        self._in_chart = False
        conservation.check(self.state)  # every Caballero still somewhere (a refusal: the step is not kept)
        self._steps.append(step)
        self._kept_now()


def _said(error: Exception) -> str:
    """fallback.said: the failure of ours in one line (fallback.py imported only when one happens)."""
    from companion.play import fallback

    return fallback.said(error)


@cache
def _rules() -> ModuleType:
    """companion/engine/rules.py (the referee and all it imports), imported with the first step checked:
    a game resumed from its snapshot draws its first frame without it."""
    from companion.engine import rules

    return rules


def now_utc() -> str:
    """The wall-clock time for the journal's header (never used by the rules)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
