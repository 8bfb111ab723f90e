"""The journal's vocabulary: one small frozen dataclass for each thing that
happens at the table. A step is what the table tells the companion; the
game state is the replay of every step from the start.

Steps are stored as JSON objects ``{"step": "PowerCardPlayed", ...fields}``.
Players are named by colour; places by region id (companion.rules.spain).
"""

from dataclasses import asdict
from typing import Any, ClassVar

from companion.game import forms
from companion.game.refused import StepRefused as StepRefused  # its home: the controller catches it early
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

_KINDS: dict[str, type["Step"]] = {}


@dataclass(frozen=True)
class Step:
    #: Phases in which the step is a board correction that may come at any time.
    correction: ClassVar[bool] = False
    #: Fields added after a step's first version: written only when they differ from their
    #: default, so a step that does not use them is the same line as before.
    added: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        _KINDS[cls.__name__] = cls

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
        cls = _KINDS.get(kind) if isinstance(kind, str) else None
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


# -- setup ------------------------------------------------------------------


@dataclass(frozen=True)
class SetupDone(Step):
    """King's region, each player's home region (Grande + 2 Caballeros) and the first player."""

    added: ClassVar[tuple[str, ...]] = ("black", "limit_table")
    king: str
    homes: tuple[tuple[str, str], ...]  # (colour, region) for every player
    first: str
    #: Grand Inquisitor & the Colonies (since 0.4): the 2 regions drawn for 2 black Caballeros
    #: each, and the region drawn for the Limit table.
    black: tuple[str, ...] = ()
    limit_table: str | None = None


@dataclass(frozen=True)
class SetupDiscs(Step):
    """The Big Box (since 0.5): at setup, each player's secret disc, and the mode's Caballeros
    (GI&C and K&C 2, I&K 1) go from the Court to that region; the King's region (or None, not
    clear): they stay in the Court (S:162, S:204, S:269). Before the first card of round 1."""

    discs: tuple[tuple[str, str | None], ...]  # (colour, region or None) for every player


# -- a round ----------------------------------------------------------------


@dataclass(frozen=True)
class ActionCardsRevealed(Step):
    """Optional: the card each stack shows this round (card keys from rules.cards)."""

    cards: tuple[tuple[int, str], ...]  # (stack, card key)


@dataclass(frozen=True)
class PowerCardPlayed(Step):
    """A Power card, with a Power Shift modifier (-2..+2) when that mini expansion is in play."""

    colour: str
    value: int
    modifier: int = 0

    @property
    def total(self) -> int:
        return self.value + self.modifier


@dataclass(frozen=True)
class IntrigueCardPlayed(Step):
    """Intrigue & the King (since 0.4): a player's action card, by its value (10..180 and the odd
    values of rules/big_box/intrigue_cards.py), played clockwise from the lead player (S:166)."""

    colour: str
    value: int


@dataclass(frozen=True)
class SpecialActionChosen(Step):
    """Intrigue & the King (since 0.4): the active player's turn begins with the special action
    he performs: the King card's ("king"), the Intrigue card's ("intrigue") or his own card's
    ("own"); the holders' choice with 2 or 3 players (S:170-175)."""

    colour: str
    action: str


@dataclass(frozen=True)
class ActionCardTaken(Step):
    """The active player takes the card of a stack (the card itself if known)."""

    colour: str
    stack: int
    card: str | None = None


@dataclass(frozen=True)
class CastilloThrow(Step):
    """Caballeros announced into the Castillo (the hidden tally)."""

    colour: str
    count: int


@dataclass(frozen=True)
class Placed(Step):
    """Caballeros from the active player's Court into a region next to the King's region
    (a game that records the board; a throw into the Castillo is a CastilloThrow)."""

    colour: str
    region: str
    count: int


@dataclass(frozen=True)
class CardMoved(Step):
    """One move of the special action of the card the active player took this turn (a game that
    records the board): ``colour``'s Caballeros from ``source`` to ``target`` (a region, "castillo",
    "court", "province"), checked with the turn's earlier moves against the card's limits."""

    colour: str
    source: str
    target: str
    count: int


@dataclass(frozen=True)
class CourtIntake(Step):
    """The Power card's Caballeros to the Court as the active player took them (a game that
    records the board): ``province`` from the Province (the card's number came at once; fewer
    is the player's choice) and, when the Province ran short, own Caballeros from ``regions``
    (never the Castillo, never the King's region). Replaces the turn's intake so far (since 0.4)."""

    colour: str
    province: int
    regions: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class PowerCardReturned(Step):
    """Empowerment / Power of the Cards: a played Power card back to the hand (``modifier``:
    Power Shift, one played Modifier card instead; ``value`` is then 0)."""

    added: ClassVar[tuple[str, ...]] = ("modifier",)
    colour: str
    value: int
    modifier: bool = False


@dataclass(frozen=True)
class SpecialScoringStarted(Step):
    """A special scoring from a card: what it scores, in the order the active player picked."""

    what: str  # a key of rules.special_scoring.KINDS
    regions: tuple[str, ...]


@dataclass(frozen=True)
class VetoUsed(Step):
    """A held Veto card stops a special action (it was held since its player took it)."""

    colour: str


@dataclass(frozen=True)
class KingAndGrandeSwapped(Step):
    """New Regency Stand-in: the King and a Grande change places (both in regions)."""

    colour: str


@dataclass(frozen=True)
class GrandesToCastillo(Step):
    """New Regency Competition: every Grande in the (new) King's region is thrown into the Castillo."""


@dataclass(frozen=True)
class TurnEnded(Step):
    colour: str


# -- scorings ---------------------------------------------------------------


