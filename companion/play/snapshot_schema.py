"""Whether a state read from a snapshot has the shape the code gives it: every field of every object.

    wrong = misfit(state, settings)   # "" when every field holds what its annotation says, else where not

A snapshot's state is decoded generically (companion/engine/snapshot.py): the classes are the
companion's and their fields' names this version's, but a value could be of any JSON kind. This
walks the decoded state and checks each dataclass field against its annotation: ``int`` a whole
number (never ``True``), ``str`` text, ``X | None``, ``list[X]``, ``tuple[X, ...]``, ``tuple[X, Y]``,
``dict[K, V]``, ``set[X]``, ``frozenset[X]``, another of the companion's dataclasses (each of its
fields in turn), the game's ``Settings`` the log's own (or equal to them). What fits no annotation is a snapshot not to
be trusted (issue 33): the game is replayed from its log. The annotations are read once per class
(the code's, never the snapshot's), and what each annotation is (its origin and arguments, whether it
names a dataclass) worked out once per annotation: the same checks, each object's fields walked.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from companion.engine.settings import Settings

#: A class -> its fields' names and annotations (resolved once: from the code).
_HINTS: dict[type, tuple[tuple[str, Any], ...]] = {}


class _Misfit(Exception):
    pass


def misfit(state: object, settings: object) -> str:
    """Where ``state`` (a decoded dataclass) does not fit its annotations, in a few words; "" if it fits."""
    try:
        _object(state, settings)
    except _Misfit as error:
        return f"{type(state).__qualname__}{error}"
    return ""


def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    found = _HINTS.get(cls)
    if found is None:
        fields = dataclasses.fields(cls)
        if any(isinstance(f.type, str) for f in fields):  # (postponed annotations: evaluated, once)
            resolved = typing.get_type_hints(cls)
            found = tuple((f.name, resolved.get(f.name, Any)) for f in fields)
        else:  # the annotations as the class holds them (state.py's: no typing machinery on a start)
            found = tuple((f.name, f.type) for f in fields)
        _HINTS[cls] = found
    return found


_PLAIN = (int, str, bool)


def _object(value: object, settings: object) -> None:
    """Each field of a dataclass against its annotation (where it fails said as the error unwinds)."""
    for name, hint in _hints(type(value)):
        field = getattr(value, name)
        if hint in _PLAIN and type(field) is hint:  # (most fields: no call)
            continue
        try:
            _check(field, hint, settings)
        except _Misfit as error:
            raise _Misfit(f".{name}{error}") from None


def _check(value: Any, hint: Any, settings: object) -> None:  # noqa: C901 (one case per kind)
    if type(value) is hint and hint in _DATACLASSES:  # (the commonest: one of the companion's, as annotated)
        _object(value, settings)
        return
    if hint is Any or hint is object:
        return
    if hint is int:
        if type(value) is not int:
            raise _Misfit(" is not a whole number")
        return
    if hint is bool or hint is str or hint is float or hint is type(None):
        if type(value) is not hint and not (hint is float and type(value) is int):
            raise _Misfit(f" is not a {hint.__name__}")
        return
    if hint is None:
        if value is not None:
            raise _Misfit(" is not None")
        return
    origin, args = _origin(hint)
    if origin is types.UnionType or origin is typing.Union:
        for option in args:
            try:
                _check(value, option, settings)
                return
            except _Misfit:
                continue
        raise _Misfit(f" is none of {hint}")
    if origin is typing.Literal:
        if value not in args:
            raise _Misfit(f" is not one of {args}")
        return
    if origin is None:
        _instance(value, hint, settings)
        return
    if type(value) is not origin:
        raise _Misfit(f" is not a {origin.__name__}")
    _items(value, origin, args, settings)


#: An annotation -> its origin and arguments (typing.get_origin, get_args: worked out once per annotation).
_ORIGINS: dict[Any, tuple[Any, tuple[Any, ...]]] = {}
#: The annotations found to be one of the companion's dataclasses (not the game's Settings): for these a
#: value of that very class is checked field by field at once (_check's first case; _instance's checks).
_DATACLASSES: set[type] = set()


def _origin(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    try:
        found = _ORIGINS.get(hint)
    except TypeError:  # (an annotation that cannot be a key: worked out each time)
        return typing.get_origin(hint), typing.get_args(hint)
    if found is None:
        found = _ORIGINS[hint] = typing.get_origin(hint), typing.get_args(hint)
    return found


def _items(value: Any, origin: type, args: tuple[Any, ...], settings: object) -> None:
    """A collection's members against its annotation's arguments."""
    if origin is dict:
        key, item = args or (Any, Any)
        for k, v in value.items():
            try:
                _check(k, key, settings)
                _check(v, item, settings)
            except _Misfit as error:
                raise _Misfit(f"[{k!r}]{error}") from None
        return
    if origin not in (list, tuple, set, frozenset):
        raise _Misfit(f": a {origin.__name__} is not a snapshot's")
    if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
        if len(value) != len(args):
            raise _Misfit(f" has {len(value)} parts, not {len(args)}")
        pairs = list(zip(value, args))
    else:
        item = args[0] if args else Any
        if item in _PLAIN and all(type(v) is item for v in value):  # (a list of names, of whole numbers)
            return
        pairs = [(v, item) for v in value]
    for n, (v, part) in enumerate(pairs):
        try:
            _check(v, part, settings)
        except _Misfit as error:
            raise _Misfit(f"[{n}]{error}") from None


def _instance(value: Any, hint: Any, settings: object) -> None:
    """A plain class: the game's settings (the log's), or one of the companion's dataclasses."""
    if not isinstance(hint, type):
        raise _Misfit(f": {hint!r} is not a snapshot's")
    if type(value) is not hint and not (hint is not Settings and isinstance(value, hint)):
        raise _Misfit(f" is not a {hint.__qualname__}")  # (or a subclass: a way to play's part, state.modes)
    if hint is Settings:  # the log's own ({"G": 0}), or a copy of them (a state an undo copied in memory)
        if value is not settings and value != settings:
            raise _Misfit(": other settings than the game log's")
        return
    if hint not in _DATACLASSES:
        if not dataclasses.is_dataclass(hint):
            raise _Misfit(f": a {hint.__qualname__} is not what the snapshot holds")
        _DATACLASSES.add(hint)
    _object(value, settings)
