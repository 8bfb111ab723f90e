"""A game's snapshot: its state and the phase chart's position, as JSON beside the game log.

    keep(game, journal)                       # after every confirmation and undo (Game.keep_snapshot)
    game = restored(Game(settings), journal)  # on a resume: the game as its snapshot has it, or None

Derived, never the record: the game log is what a game is. A snapshot is
trusted only when it proves itself: sealed (a digest of its own bytes,
companion/record/snapshot.py), made by this very version of the companion (its
version, the rules revision, the snapshot format and the game code's files), or by
another version whose game code is this one's byte for byte (an update that left the
rules, the engine and the game's play alone: :func:`code_digest`), from this very log
(its length and a digest of its bytes), every field it
restores of the kind the code gives it (snapshot_schema.py), its counts of
Caballeros possible, and its chart's position the chart's own (checked when the
chart is built). Missing, stale, damaged or foreign, it is ignored, said in one
line, and the game is replayed from the log, which writes a new one; one whose
game fails on a press is set aside (docs/journal.md, "The snapshot").

The state is written generically, whatever fields it grows (snapshot_values.py:
JSON, never pickle: a damaged or hand-made snapshot can make a wrong state, which
the checks above keep out, but never run code).
"""

from __future__ import annotations

import logging
import os
from collections.abc import MutableSet
from pathlib import Path
from typing import Any

from companion.engine import board, conservation
from companion.engine.state import GameState
from companion.engine.steps import StepRefused
from companion.play.copies import Kept
from companion.play.logged_steps import Steps
from companion.play.snapshot_schema import misfit
from companion.play.snapshot_values import Unfit, decode, encode
from companion.record import snapshot as snapshot_file
from companion.record.journal import Journal

log = logging.getLogger(__name__)

FORMAT = "elgrande-snapshot"
#: Raised whenever what a snapshot holds, or how it is written, changes (3: the Big Box's fields of the
#: state in its own part, ``state.modes``; a snapshot of format 2 is foreign, and the game replayed).
FORMAT_VERSION = 3


def version() -> str:
    """This companion's snapshot version: the package, the rules revision, the format, the code."""
    import companion
    from companion.engine.settings import REVISION

    return f"{companion.__version__}/rules-{REVISION}/snapshot-{FORMAT_VERSION}/{_code_stamp()}"


_stamp: list[str] = []


#: The folders of the game's code (companion/...) whose files the stamp digests: every package of the engine,
#: of play and of the rules (tests/play hold it to the folders there are).
STAMPED = ("engine", "engine/modes", "engine/offers", "play", "rules", "rules/big_box")


def _code_stamp() -> str:
    """The game code's files (companion/engine, companion/play, companion/rules): names, sizes and times, digested.

    A changed rule between two starts of one version (a developer's checkout) makes every
    snapshot foreign, so a game is replayed under the rules it now has."""
    if not _stamp:
        from companion.record.journal import blake2b

        digest = blake2b(digest_size=8)
        for name, path in _code_files():
            info = path.stat()
            digest.update(f"{name}:{info.st_size}:{info.st_mtime_ns};".encode())
        _stamp.append(digest.hexdigest())
    return _stamp[0]


#: What turns a game log into a state, beyond STAMPED: the log's own reading (companion/record).
PROVEN = (*STAMPED, "record")

_digest: list[str] = []


def code_digest() -> str:
    """The rules revision, the snapshot format and a digest of the bytes of every file of the game code
    (PROVEN's folders): what a snapshot's state depends on, whatever the package's version says.

    A snapshot made by another version with this digest was made by this very code, so an update that
    changed the screens, the words or the commands (not the engine, the rules, play or the log's reading)
    resumes from its snapshot; any other byte changed and the game is replayed from its log. Read once
    per process, and only when a snapshot is written or one from another version is read (about 0.7 MB:
    a few milliseconds), and not at all after a resume from a snapshot of this very version, whose
    digest is kept (:func:`_known_digest`)."""
    if not _digest:
        from companion.engine.settings import REVISION
        from companion.record.journal import blake2b

        digest = blake2b(digest_size=16)
        for name, path in _code_files(PROVEN):
            data = path.read_bytes()
            digest.update(f"{name}:{len(data)};".encode())
            digest.update(data)
        _digest.append(f"rules-{REVISION}/snapshot-{FORMAT_VERSION}/{digest.hexdigest()}")
    return _digest[0]


