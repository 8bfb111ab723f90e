"""A game at the table: the state, the phase machine and the journal together.

    game = Game.new(settings, path)        # or Game.resume(path) after a restart
    game.prompt                            # what now, and for whom
    game.send(PowerCardPlayed("red", 9))   # checked, journaled (fsynced), applied
    game.undo()                            # back one step, as often as needed

A refused step raises StepRefused with a one-line reason and is not
journaled. The state is always the replay of the journal's steps.

Undo does not replay the whole game: every SNAPSHOT_EVERY steps the game keeps
a copy of the state (pickled, in memory only) and the phase it was in, and an
undo starts from the nearest copy at or before the step it goes back to and
replays the few steps after it.

A resume does not replay the whole game either: after every confirmation and
undo the game writes its snapshot beside the journal (``game.jsonl.snapshot``,
JSON: companion/engine/snapshot.py), and a resume trusts it only when it was made
by this version from the journal's very bytes; else it replays the journal and
writes a new one. The journal stays the one record.
"""

import json
import logging
import time
from collections.abc import Callable, Generator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import companion.engine.modes  # noqa: F401  (the Big Box's modes register their rules: engine/hooks.py)
from companion.engine import conservation, hooks, rules
from companion.engine.events import event_of
from companion.engine.forms import FormError
from companion.engine.prompt import Prompt, prompt_for
from companion.engine.refused import Replayed
from companion.engine.settings import Settings
from companion.engine.settings_check import check_settings
from companion.engine.state import GameState
from companion.engine.steps import KINDS, Step, StepRefused
from companion.play import fallback
from companion.play import snapshot as snapshots
from companion.play.chart import Charted, new_chart, resume_engine
from companion.play.chart import copied as _copied
from companion.play.copies import Kept  # (pickle is imported when a copy is made: not on a start)
from companion.play.in_place import stays
from companion.record import snapshot as snapshot_file
from companion.record.files import FileFault
from companion.record.journal import UNDO, Damage, Journal, JournalError, JournalUnreadable, move_aside, steps_of

if TYPE_CHECKING:
    from companion.engine.phases import Phases

log = logging.getLogger(__name__)

#: Steps between two in-memory copies of the state: an undo replays at most this many minus one.
SNAPSHOT_EVERY = 8


