"""The ways to play: the base game, and the Big Box modes (RULES-EXPANSIONS.md).

A mode is data: which Big Box regions join the board (scored after Valencia),
whether the Grand Inquisitor's black Caballeros are on it, which extra action
stacks lie beside the King's card, and whether the companion walks the mode
yet. The game layer reads these facts; it has no branch per mode.
"""

from types import MappingProxyType

from companion.language import N_
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

#: The colour the Grand Inquisitor's black Caballeros are counted under (never a player's).
BLACK = "black"
#: Black Caballeros at setup in each drawn region (S:198, S:294).
BLACK_AT_SETUP = 2
#: The Limit table's spaces by players at the table (S:199: 6 with 2-3 players, 10 with 4-5).
LIMIT_TABLE_SPACES = MappingProxyType({2: 6, 3: 6, 4: 10, 5: 10})


@dataclass(frozen=True)
class Mode:
    key: str  # as the journal's settings write it ("" for the base game)
    title: str
    #: The wizard's row for it: short enough for a row of the 2.7" panel beside its on/off mark,
    #: with the scroll bar of a list that has grown.
    short: str = ""
    #: Big Box regions on the board, in their scoring order after Valencia.
    regions: tuple[str, ...] = ()
    #: Regions drawn at setup for 2 black Caballeros each: 2 in GI&C (S:198), 1 in Grandissimo (S:294).
    black_regions: int = 0
    #: How the black Caballeros count at a scoring: "holder" (GI&C: as the Grand Inquisitor's
    #: holder's colour, for nobody while nobody holds him; S:246, S:251), or "ignored"
    #: (Grandissimo, S:398: they "are never considered in scoring a region"; a game may choose
    #: the GI&C reading instead, Settings.black_invisible).
    black_count: str = ""
    #: The stack whose card is the Grand Inquisitor (GI&C: 6, back every round, S:200).
    grand_inquisitor_stack: int | None = None
    #: A Limit table stands in a drawn region (6 spaces with 2-3 players, 10 with 4-5; S:199).
    limit_table: bool = False
    #: Action stacks beyond 1-5 and what their cards are called on the turn's card page.
    extra_stacks: tuple[tuple[int, str], ...] = ()
    #: Gold and wares discs that score when delivered to Spain (S:216-233).
    deliveries: bool = False
    #: Figures and tokens a player holds, moved from the turn or the menu (Grandissimo: the Queen,
    #: the Jester, the two ship tokens, the Grand Inquisitor; S:290-309, S:389-398).
    holdings: tuple[str, ...] = ()
    #: Intrigue & the King's cards replace the Power cards and the action cards: each plays a
    #: card of value 10..180, the values hand out the King, Intrigue and Caballero cards (S:155-173).
    intrigue: bool = False
    #: What the table does at setup that a scores-only game does not record (said before round 1).
    setup_notes: tuple[str, ...] = ()
    #: Caballeros each player puts by secret disc at setup, after the King's region (GI&C 2, S:204;
    #: I&K 1, S:162; K&C as GI&C, S:269): a game that records the board asks each disc.
    setup_disc: int = 0
    #: Caballeros in each player's Court at setup, before the setup's disc (GI&C: "takes 12 Caballeros
    #: ... one on the scoring track, 2 in his home region, and the rest in his court", S:203; the
    #: base game's 7), and the Caballeros each colour has beyond the base game's (GI&C: 6 more per
    #: colour, likely: KEIRAT's 30 for five colours, RULES-EXPANSIONS.md §2.1).
    court_at_setup: int = 7
    extra_caballeros: int = 0
    #: Places on the board that are never scored (Grandissimo's ship and prison, S:297, S:306).
    aside: tuple[str, ...] = ()
    #: Walked by the companion from the wizard to the standings (the others are to come).
    playable: bool = False

    @property
    def grand_inquisitor(self) -> bool:
        """Black Caballeros stand on the board."""
        return self.black_regions > 0

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(stack for stack, _ in self.extra_stacks)

    def stack_title(self, stack: int) -> str | None:
        return dict(self.extra_stacks).get(stack)

    def stack_caballeros(self, stack: int) -> tuple[int, int]:
        """Caballeros one of its stacks' cards places, fewest and most (UNKNOWN_CARD below)."""
        return (3, 3) if stack == self.grand_inquisitor_stack else UNKNOWN_CARD


