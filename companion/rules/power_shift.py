"""Power Shift (2023 mini expansion): 16 grey Modifier cards, +-1/+-2, "some
of which also have a special ability" (000 l.505-525). Abilities seen on
the faces (002 l.940-962): "Place 1 of your own from the Province in your
Court", "Move 1 of your own", "Move 1 Grande of your choice".
COMPOSITION NOT KNOWN. Best-supported guess: the four values without an
ability plus each of the three abilities on each of the four values
(4 + 12 = 16) -- the face fragment shows plain -2 +2 +1 -1 and ability
cards with +2 -2 -1 +1. POWER_SHIFT_COMPOSITION_KNOWN says so to callers.

Pure data, standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)


class Ability(StrEnum):
    COURT_1 = "court_1"  # place 1 of your own from the Province in your Court
    MOVE_OWN_1 = "move_own_1"  # move 1 of your own Caballeros
    MOVE_GRANDE = "move_grande"  # move 1 Grande of your choice (any colour)


ABILITY_TEXT: Mapping[Ability, str] = MappingProxyType(
    {
        Ability.COURT_1: "Place 1 of your own from the Province in your Court.",
        Ability.MOVE_OWN_1: "Move 1 of your own Caballeros.",
        Ability.MOVE_GRANDE: "Move 1 Grande of your choice.",
    }
)


@dataclass(frozen=True)
class PowerModifier:
    key: str  # "power-shift.+1", "power-shift.-2.move-grande"
    modifier: int  # added to the Power card's value: -2, -1, +1, +2
    ability: Ability | None  # used after taking Caballeros, before choosing an action card

    @property
    def text(self) -> str:
        value = f"{self.modifier:+d}"
        return value if self.ability is None else f"{value}: {ABILITY_TEXT[self.ability]}"


POWER_SHIFT_COMPOSITION_KNOWN = False

POWER_SHIFT: tuple[PowerModifier, ...] = tuple(
    PowerModifier(
        key=f"power-shift.{m:+d}" + ("" if a is None else "." + a.value.replace("_", "-")),
        modifier=m,
        ability=a,
    )
    for a in (None, *Ability)
    for m in (-2, -1, +1, +2)
)
