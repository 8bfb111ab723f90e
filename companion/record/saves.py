"""The saved games in a state folder: the current game, the ones before it, one writer.

    games = Games(state_dir)
    with games.lock():                          # one companion per folder (LockHeld says who has it)
        game, notice = kept_game(games.current)  # the current game, or None; a notice (game/game.py)
        game = Game.new(settings, games.fresh())  # a new game; the current one moves to games/

This knows files, not games: the game layer (companion/game/game.py) opens what is kept here.

The current game is ``game.jsonl``; a finished or abandoned game moves to
``games/<time of its last step>.jsonl``. Nothing here ever deletes a game.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.record import files
from companion.record.files import FileFault

CURRENT = "game.jsonl"
LOCK = "lock"


class LockHeld(FileFault):
    """Another companion is writing to this state folder."""


class Games:
    """The saved games in a state directory."""

    def __init__(self, state_dir: Path):
        self.dir = Path(state_dir)
        self.current = self.dir / CURRENT

    @contextmanager
    def lock(self) -> Iterator[None]:
        """Hold the folder's advisory lock (flock on ``lock``, with our pid in it) while inside.

        Taken before the journal is opened or repaired; a second companion gets
        LockHeld naming the first one's pid. The lock goes with the process, so a
        killed companion never leaves it behind.
        """
        path = self.dir / LOCK
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        except (OSError, ValueError) as error:  # ValueError: a NUL in the path
            why = files.why(error) if isinstance(error, OSError) else "not a usable path"
            raise FileFault(f"cannot use {files.shown(self.dir)} for saved games: {why}") from None
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _pid_in(fd)
                who = f" (pid {holder})" if holder else ""
                raise LockHeld(f"another companion{who} is using {files.shown(self.dir)}: stop it first, "
                               f"or give this one another --state-dir") from None
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
            yield
        finally:
            os.close(fd)  # releases the lock

    def writable(self) -> None:
        """FileFault in one line unless a game can be kept here (a folder we may write in)."""
        if not self.dir.is_dir():
            raise FileFault(f"{files.shown(self.dir)} is not a folder: saved games cannot be kept there")
        if not os.access(self.dir, os.W_OK | os.X_OK):
            raise FileFault(f"{files.shown(self.dir)} is read-only: saved games cannot be kept there "
                            f"('elgrande-companion replay {files.shown(self.current)}' still shows the game)")

    def fresh(self) -> Path:
        """Where a new game is kept: the current game, if any, put aside first."""
        if os.path.lexists(self.current):
            self.put_aside()
        return self.current

    def put_aside(self) -> Path | None:
        """Keep the current game under games/ (never deleted)."""
        if not os.path.lexists(self.current):
            return None
        archive = self.dir / "games"
        archive.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(self.current.lstat().st_mtime))
        target = archive / f"{stamp}.jsonl"
        n = 1
        while os.path.lexists(target):
            n += 1
            target = archive / f"{stamp}-{n}.jsonl"
        os.replace(self.current, target)
        return target

def _pid_in(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
        return int(text) if text.isdigit() else None
    except (OSError, UnicodeDecodeError):
        return None
