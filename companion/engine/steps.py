"""The journal's vocabulary: one small frozen dataclass for each thing that
happens at the table. A step is what the table tells the companion; the
game state is the replay of every step from the start.

Steps are stored as JSON objects ``{"step": "PowerCardPlayed", ...fields}`` (their base, the
JSON form and KINDS: companion/engine/step.py). Players are named by colour; places by region id
(companion.rules.spain). A way to play's steps are written with it (the Big Box's:
companion/engine/modes/steps.py, which names every step, its own and these: ``s.Sailed``).
"""

from typing import ClassVar

from companion.engine.refused import StepRefused as StepRefused  # its home: the controller catches it early
from companion.engine.step import KINDS as KINDS
from companion.engine.step import Step as Step
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

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
class ActionCardsRevealed(Step):
    """Optional: the card each stack shows this round (card keys from rules.cards)."""

    taken_in = ("power_cards",)
    cards: tuple[tuple[int, str], ...]  # (stack, card key)


@dataclass(frozen=True)
class PowerCardPlayed(Step):
    """A Power card, with a Power Shift modifier (-2..+2) when that mini expansion is in play."""

    taken_in = ("round_card",)
    colour: str
    value: int
    modifier: int = 0

    @property
    def total(self) -> int:
        return self.value + self.modifier


@dataclass(frozen=True)
class ActionCardTaken(Step):
    """The active player takes the card of a stack (the card itself if known)."""

    taken_in = ("turn_begins",)
    colour: str
    stack: int
    card: str | None = None


@dataclass(frozen=True)
class CastilloThrow(Step):
    """Caballeros announced into the Castillo (the hidden tally)."""

    taken_in = ("acting",)
    colour: str
    count: int


@dataclass(frozen=True)
class Placed(Step):
    """Caballeros from the active player's Court into a region next to the King's region
    (a game that records the board; a throw into the Castillo is a CastilloThrow)."""

    taken_in = ("acting",)
    colour: str
    region: str
    count: int


@dataclass(frozen=True)
class CardMoved(Step):
    """One move of the special action of the card the active player took this turn (a game that
    records the board): ``colour``'s Caballeros from ``source`` to ``target`` (a region, "castillo",
    "court", "province"), checked with the turn's earlier moves against the card's limits."""

    taken_in = ("acting",)
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

    taken_in = ("acting",)
    colour: str
    province: int
    regions: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class PowerCardReturned(Step):
    """Empowerment / Power of the Cards: a played Power card back to the hand (``modifier``:
    Power Shift, one played Modifier card instead; ``value`` is then 0)."""

    taken_in = ("acting",)
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

    taken_in = ("acting",)
    colour: str


@dataclass(frozen=True)
class GrandesToCastillo(Step):
    """New Regency Competition: every Grande in the (new) King's region is thrown into the Castillo."""

    taken_in = ("acting",)


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


# (a way to play's steps beside the turn come here in KINDS: companion/engine/modes/steps.py places them)

# -- a correction at any time -------------------------------------------------


@dataclass(frozen=True)
class ScoreCorrected(Step):
    correction: ClassVar[bool] = True
    colour: str
    points: int  # added (negative to take away)
    reason: str


@dataclass(frozen=True)
class ActionCardNamed(Step):
    """The card the active player took, named at its action on the turn page (issue 35): his take
    named none. Exactly as if the take had named it: the cards seen, those out of play, the card's
    rows and its special scoring all follow. (Last in KINDS, after every kind a log or snapshot knew.)"""

    taken_in = ("acting",)
    colour: str
    card: str
