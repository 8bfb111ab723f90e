"""The game log's lines on disk: the header's format and version, the undo and unit lines, and
how a file's bytes become its entries (or the first damaged line, and why). The journal
(journal.py) keeps a game with these; docs/journal.md describes the format.
"""

from __future__ import annotations

import json
from typing import Any

from companion.record.files import FileFault

FORMAT = "elgrande-journal"
VERSION = 1
UNDO = {"undo": 1}
#: A line holding the steps one confirmation recorded together: {"unit": [step, step, ...]}.
UNIT = "unit"
MAX_UNIT = 64


class JournalError(FileFault):
    """A journal cannot do what was asked (one line, for the screen)."""


class JournalUnreadable(JournalError):
    """The file is not a journal we can read; it has been moved aside (or left alone, read-only)."""


#: The longest line a journal may hold (a real step is under 300 bytes).
MAX_LINE = 64 * 1024


class Damage:
    """The first line of a journal that cannot be used, and why (one line).

    A plain class: a resume imports this module, and a dataclass compiles its methods at import."""

    __slots__ = ("line", "reason")

    def __init__(self, line: int, reason: str):
        self.line, self.reason = line, reason

    def __eq__(self, other: object) -> bool:
        return type(other) is Damage and (self.line, self.reason) == (other.line, other.reason)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.line, self.reason))

    def __repr__(self) -> str:
        return f"Damage(line={self.line!r}, reason={self.reason!r})"

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


def _encode(entry: dict) -> bytes:
    return (json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")



def _parse(data: bytes, name: str) -> tuple[dict, list[dict], int | None, list[str], list[int], Damage | None]:
    """(header, entries, length to cut the file to or None, warnings, line numbers, damage).

    Reading stops at the first damaged line: ``damage`` says which and why, and
    the entries are those before it.
    """
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
    lines = data.split(b"\n")[:-1]
    try:
        header = _load(lines[0]) if lines else None
    except ValueError:
        raise JournalUnreadable(f"{name} is not a game log (first line unreadable)") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise JournalUnreadable(f"{name} is not a game log (no '{FORMAT}' header)")
    if header.get("version") != VERSION:
        raise JournalUnreadable(f"{name} is game log version {ascii(header.get('version'))[:12]}; "
                                f"this companion reads {VERSION}")
    if not isinstance(header.get("settings", {}), dict):
        raise JournalUnreadable(f"{name}: the first line's settings are not a table of settings")
    entries: list[dict] = []
    numbers: list[int] = []
    damage = None
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            entry = _load(line)
        except ValueError as error:
            damage = Damage(number, str(error))
            break
        if not isinstance(entry, dict):
            damage = Damage(number, "is not a step")
            break
        if "undo" in entry and entry != UNDO:
            damage = Damage(number, "is a damaged undo line")
            break
        if UNIT in entry and not (len(entry) == 1 and isinstance(entry[UNIT], list)
                                  and 1 < len(entry[UNIT]) <= MAX_UNIT
                                  and all(isinstance(step, dict) for step in entry[UNIT])):
            damage = Damage(number, "is a damaged unit of steps")
            break
        entries.append(entry)
        numbers.append(number)
    return header, entries, cut, warnings, numbers, damage


def _load(line: bytes) -> Any:
    """One line's JSON; ValueError with a one-line reason when it is not (bad bytes, bad
    JSON, too long, nested too deep, a number too long)."""
    if len(line) > MAX_LINE:
        raise ValueError(f"is longer than {MAX_LINE} bytes")
    try:
        return json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError("is not UTF-8 text") from None
    except RecursionError:
        raise ValueError("is nested too deep") from None
    except ValueError:  # JSONDecodeError, and ints past Python's digit limit
        raise ValueError("is damaged (not JSON)") from None


def _line_start(data: bytes, line: int) -> int:
    """The offset where line ``line`` (1-based) starts."""
    offset = 0
    for _ in range(line - 1):
        offset = data.index(b"\n", offset) + 1
    return offset


def _complete(line: bytes) -> bool:
    try:
        return isinstance(_load(line), dict)
    except ValueError:
        return False
