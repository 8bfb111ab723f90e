"""The journal: a game kept as JSON Lines, one step per line, on disk before we go on.

    journal = Journal.create(path, header)   # first line: format, version, settings (seed)
    journal.append({"kind": ...})            # written, flushed and fsynced before it returns
    journal.append_unit([step, step])        # steps confirmed together: one line, one undo
    journal.undo()                           # appends {"undo": 1}; nothing is ever rewritten
    journal = Journal.open(path)             # after a restart: .header, .steps, .warnings

The file only grows. An undo is a line of its own, so the log people keep
still shows what was taken back. Two repairs are ever made:

* a torn last line (the power went while it was being written) is cut off:
  that step never finished, so the game resumes at the step before it and
  `.warnings` says so;
* a damaged line further up (`cut`): the whole file is first kept as
  ``<name>.unreadable-<time>``, byte for byte, then the journal becomes its
  lines before the damage, so the game resumes at the last good step.

A file whose first line is not a journal's header is moved aside — never
overwritten, never deleted — and `JournalUnreadable` says where it went, so
a new game can start. A file that is not a regular file, or that we may not
read or write, is left alone and refused in one line. The format and what a
user sees: docs/journal.md.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

from companion.record import files
from companion.record.journal_format import (  # (the format on disk; re-exported for the game)
    FORMAT,
    MAX_UNIT,
    UNDO,
    UNIT,
    VERSION,
    Damage,
    JournalError,
    JournalUnreadable,
    _encode,
    _line_start,
    _parse,
)

try:  # CPython's own BLAKE2: no OpenSSL to load on a start (hashlib's would cost ≈2 ms on this PC)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - another Python
    from hashlib import blake2b


class Journal:
    def __init__(self, path: Path, header: dict, entries: list[dict], fd: int | None,
                 warnings: list[str] | None = None, numbers: list[int] | None = None,
                 damage: Damage | None = None, data: bytes = b""):
        self.path = path
        self.header = header
        self._entries = entries  # every line after the header, undo markers included
        #: The file's line number of each entry (the header is line 1).
        self._numbers = numbers if numbers is not None else list(range(2, len(entries) + 2))
        self._steps = effective(entries)
        self._fd = fd
        self._stopped = ""  # why writing stopped, if a failed write could not be taken back
        self.warnings = warnings or []
        #: The first damaged line found by reading (its entries stop before it): a read-only
        #: journal's, or one opened with ``cut=False``.
        self.damage = damage
        #: Where this journal was cut (see cut), if it was.
        self.cut_at: Damage | None = None
        #: The file's bytes so far, as a length and a running digest (see fingerprint).
        self._size = len(data)
        self._digest = blake2b(data, digest_size=16)

    # -- making and opening ------------------------------------------------------
    @classmethod
    def create(cls, path: Path | str, header: dict) -> Journal:
        """A new journal at path (JournalError if a file is already there).

        Whole or not at all: the header is written to ``.<name>.new`` beside it and fsynced, then
        the file gets the journal's name (a hard link, which never replaces a file that is there),
        so a kill or a power cut while a game starts leaves no log or one with its whole header,
        never an empty one (issue 33: the next start called that "The game log could not be read").
        """
        path = Path(path)
        header = {"format": FORMAT, "version": VERSION, **header}
        new = path.with_name(f".{path.name}.new")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if os.path.lexists(path):
                raise FileExistsError(path)
            files.remove(new)  # a start killed before: never truncated (it may be a link to a log)
            fd = os.open(new, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | files.NOFOLLOW | files.BINARY,
                         0o644)
        except FileExistsError:
            raise JournalError(f"{files.shown(path)} already exists; a game log is never overwritten") from None
        except OSError as error:
            raise JournalError(f"cannot start a game log in {files.shown(path.parent)}: {files.why(error)}") from None
        try:
            data = _write(fd, header)
            _name_it(new, path)
            files.sync_dir(path.parent)
        except BaseException:
            # The header did not get onto the disk (full disk, I/O error), or the name is taken:
            # the file is ours (O_EXCL) and holds no game, so take it away again.
            os.close(fd)
            files.remove(new)
            raise
        return cls(path, header, [], fd, data=data)

    @classmethod
    def open(cls, path: Path | str, cut: bool = True) -> Journal:
        """The journal at path, ready to append; a torn last line is cut off and a damaged
        line ends the game there (the whole file kept aside first; see .warnings).
        With ``cut=False`` a damaged line is only found (``.damage``, the entries stop
        before it) and the caller cuts, once, where it finds the first damage.

        FileNotFoundError if there is none; JournalUnreadable (after moving the
        file aside) if it is not a journal we can read; JournalError, file left
        alone, if it is no regular file or we may not read and write it; NoRoom if
        a repair finds the disk full or the file read-only (nothing changed).
        """
        path = Path(path)
        fd = files.open_regular(path, os.O_RDWR | os.O_APPEND)
        try:
            data = files.read_all(fd, path)
            try:
                header, entries, good_length, warnings, numbers, damage = _parse(data, path.name)
            except JournalUnreadable as error:
                os.close(fd)
                fd = -1
                aside = move_aside(path)
                raise JournalUnreadable(f"{error}; kept as {aside.name}, a new game can start") from None
            if good_length is not None:
                os.ftruncate(fd, good_length)
                os.fsync(fd)
                data = data[:good_length]
            elif not data.endswith(b"\n"):
                os.write(fd, b"\n")  # the last step arrived whole but for its newline
                os.fsync(fd)
                data += b"\n"
        except OSError as error:
            if fd >= 0:
                os.close(fd)
            problem = files.fault(error, f"cannot repair {path.name}", path.parent)
            raise problem if isinstance(problem, files.NoRoom) else JournalError(str(problem)) from None
        except BaseException:
            if fd >= 0:
                os.close(fd)
            raise
        journal = cls(path, header, entries, fd, warnings, numbers, damage=None if cut else damage, data=data)
        if damage is not None and cut:
            try:
                journal.cut(damage)
            except BaseException:
                journal.close()
                raise
        return journal

    # -- reading ---------------------------------------------------------------------
    @property
    def steps(self) -> list[dict]:
        """The steps that stand: every step line, less the ones taken back by undo lines
        (the steps of a unit line one by one)."""
        return [step for entry in self._steps for step in steps_of(entry)]

    @property
    def lines(self) -> list[dict]:
        """Every line after the header as written, undo lines included (the full log)."""
        return list(self._entries)

    @property
    def settings(self) -> dict:
        return self.header.get("settings", {})

    def fingerprint(self) -> tuple[int, str]:
        """The file's length in bytes and a digest of them (BLAKE2b, 128 bits, hex), as this
        journal has read and written them: what a snapshot beside it is checked against."""
        return self._size, self._digest.hexdigest()

    def units(self) -> list[int]:
        """How many steps each standing line holds (1, or a unit's), in order."""
        return [len(entry[UNIT]) if UNIT in entry else 1 for entry in self._steps]

    @property
    def writable(self) -> bool:
        """Whether steps can be appended (not read-only, not stopped)."""
        return self._fd is not None

    def numbered_steps(self, before: int | None = None) -> list[tuple[int, dict]]:
        """The steps that stand (of the lines before line ``before``), each with its line number."""
        kept = len(self._numbers) if before is None else sum(n < before for n in self._numbers)
        return effective_numbered(self._entries[:kept], self._numbers[:kept])

    def check_lines(self, check: Callable[[dict], object]) -> Damage | None:
        """The first line after the header that ``check(entry)`` refuses (it raises a
        ValueError with a one-line reason), or None. Undo lines are checked here too."""
        for number, entry in zip(self._numbers, self._entries):
            try:
                check(entry)
            except ValueError as error:
                return Damage(number, str(error))
        return None

    # -- the one repair beyond a torn tail ----------------------------------------
    def cut(self, damage: Damage) -> Path:
        """End the journal before a damaged line; the whole file is kept aside first.

        The copy ``<name>.unreadable-<time>`` holds the file's bytes as they were
        (never overwritten); then the journal is replaced, atomically, by its lines
        before ``damage.line``. Returns the copy's path; adds a warning.
        """
        if self._fd is None:
            raise JournalError(f"{self.path.name} is open for reading only")
        fd = files.open_regular(self.path, os.O_RDONLY)
        try:
            data = files.read_all(fd, self.path)
        finally:
            os.close(fd)
        keep = _line_start(data, damage.line)
        made: list[Path] = []  # our new files, taken away again if the cut cannot be made
        try:
            made.append(files.write_new(_aside_name(self.path), data))
            made.append(files.write_new(self.path.with_name(f"{self.path.name}.cut-{os.getpid()}"), data[:keep]))
            os.replace(made[1], self.path)
        except OSError as error:
            # Nothing changed: the journal is as it was, so the copy is not needed (the next
            # start would make another); a full disk or a read-only folder is NoRoom.
            for path in made:
                files.remove(path)
            doing = f"{self.path.name} {damage}, and it cannot be set aside"
            problem = files.fault(error, doing, self.path.parent)
            if not isinstance(problem, files.NoRoom):
                raise JournalError(str(problem)) from None
            raise problem if str(problem).startswith(doing) else files.NoRoom(f"{doing}: {problem}") from None
        aside = made[0]
        try:
            files.sync_dir(self.path.parent)
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | files.BINARY)
        except OSError as error:
            raise JournalError(f"{self.path.name} {damage}, and it cannot be set aside: {files.why(error)}") from None
        os.close(self._fd)
        self._fd = fd
        kept = [i for i, n in enumerate(self._numbers) if n < damage.line]
        self._entries = [self._entries[i] for i in kept]
        self._numbers = [self._numbers[i] for i in kept]
        self._steps = effective(self._entries)
        self._size, self._digest = keep, blake2b(data[:keep], digest_size=16)
        self.cut_at = damage
        self.damage = None  # (found by Journal.open(cut=False): cut now)
        self.warnings.append(f"{self.path.name} {damage}; the game goes on from the {len(self._steps)} "
                             f"steps before it (the whole file is kept as {aside.name})")
        return aside

    # -- writing ---------------------------------------------------------------------
    def append(self, step: dict) -> None:
        """Add a step; on disk (fsynced) when this returns."""
        if "undo" in step or UNIT in step:
            raise JournalError("a step may not be called 'undo' or 'unit'")
        self._write(step)
        self._steps.append(step)

    def append_unit(self, steps: list[dict]) -> None:
        """Add steps confirmed together as one line (one step: a plain step line); on disk
        (fsynced) when this returns, all or none; one undo takes them all back."""
        if len(steps) == 1:
            self.append(steps[0])
            return
        if not 1 < len(steps) <= MAX_UNIT or any("undo" in step or UNIT in step for step in steps):
            raise JournalError(f"a unit holds 2 to {MAX_UNIT} steps")
        entry = {UNIT: list(steps)}
        self._write(entry)
        self._steps.append(entry)

    def undo(self) -> dict:
        """Take back the last step that stands (JournalError if there is none)."""
        if not self._steps:
            raise JournalError("nothing to undo")
        self._write(UNDO)
        return self._steps.pop()

    def stop(self, reason: str) -> None:
        """Write nothing more: every step, unit or undo is refused with ``reason`` (one line)."""
        self.close()
        self._stopped = reason

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self, entry: dict) -> None:
        if self._fd is None:
            raise JournalError(self._stopped or f"{self.path.name} is open for reading only")
        end = os.lseek(self._fd, 0, os.SEEK_END)
        try:
            data = _write(self._fd, entry)
        except BaseException:
            self._take_back(end)
            raise
        self._size += len(data)
        self._digest.update(data)
        self._numbers.append(self._numbers[-1] + 1 if self._numbers else 2)
        self._entries.append(entry)

    def _take_back(self, end: int) -> None:
        """A write failed part-way (full disk, I/O error, interrupt): cut its bytes off again.

        Left there, the fragment would end up in the middle of the file once the
        next line is appended behind it, and the whole journal would be unreadable.
        If even that fails, stop writing: the fragment stays the torn last line,
        which Journal.open cuts off on the next start.
        """
        try:
            assert self._fd is not None
            os.ftruncate(self._fd, end)
            os.fsync(self._fd)
        except OSError as error:
            self.close()
            self._stopped = f"{self.path.name} stopped after a failed write ({error.strerror or error}); restart to go on"


