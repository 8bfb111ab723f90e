"""The journal: a game kept as JSON Lines, one step per line, on disk before we go on.

    journal = Journal.create(path, header)   # first line: format, version, settings (seed)
    journal.append({"kind": ...})            # written, flushed and fsynced before it returns
    journal.undo()                           # appends {"undo": 1}; nothing is ever rewritten
    journal = Journal.open(path)             # after a restart: .header, .steps, .warnings

The file only grows. An undo is a line of its own, so the log people keep
still shows what was taken back. The one repair ever made to a file is
cutting off a torn last line (the power went while it was being written):
that step never finished, so the game resumes at the step before it and
`.warnings` says so. A file that cannot be read in any other way is moved
aside — never overwritten, never deleted — and `JournalUnreadable` says
where it went, so a new game can start. The format: docs/journal.md.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

FORMAT = "elgrande-journal"
VERSION = 1
UNDO = {"undo": 1}


class JournalError(Exception):
    """A journal cannot do what was asked (one line, for the screen)."""


class JournalUnreadable(JournalError):
    """The file is not a journal we can read; it has been moved aside (or left alone, read-only)."""


class Journal:
    def __init__(self, path: Path, header: dict, entries: list[dict], fd: int | None,
                 warnings: list[str] | None = None):
        self.path = path
        self.header = header
        self._entries = entries  # every line after the header, undo markers included
        self._steps = effective(entries)
        self._fd = fd
        self._stopped = ""  # why writing stopped, if a failed write could not be taken back
        self.warnings = warnings or []

    # -- making and opening ------------------------------------------------------
    @classmethod
    def create(cls, path: Path | str, header: dict) -> "Journal":
        """A new journal at path (JournalError if a file is already there)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        header = {"format": FORMAT, "version": VERSION, **header}
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o644)
        except FileExistsError:
            raise JournalError(f"{path} already exists; a journal is never overwritten") from None
        try:
            _write(fd, header)
            _sync_dir(path.parent)
        except BaseException:
            # The header did not get onto the disk (full disk, I/O error): the file is ours
            # (O_EXCL) and holds no game, so take it away again rather than leave half a header.
            os.close(fd)
            _remove(path)
            raise
        return cls(path, header, [], fd)

    @classmethod
    def open(cls, path: Path | str) -> "Journal":
        """The journal at path, ready to append; a torn last line is cut off (see .warnings).

        FileNotFoundError if there is none; JournalUnreadable (after moving the
        file aside) if it is not a journal we can read.
        """
        path = Path(path)
        data = path.read_bytes()
        try:
            header, entries, good_length, warnings = _parse(data, path.name)
        except JournalUnreadable as error:
            aside = move_aside(path)
            raise JournalUnreadable(f"{error}; kept as {aside.name}, a new game can start") from None
        fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        if good_length is not None:
            os.ftruncate(fd, good_length)
            os.fsync(fd)
        elif not data.endswith(b"\n"):
            os.write(fd, b"\n")  # the last step arrived whole but for its newline
            os.fsync(fd)
        return cls(path, header, entries, fd, warnings)

    # -- reading ---------------------------------------------------------------------
    @property
    def steps(self) -> list[dict]:
        """The steps that stand: every step line, less the ones taken back by undo lines."""
        return list(self._steps)

    @property
    def lines(self) -> list[dict]:
        """Every line after the header as written, undo lines included (the full log)."""
        return list(self._entries)

    @property
    def settings(self) -> dict:
        return self.header.get("settings", {})

    # -- writing ---------------------------------------------------------------------
    def append(self, step: dict) -> None:
        """Add a step; on disk (fsynced) when this returns."""
        if "undo" in step:
            raise JournalError("a step may not be called 'undo'")
        self._write(step)
        self._steps.append(step)

    def undo(self) -> dict:
        """Take back the last step that stands (JournalError if there is none)."""
        if not self._steps:
            raise JournalError("nothing to undo")
        self._write(UNDO)
        return self._steps.pop()

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _write(self, entry: dict) -> None:
        if self._fd is None:
            raise JournalError(self._stopped or f"{self.path.name} is open for reading only")
        end = os.lseek(self._fd, 0, os.SEEK_END)
        try:
            _write(self._fd, entry)
        except BaseException:
            self._take_back(end)
            raise
        self._entries.append(entry)

    def _take_back(self, end: int) -> None:
        """A write failed part-way (full disk, I/O error, interrupt): cut its bytes off again.

        Left there, the fragment would end up in the middle of the file once the
        next line is appended behind it, and the whole journal would be unreadable.
        If even that fails, stop writing: the fragment stays the torn last line,
        which Journal.open cuts off on the next start.
        """
        try:
            os.ftruncate(self._fd, end)
            os.fsync(self._fd)
        except OSError as error:
            self.close()
            self._stopped = f"{self.path.name} stopped after a failed write ({error.strerror or error}); restart to go on"