class Game(Charted):
    def __init__(self, settings: Settings, journal: Journal | None = None):
        self.settings = settings
        self.journal = journal
        self.state = GameState(settings)
        #: The phase chart (python-statemachine), built when first needed (see ``machine``); until
        #: then, after a resume from a snapshot, where it stands: (position, phase, allowed events).
        self._machine: Phases | None = None
        self._resting: tuple[Any, str, frozenset[str]] | None = None
        self._steps: list[Step] = []
        #: How many steps each confirmation recorded, in order (1 but for a unit): undo takes one.
        self._units: list[int] = []
        #: Steps taken -> (the state after them: pickled (copies.Kept), or as a snapshot file writes it, or None for
        #: the new game's; the phase chart's configuration then, None for its first).
        self._snapshots: dict[int, tuple[Any, object]] = {0: (None, None)}
        #: The in-memory copies a snapshot holds besides the last state, as it writes them: steps ->
        #: (the copy as ``_snapshots`` holds it, its JSON text), made once per copy (the last two kept).
        self._encoded: dict[int, tuple[Any, str]] = {}
        self._memo: dict[int, tuple[object, Any]] = {}  # (see snapshot.encode)
        #: The score sheet's lines as the last snapshot wrote them, and that text (see snapshot.keep).
        self._sheet_text: tuple[tuple[Any, ...], str] = ((), "[]")
        #: For a copy a unit is tried on (see _trial), the game it copies; whether a step is in the chart.
        self._trying: Game | None = None
        self._in_chart = False
        #: The state is the snapshot's (companion/engine/snapshot.py restored), not the log's replay: a
        #: step or undo that fails inside sets the snapshot aside and replays the log (fallback.py).
        self.from_snapshot = False

    # -- starting and resuming ---------------------------------------------------
    @classmethod
    def new(cls, settings: Settings, path: Path | str | None = None) -> "Game":
        """A new game; with a path, every step is kept in a journal there."""
        check_settings(settings)
        journal = Journal.create(path, {"settings": settings.to_json(), "started": now_utc()}) if path else None
        if path:
            snapshot_file.discard(Path(path))  # another game's, if any (never trusted: not this log's)
        return cls(settings, journal)

    @classmethod
    def resume(cls, path: Path | str) -> "Game":
        """The game in a journal, exactly where it stood, ready to go on.

        Every line is checked as a live step would be. A line that fails ends the
        game there: the whole file is kept aside and the game resumes at the last
        good step (``journal.warnings`` says so). Settings that make no game:
        JournalUnreadable, the file moved aside. A file we cannot use: FileFault.
        """
        journal = Journal.open(path, cut=False)  # the one cut is made below, at the first damage
        try:
            settings = settings_of(journal)
        except JournalError as error:
            journal.close()
            aside = move_aside(journal.path)  # the whole file, as it was
            raise JournalUnreadable(f"{error}; kept as {aside.name}, a new game can start") from None
        try:
            game = snapshots.restored(cls(settings), journal)
            if game is None:  # no snapshot to trust: the journal replayed, and a snapshot made of it
                game, damage = cls.shown(journal, settings)
                if damage is not None:
                    journal.cut(damage)
                game.journal = journal
                game.keep_snapshot()
        except BaseException:
            journal.close()
            raise
        game.journal = journal
        return game

    @classmethod
    def from_record(cls, journal: Journal) -> "Game":
        """The game a journal records, every line checked (JournalError naming the first bad
        line); not attached to the journal, which is not changed."""
        game, damage = cls.shown(journal)
        if damage is not None:
            raise JournalError(f"{journal.path.name} {damage}")
        return game

    @classmethod
    def shown(cls, journal: Journal, settings: Settings | None = None) -> tuple["Game", Damage | None]:
        """The game a journal records up to its first damaged line, and that line (None: none).

        The first in the file, whatever its fault: a line that fails the rules comes
        before the line that could not be read (the journal's entries stop there), so
        repairing the line named is enough. JournalError if the settings make no game.
        """
        replaying = cls.replaying(journal, settings)
        while True:
            try:
                next(replaying)
            except StopIteration as done:
                return done.value

    @classmethod
    def replaying(cls, journal: Journal,
                  settings: Settings | None = None) -> Generator[int, None, tuple["Game", Damage | None]]:
        """:meth:`shown` in slices: yields after each line replayed (the steps replayed so far) and
        returns what ``shown`` returns. The journal's lines are the ones it had on the first ``next``;
        the game is a new one, sharing nothing with a live game (the log's check while the table rests,
        companion/engine/recheck.py)."""
        game, damage = yield from cls._checked_replay(settings or settings_of(journal), journal)
        return game, damage or journal.damage

    @classmethod
    def _checked_replay(cls, settings: Settings,
                        journal: Journal) -> Generator[int, None, tuple["Game", Damage | None]]:
        """Replay the journal's steps, each checked like a live one, up to the first that fails."""
        formed: dict[int, list[Step]] = {}  # each line's steps, as checking it built them (by the entry's id)
        damage = journal.check_lines(lambda entry: entry == UNDO or formed.update({id(entry): _formed(entry)}))
        game = cls(settings)  # (check_lines: every line, the undone ones too)
        for number, entry in journal.numbered_steps(before=damage.line if damage else None):
            try:
                game._take(formed.get(id(entry)) or _formed(entry), logged=True)  # a unit: all or none
            except StepRefused as error:
                return game, Damage(number, str(error))
            except Exception as error:  # a bug of ours, not the file's: keep the game up to here
                log.exception("%s line %d cannot be replayed", journal.path.name, number)
                return game, Damage(number, f"cannot be replayed ({type(error).__name__})")
            yield len(game._steps)
        return game, damage

    @classmethod
    def replay(cls, settings: Settings, steps: list[Step]) -> "Game":
        """The game after steps already checked (an undo replays what was checked before)."""
        game = cls(settings)
        for step in steps:
            game._apply(step)
        return game

    # -- playing -------------------------------------------------------------------
    @property
    def expects(self) -> tuple[str, ...]:
        """The step kinds the chart accepts now, corrections left out: what the table is asked for."""
        allowed = self._allowed()
        return tuple(kind for kind, step in KINDS.items()
                     if not step.correction and event_of(kind) in allowed
                     and hooks.of(self.state.settings).offered(self.state, kind))

    @property
    def over(self) -> bool:
        return self.phase == "game_over"

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(self._steps)

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
        rules.check(self.state, step)  # the rules on (state, step): companion/engine/rules.py

    def send(self, *steps: Step, follow: Callable[["Game"], Sequence[Step]] | None = None) -> None:
        """Record what the table confirmed: the steps are checked whole (each against the game
        as the ones before it leave it), then written as one unit, then kept; undone as one.
        ``follow`` names the steps that go without saying in the game they leave (a special action
        with no choice): checked after them and kept in the same unit, so an undo takes them too.
        A refusal (StepRefused) or a failed write leaves the game and the journal as they were.
        In a game resumed from its snapshot, a failure of ours (an internal error) replays the log
        instead (fallback.py) and raises Replayed: the steps were not written."""
        if not steps:
            return
        try:
            self._send(steps, follow)
        except (StepRefused, OSError, FileFault):
            raise
        except Exception as error:
            if not self.from_snapshot:
                raise
            fallback.from_the_log(self, error)
            raise Replayed(f"{fallback.said(error)}, without the step: confirm it again") from None

    def _send(self, steps: tuple[Step, ...], follow: Callable[["Game"], Sequence[Step]] | None) -> None:
        before = len(self._steps)
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
        returns its last step."""
        if not self._steps:
            raise StepRefused("nothing to undo")
        if self.journal is not None:
            self.journal.undo()
        last = self._steps[-1]
        try:
            count = self._units.pop() if self._units else 1
            self._rebuild(len(self._steps) - count)
        except Exception as error:  # (the undo is in the log: the log's game is the game undone)
            if not self.from_snapshot:
                raise
            fallback.from_the_log(self, error)
            raise Replayed(f"{fallback.said(error)}, where the undo stands") from None
        self.keep_snapshot()
        return last

    def keep_snapshot(self) -> None:
        """Write the snapshot beside the journal (companion/engine/snapshot.py); never fails the game."""
        if self.journal is not None and self.journal.writable:
            snapshots.keep(self, self.journal)

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()

    # -- inside --------------------------------------------------------------------
    def _take(self, steps: list[Step], logged: bool = False, try_first: bool = True) -> None:
        """Check and apply steps as one unit: each is checked against the game the ones before
        it leave; if any is refused (or a bug stops one half-way) none is kept. A live unit is
        tried on a copy of the state first, so that a refusal leaves this game's state untouched
        (pages hold it); steps read from the game log (``logged``: known to be kept in it as they
        are) are taken at once, and a refusal rebuilds the game from its nearest in-memory copy."""
        tried = len(steps) > 1 and try_first and not logged
        if tried:  # then each step was checked, on the very state it now meets: applied without a second check
            self._trial(steps)
        before = len(self._steps)
        started = False
        try:
            for step in steps:
                if not tried:
                    self.check(step, logged)
                started = True
                self._apply(step)
        except BaseException:
            if self._trying is None and started:
                self._rebuild(before, fresh_machine=True)  # (a first step refused changed nothing)
            raise
        self._units.append(len(steps))

    def _trial(self, steps: list[Step]) -> None:
        """Take a unit on a copy of the state, through this game's own phase chart (no second chart),
        which is set back to where it stood after; StepRefused as the unit would be refused."""
        copy = Game.__new__(Game)
        copy.settings, copy.journal, copy._units, copy._snapshots = self.settings, None, [], {}
        copy.state = Kept.of(self.state).state()
        copy.machine, copy._steps, copy._trying, copy._in_chart = self.machine, list(self._steps), self, False
        position = _copied(self.machine.current_state_value)
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

    def _apply(self, step: Step) -> None:
        self._in_chart = True
        event = event_of(step.kind)
        if not stays(self.machine, event, step):
            self.machine.send(event, step=step)
        self._in_chart = False
        conservation.check(self.state)  # every Caballero still somewhere (a refusal: the step is not kept)
        self._steps.append(step)
        if len(self._steps) % SNAPSHOT_EVERY == 0 and self._trying is None:
            self._snapshot()

    def _snapshot(self, count: int | None = None) -> None:
        self._snapshots[len(self._steps) if count is None else count] = (
            Kept.of(self.state), _copied(self.machine.current_state_value))

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

def settings_of(journal: Journal) -> Settings:
    """A journal's settings, checked like a new game's (JournalError in one line if not)."""
    try:
        settings = Settings.from_json(journal.settings)
        check_settings(settings)
    except (FormError, StepRefused) as error:
        raise JournalError(f"{journal.path.name}: its settings make no game ({error})") from None
    return settings


def _formed(entry: dict) -> list[Step]:
    return [Step.from_json(step) for step in steps_of(entry)]


#: Why a step waits, in the parts of a turn (the phase chart's leaf states, by their ids).
_NOT_YET = {
    "choosing": "{name} takes an action card first",
    "acting": "{name} has already taken an action card this turn",
}


def refuse_phase(game: Game, step: Step) -> NoReturn:
    leaf = [st.id for st in game.machine.configuration][-1]
    if leaf == "choosing" and hooks.of(game.state.settings).own_cards:
        raise StepRefused(f"{game.state.name(game.state.active)} chooses the special action first")
    if leaf in _NOT_YET:
        raise StepRefused(_NOT_YET[leaf].format(name=game.state.name(game.state.active)))
    name = " · ".join(st.name for st in game.machine.configuration)
    raise StepRefused(f"{step.kind} is not possible now: {game.prompt.headline} ({name})")


def now_utc() -> str:
    """The wall-clock time for the journal's header (never used by the rules)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
