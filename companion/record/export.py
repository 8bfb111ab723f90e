"""Taking a game home: the game log (the journal itself) and a BG Stats import file.

    paths = export(game, folder)   # [<stamp>-el-grande.jsonl, <stamp>-el-grande.bgsplay]

The game log is a byte-for-byte copy of the journal (docs/journal.md). The
BG Stats file follows the JSON layout BG Stats writes in its own exports
and reads back ("Import" in the app): games, players, locations and plays,
linked by ids; El Grande is BoardGameGeek id 93 (docs/bgstats.md names the
public writers and readers the fields were checked against). It is written
only for a finished game, so no half-played score lands in anyone's statistics.

An export never replaces anything: every file is created new (``O_EXCL``,
which also refuses a symbolic link standing on the name), named after the
game's start to the second, with ``-2``, ``-3`` … when that name is taken;
the log and the BG Stats file of one export share one name. Whatever goes
wrong raises :class:`ExportError` with one line, and leaves no half-written
file behind.
"""

from __future__ import annotations

import errno
import json
import os
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from companion.record.files import FileFault, read_regular, remove, shown, sync_dir

BGG_ID = 93
GAME_NAME = "El Grande"
DEFAULT_LOCATION = "Table"
#: Fixed namespace: the same game always gets the same ids, so importing twice updates, not duplicates.
NAMESPACE = uuid.UUID("6f1c2b0e-5a7d-4e53-9a43-93e1e93a9b93")
#: The files of one export, in the order they are written.
SUFFIXES = (".jsonl", ".bgsplay")
#: Names tried before giving up (<stem>, <stem>-2 … <stem>-999).
MAX_NAMES = 999
#: BG Stats' own date format (local time), as its exports write it and its readers parse it.
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
_NEW_FILE = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_BINARY", 0))
_REASONS = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
            errno.EROFS: "the disk is read-only", errno.EACCES: "permission denied",
            errno.EPERM: "permission denied"}


class PlayedGame(Protocol):
    """What the export reads of a game (companion/engine/game.py's Game; record/ knows no game's
    types): its journal, whether it is over, its settings, state and steps."""

    @property
    def journal(self) -> Any: ...
    @property
    def over(self) -> bool: ...
    @property
    def settings(self) -> Any: ...
    @property
    def state(self) -> Any: ...
    @property
    def steps(self) -> Any: ...


class ExportError(Exception):
    """One line: why nothing (or not everything) was exported."""


def export(game: PlayedGame, folder: Path | str, *, finished: datetime | None = None,
           location: str = DEFAULT_LOCATION, me: str = "") -> list[Path]:
    """Write the game log and, for a finished game, the BG Stats file into folder, as new files
    (``me``: the name of the BG Stats app's owner, the settings file's game.me)."""
    journal = game.journal
    if journal is None:
        raise ExportError("this game is not kept in a game log, so there is nothing to export")
    folder = Path(folder)
    try:
        files = [read_regular(journal.path)]  # (swapped for a FIFO since it was replayed: refused, not read)
        started = started_at(journal.header, journal.path)
        if game.over:
            finished = finished or file_time(journal.path)
            data = bg_stats(game, started, finished, location, me)
            files.append(json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))
    except OSError as error:
        raise ExportError(f"cannot read {shown(journal.path)}: {reason(error)}") from None
    except FileFault as error:
        raise ExportError(str(error)) from None
    _make_folder(folder)
    return write_new(folder, f"{started.astimezone().strftime('%Y-%m-%d-%H%M%S')}-el-grande", files)


def write_new(folder: Path, base: str, contents: list[bytes]) -> list[Path]:
    """contents as new files <stem>.jsonl (and <stem>.bgsplay) in folder; stem is base or base-2, -3 …"""
    for number in range(1, MAX_NAMES + 1):
        stem = base if number == 1 else f"{base}-{number}"
        opened = _claim(folder, stem, len(contents))
        if opened is not None:
            break
    else:
        raise ExportError(f"cannot export into {shown(folder)}: {base} and {MAX_NAMES - 1} more names are taken")
    try:
        for (_, fd), data in zip(opened, contents):
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        _close(opened, strict=True)
    except OSError as error:
        _discard(opened)
        raise ExportError(f"cannot write to {shown(folder)}: {reason(error)}") from None
    sync_dir(folder)
    return [path for path, _ in opened]


def _claim(folder: Path, stem: str, count: int) -> list[tuple[Path, int]] | None:
    """The first count files of one export opened as new files, or None if any of its names is taken."""
    opened: list[tuple[Path, int]] = []
    try:
        for suffix in SUFFIXES[:count]:
            path = folder / f"{stem}{suffix}"
            opened.append((path, os.open(path, _NEW_FILE, 0o644)))
        # A name this export does not write may still not be taken: an old .bgsplay beside
        # a new log would look like its pair.
        if not any(os.path.lexists(folder / f"{stem}{suffix}") for suffix in SUFFIXES[count:]):
            return opened
    except FileExistsError:
        pass
    except OSError as error:
        _discard(opened)
        raise ExportError(f"cannot write to {shown(folder)}: {reason(error)}") from None
    _discard(opened)
    return None


def _close(opened: list[tuple[Path, int]], strict: bool = False) -> None:
    first = None
    for index, (path, fd) in enumerate(opened):
        if fd < 0:
            continue
        try:
            os.close(fd)
        except OSError as error:
            first = first or error
        opened[index] = (path, -1)
    if strict and first is not None:
        raise first