def read_only(path: Path | str) -> Journal:
    """The journal at path without touching the file: a torn tail is ignored (with a
    warning), an unreadable file raises JournalUnreadable and stays where it is, and
    a damaged line ends what is read (``.damage`` says where and why)."""
    path = Path(path)
    fd = files.open_regular(path, os.O_RDONLY)
    try:
        data = files.read_all(fd, path)
    finally:
        os.close(fd)
    header, entries, _, warnings, numbers, damage = _parse(data, path.name)
    return Journal(path, header, entries, None, warnings, numbers, damage, data=data)


def steps_of(entry: dict) -> list[dict]:
    """The steps of a standing entry: a unit's, or the step itself."""
    return list(entry[UNIT]) if UNIT in entry else [entry]


def effective(entries: list[dict]) -> list[dict]:
    """Apply the undo lines: the steps that stand, in order."""
    return [entry for _, entry in effective_numbered(entries, list(range(len(entries))))]


def effective_numbered(entries: list[dict], numbers: list[int]) -> list[tuple[int, dict]]:
    """Apply the undo lines: (line number, step) of the steps that stand, in order."""
    steps: list[tuple[int, dict]] = []
    for number, entry in zip(numbers, entries):
        if "undo" in entry:
            if steps:
                steps.pop()
        else:
            steps.append((number, entry))
    return steps


