"""``@dataclass`` without compiling code at import: the companion's start path has many of them.

    from companion.rules.plain_data import dataclass

    @dataclass(frozen=True)
    class Placed(Step):
        colour: str
        count: int = 1

The standard decorator writes each class's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__`` and a frozen class's ``__setattr__``/``__delattr__`` as source text and
compiles it, once per class, every time the module is imported: on this PC about
2.7 M instructions a class, 109 M for the journal's steps alone (issue 23, measured
with callgrind). This one lets the standard decorator do everything else (fields,
defaults, ``__match_args__``, ``dataclasses.fields``/``asdict``/``replace``) and gives
the class those methods as shared functions instead, which read the class's field
list: the same behaviour, nothing compiled. A class that asks for what they do not
cover (``order``, ``slots``, keyword-only fields, ``InitVar``) gets the standard
decorator unchanged, and a method the class writes itself is never replaced.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")
_STANDARD_ONLY = ("order", "slots", "kw_only", "weakref_slot", "unsafe_hash")


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def dataclass(cls: Any = None, /, *, frozen: bool = False, init: bool = True, repr: bool = True,
              eq: bool = True, **options: Any) -> Any:
    """``dataclasses.dataclass`` with the same meaning, its methods shared instead of compiled."""

    def wrap(cls: type[T]) -> type[T]:
        if any(options.get(name) for name in _STANDARD_ONLY):
            return dataclasses.dataclass(cls, frozen=frozen, init=init, repr=repr, eq=eq, **options)
        own = set(vars(cls))
        parents = [b for b in cls.__mro__[1:] if "__dataclass_params__" in vars(b)]
        bases = [vars(b)["__dataclass_params__"] for b in parents]
        ours = [params for params, b in zip(bases, parents) if "__plain_data__" in vars(b) and params.frozen]
        if any(params.frozen != frozen for params in bases):
            raise TypeError(f"cannot inherit {'non-' if not frozen else ''}frozen dataclass from a "
                            f"{'non-' if frozen else ''}frozen one ({cls.__qualname__})")
        for params in ours:  # (the standard decorator would refuse a non-frozen class on them)
            params.frozen = False
        undocumented = not cls.__doc__
        if undocumented:  # else the standard decorator writes one with inspect.signature (tokenize's regexes)
            cls.__doc__ = cls.__name__
        try:
            made: Any = dataclasses.dataclass(cls, init=False, repr=False, eq=False, frozen=False, **options)
        finally:
            for params in ours:
                params.frozen = True
        fields = dataclasses.fields(made)
        if undocumented:
            made.__doc__ = f"{cls.__name__}({', '.join(f.name for f in fields if f.init)})"
        if any(f.kw_only is True for f in fields) or _has_init_vars(made):
            raise TypeError(f"{cls.__qualname__}: keyword-only fields and InitVar need dataclasses.dataclass")
        if init and "__init__" not in own:
            made.__init__ = _init  # type: ignore[misc,method-assign]
        if repr and "__repr__" not in own:
            made.__repr__ = _repr  # type: ignore[assignment,method-assign]
        if eq and "__eq__" not in own:
            made.__eq__ = _eq  # type: ignore[assignment,method-assign]
            if "__hash__" not in own:
                made.__hash__ = _hash if frozen else None  # type: ignore[assignment,method-assign]
        if frozen:
            if "__setattr__" in own or "__delattr__" in own:
                raise TypeError(f"{cls.__qualname__}: a frozen dataclass may not define __setattr__ or __delattr__")
            made.__setattr__ = _frozen_setattr  # type: ignore[assignment,method-assign]
            made.__delattr__ = _frozen_delattr  # type: ignore[assignment,method-assign]
        mine: Any = vars(made)["__dataclass_params__"]
        mine.init, mine.repr, mine.eq, mine.frozen = init, repr, eq, frozen
        made.__plain_data__ = _Shape(made, fields)  # type: ignore[attr-defined]
        return made

    return wrap if cls is None else wrap(cls)


def _has_init_vars(cls: type) -> bool:
    every = getattr(cls, "__dataclass_fields__", {})
    return any(f._field_type is dataclasses._FIELD_INITVAR for f in every.values())  # type: ignore[attr-defined]


class _Shape:
    """What the shared methods need of a class: its fields in order, their defaults, what is compared."""

    __slots__ = ("init", "defaults", "compared", "shown", "post_init", "whole")

    def __init__(self, cls: type, fields: tuple[dataclasses.Field, ...]):
        self.init = tuple(f.name for f in fields if f.init)
        self.defaults = {f.name: (f.default, f.default_factory) for f in fields}
        self.compared = tuple(f.name for f in fields if f.compare)
        self.shown = tuple(f.name for f in fields if f.repr)
        self.post_init = hasattr(cls, "__post_init__")
        #: Every field is an argument of __init__ (none init=False): all given by position is the quick way.
        self.whole = len(self.init) == len(fields)


def _shape(instance: object) -> _Shape:
    shape: _Shape = type(instance).__plain_data__  # type: ignore[attr-defined]
    return shape


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    shape = _shape(self)
    names = shape.init
    setattr_ = object.__setattr__
    if not kwargs and shape.whole and len(args) == len(names):  # every field by position: a step made by a page
        for name, value in zip(names, args, strict=True):
            setattr_(self, name, value)
        if shape.post_init:
            self.__post_init__()
        return
    if len(args) > len(names):
        raise TypeError(f"{type(self).__qualname__}() takes {len(names)} positional arguments but {len(args)} "
                        "were given")
    for i, name in enumerate(names):
        if i < len(args):
            if name in kwargs:
                raise TypeError(f"{type(self).__qualname__}() got multiple values for argument {name!r}")
            setattr_(self, name, args[i])
        elif name in kwargs:
            setattr_(self, name, kwargs.pop(name))
        else:
            default, factory = shape.defaults[name]
            if default is not dataclasses.MISSING:
                setattr_(self, name, default)
            elif factory is not dataclasses.MISSING:
                setattr_(self, name, factory())
            else:
                raise TypeError(f"{type(self).__qualname__}() missing 1 required argument: {name!r}")
    if kwargs:  # (what is left: names that are no field of __init__)
        raise TypeError(f"{type(self).__qualname__}() got an unexpected keyword argument {next(iter(kwargs))!r}")
    for name, (default, factory) in shape.defaults.items():  # fields outside __init__ (init=False)
        if name not in names:
            if default is not dataclasses.MISSING:
                setattr_(self, name, default)
            elif factory is not dataclasses.MISSING:
                setattr_(self, name, factory())
    if shape.post_init:
        self.__post_init__()


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _shape(self).shown)
    return f"{type(self).__qualname__}({shown})"


def _eq(self: Any, other: object) -> bool:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return all(getattr(self, name) == getattr(other, name) for name in _shape(self).compared)


def _hash(self: Any) -> int:
    return hash(tuple(getattr(self, name) for name in _shape(self).compared))


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
