"""A journal step's own kind: the base of every step (companion/engine/steps.py names them all),
its JSON form ``{"step": "PowerCardPlayed", ...fields}``, and KINDS, every step by its name.
"""

from dataclasses import asdict
from typing import Any, ClassVar

from companion.engine import forms
from companion.engine.refused import StepRefused
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

#: Every step by its name, in the order the steps are written (companion/engine/steps.py's, and a
#: way to play's in their place: ``place_before``), filled as each is defined.
KINDS: dict[str, type["Step"]] = {}


def place_before(kind: str, kinds: list[str]) -> None:
    """A way to play's step kinds, defined after the base engine's, moved to just before ``kind``
    (the order every step has had in KINDS, and so in what the table is asked: Game.expects)."""
    moved = {name: KINDS.pop(name) for name in kinds}
    rest = list(KINDS.items())
    at = next(i for i, (name, _) in enumerate(rest) if name == kind)
    KINDS.clear()
    KINDS.update([*rest[:at], *moved.items(), *rest[at:]])


@dataclass(frozen=True)
class Step:
    #: Phases in which the step is a board correction that may come at any time.
    correction: ClassVar[bool] = False
    #: Fields added after a step's first version: written only when they differ from their
    #: default, so a step that does not use them is the same line as before.
    added: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        KINDS[cls.__name__] = cls

    @property
    def kind(self) -> str:
        return type(self).__name__

    def to_json(self) -> dict:
        names = type(self).__plain_data__.defaults  # type: ignore[attr-defined]  # every field, in order
        fields = {name: getattr(self, name) for name in names}
        if not all(_flat(value) for value in fields.values()):  # a list, a dict, a dataclass: copied
            fields = asdict(self)
        for name in self.added:
            if fields[name] == type(self).__dataclass_fields__[name].default:
                del fields[name]
        return {"step": self.kind, **fields}

    @staticmethod
    def from_json(data: dict) -> "Step":
        """The step a journal line says, its fields checked for their form (StepRefused if not)."""
        kind = data.get("step") if isinstance(data, dict) else None
        cls = KINDS.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise StepRefused(f"unknown step {forms.short(kind)}")
        try:
            return forms.build(cls, data, cls.__name__)  # keys this version does not know are ignored
        except forms.FormError as error:
            raise StepRefused(str(error)) from None


def _flat(value: object) -> bool:
    """Whether ``value`` is what asdict() would give as it is: a plain value, or a tuple of such
    (immutable either way, so the step's own is as good as asdict's copy)."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None or kind is float:
        return True
    return kind is tuple and all(_flat(item) for item in value)  # type: ignore[attr-defined]
