"""A game's snapshot: its state and the phase chart's position, as JSON beside the game log.

    body = snapshot_of(game)                  # after every confirmation and undo (Game.keep_snapshot)
    found = trusted(body, journal, settings)  # on a resume: (state, chart position) or None

Derived, never the record: the game log is what a game is. A snapshot is
trusted only when it was made by this very version of the companion (its
version, the rules revision, the snapshot format and the game code's files)
from this very log (its length and a digest of its bytes); missing, stale,
damaged or foreign, it is ignored and the game is replayed from the log, which
writes a new one (docs/journal.md, "The snapshot").

The state is written generically, whatever fields it grows: JSON values as
they are, and tagged objects for the rest ({"T": [...]} a tuple, {"S": [...]}
a set, {"F": [...]} a frozenset, {"M": [[key, value], ...]} a dict, {"C":
"module:Class", "A": {field: value}} a dataclass of the companion's own, {"G": 0}
the game's settings). JSON, never pickle: a damaged or hand-made snapshot can
make a wrong state (the digest keeps a stale one out) but never run code; it
only ever builds the companion's own dataclasses, field by field.
"""

from __future__ import annotations

import dataclasses
import importlib
import logging
import os
from collections.abc import MutableSet
from pathlib import Path
from typing import Any

from companion.game import conservation
from companion.game.copies import Kept
from companion.game.state import GameState
from companion.game.steps import Step, StepRefused
from companion.record import snapshot as snapshot_file
from companion.record.files import FileFault
from companion.record.journal import Journal

log = logging.getLogger(__name__)

FORMAT = "elgrande-snapshot"
#: Raised whenever what a snapshot holds, or how it is written, changes.
FORMAT_VERSION = 1
_TAGS = frozenset("TSFMCG")


class Unfit(ValueError):
    """A value this format cannot write, or a snapshot that does not read as one."""


def version() -> str:
    """This companion's snapshot version: the package, the rules revision, the format, the code."""
    import companion
    from companion.game.settings import REVISION

    return f"{companion.__version__}/rules-{REVISION}/snapshot-{FORMAT_VERSION}/{_code_stamp()}"


_stamp: list[str] = []


def _code_stamp() -> str:
    """The game code's files (companion/game, companion/rules): names, sizes and times, digested.

    A changed rule between two starts of one version (a developer's checkout) makes every
    snapshot foreign, so a game is replayed under the rules it now has."""
    if not _stamp:
        from companion.record.journal import blake2b

        root = Path(__file__).resolve().parents[1]
        digest = blake2b(digest_size=8)
        for folder in ("game", "game/big_box", "rules", "rules/big_box"):
            try:
                found = sorted(os.scandir(root / folder), key=lambda e: e.name)
            except OSError:
                continue
            for entry in found:
                if entry.name.endswith(".py"):
                    info = entry.stat()
                    digest.update(f"{folder}/{entry.name}:{info.st_size}:{info.st_mtime_ns};".encode())
        _stamp.append(digest.hexdigest())
    return _stamp[0]


# -- values ---------------------------------------------------------------------------
_PLAIN = frozenset({bool, int, str, float, type(None)})


