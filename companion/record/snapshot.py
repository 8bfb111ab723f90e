"""The snapshot beside a game log: derived, never the record.

    snapshot.write(log_path, body)     # <log>.snapshot: sealed, written whole (temp, fsync, rename) or not at all
    body, why = snapshot.read(log_path)  # the JSON object there, or None and why not (missing, damaged, ...)
    snapshot.set_aside(log_path)       # <log>.snapshot.unfit: one that fails the game, kept for a report
    snapshot.discard(log_path)         # gone, the one set aside too (a new game, a log put aside)

This knows files, not games: what the body holds, and whether it is trusted, is
the game's business (companion/engine/snapshot.py). The game log stays the one
record; a snapshot only spares the replay of it on a start. A kill at any moment
leaves either the old snapshot or the new one, never half of one: the new one
is written to ``<log>.snapshot.tmp``, fsynced, then renamed over the old.

Every snapshot proves its own bytes: its text is written with a seal in front,
``{"seal":"<BLAKE2b-128 of the rest, hex>",`` then the body's own JSON text (its
opening brace left out), and it is read only when the seal is the digest of
what follows it. A bit flipped or a digit changed anywhere on the card makes it
unsealed: ignored, and the game replayed from its log (issue 33).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from companion.record import files

SUFFIX = ".snapshot"
#: Far above any game's snapshot (a finished 5-player board game is under 20 KB).
MAX_SIZE = 4 << 20


#: What a snapshot's file starts with, then the seal's 32 hex digits and '",'.
SEAL = b'{"seal":"'
_SEALED_AT = len(SEAL) + 32 + 2


def path_of(log: Path) -> Path:
    return log.with_name(log.name + SUFFIX)


def unfit_path(log: Path) -> Path:
    """Where a snapshot whose game failed is kept (one, the last; never read)."""
    return log.with_name(log.name + SUFFIX + ".unfit")


def seal(body_text: str) -> bytes:
    """A body's JSON text (an object, as :func:`text` makes it) as the file holds it: its seal first."""
    from companion.record.journal import blake2b  # (CPython's own: imported with the game, not on a start without)

    data = body_text.encode("utf-8")
    if not data.startswith(b"{") or data == b"{}":
        raise ValueError("a snapshot is a JSON object with fields")
    digest = blake2b(data, digest_size=16).hexdigest().encode("ascii")
    return SEAL + digest + b'",' + data[1:]


def unsealed(data: bytes) -> bytes | None:
    """The body's JSON text if ``data`` is a sealed snapshot whose seal is its digest; else None."""
    if len(data) <= _SEALED_AT or not data.startswith(SEAL) or data[_SEALED_AT - 2:_SEALED_AT] != b'",':
        return None
    from companion.record.journal import blake2b

    body = b"{" + data[_SEALED_AT:]
    digest = blake2b(body, digest_size=16).hexdigest().encode("ascii")
    return body if data[len(SEAL):_SEALED_AT - 2] == digest else None


#: Compact JSON, UTF-8 as it is; no circular-reference check (a snapshot is a tree of JSON values).
_ENCODER = json.JSONEncoder(ensure_ascii=False, check_circular=False, separators=(",", ":"))


def text(value: object) -> str:
    """``value`` as a snapshot writes it (compact JSON, UTF-8 as it is)."""
    return _ENCODER.encode(value)


def write(log: Path, body: dict | str) -> None:
    """Replace the snapshot beside ``log`` by ``body`` (OSError if it cannot: then the old
    one, if any, is still whole); ``body`` may be its JSON text already (made as :func:`text` makes it)."""
    files.replace_whole(path_of(log), seal(body if isinstance(body, str) else text(body)))


#: Why read() found no snapshot to use: none there at all, or one an earlier version wrote (format 1,
#: before its seal: after an update, expected); neither is said as a warning in the journal of the system.
MISSING = "there is none"
EARLIER = "an earlier version wrote it (it has no seal)"
#: How every snapshot of the companion began before its seal (format 1, up to 0.7).
_UNSEALED = b'{"format":"elgrande-snapshot"'


def read(log: Path) -> tuple[dict | None, str]:
    """The snapshot beside ``log`` as a JSON object, and ""; or None and why not, in a few words
    (:data:`MISSING`: there is none; :data:`EARLIER`: an earlier version's)."""
    try:
        data = files.read_regular(path_of(log), MAX_SIZE)
    except FileNotFoundError:
        return None, MISSING
    except (OSError, files.FileFault) as error:
        return None, f"it cannot be read ({files.why(error) if isinstance(error, OSError) else error})"
    body_text = unsealed(data)
    if body_text is None and data.startswith(_UNSEALED):
        return None, EARLIER
    if body_text is None:
        return None, "its seal is not the digest of its bytes (damaged, or not written by the companion)"
    try:
        body = json.loads(body_text.decode("utf-8"))
    except (ValueError, RecursionError):
        return None, "it is sealed but not JSON"
    return (body, "") if isinstance(body, dict) else (None, "it is not a JSON object")


def set_aside(log: Path) -> None:
    """The snapshot beside ``log`` kept as ``<log>.snapshot.unfit`` (replacing an older one), never read
    again: its game failed (issue 33). Nothing happens if it cannot be moved, but it is gone then."""
    target = path_of(log)
    try:
        os.replace(target, unfit_path(log))
    except FileNotFoundError:
        return
    except OSError:
        files.remove(target)


def discard(log: Path) -> None:
    """No snapshot beside ``log`` any more, nor one set aside (nothing happens if there is none)."""
    target = path_of(log)
    files.remove(target)
    files.remove(target.with_name(target.name + ".tmp"))
    files.remove(unfit_path(log))
