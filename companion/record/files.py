"""Files that survive a pulled plug, and file-system faults said in one line.

    data = read_regular(path, limit)       # a whole regular file: settings, key scripts, game logs
    fd = open_regular(path, os.O_RDONLY)   # a regular file, or FileFault saying why
    data = read_all(fd, path)
    write_new(path, data)                  # a new file (never replaces, never follows a link), fsynced
    sync_dir(folder)                       # a new or renamed name made durable
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class FileFault(Exception):
    """A file or folder that cannot be used as it is: one line for the table."""


class NoRoom(FileFault):
    """Nothing can be written: the disk is full, or the folder or file is read-only. What is
    already there can still be read and shown (one line saying what to do)."""


#: Where these are missing (Windows), the flag is simply not given.
NONBLOCK = getattr(os, "O_NONBLOCK", 0)
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
#: Windows opens in text mode unless told (a written \n would become \r\n): every byte as it is.
BINARY = getattr(os, "O_BINARY", 0)
_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_READ_ONLY = {errno.EROFS, errno.EACCES, errno.EPERM}


def disk_full(where: Path | str) -> str:
    """What a full disk means for the table, and what to do, in one line."""
    return (f"the SD card is full (no space left for {shown(where)}): free some space on it "
            f"(sudo apt-get clean; sudo journalctl --vacuum-size=20M), then restart the companion")


def fault(error: OSError, doing: str, where: Path | str) -> FileFault:
    """An OSError as one line: NoRoom for a full disk (said as such) or a read-only place."""
    if error.errno in _FULL:
        return NoRoom(disk_full(where))
    if error.errno in _READ_ONLY or isinstance(error, PermissionError):
        return NoRoom(f"{doing}: {why(error)}")
    return FileFault(f"{doing}: {why(error)}")


def said(error: Exception) -> str:
    """An error that stopped a write, as the screen says it (a full disk in plain words)."""
    if isinstance(error, OSError) and error.errno in _FULL:
        return disk_full(error.filename or "the game")
    return str(error)


def write_new(path: Path, data: bytes) -> Path:
    """A new file holding data, on disk when this returns (never replaces a file)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW | BINARY, 0o644)
    try:
        written = 0
        while written < len(data):
            written += os.write(fd, data[written:])
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        remove(path)
        raise
    os.close(fd)
    return path


def replace_whole(path: Path, data: bytes) -> None:
    """``path`` now holds ``data``, or (OSError) still what it held: written to ``<path>.tmp``, fsynced,
    renamed over it and the folder fsynced, so a kill at any moment leaves the old file or the new one,
    never half of one (a leftover ``.tmp`` is never read, and removed first)."""
    temporary = path.with_name(path.name + ".tmp")
    remove(temporary)  # a kill's leftover: never trusted, never renamed
    write_new(temporary, data)
    try:
        os.replace(temporary, path)
    except BaseException:
        remove(temporary)
        raise
    sync_dir(path.parent)


def open_regular(path: Path, flags: int, mode: int = 0o644) -> int:
    """A descriptor of a regular file, or FileFault in one line (FileNotFoundError if none).

    O_NONBLOCK keeps a FIFO from blocking the start; a directory, FIFO or
    device is refused; a file we may not read or write says so (NoRoom: a
    read-only file or folder, a full disk).
    """
    try:
        fd = os.open(path, flags | NONBLOCK | BINARY, mode)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise FileFault(f"{shown(path)} is a folder, not a file: move it away") from None
    except OSError as error:
        raise fault(error, f"cannot open {shown(path)}", path) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = "a FIFO" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) \
            else "a folder" if stat.S_ISDIR(mode) else "not a regular file"
        raise FileFault(f"{shown(path)} is {kind}, not a file: move it away")
    if NONBLOCK:
        os.set_blocking(fd, True)
    return fd


#: Larger than any file the companion reads (a whole game's journal is about 20 KB).
MAX_FILE = 16 << 20


def read_regular(path: Path, limit: int | None = None) -> bytes:
    """The whole of a regular file, the one way the CLI reads any file (settings, key scripts,
    game logs): FileNotFoundError if there is none; FileFault in one line for a FIFO, a
    device or a folder (never blocking on one), a file over ``limit`` bytes (default
    MAX_FILE), or one that cannot be read."""
    fd = open_regular(path, os.O_RDONLY)
    try:
        return read_all(fd, path, limit)
    finally:
        os.close(fd)


def read_all(fd: int, path: Path, limit: int | None = None) -> bytes:
    """Everything from the descriptor's offset on, at most ``limit`` bytes (default MAX_FILE)
    (FileFault in one line; the caller closes fd)."""
    limit = MAX_FILE if limit is None else limit
    try:
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(fd, min(1 << 20, limit + 1)):
            size += len(chunk)
            if size > limit:
                raise FileFault(f"{shown(path)} is over {_size(limit)}: not a file of the companion's")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as error:
        raise FileFault(f"cannot read {shown(path)}: {why(error)}") from None


def _size(limit: int) -> str:
    return f"{limit >> 20} MB" if limit >= 1 << 20 else f"{limit >> 10} KB" if limit >= 1 << 10 else f"{limit} bytes"


def why(error: OSError) -> str:
    if isinstance(error, PermissionError):
        return "permission denied (read-only?)"
    return error.strerror or str(error)


def shown(path: Path | str) -> str:
    """A path on one line, whatever its name holds: control characters as escapes."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(path))


def remove(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def sync_dir(directory: Path) -> None:
    """Make a new or renamed file's name durable too (POSIX; a no-op elsewhere)."""
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
