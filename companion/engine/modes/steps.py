"""The Big Box's steps (since 0.4-0.6): the setup's discs, Intrigue & the King's cards and special
actions, and beside the base game's turn the ship, the prison, the colonies' discs, the figures and
tokens, the cards the table rules on. Named, like every step, through this module (``s.Sailed``),
which holds every step of the base engine's too, and placed in KINDS where they have always been
(step.place_before: the order of what the table is asked, Game.expects). Each says where in the
phase chart it is taken (``taken_in``), so the chart takes them without naming them.
"""

from typing import ClassVar

from companion.engine.step import KINDS, Step, place_before
from companion.engine.steps import *  # noqa: F403  (one name for every step: s.Placed, s.Sailed)
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)


@dataclass(frozen=True)
class SetupDiscs(Step):
    """The Big Box (since 0.5): at setup, each player's secret disc, and the mode's Caballeros
    (GI&C and K&C 2, I&K 1) go from the Court to that region; the King's region (or None, not
    clear): they stay in the Court (S:162, S:204, S:269). Before the first card of round 1."""

    taken_in = ("power_cards",)
    discs: tuple[tuple[str, str | None], ...]  # (colour, region or None) for every player


@dataclass(frozen=True)
class IntrigueCardPlayed(Step):
    """Intrigue & the King (since 0.4): a player's action card, by its value (10..180 and the odd
    values of rules/big_box/intrigue_cards.py), played clockwise from the lead player (S:166)."""

    taken_in = ("round_card",)
    colour: str
    value: int


@dataclass(frozen=True)
class SpecialActionChosen(Step):
    """Intrigue & the King (since 0.4): the active player's turn begins with the special action
    he performs: the King card's ("king"), the Intrigue card's ("intrigue") or his own card's
    ("own"); the holders' choice with 2 or 3 players (S:170-175)."""

    taken_in = ("turn_begins",)
    colour: str
    action: str


@dataclass(frozen=True)
class Sailed(Step):
    """The Big Box (since 0.5): at the start of his turn, a player's Caballeros from the ship to a
    coastal region (GI&C: also France, America, the Mediterranean; Grandissimo: Portugal too), or
    GI&C's from America or the Mediterranean onto the ship (S:213, S:297). Free, beside the turn."""

    taken_in = ("choosing", "acting")
    colour: str
    source: str
    target: str
    count: int


@dataclass(frozen=True)
class Jailed(Step):
    """Grandissimo (since 0.5): a stack-6 card's jail symbol sends one Caballero of any colour from a
    region (never the King's) into the prison (S:306)."""

    taken_in = ("acting",)
    colour: str
    region: str


@dataclass(frozen=True)
class Pardoned(Step):
    """Grandissimo (since 0.5): the King's card's taker pardons all the prisoners into one region
    (never the King's): all or none (S:306)."""

    taken_in = ("acting",)
    region: str


@dataclass(frozen=True)
class TurnedOverKept(Step):
    """The King & the Colonies (since 0.5): the stack-7 card the active player chose is "Turn over
    action card": he keeps it as a Veto to stop another player's special action this round (S:275)."""

    taken_in = ("acting",)
    colour: str


@dataclass(frozen=True)
class GrandesByDisc(Step):
    """The Big Box (since 0.5): the turn's card (Intrigue & the King's 35, the Colonies' stack-7
    Conspiracy) makes the Grandes move at the next general scoring to the regions on their owners'
    secret discs (S:179, S:266); every player then sets a disc."""

    taken_in = ("acting",)


@dataclass(frozen=True)
class InquisitorDeclined(Step):
    """GI&C, K&C (since 0.6): the Grand Inquisitor card's taker leaves the Grand Inquisitor where he
    was (S:242: "he may: Move the Grand Inquisitor to his court"): he goes back to his holder before
    the card, or beside the board. In the turn that took the card, before its one more is used."""

    taken_in = ("acting",)
    colour: str


@dataclass(frozen=True)
class DiscsPlaced(Step):
    """GI&C, K&C (since 0.6): a stack-7 card's special action performed puts its discs in the
    colonies, gold in America, wares in the Mediterranean (S:216-221); at most 11 discs in all out
    there (KEIRAT, likely). A delivery takes one of them back beside the board (S:233)."""

    correction: ClassVar[bool] = True
    gold: int
    wares: int


@dataclass(frozen=True)
class TableDecided(Step):
    """The Big Box (since 0.6): a card whose text the seed does not give, played in the active player's
    turn, and what the table ruled it does goes through the ordinary steps (companion/engine/modes/
    table_cards.py TABLE_CARDS: I&K's bridge, 75, 100, 120, 135; Grandissimo's Revolution, Alliance,
    Boycott, Double turn). ``stack``: the Double turn's second card (S:393), gone for later players."""

    taken_in = ("acting",)
    card: str
    stack: int | None = None


@dataclass(frozen=True)
class Quarantined(Step):
    """Intrigue & the King (since 0.6): card 93's mobile scoreboard onto a region, taboo like the
    King's region until the next general scoring is over (S:186)."""

    taken_in = ("acting",)
    tile: str
    region: str


@dataclass(frozen=True)
class JesterGave(Step):
    """Grandissimo (since 0.6): the Jester's holder, on his turn, gives another player one of his own
    Caballeros from the Province (S:390)."""

    taken_in = ("acting",)
    to: str


@dataclass(frozen=True)
class GiftPlaced(Step):
    """Grandissimo (since 0.6): the Jester's gift, ``colour``'s Caballero, placed by its receiver at the
    beginning of his next turn anywhere on the board but the King's region (S:390, S:399)."""

    taken_in = ("choosing", "acting")
    colour: str
    region: str


@dataclass(frozen=True)
class LimitTableMoved(Step):
    """GI&C (since 0.5): a stack-7 card moved the Limit table to another region (never France, never
    into or out of the King's region; S:254)."""

    correction: ClassVar[bool] = True
    region: str


@dataclass(frozen=True)
class HoldingMoved(Step):
    """Grandissimo (since 0.4): a figure or token to a player's Court, or (``colour`` None) back
    beside the board: the Queen, the Jester, a ship token, the Grand Inquisitor."""

    correction: ClassVar[bool] = True
    what: str
    colour: str | None


@dataclass(frozen=True)
class Delivered(Step):
    """GI&C (since 0.4): a gold or wares disc brought to a Spanish coastal region, scored at once
    (gold 6, wares 4; S:222, S:233), at any moment of a round."""

    correction: ClassVar[bool] = True
    colour: str
    disc: str  # "gold" or "wares"


place_before("ActionCardsRevealed", ["SetupDiscs"])  # the setup's discs, before round 1's cards
place_before("ActionCardTaken", ["IntrigueCardPlayed", "SpecialActionChosen"])  # beside the Power card
place_before("ScoreCorrected", [kind for kind, step in KINDS.items() if step.__module__ == __name__
                                and kind not in ("SetupDiscs", "IntrigueCardPlayed", "SpecialActionChosen")])