@dataclass(frozen=True)
class SecretDiscs(Step):
    """General scoring: where each player's Castillo Caballeros go (None: no clear choice)."""

    discs: tuple[tuple[str, str | None], ...]


@dataclass(frozen=True)
class SecretDisc(Step):
    """General scoring: one player's secret disc, kept as soon as it is entered (None: no clear
    choice). Asked of every player with Caballeros in the Castillo; the last one moves on."""

    colour: str
    region: str | None


@dataclass(frozen=True)
class Scored(Step):
    """The Caballeros counted in a region (or the Castillo) when it is scored; in a Big Box
    region, who sits on its seats (since 0.4: ``seats``, pairs of seat title and colour, written
    only when someone does; Viceroy, Captain, Ambassador, Envoy)."""

    added: ClassVar[tuple[str, ...]] = ("seats",)
    where: str
    counts: tuple[tuple[str, int], ...]
    seats: tuple[tuple[str, str], ...] = ()


# -- board facts, also corrections at any time ---------------------------------


@dataclass(frozen=True)
class KingMoved(Step):
    """The King moved. ``by_card`` (since 0.3): as the special action of the card taken this turn,
    checked against the card's reach; without it a board fact or correction, never refused for
    reach (the table's own ruling)."""

    correction: ClassVar[bool] = True
    added: ClassVar[tuple[str, ...]] = ("by_card",)
    region: str
    by_card: bool = False


@dataclass(frozen=True)
class TileMoved(Step):
    """A scoring tile placed, moved, or (region None) taken off."""

    correction: ClassVar[bool] = True
    added: ClassVar[tuple[str, ...]] = ("by_card",)
    tile: str  # "8/4/0" or "4/0/0"
    region: str | None
    by_card: bool = False  # the turn's card (Enactment, Mobile Scoreboard): places or moves, never removes


@dataclass(frozen=True)
class GrandeMoved(Step):
    correction: ClassVar[bool] = True
    added: ClassVar[tuple[str, ...]] = ("by_card",)
    colour: str
    region: str
    by_card: bool = False  # the turn's card (Grande, Adopted Home): the player's own, never the King's region


@dataclass(frozen=True)
class CastilloCorrected(Step):
    correction: ClassVar[bool] = True
    colour: str
    count: int


@dataclass(frozen=True)
class CountsCorrected(Step):
    correction: ClassVar[bool] = True
    region: str
    counts: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class CaballerosMoved(Step):
    """Caballeros of one colour from one place to another: a card's effect, or a correction
    (a game that records the board). Places: a region, "castillo", "court", "province"."""

    correction: ClassVar[bool] = True
    colour: str
    source: str
    target: str
    count: int


@dataclass(frozen=True)
class Sailed(Step):
    """The Big Box (since 0.5): at the start of his turn, a player's Caballeros from the ship to a
    coastal region (GI&C: also France, America, the Mediterranean; Grandissimo: Portugal too), or
    GI&C's from America or the Mediterranean onto the ship (S:213, S:297). Free, beside the turn."""

    colour: str
    source: str
    target: str
    count: int


@dataclass(frozen=True)
class Jailed(Step):
    """Grandissimo (since 0.5): a stack-6 card's jail symbol sends one Caballero of any colour from a
    region (never the King's) into the prison (S:306)."""

    colour: str
    region: str


@dataclass(frozen=True)
class Pardoned(Step):
    """Grandissimo (since 0.5): the King's card's taker pardons all the prisoners into one region
    (never the King's): all or none (S:306)."""

    region: str


@dataclass(frozen=True)
class TurnedOverKept(Step):
    """The King & the Colonies (since 0.5): the stack-7 card the active player chose is "Turn over
    action card": he keeps it as a Veto to stop another player's special action this round (S:275)."""

    colour: str


@dataclass(frozen=True)
class GrandesByDisc(Step):
    """The Big Box (since 0.5): the turn's card (Intrigue & the King's 35, the Colonies' stack-7
    Conspiracy) makes the Grandes move at the next general scoring to the regions on their owners'
    secret discs (S:179, S:266); every player then sets a disc."""


@dataclass(frozen=True)
class InquisitorDeclined(Step):
    """GI&C, K&C (since 0.6): the Grand Inquisitor card's taker leaves the Grand Inquisitor where he
    was (S:242: "he may: Move the Grand Inquisitor to his court"): he goes back to his holder before
    the card, or beside the board. In the turn that took the card, before its one more is used."""

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
    turn, and what the table ruled it does goes through the ordinary steps (companion/game/big_box/
    table_cards.py TABLE_CARDS: I&K's bridge, 75, 100, 120, 135; Grandissimo's Revolution, Alliance,
    Boycott, Double turn). ``stack``: the Double turn's second card (S:393), gone for later players."""

    card: str
    stack: int | None = None


@dataclass(frozen=True)
class Quarantined(Step):
    """Intrigue & the King (since 0.6): card 93's mobile scoreboard onto a region, taboo like the
    King's region until the next general scoring is over (S:186)."""

    tile: str
    region: str


@dataclass(frozen=True)
class JesterGave(Step):
    """Grandissimo (since 0.6): the Jester's holder, on his turn, gives another player one of his own
    Caballeros from the Province (S:390)."""

    to: str


@dataclass(frozen=True)
class GiftPlaced(Step):
    """Grandissimo (since 0.6): the Jester's gift, ``colour``'s Caballero, placed by its receiver at the
    beginning of his next turn anywhere on the board but the King's region (S:390, S:399)."""

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


@dataclass(frozen=True)
class ScoreCorrected(Step):
    correction: ClassVar[bool] = True
    colour: str
    points: int  # added (negative to take away)
    reason: str


KINDS = _KINDS