def _code_files(folders: tuple[str, ...] = STAMPED) -> list[tuple[str, Path]]:
    """The .py files of ``folders`` (under companion/), each with its name from there, in a fixed order."""
    root = Path(__file__).resolve().parents[1]
    found: list[tuple[str, Path]] = []
    for folder in folders:
        try:
            entries = sorted(os.scandir(root / folder), key=lambda e: e.name)
        except OSError:
            continue
        found.extend((f"{folder}/{entry.name}", Path(entry.path)) for entry in entries if entry.name.endswith(".py"))
    return found


def chart_value(value: object) -> Any:
    """The phase chart's configuration value as JSON: a state id, or the ids of a configuration."""
    if isinstance(value, MutableSet):
        return list(value)
    return value


def body(state: object, position: tuple[Any, str, frozenset[str]], settings: object,
         fingerprint: tuple[int, str], steps: int, before: tuple[int, Any, Any] | None = None,
         memo: dict[int, tuple[object, Any]] | None = None) -> dict:
    """The snapshot of a game after ``steps`` steps of the log whose fingerprint is given: its state,
    where the phase chart stands (position as JSON, phase, allowed events: the first frame needs no
    chart); ``before``: an earlier (steps, state as written, chart position), where an undo starts."""
    made = _head(state, position, settings, fingerprint, steps, memo)
    made["before"] = None if before is None else {"steps": before[0], "state": before[1], "chart": before[2]}
    return made


def _head(state: object, position: tuple[Any, str, frozenset[str]], settings: object,
          fingerprint: tuple[int, str], steps: int, memo: dict[int, tuple[object, Any]] | None) -> dict:
    """:func:`body` but for its last key, "before"."""
    size, digest = fingerprint
    chart, phase, allowed = position
    return {"format": FORMAT, "version": version(), "code": code_digest(), "log": {"bytes": size, "digest": digest},
            "steps": steps,
            "state": encode(state, settings, memo), "chart": chart, "phase": phase, "allowed": sorted(allowed)}


def trusted(found: dict | None, fingerprint: tuple[int, str], steps: int) -> tuple[dict | None, str]:
    """The snapshot if it was made by this version from this very log after its ``steps`` steps, its
    parts of the right kinds, and ""; else None and why (then it is not used)."""
    size, digest = fingerprint
    if found is None:
        return None, snapshot_file.MISSING
    if found.get("format") != FORMAT:
        return None, "it was made by another version"
    if found.get("version") != version() and found.get("code") != code_digest():
        return None, "it was made by another version, whose game code is not this one's"
    if found.get("log") != {"bytes": size, "digest": digest} or found.get("steps") != steps:
        return None, "it was made from another state of the log"
    why = _position_misfit(found.get("chart"), found.get("phase"), found.get("allowed"))
    if why:
        return None, why
    before = found.get("before")
    if before is not None and not (isinstance(before, dict) and sorted(before) == ["chart", "state", "steps"]
                                   and type(before.get("steps")) is int and 0 < before["steps"] <= steps
                                   and _chart(before.get("chart"))):
        return None, "its copy for an undo is not one"
    if found.get("version") == version():
        _known_digest(found.get("code"))
    return found, ""


def _known_digest(code: object) -> None:
    """Keep ``code``, the game code's digest a trusted snapshot of this very version holds (the same
    files by their names, sizes and times: :func:`_code_stamp`), as :func:`code_digest`'s answer, so a
    resumed game's first confirmation does not read and hash the code again (about 17 M instructions)."""
    from companion.engine.settings import REVISION

    if not _digest and isinstance(code, str) and code.startswith(f"rules-{REVISION}/snapshot-{FORMAT_VERSION}/"):
        _digest.append(code)


def _chart(value: object) -> bool:
    """A chart's position as JSON: a phase's id, or a compound phase's and its inner state's ids."""
    if isinstance(value, list):
        return len(value) >= 2 and all(isinstance(i, str) for i in value)
    return isinstance(value, str)


def _position_misfit(chart: object, phase: object, allowed: object) -> str:
    """Why a snapshot's position of the chart cannot be one, "" if it can: the phase is the chart's
    top state, and the allowed events are events of the game's steps, each once."""
    if not _chart(chart) or not isinstance(phase, str) or phase != (chart[0] if isinstance(chart, list) else chart):
        return "its phase is not where its chart stands"
    if not (isinstance(allowed, list) and all(type(e) is str for e in allowed)
            and len(set(allowed)) == len(allowed) and set(allowed) <= _events()):
        return "its allowed events are not the game's"
    return ""


