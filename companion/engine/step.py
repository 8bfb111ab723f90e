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
#: Where in the phase chart a step is taken (``Step.taken_in``): engine/phases.py makes each step whose
#: class names one of these an event of that place's transition, so a way to play's step is an event of
#: the chart without the chart naming it.
PLACES = {
    "power_cards": "inside the Power cards' phase (a round's setting out)",
    "round_card": "a card of the round: the round's last one begins the turns",
    "turn_begins": "what begins a turn: Choosing a card -> Acting",
    "choosing": "inside a turn before its card",
    "acting": "inside a turn after its card",
}
#: The module that took KINDS' events, once it has (engine/phases.py): a step defined after it would be no
#: event of the chart, so defining one is refused (whoever builds a chart imports the modes first: play).
_TAKEN: list[str] = []


def seal(by: str) -> dict[str, type["Step"]]:
    """KINDS, closed to new steps: ``by`` (the phase chart) takes its events from them now."""
    if not _TAKEN:
        _TAKEN.append(by)
    return KINDS


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
    #: Where in the phase chart the step is taken (keys of PLACES; none: a transition of the chart's
    #: own, named by the step's event, or a correction).
    taken_in: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if _TAKEN:
            raise TypeError(f"the step {cls.__name__} is defined after {_TAKEN[0]} took its events from the "
                            "steps: import the module that defines it first")
        unknown = [place for place in cls.taken_in if place not in PLACES]
        if unknown:
            raise TypeError(f"the step {cls.__name__} is taken in {unknown[0]!r}, no place of the chart")
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
