"""The game kept in a state folder (companion/record/saves.py): resumed, or only shown.

Where nothing can be written (``Games.unwritable``: a full disk, a read-only folder or game
log) the current game is read as it stands and shown, never changed: every step, undo or new
game is refused with that one line, which also says what to do (docs/journal.md).
"""

from __future__ import annotations

import os
import stat

from companion.play.game import Game
from companion.record.files import NoRoom, remove
from companion.record.journal import JournalError, JournalUnreadable, read_only
from companion.record.saves import Games


def kept_game(games: Games) -> tuple[Game | None, str]:
    """The folder's current game if there is one, and a one-line notice for the screen.

    A journal that cannot be read is moved aside (notice, no game); one with
    a damaged line resumes at the last good step (notice). A file that cannot
    be used at all (a folder, a FIFO) raises FileFault. Where nothing can be
    written (``unwritable``, or a repair that finds the disk full or the file
    read-only) the game is only shown: read as it stands, nothing changed.
    """
    if not os.path.lexists(games.current):
        return None, games.unwritable
    if _never_begun(games):
        return None, games.unwritable
    if games.unwritable:
        return _shown_only(games)
    try:
        game = Game.resume(games.current)
    except JournalUnreadable as error:
        return None, str(error)
    except NoRoom as error:
        games.unwritable = str(error)
        return _shown_only(games)
    warning = "; ".join(game.journal.warnings) if game.journal and game.journal.warnings else ""
    return game, warning


def _never_begun(games: Games) -> bool:
    """The current log is an empty file: a game that never had a step, not even its header (an
    earlier version killed while it created the log, issue 33; Journal.create now makes it whole or
    not at all). No game, and nothing to keep: it is removed where the folder can be written."""
    try:
        facts = os.lstat(games.current)
    except OSError:
        return False
    if not stat.S_ISREG(facts.st_mode) or facts.st_size:
        return False
    if not games.unwritable:
        remove(games.current)
    return True


def _shown_only(games: Games) -> tuple[Game | None, str]:
    """The current game as far as it reads, never changed: every write refused with
    ``unwritable``. The notice says what is wrong and what to do."""
    try:
        journal = read_only(games.current)
        game, damage = Game.shown(journal)
    except FileNotFoundError:
        return None, games.unwritable
    except JournalError as error:  # not a journal, or settings that make no game: nothing to show
        return None, f"{error}; {games.unwritable}"
    journal.stop(games.unwritable)
    game.journal = journal
    damaged = damage is not None and str(damage) not in games.unwritable  # (said once: a cut the disk refused)
    said = journal.warnings + ([f"{journal.path.name} {damage}: shown up to the step before it"] if damaged else [])
    return game, "; ".join([*said, games.unwritable])