def _events() -> frozenset[str]:
    """Every event of the phase chart: one for each kind of step (tests/game: the chart's own)."""
    from companion.engine.events import event_of
    from companion.engine.steps import KINDS

    return frozenset(event_of(kind) for kind in KINDS)


def state_of(data: Any, settings: object) -> GameState:
    """A snapshot's state, decoded and checked against the code's annotations (Unfit saying where
    it does not fit); the chart's position is checked when the chart is built (chart.py)."""
    state = decode(data, settings)
    if not isinstance(state, GameState):
        raise Unfit("not a game's state")
    wrong = misfit(state, settings) or counts_misfit(state)
    if wrong:
        raise Unfit(wrong)
    return state


def counts_misfit(state: GameState) -> str:
    """Where the Caballeros a state counts cannot be, "" if nowhere: the conservation law (in a game that
    records the board, each colour's Caballeros its supply, none below zero), no count below 0 or above
    the colour's supply, every colour counted one of the game's, and the score sheet's lines adding up
    to the scores."""
    try:
        conservation.check(state)  # the engine's own law (companion/engine/conservation.py)
    except StepRefused as refused:
        return str(refused)
    places = (("the Castillo", state.castillo), ("the Court", state.court), ("the Province", state.province),
              *state.counts.items())
    for where, held in places:
        for colour, n in held.items():
            if n < 0 or n > state.supply(colour):
                return f"{n} {colour} Caballeros in {where}"
    colours = set(state.counted)
    keyed: list[dict[str, Any]] = [state.scores, state.hands, state.grandes, state.discs, *(held for _, held in places)]
    for table in keyed:
        if not colours.issuperset(table):
            return f"a colour not in the game: {sorted(set(table) - colours)[:1]}"
    known: set[str | None] = {*state.counts, board.CASTILLO, None}
    if not set(state.turn_order) <= colours or not {*state.grandes.values(), *state.discs.values()} <= known:
        return "a colour or a region not in the game"
    points = dict.fromkeys(state.scores, 0)
    for line in state.sheet:
        points[line.colour] = points.get(line.colour, 0) + line.points
    if points != state.scores:
        return "its score sheet does not add up to its scores"
    return ""


# -- a game's (Game, companion/engine/game.py: passed in, never imported here) ---------------------
def restored(game: Any, journal: Journal) -> Any:
    """``game`` (new, of the journal's settings) as the snapshot beside the journal has it, if one
    can be trusted; None if not (said in one line in the log of the system, but for a game with none
    yet). Made by this version from this journal's very bytes, which were every one checked then;
    sealed; every field of its state of the kind the code gives it. The phase chart is not built (the
    snapshot says where it stands, checked when it is built); the in-memory copies an undo starts
    from are the new game's, the snapshot's earlier state and its last (decoded and checked as its
    state is when an undo needs them; one that does not fit is fallback.py's)."""
    if journal.damage is not None or journal.warnings:
        return None  # a repaired or damaged journal: replayed and checked line by line
    units = journal.units()
    found, why = snapshot_file.read(journal.path)
    if found is not None:
        found, why = trusted(found, journal.fingerprint(), sum(units))
    if found is None:
        (log.info if why in (snapshot_file.MISSING, snapshot_file.EARLIER) else log.warning)(
            "%s: its snapshot is not used (%s); the game log is replayed", journal.path.name, why)
        return None
    try:
        state = state_of(found["state"], game.settings)
        before = found.get("before")  # (decoded and checked so when an undo needs it: fallback.py if unfit)
        game._steps = Steps(journal.steps)  # (each decoded when read: logged_steps.py)
        written = found["state"]["A"]["sheet"]  # (state_of read it: a dataclass's fields, the sheet's lines among them)
    except Exception as error:  # Unfit, StepRefused, or a bug of ours: never a start that fails
        log.warning("%s: its snapshot does not fit (%s); the game log is replayed", journal.path.name,
                    str(error)[:200] or type(error).__name__)
        return None
    game.state, game._units, game.from_snapshot = state, units, True
    if isinstance(written, list) and len(written) == len(state.sheet):  # (its lines as the next snapshot writes them)
        game._sheet_text = (tuple(state.sheet), written)
    game._resting = (found["chart"], found["phase"], frozenset(found["allowed"]))
    if before is not None:
        game._snapshots[before["steps"]] = (before["state"], before["chart"])
    game._snapshots[len(game._steps)] = (found["state"], found["chart"])
    return game


