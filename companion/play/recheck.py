"""The game log's own check of the game in hand, made in slices while the table rests (issue 33).

    check = Recheck(game)                  # the game in hand, kept in its (writable) journal
    found = check.slice()                  # a few steps of the log replayed; None until it is done
    game, notice = adopt(game, found)      # the log wins: the game to go on with, and what to say

A resume may trust the snapshot beside the log (snapshot.py); the snapshot is a cache, the log
the record. So once the table rests the log is replayed (``Game.replaying``: every line checked
as a live step is) in slices of ``STEPS_PER_SLICE`` steps, between which the loop serves a key
press, and the game it makes is compared with the game in hand (``same``: the one equality). Where
they differ the log wins: the game in hand is replaced by the replay. Where the replay stops at a
line the rules refuse (a step the wrong state let through), that line and every later one are set
aside by ``Journal.cut`` (the whole file kept as ``<log>.unreadable-<time>``, nothing lost) and
the game goes on from the last good step. Either is said in one line (the panel, and systemd's
journal). The replay is a new game: it shares nothing with the game in hand, not even the
process-wide table of allowed events a snapshot may have filled (each slice empties it first).
"""

from __future__ import annotations

import importlib
import logging
import sys
from collections.abc import Generator
from typing import Any

from companion.play.chart import forget_allowed
from companion.play.game import Game
from companion.record import snapshot as snapshot_file
from companion.record.files import FileFault
from companion.record.journal import Damage, Journal, JournalError, read_only
from companion.rules.plain_data import dataclass

log = logging.getLogger(__name__)

#: Steps of the log replayed in one slice: a key press waits at most one slice (docs/journal.md, the bench).
STEPS_PER_SLICE = 4
#: The phase chart's module (and its library): imported by the first check after a start from the
#: snapshot (or by the first step, whichever comes first), in a slice of its own.
_CHART = "companion.engine.phases"


@dataclass(frozen=True)
class Found:
    """What a finished check found: the game its log makes (up to its first refused line), that line
    (None: none), and whether nothing is to change (the game in hand is that very game, or the log
    could not be checked: ``unread`` says why, and ``game`` is the game in hand)."""

    game: Game
    damage: Damage | None
    agrees: bool
    #: Why the log on disk could not be checked (then nothing is changed), if it could not.
    unread: str = ""


class Recheck:
    """One check of ``game`` (kept in a journal) against its log, slice by slice."""

    def __init__(self, game: Game):
        journal = game.journal
        if journal is None:
            raise ValueError("only a game kept in a game log can be checked against it")
        self.live, self.journal = game, journal
        #: The log as the check reads it: a line written since makes the check stale.
        self.fingerprint = journal.fingerprint()
        self._replaying: Generator[int, None, tuple[Game, Damage | None]] | None = None
        self.found: Found | None = None
        self.slices = 0

    def stale(self, game: Game | None) -> bool:
        """Whether the check no longer speaks of ``game`` as it stands: another game, or a line
        written since it began (then a new check begins at the next rest)."""
        return game is not self.live or self.journal.fingerprint() != self.fingerprint

    def slice(self, steps: int = STEPS_PER_SLICE) -> Found | None:
        """Replay up to ``steps`` more steps of the log; once it is all replayed, what was found."""
        if self.found is not None:
            return self.found
        self.slices += 1
        if self._replaying is None:
            if _CHART not in sys.modules:  # a start from the snapshot built no chart yet: its import is a slice alone
                importlib.import_module(_CHART)
                return None
            unread = self._read()  # the log read and parsed: a slice of its own
            if unread:
                log.warning("%s", unread)
                self.found = Found(self.live, None, True, unread)
                return self.found
            return None
        assert self._replaying is not None, "read: the replay of the log on disk"
        forget_allowed()  # (nothing runs between this and the replay's steps: no press, no snapshot)
        try:
            for _ in range(steps):
                next(self._replaying)
        except StopIteration as done:
            game, damage = done.value
            self.found = Found(game, damage, damage is None and _agrees(self.live, game, self.journal))
            forget_allowed()  # the live game's position is asked again from its own chart or snapshot
            return self.found
        return None

    def _read(self) -> str:
        """Begin the replay of the log as it is on disk (its lines parsed as a start parses them: the
        journal in memory holds the steps as the game wrote them); why not, if it cannot be."""
        name = self.journal.path.name
        try:
            disk = read_only(self.journal.path)
        except (OSError, FileFault, JournalError) as error:  # (JournalUnreadable is a JournalError)
            return f"{name} cannot be read to check the game in hand ({error}); the next start checks it"
        if disk.fingerprint() != self.fingerprint or disk.warnings:
            return f"{name} on disk is not what this game wrote; the next start replays and repairs it"
        self._replaying = Game.replaying(disk, self.live.settings)
        return ""


def same(one: Game, other: Game) -> bool:
    """The one equality of two games: the same steps, the state's every field equal, and the phase
    chart at the same position (its configuration, the phase, the events it allows)."""
    return one.steps == other.steps and one.state == other.state and _where(one) == _where(other)


def _where(game: Game) -> tuple[Any, str, frozenset[str]]:
    chart, phase, allowed = game.position()
    return (tuple(chart) if isinstance(chart, list) else chart), phase, frozenset(allowed)


def _agrees(live: Game, replayed: Game, journal: Journal) -> bool:
    try:
        return same(live, replayed)
    except Exception:  # a state no game could be in (a damaged snapshot's): not the log's
        log.exception("%s: the game in hand cannot be compared with its log", journal.path.name)
        return False


def adopt(live: Game, found: Found) -> tuple[Game, str]:
    """The game to go on with after a check, kept in the live game's journal, and the one line that
    says what happened ("" when the game in hand is the log's: it keeps the replay's in-memory copies,
    so that no undo starts from a copy a snapshot restored). Never raises for the disk: where the
    refused lines cannot be set aside (a full disk) nothing more is recorded until a restart, whose
    replay of the log (the snapshot discarded) sets them aside then."""
    if found.agrees:  # (or the log could not be read: said in systemd's journal, nothing changed)
        if not found.unread:  # the copies an undo starts from, the log's own (a snapshot's "before" restored none)
            live._snapshots = dict(found.game._snapshots)
        return live, ""
    journal = live.journal
    assert journal is not None, "a check is of a game kept in a game log"
    game = found.game
    if found.damage is None:
        notice = (f"{journal.path.name}: the game in hand was not the one its log records; "
                  f"it follows the log again ({len(game.steps)} steps)")
    else:
        notice = _set_aside(journal, found.damage)
    game.journal = journal
    game.keep_snapshot()  # the log's own game (nothing kept when the journal stopped)
    log.warning("%s", notice)  # stderr: the terminal, or systemd's journal
    return game, notice


def _set_aside(journal: Journal, damage: Damage) -> str:
    """Cut the journal before ``damage`` (the whole file kept aside); the line that says so."""
    try:
        journal.cut(damage)
    except (JournalError, FileFault, OSError) as error:  # (the log gone under us: FileNotFoundError)
        journal.stop(f"{journal.path.name} {damage}: restart the companion to set it aside")
        snapshot_file.discard(journal.path)  # the next start replays the log, and cuts it there
        return f"{error}; nothing more is recorded until a restart"
    return journal.warnings[-1]