def encode(value: Any, settings: object, memo: dict[int, tuple[object, Any]] | None = None) -> Any:
    """``value`` as JSON values (Unfit naming a type this format cannot write). ``memo``: what frozen
    dataclasses of plain fields were written as, kept from one snapshot to the next (a score sheet's
    lines, written once)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if value is settings:
        return {"G": 0}
    if kind is list:
        if all(type(v) in _PLAIN for v in value):
            return list(value)
        return [encode(v, settings, memo) for v in value]
    if kind is tuple:
        if all(type(v) in _PLAIN for v in value):
            return {"T": list(value)}
        return {"T": [encode(v, settings, memo) for v in value]}
    if kind is dict:
        if all(type(k) in _PLAIN and type(v) in _PLAIN for k, v in value.items()):
            return {"M": [[k, v] for k, v in value.items()]}
        return {"M": [[encode(k, settings, memo), encode(v, settings, memo)] for k, v in value.items()]}
    if kind is set:
        return {"S": [encode(v, settings) for v in value]}
    if kind is frozenset:
        return {"F": [encode(v, settings) for v in value]}
    if memo is not None:
        hit = memo.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
    shape = _SHAPES.get(kind) or _shape(kind)
    fields = {}
    plain = shape[2]
    for name in shape[1]:
        field = getattr(value, name)
        if type(field) in _PLAIN:
            fields[name] = field
        else:
            fields[name] = encode(field, settings, memo)
            plain = False
    written = {"C": shape[0], "A": fields}
    if plain and memo is not None:
        memo[id(value)] = (value, written)
    return written


#: A dataclass of the companion's -> (its name in a snapshot, its fields' names, whether it is frozen).
_SHAPES: dict[type, tuple[str, tuple[str, ...], bool]] = {}


def _shape(kind: type) -> tuple[str, tuple[str, ...], bool]:
    if not (dataclasses.is_dataclass(kind) and kind.__module__.startswith("companion.")):
        raise Unfit(f"a snapshot cannot hold a {kind.__module__}.{kind.__qualname__}")
    shape = _SHAPES[kind] = (f"{kind.__module__}:{kind.__qualname__}", tuple(f.name for f in dataclasses.fields(kind)),
                             bool(kind.__dataclass_params__.frozen))  # type: ignore[attr-defined]
    return shape


def decode(data: Any, settings: object) -> Any:
    """What ``encode`` wrote (Unfit if it is not that)."""
    if data is None or type(data) in (bool, int, str, float):
        return data
    if type(data) is list:
        return [decode(v, settings) for v in data]
    if type(data) is not dict or not data or not set(data) <= _TAGS | {"A"}:
        raise Unfit("not a snapshot's value")
    if "C" in data:
        return _instance(data.get("C"), data.get("A"), settings)
    if len(data) != 1 or "A" in data:
        raise Unfit("not a snapshot's value")
    ((tag, items),) = data.items()
    if tag == "G":
        return settings
    if type(items) is not list:
        raise Unfit("not a snapshot's value")
    if tag == "M":
        if not all(type(pair) is list and len(pair) == 2 for pair in items):
            raise Unfit("not a snapshot's table")
        return {_key(decode(k, settings)): decode(v, settings) for k, v in items}
    values = [decode(v, settings) for v in items]
    try:
        return tuple(values) if tag == "T" else set(values) if tag == "S" else frozenset(values)
    except TypeError:  # an unhashable member
        raise Unfit("not a snapshot's set") from None


def _key(value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        raise Unfit("not a snapshot's key") from None
    return value


_classes: dict[str, type] = {}


def _instance(name: object, fields: object, settings: object) -> Any:
    """One of the companion's own dataclasses, its fields set one by one (no __init__, as a copy)."""
    cls = _classes.get(name) if isinstance(name, str) else None
    if cls is None:
        cls = _class(name)
    if not isinstance(fields, dict):
        raise Unfit("not a snapshot's object")
    names = [f.name for f in dataclasses.fields(cls)]
    if sorted(fields) != sorted(names):
        raise Unfit(f"{cls.__qualname__} has other fields in this version")
    instance: Any = object.__new__(cls)
    for field in names:
        object.__setattr__(instance, field, decode(fields[field], settings))
    return instance


def _class(name: object) -> type:
    if not isinstance(name, str) or ":" not in name:
        raise Unfit("not a snapshot's object")
    module_name, _, qualname = name.partition(":")
    if not module_name.startswith("companion.") or not all(part.isidentifier() for part in
                                                             (*module_name.split("."), *qualname.split("."))):
        raise Unfit(f"{name[:40]!r} is not the companion's")
    try:
        found: Any = importlib.import_module(module_name)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        raise Unfit(f"{name[:40]!r} is not in this version") from None
    if not (isinstance(found, type) and dataclasses.is_dataclass(found)):
        raise Unfit(f"{name[:40]!r} is not a dataclass")
    _classes[name] = found
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
    return {"format": FORMAT, "version": version(), "log": {"bytes": size, "digest": digest}, "steps": steps,
            "state": encode(state, settings, memo), "chart": chart, "phase": phase, "allowed": sorted(allowed)}


