"""A snapshot's values: the state written generically as JSON values, and read back (Unfit if not).

    written = encode(state, settings)      # JSON values, whatever fields the state grows
    state = decode(written, settings)      # the same state again; Unfit if ``written`` is not that

JSON values as they are, and tagged objects for the rest ({"T": [...]} a tuple, {"S": [...]} a set,
{"F": [...]} a frozenset, {"M": [[key, value], ...]} a dict, {"C": "module:Class", "A": {field:
value}} a dataclass of the companion's own, {"G": 0} the game's settings). JSON, never pickle: a
damaged or hand-made snapshot can make a wrong state but never run code; it only ever builds the
companion's own dataclasses, field by field (companion/engine/snapshot.py says when one is trusted).
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

_TAGS = frozenset("TSFMCG")


class Unfit(ValueError):
    """A value this format cannot write, or a snapshot that does not read as one."""


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
        return [v if v is None or type(v) in _DECODED else decode(v, settings) for v in data]
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
    values = [v if v is None or type(v) in _DECODED else decode(v, settings) for v in items]
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
    names, known = _FIELDS.get(cls) or _fields(cls)
    if fields.keys() != known:  # (the snapshot's keys are unique, so this is: the very same names)
        raise Unfit(f"{cls.__qualname__} has other fields in this version")
    instance: Any = object.__new__(cls)
    for field in names:
        value = fields[field]
        object.__setattr__(instance, field, value if value is None or type(value) in _DECODED else
                           decode(value, settings))
    return instance


#: What a JSON value decodes to as it is (no call): the plain kinds.
_DECODED = frozenset({bool, int, str, float})
#: A class -> its fields' names in order, and as a set (from the code, once per class).
_FIELDS: dict[type, tuple[tuple[str, ...], frozenset[str]]] = {}


def _fields(cls: type) -> tuple[tuple[str, ...], frozenset[str]]:
    names = tuple(f.name for f in dataclasses.fields(cls))
    found = _FIELDS[cls] = names, frozenset(names)
    return found


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