def read_only(path: Path | str) -> Journal:
    """The journal at path without touching the file: a torn tail is ignored (with a
    warning), an unreadable file raises JournalUnreadable and stays where it is."""
    path = Path(path)
    header, entries, _, warnings = _parse(path.read_bytes(), path.name)
    return Journal(path, header, entries, None, warnings)


def effective(entries: list[dict]) -> list[dict]:
    """Apply the undo lines: the steps that stand, in order."""
    steps: list[dict] = []
    for entry in entries:
        if entry.get("undo"):
            if steps:
                steps.pop()
        else:
            steps.append(entry)
    return steps


def move_aside(path: Path) -> Path:
    """Rename an unreadable journal to <name>.unreadable-<UTC time> (never overwriting)."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    target = path.with_name(f"{path.name}.unreadable-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.unreadable-{stamp}-{n}")
    os.replace(path, target)
    _sync_dir(path.parent)
    return target


# -- the format ---------------------------------------------------------------------------
def _encode(entry: dict) -> bytes:
    return (json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _write(fd: int, entry: dict) -> None:
    data = _encode(entry)
    written = 0
    while written < len(data):  # os.write may write less than asked (full disk, signals)
        written += os.write(fd, data[written:])
    os.fsync(fd)


def _parse(data: bytes, name: str) -> tuple[dict, list[dict], int | None, list[str]]:
    """(header, entries, length to cut the file to or None, warnings)."""
    warnings: list[str] = []
    cut: int | None = None
    if not data.endswith(b"\n"):
        # The last line never got its newline: the write was cut short.
        last = data.rfind(b"\n") + 1
        tail = data[last:]
        if last == 0:
            raise JournalUnreadable(f"{name} has no complete first line")
        if _complete(tail):
            # Everything but the newline reached the disk: keep the step.
            data += b"\n"
            cut = None
        else:
            warnings.append(f"{name}: dropped an unfinished last step (the power went while it was written)")
            data = data[:last]
            cut = last
    lines = data.decode("utf-8", errors="replace").split("\n")[:-1]
    try:
        header = json.loads(lines[0])
    except (json.JSONDecodeError, IndexError):
        raise JournalUnreadable(f"{name} is not a game journal (first line unreadable)") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise JournalUnreadable(f"{name} is not a game journal (no '{FORMAT}' header)")
    if header.get("version") != VERSION:
        raise JournalUnreadable(f"{name} is journal version {header.get('version')}; this companion reads {VERSION}")
    entries = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            raise JournalUnreadable(f"{name} line {number} is damaged") from None
        if not isinstance(entry, dict):
            raise JournalUnreadable(f"{name} line {number} is not a step")
        entries.append(entry)
    return header, entries, cut, warnings


def _complete(line: bytes) -> bool:
    try:
        return isinstance(json.loads(line.decode("utf-8")), dict)
    except (UnicodeDecodeError, json.JSONDecodeError):
        return False


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _sync_dir(directory: Path) -> None:
    """Make a new or renamed file's name durable too (POSIX; a no-op elsewhere)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
