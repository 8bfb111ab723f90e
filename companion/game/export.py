"""Taking a game home: the game log (the journal itself) and a BG Stats import file.

    paths = export(game, folder)   # [<stamp>-el-grande.jsonl, <stamp>-el-grande.bgsplay]

The game log is a byte-for-byte copy of the journal (docs/journal.md). The
BG Stats file follows the JSON layout BG Stats writes in its own exports
and reads back ("Import" in the app): games, players, locations and plays,
linked by ids; El Grande is BoardGameGeek id 93. It is written only for a
finished game, so no half-played score lands in anyone's statistics.
"""

from __future__ import annotations

import json
import os
import shutil
import uuid
from datetime import datetime, timezone
from pathlib import Path

BGG_ID = 93
GAME_NAME = "El Grande"
#: Fixed namespace: the same game always gets the same ids, so importing twice updates, not duplicates.
NAMESPACE = uuid.UUID("6f1c2b0e-5a7d-4e53-9a43-93e1e93a9b93")


class ExportError(Exception):
    """One line: why nothing (or not everything) was exported."""


def export(game, folder: Path | str, *, finished: datetime | None = None) -> list[Path]:
    """Write the game log and, for a finished game, the BG Stats file into folder."""
    journal = game.journal
    if journal is None:
        raise ExportError("this game is not kept in a journal, so there is nothing to export")
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ExportError(f"cannot write to {folder}: {error.strerror or error}") from None
    started = started_at(journal.header, journal.path)
    stem = f"{started.astimezone().strftime('%Y-%m-%d-%H%M')}-el-grande"
    paths = [folder / f"{stem}.jsonl"]
    try:
        shutil.copyfile(journal.path, paths[0])
        if game.over:
            paths.append(folder / f"{stem}.bgsplay")
            finished = finished or datetime.fromtimestamp(os.stat(journal.path).st_mtime, timezone.utc)
            data = bg_stats(game, started, finished)
            paths[1].write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    except OSError as error:
        raise ExportError(f"cannot write to {folder}: {error.strerror or error}") from None
    return paths


def started_at(header: dict, path: Path) -> datetime:
    """When the game began: the journal header's UTC time (older journals: the file's)."""
    text = header.get("started")
    if text:
        try:
            return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
        except ValueError:
            pass
    return datetime.fromtimestamp(os.stat(path).st_mtime, timezone.utc)


def bg_stats(game, started: datetime, finished: datetime) -> dict:
    """The BG Stats import structure for one finished play."""
    state, settings = game.state, game.settings
    key = f"{started.isoformat()}/{settings.seed}"
    local = started.astimezone()
    players, scores = [], []
    first = next((step.first for step in game.steps if step.kind == "SetupDone"), None)
    standings = {colour: (place, points) for place, colour, points in state.standings()}
    for seat, player in enumerate(settings.players):
        ref = seat + 1
        players.append({"id": ref, "name": player.name, "isAnonymous": False,
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
        "games": [{"id": 1, "name": GAME_NAME, "bggId": BGG_ID, "bggName": GAME_NAME,
                   "uuid": str(uuid.uuid5(NAMESPACE, f"game/{BGG_ID}")),
                   "cooperative": False, "highestWins": True, "noPoints": False, "usesTeams": False}],
        "players": players,
        "locations": [],
        "plays": [{
            "uuid": str(uuid.uuid5(NAMESPACE, f"play/{key}")),
            "gameRefId": 1,
            "playDate": local.strftime("%Y-%m-%d %H:%M:%S"),
            "durationMin": minutes,
            "rounds": state.round,
            "ignored": False,
            "manualWinner": False,
            "usesTeams": False,
            "scoringSetting": 0,
            "comments": comment(game),
            "playerScores": scores,
        }],
    }


def comment(game) -> str:
    settings = game.settings
    bits = [settings.rules.title]
    if settings.dummy:
        bits.append(f"with the dummy ({settings.dummy})")
    bits += settings.variant_labels()
    return "Recorded with the El Grande table companion: " + ", ".join(bits)