def position(machine: Any, state: GameState, chart: object) -> None:
    """Set the phase chart to a snapshot's position (a state id, or the ids of a configuration);
    Unfit (a ValueError) if the chart has no such position."""
    ids = chart if isinstance(chart, list) else [chart]
    if not ids or not all(isinstance(i, str) and i in machine.states_map for i in ids):
        raise Unfit("not a position of the phase chart")
    states = [machine.states_map[i] for i in ids]
    if (states[0].parent is not None or not states[-1].is_atomic
            or any(inner.parent is not outer for outer, inner in zip(states, states[1:]))):
        raise Unfit(f"{chart} is not a position of the phase chart")  # (a phase's id, then its inner states')
    machine.game = state
    # The library's documented setter of the active states (``StateChart.configuration``: no hooks
    # run, as on a resume), given the states themselves: none of its own types imported here.
    machine.configuration = states


#: Where keep() puts the state's text in the snapshot's (one JSON string no value of it can be).
_MARK = "\u0000state\u0000"
_MARK_TEXT = snapshot_file.text(_MARK)


def _state_text(game: Any) -> str:
    """``game.state`` as body() writes it, its score sheet's lines (frozen) encoded once each: the
    sheet's text is kept (``game._sheet_text``) and only the lines added since are encoded."""
    state, settings, memo = game.state, game.settings, game._memo
    sheet = state.sheet
    state.sheet = []
    try:
        written = snapshot_file.text(encode(state, settings, memo))
    finally:
        state.sheet = sheet
    lines, sheet_text = game._sheet_text
    known = len(lines)
    if len(sheet) < known or not all(a is b for a, b in zip(sheet, lines)):
        known, sheet_text = 0, "[]"
    elif not isinstance(sheet_text, str):  # a resumed game's: the snapshot's own values of its lines, as text once
        sheet_text = snapshot_file.text(sheet_text)
    if len(sheet) > known:
        more = snapshot_file.text([encode(line, settings, memo) for line in sheet[known:]])
        sheet_text = f"{sheet_text[:-1]}{',' if known else ''}{more[1:]}"
    game._sheet_text = (tuple(sheet), sheet_text)
    empty = '"sheet":[]'
    at = written.find(empty)
    if written.count(empty) != 1:  # (never: a field's name is written once, a string's quotes escaped)
        return snapshot_file.text(encode(state, settings, memo))
    return f"{written[:at]}\"sheet\":{sheet_text}{written[at + len(empty):]}"


def keep(game: Any, journal: Journal) -> None:
    """Write ``game``'s snapshot beside its journal, with the in-memory copy an undo would start
    from. Never fails the game: a snapshot that cannot be written is only missing (and the next
    start replays the log)."""
    count = len(game._steps)
    last_unit = game._units[-1] if game._units else 0
    earlier = max((n for n in game._snapshots if n <= count - last_unit), default=0)
    try:
        kept, chart = game._snapshots[earlier]
        before = "null"
        if earlier:
            known = game._encoded.get(earlier)
            if known is None or known[0] is not kept:  # the copy as JSON text: made once per copy, not per snapshot
                value = kept
                if isinstance(kept, Kept) and kept.written is not None:  # a resumed state's copy: as its snapshot had it
                    value = kept.written
                elif isinstance(kept, Kept):  # pickled in memory
                    copy = kept.state()
                    value = encode(copy, copy.settings)  # (its settings a copy: written as the log's, {"G": 0})
                known = game._encoded[earlier] = (kept, snapshot_file.text(value))
                for old in sorted(game._encoded)[:-2]:  # the two last (an undo and the unit sent again)
                    del game._encoded[old]
            before = (f'{{"steps":{snapshot_file.text(earlier)},"state":{known[1]},'
                      f'"chart":{snapshot_file.text(chart_value(chart))}}}')
        made = _head(None, game.position(), game.settings, journal.fingerprint(), count, None)
        made["state"] = _MARK
        whole = snapshot_file.text(made)
        if whole.count(_MARK_TEXT) == 1:  # (a string of the state cannot be the mark: it comes after)
            whole = whole.replace(_MARK_TEXT, _state_text(game))
        else:
            whole = snapshot_file.text(_head(game.state, game.position(), game.settings, journal.fingerprint(),
                                             count, game._memo))
        snapshot_file.write(journal.path, f'{whole[:-1]},"before":{before}}}')  # as body() makes it (test)
    except Exception as error:  # OSError, FileFault, Unfit, or a bug of ours: the game goes on without
        log.warning("%s: no snapshot written (%s); the next start replays the game log", journal.path.name, error)
        snapshot_file.discard(journal.path)