def move_aside(path: Path) -> Path:
    """Rename an unreadable journal to <name>.unreadable-<UTC time> (never overwriting)."""
    target = _aside_name(path)
    try:
        os.link(path, target)  # fails rather than replace a file already there
        os.unlink(path)
    except OSError as error:
        raise JournalUnreadable(f"{path.name} cannot be read, nor set aside ({files.why(error)}): "
                                f"move it away by hand to start a new game") from None
    files.sync_dir(path.parent)
    return target


#: The UTC clock a file moved aside is stamped with: a seam, so the screen tour can fix the time it shows.
aside_clock = time.gmtime


def _aside_name(path: Path) -> Path:
    stamp = time.strftime("%Y%m%dT%H%M%SZ", aside_clock())
    target = path.with_name(f"{path.name}.unreadable-{stamp}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.name}.unreadable-{stamp}-{n}")
    return target


def _name_it(new: Path, path: Path) -> None:
    """Give the whole new journal ``new`` its name ``path``, never over a file already there."""
    try:
        os.link(new, path)  # (new is the regular file this journal made, O_EXCL: nothing to follow)
    except FileExistsError:
        raise JournalError(f"{files.shown(path)} already exists; a game log is never overwritten") from None
    except OSError:  # a file system without hard links (FAT): the lock keeps other writers away
        if os.path.lexists(path):
            raise JournalError(f"{files.shown(path)} already exists; a game log is never overwritten") from None
        os.replace(new, path)
        return
    os.unlink(new)


def _write(fd: int, entry: dict) -> bytes:
    data = _encode(entry)
    written = 0
    while written < len(data):  # os.write may write less than asked (full disk, signals)
        written += os.write(fd, data[written:])
    os.fsync(fd)
    return data