def trusted(found: dict | None, fingerprint: tuple[int, str], steps: int) -> dict | None:
    """The snapshot if it was made by this version from this very log after its ``steps`` steps, its
    parts of the right kinds; None when it is missing, stale, damaged or foreign (then it is not used)."""
    size, digest = fingerprint
    if (found is None or found.get("format") != FORMAT or found.get("version") != version()
            or found.get("log") != {"bytes": size, "digest": digest} or found.get("steps") != steps
            or not isinstance(found.get("phase"), str) or not _chart(found.get("chart"))
            or not (isinstance(found.get("allowed"), list) and all(isinstance(e, str) for e in found["allowed"]))):
        return None
    before = found.get("before")
    if before is not None and not (isinstance(before, dict) and type(before.get("steps")) is int
                                   and 0 < before["steps"] <= steps and _chart(before.get("chart"))
                                   and "state" in before):
        return None
    return found


def _chart(value: object) -> bool:
    ids = value if isinstance(value, list) else [value]
    return bool(ids) and all(isinstance(i, str) for i in ids)


# -- a game's (Game, companion/game/game.py: passed in, never imported here) ---------------------
def restored(game: Any, journal: Journal) -> Any:
    """``game`` (new, of the journal's settings) as the snapshot beside the journal has it, if one
    can be trusted; None if not. Made by this version from this journal's very bytes, which were
    every one checked then. The phase chart is not built (the snapshot says where it stands); the
    in-memory copies an undo starts from are the new game's, the snapshot's earlier state and its last
    (decoded when an undo needs them)."""
    if journal.damage is not None or journal.warnings:
        return None  # a repaired or damaged journal: replayed and checked line by line
    units = journal.units()
    found = trusted(snapshot_file.read(journal.path), journal.fingerprint(), sum(units))
    if found is None:
        return None
    try:
        state = decode(found["state"], game.settings)
        if not isinstance(state, GameState):
            raise Unfit("not a game's state")
        conservation.check(state)  # a state whose Caballeros do not add up is not trusted (StepRefused)
        game._steps = [Step.from_json(step) for step in journal.steps]
    except (Unfit, StepRefused):
        log.warning("%s: its snapshot does not fit; the game log is replayed", journal.path.name)
        return None
    game.state, game._units = state, units
    game._resting = (found["chart"], found["phase"], frozenset(found["allowed"]))
    before = found.get("before")
    if before is not None:
        game._snapshots[before["steps"]] = (before["state"], before["chart"])
    game._snapshots[len(game._steps)] = (found["state"], found["chart"])
    return game


def position(machine: Any, state: GameState, chart: object) -> None:
    """Set the phase chart to a snapshot's position (a state id, or the ids of a configuration);
    ValueError if the chart has no such states."""
    ids = chart if isinstance(chart, list) else [chart]
    if not ids or not all(isinstance(i, str) and i in machine.states_map for i in ids):
        raise ValueError("not a position of the phase chart")
    machine.game = state
    if isinstance(chart, list):
        from statemachine.orderedset import OrderedSet  # the library's own configuration value

        machine.current_state_value = OrderedSet(chart)
    else:
        machine.current_state_value = chart


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
                if isinstance(kept, Kept):  # pickled in memory
                    value = encode(kept.state(), game.settings)
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
    except (OSError, FileFault, ValueError) as error:
        log.warning("%s: no snapshot written (%s); the next start replays the game log", journal.path.name, error)
        snapshot_file.discard(journal.path)
