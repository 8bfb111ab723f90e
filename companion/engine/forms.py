"""What a journal line may hold: JSON values checked against a dataclass's field types.

    step = build(PowerCardPlayed, {"colour": "red", "value": 9})   # FormError if not

Every value read from a journal passes here before the referee sees it, so a
damaged or hand-edited line is refused in one line instead of surprising the
game later: text is short, printable UTF-8; whole numbers are bounded; lists
become tuples (steps stay hashable); a nested dataclass comes from an object.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any

#: Bounds far beyond any real game.
MAX_INT = 10_000
MAX_TEXT = 64
MAX_ITEMS = 64


class FormError(ValueError):
    """A value of the wrong form (one line, naming the field)."""


def build(cls: type, data: object, where: str = "", *, ints: dict[str, int] | None = None) -> Any:
    """An instance of dataclass ``cls`` from a JSON object; keys it does not know are ignored.

    ``ints`` raises the bound of named whole-number fields (a seed).
    """
    where = where or cls.__name__
    if not isinstance(data, dict):
        raise FormError(f"{where} must be an object, not {short(data)}")
    values = {}
    for name, (hint, required) in _fields(cls).items():
        if name not in data:
            if required:
                raise FormError(f"{where} lacks its field {name!r}")
            continue
        values[name] = thaw(data[name], hint, f"{where}.{name}", (ints or {}).get(name, MAX_INT))
    return cls(**values)


@cache
def _fields(cls: type) -> dict[str, tuple[object, bool]]:
    hints = typing.get_type_hints(cls)
    return {f.name: (hints[f.name], f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
            for f in dataclasses.fields(cls) if f.init}


def thaw(value: object, hint: Any, where: str, max_int: int = MAX_INT) -> Any:
    """A JSON value checked against a type (FormError with a one-line reason if it is not one)."""
    if hint is str:  # (the plain types first: most fields are one; no origin, no arguments)
        return text(value, where)
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > max_int:
            raise FormError(f"{where} must be a whole number (at most {max_int}), not {short(value)}")
        return value
    origin, args = _shape(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        (hint,) = [a for a in args if a is not type(None)]
        return thaw(value, hint, where, max_int)
    if origin is tuple:
        if not isinstance(value, list) or len(value) > MAX_ITEMS:
            raise FormError(f"{where} must be a list (of at most {MAX_ITEMS}), not {short(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(thaw(v, args[0], where, max_int) for v in value)
        if len(value) != len(args):
            raise FormError(f"{where} must be a list of {len(args)}, not {short(value)}")
        return tuple(thaw(v, a, where, max_int) for v, a in zip(value, args))
    if hint is bool:
        if not isinstance(value, bool):
            raise FormError(f"{where} must be true or false, not {short(value)}")
        return value
    if dataclasses.is_dataclass(hint):
        return build(typing.cast(type, hint), value, where)
    raise TypeError(f"no journal form for {hint!r} ({where})")  # a new field type: teach thaw


@cache
def _shape(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    """A type's origin and arguments (``tuple[str, ...]``: tuple, (str, Ellipsis)), asked of typing once."""
    return typing.get_origin(hint), typing.get_args(hint)


def text(value: object, where: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT or not value.isprintable():
        raise FormError(f"{where} must be a short line of text, not {short(value)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise FormError(f"{where} holds a character that is not text") from None
    return value


def short(value: object) -> str:
    """A value in a message: ASCII, one line, at most 24 characters."""
    text_ = ascii(value)
    return text_ if len(text_) <= 24 else text_[:21] + "..."
