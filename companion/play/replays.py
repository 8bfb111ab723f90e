"""A game read from its journal: resumed where it stood, shown as it reads, checked line by line;
and a game replayed from steps already checked (an undo's, a test's).

Every line is checked as a live step would be (``_checked_replay``); the first that fails ends the
game there. A resume first tries the snapshot beside the journal (snapshot.restored), which is
trusted only when it proves itself; else the journal is replayed and a new snapshot written.
``Game`` (game.py) is a ``Replays``.
"""

from __future__ import annotations

import logging
from collections.abc import Generator
from pathlib import Path
from typing import TYPE_CHECKING, Self

from companion.engine.forms import FormError
from companion.engine.settings import Settings
from companion.engine.settings_check import check_settings
from companion.engine.steps import Step, StepRefused
from companion.play import snapshot as snapshots
from companion.play.speed import Trials
from companion.record.journal import UNDO, Damage, Journal, JournalError, JournalUnreadable, move_aside, steps_of

log = logging.getLogger(__name__)


class Replays(Trials):
    """The journal's part of a game: how it is read back."""

    journal: Journal | None
    from_snapshot: bool

    if TYPE_CHECKING:
        def __init__(self, settings: Settings, journal: Journal | None = None) -> None:
            """(game.py)"""

        def keep_snapshot(self) -> None:
            """(game.py)"""

    @classmethod
    def resume(cls, path: Path | str) -> Self:
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
    def from_record(cls, journal: Journal) -> Self:
        """The game a journal records, every line checked (JournalError naming the first bad
        line); not attached to the journal, which is not changed."""
        game, damage = cls.shown(journal)
        if damage is not None:
            raise JournalError(f"{journal.path.name} {damage}")
        return game

    @classmethod
    def shown(cls, journal: Journal, settings: Settings | None = None) -> tuple[Self, Damage | None]:
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
                  settings: Settings | None = None) -> Generator[int, None, tuple[Self, Damage | None]]:
        """:meth:`shown` in slices: yields after each line replayed (the steps replayed so far) and
        returns what ``shown`` returns. The journal's lines are the ones it had on the first ``next``;
        the game is a new one, sharing nothing with a live game (the log's check while the table rests,
        companion/engine/recheck.py)."""
        game, damage = yield from cls._checked_replay(settings or settings_of(journal), journal)
        return game, damage or journal.damage

    @classmethod
    def _checked_replay(cls, settings: Settings,
                        journal: Journal) -> Generator[int, None, tuple[Self, Damage | None]]:
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
    def replay(cls, settings: Settings, steps: list[Step]) -> Self:
        """The game after steps already checked (an undo replays what was checked before)."""
        game = cls(settings)
        for step in steps:
            game._apply(step)
        return game


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