#: The Big Box regions' ids in their scoring order after Valencia (expansion_regions.py holds their
#: facts; not imported here, so that a start to the wizard stays light).
COLONIES_REGIONS = ("france", "ship", "america", "mediterranean")
PORTUGAL = "portugal"
QUEEN, JESTER = "Queen", "Jester"
GRAND_INQUISITOR = "Grand Inquisitor"

def _disc(n: int) -> str:
    """The setup's secret disc: GI&C 2 Caballeros (S:204), I&K 1 (S:162), K&C as GI&C (S:269, likely)."""
    return (f"Each sets a secret disc: {n} Caballero{'s' * (n > 1)} there (the King's region: "
            f"{'they stay' if n > 1 else 'it stays'} in the Court)")


#: What the table does before round 1 (the screens say it; the sources in the comments).
COLONIES_NOTES = (_disc(2), "1 gold disc in America, 2 wares discs in the Mediterranean")  # S:205
INTRIGUE_NOTES = ("Each picks 13 of his 31 cards",)  # S:163
GRANDISSIMO_NOTES = ("The ship in an empty ocean area; prison, Queen, Jester, Grand Inquisitor and the 2 ship "
                     "tokens beside the board",  # S:293
                     "Stack 6: the cards the table keeps, at least 11 of 19, shuffled")  # S:280, S:290

BASE = Mode("", "El Grande")
COLONIES = Mode("colonies", N_("Grand Inquisitor & the Colonies"), N_("GI & Colonies"), regions=COLONIES_REGIONS,
                black_regions=2, black_count="holder", grand_inquisitor_stack=6, limit_table=True,
                extra_stacks=((6, GRAND_INQUISITOR), (7, "Stack 7")), deliveries=True,
                setup_notes=COLONIES_NOTES, setup_disc=2, court_at_setup=9, extra_caballeros=6,
                playable=True)
INTRIGUE = Mode("intrigue", N_("Intrigue & the King"), N_("Intrigue & King"), intrigue=True,
                setup_notes=(_disc(1), *INTRIGUE_NOTES), setup_disc=1, playable=True)
#: The King & the Colonies (S:268-276): GI&C's board, stacks 6 and 7 and discs, with I&K's cards
#: instead of the Power and action cards; the two stacks' cards are a turn's alternatives.
KING_COLONIES = Mode("king_colonies", N_("The King & the Colonies"), N_("King & Colonies"), regions=COLONIES_REGIONS,
                     black_regions=2, black_count="holder", grand_inquisitor_stack=6, limit_table=True,
                     extra_stacks=((6, GRAND_INQUISITOR), (7, "Stack 7")), deliveries=True, intrigue=True,
                     setup_notes=(_disc(2), *INTRIGUE_NOTES, COLONIES_NOTES[1]), setup_disc=2,
                     court_at_setup=9, extra_caballeros=6, playable=True)
GRANDISSIMO = Mode("grandissimo", N_("Grandissimo"), N_("Grandissimo"), regions=(PORTUGAL,), black_regions=1,
                   black_count="ignored", extra_stacks=((6, "Stack 6"), (7, f"{QUEEN} & {JESTER}")),
                   holdings=(QUEEN, JESTER, "Ship token 1", "Ship token 2", GRAND_INQUISITOR),
                   setup_notes=GRANDISSIMO_NOTES, aside=("ship", "prison"), playable=True)

MODES = MappingProxyType({m.key: m for m in (
    BASE,
    COLONIES,
    INTRIGUE,
    KING_COLONIES,
    GRANDISSIMO,
)})

#: Caballeros a Big Box stack's card places. GI&C's Grand Inquisitor card 3 (S:243); a GI&C
#: stack-7 card's number and Grandissimo's stacks 6 and 7 are not known (RULES-EXPANSIONS.md
#: §2.9, §4.7): assumed 1 to 5, the table corrects beyond that.
UNKNOWN_CARD = (1, 5)


def mode(key: str) -> Mode:
    try:
        return MODES[key]
    except KeyError:
        raise ValueError(f"unknown way to play {key!r}; known: {', '.join(k for k in MODES if k)}") from None
