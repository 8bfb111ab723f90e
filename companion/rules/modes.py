"""The ways to play: the base game, and the Big Box modes (RULES-EXPANSIONS.md).

A mode is data: which Big Box regions join the board (scored after Valencia),
whether the Grand Inquisitor's black Caballeros are on it, which extra action
stacks lie beside the King's card, and whether the companion walks the mode
yet. The game layer reads these facts; it has no branch per mode.
"""

from dataclasses import dataclass
from types import MappingProxyType


#: The colour the Grand Inquisitor's black Caballeros are counted under (never a player's).
BLACK = "black"
#: Black Caballeros at setup: 2 in each of 2 drawn regions (S:198).
BLACK_AT_SETUP = 2
BLACK_REGIONS = 2
#: All the black Caballeros there are (S:198).
BLACK_CABALLEROS = 4


@dataclass(frozen=True)
class Mode:
    key: str  # as the journal's settings write it ("" for the base game)
    title: str
    #: Short enough for a row of the 2.7" panel after "Big Box: ".
    short: str = ""
    #: Big Box regions on the board, in their scoring order after Valencia.
    regions: tuple[str, ...] = ()
    #: The Grand Inquisitor and his 4 black Caballeros (2 in each of 2 drawn regions, S:198).
    grand_inquisitor: bool = False
    #: A Limit table stands in a drawn region (6 spaces with 2-3 players, 10 with 4-5; S:199).
    limit_table: bool = False
    #: Action stacks beyond 1-5: 6 (the Grand Inquisitor card, back every round) and 7
    #: (11 cards, one shown a round) in GI&C (S:200-201).
    extra_stacks: tuple[int, ...] = ()
    #: Gold and wares discs that score when delivered to Spain (S:216-233).
    deliveries: bool = False
    #: Intrigue & the King's cards replace the Power cards and the action cards: each plays a
    #: card of value 10..180, the values hand out the King, Intrigue and Caballero cards (S:155-173).
    intrigue: bool = False
    #: Walked by the companion from the wizard to the standings (the others are to come).
    playable: bool = False


#: The Big Box regions' ids in their scoring order after Valencia (expansion_regions.py holds their
#: facts; not imported here, so that a start to the wizard stays light).
COLONIES_REGIONS = ("france", "ship", "america", "mediterranean")
PORTUGAL = "portugal"

BASE = Mode("", "El Grande")
COLONIES = Mode("colonies", "Grand Inquisitor & the Colonies", "GI & Colonies", regions=COLONIES_REGIONS,
                grand_inquisitor=True, limit_table=True, extra_stacks=(6, 7), deliveries=True, playable=True)
INTRIGUE = Mode("intrigue", "Intrigue & the King", "Intrigue&King", intrigue=True, playable=True)

MODES = MappingProxyType({m.key: m for m in (
    BASE,
    COLONIES,
    INTRIGUE,
    Mode("king_colonies", "The King & the Colonies", regions=COLONIES_REGIONS, grand_inquisitor=True,
         limit_table=True, extra_stacks=(6, 7), deliveries=True, intrigue=True),
    Mode("grandissimo", "Grandissimo", regions=(PORTUGAL,), extra_stacks=(6, 7)),
)})

#: The Grand Inquisitor card (stack 6) places up to 3 Caballeros (S:243). A stack-7 card's number
#: is not known (RULES-EXPANSIONS.md §2.9): assumed 1 to 5, the table corrects beyond that.
STACK_CABALLEROS = MappingProxyType({6: (3, 3), 7: (1, 5)})


def mode(key: str) -> Mode:
    try:
        return MODES[key]
    except KeyError:
        raise ValueError(f"unknown way to play {key!r}; known: {', '.join(k for k in MODES if k)}") from None
