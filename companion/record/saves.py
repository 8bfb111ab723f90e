"""The saved games in a state folder: the current game, the ones before it, one writer.

    games = Games(state_dir)
    with games.lock():                          # one companion per folder (LockHeld says who has it)
        game, notice = kept_game(games)           # the current game, or None; a notice (play/kept.py)
        game = Game.new(settings, games.fresh())  # a new game; the current one moves to games/

This knows files, not games: the game layer (companion/engine/kept.py) opens what is kept here,
or only shows it where nothing can be written (``unwritable``: a full disk, a read-only folder).

The current game is ``game.jsonl``; a finished or abandoned game moves to
``games/<time of its last step>.jsonl``. Nothing here ever deletes a game.
"""

from __future__ import annotations

import importlib
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.record import files, snapshot
from companion.record.files import FileFault, NoRoom

CURRENT = "game.jsonl"
LOCK = "lock"


class LockHeld(FileFault):
    """Another companion is writing to this state folder."""


class Games:
    """The saved games in a state directory."""

    def __init__(self, state_dir: Path):
        self.dir = Path(state_dir)
        self.current = self.dir / CURRENT
        #: Why nothing can be written here ("": it can): a full disk, a read-only folder. The
        #: current game is then only shown, and a new step or game is refused with this line.
        self.unwritable = ""

    @contextmanager
    def lock(self) -> Iterator[None]:
        """Hold the folder's advisory lock (on ``lock``, with our pid in it) while inside.

        Taken before the journal is opened or repaired; a second companion gets
        LockHeld naming the first one's pid. The lock goes with the process, so a
        killed companion never leaves it behind. Where no lock file can be made
        (a full disk, a read-only folder) nothing will be written either: the
        block runs without the lock, with ``unwritable`` saying why.
        """
        fd = self._open_lock()
        if fd is None:  # nothing can be written here: nothing to guard either
            yield
            return
        try:
            if not _take(fd):
                holder = _pid_in(fd)
                who = f" (pid {holder})" if holder else ""
                raise LockHeld(f"another companion{who} is using {files.shown(self.dir)}: stop it first, "
                               f"or give this one another --state-dir")
            self._write_pid(fd)
            yield
        finally:
            _let_go(fd)
            os.close(fd)  # releases the lock

    def _open_lock(self) -> int | None:
        """The lock file, opened (made if need be); None, with ``unwritable`` set, where it
        cannot be made because nothing can be written (a full disk, a read-only folder)."""
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            return files.open_regular(self.dir / LOCK, os.O_RDWR | os.O_CREAT | files.NOFOLLOW)  # a FIFO: refused
        except NoRoom as error:
            self.unwritable = str(error)
            return None
        except ValueError:  # a NUL in the path
            raise FileFault(f"cannot use {files.shown(self.dir)} for game logs: not a usable path") from None
        except OSError as error:  # (FileFault is no OSError: a FIFO's refusal goes on up)
            problem = files.fault(error, f"cannot use {files.shown(self.dir)} for game logs", self.dir)
            if not isinstance(problem, NoRoom):
                raise problem from None
            self.unwritable = str(problem)
            return None

    def _write_pid(self, fd: int) -> None:
        """Our pid in the lock file, for the next one to name; only a courtesy: the lock is
        held without it. A full disk cannot take it: then nothing else will be written."""
        try:
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError as error:
            problem = files.fault(error, f"cannot write to {files.shown(self.dir)}", self.dir)
            if isinstance(problem, NoRoom) and not self.unwritable:
                self.unwritable = str(problem)

    def writable(self) -> None:
        """FileFault in one line unless the state folder is a folder; ``unwritable`` says why
        when a game can be shown but not kept here (a folder we may not write in)."""
        if not self.dir.is_dir():
            raise FileFault(f"{files.shown(self.dir)} is not a folder: game logs cannot be kept there")
        if not self.unwritable and not os.access(self.dir, os.W_OK | os.X_OK):
            self.unwritable = (f"{files.shown(self.dir)} is read-only: game logs cannot be kept there "
                               f"('elgrande-companion replay {files.shown(self.current)}' still shows the game)")

    def refuse_if_unwritable(self) -> None:
        if self.unwritable:
            raise NoRoom(self.unwritable)

    def fresh(self) -> Path:
        """Where a new game is kept: the current game, if any, put aside first (NoRoom where
        nothing can be written)."""
        self.refuse_if_unwritable()
        if os.path.lexists(self.current):
            self.put_aside()
        return self.current

    def put_aside(self) -> Path | None:
        """Keep the current game under games/ (never deleted)."""
        self.refuse_if_unwritable()
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
        snapshot.discard(self.current)  # derived from the log put aside: of no use to the next game
        return target


def _take(fd: int) -> bool:
    """Take the folder's lock on fd without waiting; False if another process holds it.

    flock where there is fcntl (Linux, the Pi, macOS); on Windows msvcrt.locking of one
    byte past any pid (Windows releases it when the process ends, as flock does). Elsewhere
    a one-line refusal: a folder is never shared without a lock.
    """
    try:
        fcntl = importlib.import_module("fcntl")
    except ImportError:
        pass
    else:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
    try:
        msvcrt = importlib.import_module("msvcrt")
    except ImportError:
        raise FileFault("this system offers no file lock (neither fcntl nor msvcrt): the companion "
                        "cannot keep a second one off its game logs here") from None
    os.lseek(fd, LOCKED_BYTE, os.SEEK_SET)
    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:  # EACCES / EDEADLOCK: another process holds it
        return False
    return True


def _let_go(fd: int) -> None:
    """Windows: unlock the byte before the file is closed, as msvcrt asks (flock: closing does)."""
    if "fcntl" in sys.modules and sys.modules["fcntl"] is not None:
        return
    try:
        msvcrt = importlib.import_module("msvcrt")
        os.lseek(fd, LOCKED_BYTE, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    except (ImportError, OSError):
        pass


#: The byte msvcrt locks: past the pid, which Windows would otherwise keep others from reading.
LOCKED_BYTE = 1 << 16


def _pid_in(fd: int) -> int | None:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii").strip()
        return int(text) if text.isdigit() else None
    except (OSError, UnicodeDecodeError):
        return None