def _discard(opened: list[tuple[Path, int]]) -> None:
    """Close and remove the files this export created (and only those)."""
    _close(opened)
    for path, _ in opened:
        remove(path)


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise ExportError(f"cannot export into {shown(folder)}: it is not a folder") from None
    except ValueError:  # a NUL in the name
        raise ExportError(f"cannot export into {shown(folder)}: not a possible folder name") from None
    except OSError as error:
        if error.errno == errno.ENOTDIR:
            raise ExportError(f"cannot make the folder {shown(folder)}: a part of that path is a file") from None
        raise ExportError(f"cannot make the folder {shown(folder)}: {reason(error)}") from None


def reason(error: OSError) -> str:
    return (_REASONS.get(error.errno) if error.errno is not None else None) or (error.strerror or str(error)).lower()


#: The times an export uses: the header's "started" and the file's time count only between these.
#: Outside them the table's local time overflows (year 1 west of UTC, 9999 east of it: issue 33, the
#: menu's export ended the companion), and BG Stats' dates want four-digit years; a Pi's clock that
#: was never set says 1970, which is kept. Replay and run read such a header as it is: only the
#: export looks elsewhere (the file's time, as for journals before 0.2, else now).
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(9998, 1, 1, tzinfo=UTC)


def started_at(header: dict, path: Path) -> datetime:
    """When the game began: the journal header's UTC time (older journals, or a time an export cannot
    use: the file's)."""
    text = header.get("started")
    if isinstance(text, str):
        try:
            when = datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
        except ValueError:
            pass
        else:
            if EARLIEST <= when < LATEST:
                return when
    return file_time(path)


def file_time(path: Path) -> datetime:
    """The file's last change (UTC), or now where that is a time an export cannot use."""
    stamp = os.stat(path).st_mtime
    try:
        when = datetime.fromtimestamp(stamp, UTC)
    except (OverflowError, OSError, ValueError):  # a time past what datetime holds
        return datetime.now(UTC)
    return when if EARLIEST <= when < LATEST else datetime.now(UTC)


def rounds_played(game: PlayedGame) -> int:
    """Rounds of this game's own sequence reached (the short game's 2, 3, 5, 6, 8, 9 count as 6)."""
    return sum(1 for number in game.settings.rounds if number <= game.state.round)


def bg_stats(game: PlayedGame, started: datetime, finished: datetime, location: str = DEFAULT_LOCATION,
             me: str = "") -> dict:
    """The BG Stats import structure for one finished play (field by field: docs/bgstats.md)."""
    state, settings = game.state, game.settings
    key = f"{started.isoformat()}/{settings.seed}"
    stamp = finished.astimezone().strftime(DATE_FORMAT)
    players, scores = [], []
    first = next((step.first for step in game.steps if step.kind == "SetupDone"), None)
    standings = {colour: (place, points) for place, colour, points in state.standings()}
    for seat, player in enumerate(settings.players):
        ref = seat + 1
        players.append({"id": ref, "name": player.name, "isAnonymous": False, "modificationDate": stamp,
                        "uuid": str(uuid.uuid5(NAMESPACE, f"player/{player.name.casefold()}"))})
        place, points = standings[player.colour]
        scores.append({
            "playerRefId": ref,
            "score": str(points),
            "winner": place == 1,
            "rank": place,
            "seatOrder": seat,
            "startPlayer": player.colour == first,
            "newPlayer": False,
            "role": player.colour,
        })
    minutes = max(1, round((finished - started).total_seconds() / 60))
    return {
        "about": "BG Stats import file written by the El Grande table companion",
        "games": [{"id": 1, "name": GAME_NAME, "bggId": BGG_ID, "bggName": GAME_NAME, "bggYear": 1995,
                   "designers": "Wolfgang Kramer, Richard Ulrich",
                   "uuid": str(uuid.uuid5(NAMESPACE, f"game/{BGG_ID}")), "modificationDate": stamp,
                   "cooperative": False, "highestWins": True, "noPoints": False, "usesTeams": False,
                   "isBaseGame": 1, "isExpansion": 0, "minPlayerCount": 2, "maxPlayerCount": 5}],
        "players": players,
        "locations": [{"id": 1, "name": location, "modificationDate": stamp,
                       "uuid": str(uuid.uuid5(NAMESPACE, f"location/{location.casefold()}"))}],
        "plays": [{
            "uuid": str(uuid.uuid5(NAMESPACE, f"play/{key}")),
            "gameRefId": 1,
            "locationRefId": 1,
            "playDate": started.astimezone().strftime(DATE_FORMAT),
            "entryDate": stamp,
            "modificationDate": stamp,
            "durationMin": minutes,
            "rounds": rounds_played(game),
            "ignored": False,
            "manualWinner": False,
            "usesTeams": False,
            "scoringSetting": 0,
            "board": "",
            "comments": comment(game),
            "playerScores": scores,
            "expansionPlays": [],
        }],
        "userInfo": {"meRefId": owner_ref(settings.players, me)},
    }


def owner_ref(players: Sequence[Any], me: str) -> int:
    """The playerRefId of the app's owner, named ``me`` (ignoring case, as the players' uuids do);
    0, which is no player of the file, when nobody is named or the owner did not play
    (docs/bgstats.md)."""
    wanted = me.strip().casefold()
    return next((seat + 1 for seat, player in enumerate(players) if wanted and player.name.casefold() == wanted), 0)


def comment(game: PlayedGame) -> str:
    settings = game.settings
    bits = [settings.rules.title]
    if settings.dummy:
        bits.append(f"with the dummy ({settings.dummy})")
    bits += settings.variant_labels()
    return "Recorded with the El Grande table companion: " + ", ".join(bits)
