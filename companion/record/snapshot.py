"""The snapshot beside a game log: derived, never the record.

    snapshot.write(log_path, body)     # <log>.snapshot: written whole (temp, fsync, rename) or not at all
    body = snapshot.read(log_path)     # the JSON object there, or None (missing, damaged, too big)
    snapshot.discard(log_path)         # gone (a new game, a log put aside)

This knows files, not games: what the body holds, and whether it is trusted, is
the game's business (companion/game/snapshot.py). The game log stays the one
record; a snapshot only spares the replay of it on a start. A kill at any moment
leaves either the old snapshot or the new one, never half of one: the new one
is written to ``<log>.snapshot.tmp``, fsynced, then renamed over the old.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from companion.record import files

SUFFIX = ".snapshot"
#: Far above any game's snapshot (a finished 5-player board game is under 20 KB).
MAX_SIZE = 4 << 20


def path_of(log: Path) -> Path:
    return log.with_name(log.name + SUFFIX)


#: Compact JSON, UTF-8 as it is; no circular-reference check (a snapshot is a tree of JSON values).
_ENCODER = json.JSONEncoder(ensure_ascii=False, check_circular=False, separators=(",", ":"))


def text(value: object) -> str:
    """``value`` as a snapshot writes it (compact JSON, UTF-8 as it is)."""
    return _ENCODER.encode(value)


def write(log: Path, body: dict | str) -> None:
    """Replace the snapshot beside ``log`` by ``body`` (OSError if it cannot: then the old
    one, if any, is still whole); ``body`` may be its JSON text already (made as :func:`text` makes it)."""
    target = path_of(log)
    temporary = target.with_name(target.name + ".tmp")
    files.remove(temporary)  # a kill's leftover: never trusted, never renamed
    whole = body if isinstance(body, str) else text(body)
    data = whole.encode("utf-8")
    files.write_new(temporary, data)
    try:
        os.replace(temporary, target)
    except BaseException:
        files.remove(temporary)
        raise
    files.sync_dir(target.parent)


def read(log: Path) -> dict | None:
    """The snapshot beside ``log`` as a JSON object, or None when there is none or it is not one."""
    try:
        data = files.read_regular(path_of(log), MAX_SIZE)
        body = json.loads(data.decode("utf-8"))
    except (OSError, files.FileFault, ValueError, RecursionError):
        return None
    return body if isinstance(body, dict) else None


def discard(log: Path) -> None:
    """No snapshot beside ``log`` any more (nothing happens if there is none)."""
    target = path_of(log)
    files.remove(target)
    files.remove(target.with_name(target.name + ".tmp"))
