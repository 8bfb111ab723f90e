"""The log always wins: a game that fails where its snapshot stood is replayed from its log.

    mend = fallback.log_game(game, error)  # memory: the log's game in ``game`` (nothing written)
    fallback.mend(game, mend)              # the disk after: snapshot aside, log cut at a failure, new snapshot
    fallback.from_the_log(game, error)     # both, for a failure outside a step (a page: ui/controller.py)
    fallback.last_step_aside(game, error)  # the log's own game fails at once: its last step set aside

A snapshot proves itself before it is used (companion/play/snapshot.py), but a state that
passes every cheap check can still be one the rules never made. Where such a game fails
inside (an internal error, not a refusal), the snapshot is set aside (``game.jsonl.snapshot.unfit``,
never read again), the game is replayed from its log and a new snapshot written from that;
where the log itself replays into a failure, it is cut there as at a damaged line (the whole
file kept aside first, the game one step back). Each says so in one line in the log of the
system. So an internal error never loops the service on every start (issue 33).

The work is in two named steps, memory then disk: inside a step or an undo that failed, game.py
first puts the failed call back and takes the log's game (``log_game``: it reads the journal and
writes nothing), then runs ``mend``, the one place this module writes. A kill between the two
leaves the disk as it was before the failed call (the snapshot still the log's bytes' own), so the
next start is the game before the call, and its next failure comes back here.

``game`` is a Game (companion/play/game.py: passed in, never imported here; game.py calls this).
"""

from __future__ import annotations

import logging
from typing import Any, NamedTuple

from companion.record import snapshot as snapshot_file
from companion.record.journal import Damage, JournalError

log = logging.getLogger(__name__)


class Mend(NamedTuple):
    """What the disk must learn after ``log_game``: where the log's own replay failed (None: nowhere)."""

    damage: Damage | None


def from_the_log(game: Any, error: BaseException) -> None:
    """``game`` replayed from its journal, what it held thrown away: after ``error``, a failure of
    ours inside a game resumed from its snapshot, which is set aside and written again from the
    log's game."""
    mend(game, log_game(game, error))


def log_game(game: Any, error: BaseException) -> Mend:
    """The log's game in ``game`` (the controller holds it), after ``error`` in a game resumed from
    its snapshot: memory only, the journal read, nothing written (``mend`` writes)."""
    journal = game.journal
    assert journal is not None, "a game resumed from its snapshot is kept in its journal"
    log.warning("%s: the game resumed from its snapshot fails (%s); the snapshot is set aside and the "
                "game log replayed", journal.path.name, failed(error))
    return _replayed(game)


def mend(game: Any, found: Mend) -> None:
    """The disk after ``log_game``: the snapshot set aside (kept for a report), the log cut where its
    own replay failed (kept aside whole first, as at a damaged line), a new snapshot of the game."""
    journal = game.journal
    assert journal is not None
    snapshot_file.set_aside(journal.path)
    _written(game, found)


def last_step_aside(game: Any, error: BaseException) -> None:
    """The journal cut before its last standing step, kept aside as a damaged line is, and ``game``
    replayed from what is left: for a game whose log replays into ``error`` (its first frame fails
    whatever the snapshot). JournalError when there is no step to set aside. (Called outside any
    step, by the start: the cut comes first, as the replay reads the log it leaves.)"""
    journal = game.journal
    numbered = journal.numbered_steps() if journal is not None else []
    if journal is None or not numbered:
        raise JournalError("no step to set aside")
    log.warning("%s: the game its log replays fails (%s); its last step is set aside",
                journal.path.name, failed(error))
    snapshot_file.discard(journal.path)
    journal.cut(Damage(numbered[-1][0], f"leaves a game that fails ({failed(error)})"))
    _written(game, _replayed(game))


def _replayed(game: Any) -> Mend:
    journal = game.journal
    fresh, damage = type(game).shown(journal, game.settings)
    vars(game).update(vars(fresh))  # (the log's game in this one: the controller holds it)
    game.journal = journal
    return Mend(damage)


def _written(game: Any, found: Mend) -> None:
    if found.damage is not None:
        game.journal.cut(found.damage)  # (the log replays into a failure there: kept aside, the game before it)
    game.keep_snapshot()


def said(error: BaseException) -> str:
    """The panel's line after from_the_log (the details are in the log of the system)."""
    return f"the game's snapshot failed ({type(error).__name__}): the game is replayed from its log"


def failed(error: BaseException) -> str:
    """An internal error in a few words, for one line."""
    text = " ".join(str(error).split())[:120]
    return f"internal error {type(error).__name__}" + (f": {text}" if text else "")
