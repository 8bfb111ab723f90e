"""The log always wins: a game that fails where its snapshot stood is replayed from its log.

    fallback.from_the_log(game, error)     # a step or undo failed inside a game resumed from its snapshot
    fallback.last_step_aside(game, error)  # the log's own game fails at once: its last step set aside

A snapshot proves itself before it is used (companion/engine/snapshot.py), but a state that
passes every cheap check can still be one the rules never made. Where such a game fails
inside (an internal error, not a refusal), the snapshot is set aside (``game.jsonl.snapshot.unfit``,
never read again), the game is replayed from its log and a new snapshot written from that;
where the log itself replays into a failure, it is cut there as at a damaged line (the whole
file kept aside first, the game one step back). Each says so in one line in the log of the
system. So an internal error never loops the service on every start (issue 33).

``game`` is a Game (companion/engine/game.py: passed in, never imported here; game.py calls this).
"""

from __future__ import annotations

import logging
from typing import Any

from companion.record import snapshot as snapshot_file
from companion.record.journal import Damage, JournalError

log = logging.getLogger(__name__)


def from_the_log(game: Any, error: BaseException) -> None:
    """``game`` replayed from its journal, what it held thrown away: after ``error``, a failure of
    ours inside a game resumed from its snapshot, which is set aside and written again from the
    log's game."""
    journal = game.journal
    assert journal is not None, "a game resumed from its snapshot is kept in its journal"
    log.warning("%s: the game resumed from its snapshot fails (%s); the snapshot is set aside and the "
                "game log replayed", journal.path.name, failed(error))
    snapshot_file.set_aside(journal.path)
    _replayed(game)


def last_step_aside(game: Any, error: BaseException) -> None:
    """The journal cut before its last standing step, kept aside as a damaged line is, and ``game``
    replayed from what is left: for a game whose log replays into ``error`` (its first frame fails
    whatever the snapshot). JournalError when there is no step to set aside."""
    journal = game.journal
    numbered = journal.numbered_steps() if journal is not None else []
    if journal is None or not numbered:
        raise JournalError("no step to set aside")
    log.warning("%s: the game its log replays fails (%s); its last step is set aside",
                journal.path.name, failed(error))
    snapshot_file.discard(journal.path)
    journal.cut(Damage(numbered[-1][0], f"leaves a game that fails ({failed(error)})"))
    _replayed(game)


def _replayed(game: Any) -> None:
    journal = game.journal
    assert journal is not None
    fresh, damage = type(game).shown(journal, game.settings)
    vars(game).update(vars(fresh))  # (the log's game in this one: the controller holds it)
    game.journal = journal
    if damage is not None:
        journal.cut(damage)  # (the log replays into a failure there: kept aside, the game before it)
    game.keep_snapshot()


def said(error: BaseException) -> str:
    """The panel's line after from_the_log (the details are in the log of the system)."""
    return f"the game's snapshot failed ({type(error).__name__}): the game is replayed from its log"


def failed(error: BaseException) -> str:
    """An internal error in a few words, for one line."""
    text = " ".join(str(error).split())[:120]
    return f"internal error {type(error).__name__}" + (f": {text}" if text else "")
