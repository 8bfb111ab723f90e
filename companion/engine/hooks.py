"""Where a way to play adds to or replaces the base game's rules: the one registry of them.

``Rules`` answers every such point as the base game does (nothing added, nothing replaced). A
way to play (the Big Box's modes, companion/engine/modes/) subclasses it and registers its answer
for its key when its package is imported; the base engine asks ``of(settings)`` and never imports
a mode, never names one, one of a mode's facts or one of its colours. Its steps' checks and
applies join ``CHECKS`` and ``APPLY`` here, which the referee reads after its own.

Whoever starts a game (companion/play) imports the modes first, so that their keys are known;
a key nobody registered is refused by name (``of``), never played as the base game.
"""

from collections.abc import Callable, Sequence
from dataclasses import field
from typing import Any, Protocol, TypeAlias

from companion.language import N_
from companion.rules import spain
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

#: The types the hooks take, named here without importing them: the state, the settings and the
#: prompt import this module (a way to play's subclass names them exactly).
GameState: TypeAlias = Any
Settings: TypeAlias = Any
Step: TypeAlias = Any
Prompt: TypeAlias = Any
#: An option of the engine's offers (offers/offer.py Option: id, steps, why_not, mark).
Option: TypeAlias = Any


class SeatRule(Protocol):
    """A seat printed on one of a way to play's regions (Ambassador, Envoy, Captain, Viceroy): its
    title and its holder's bonus (rules/big_box/regions.py's SeatRule)."""

    @property
    def title(self) -> str: ...

    @property
    def amount(self) -> int: ...


@dataclass
class ModeState:
    """A way to play's own part of a game's state (the state's ``modes``): the base game has none. A
    way to play subclasses it with its fields (plain data, as the state's: a snapshot writes them)."""


@dataclass(frozen=True)
class Standing:
    """Where a way to play's own pieces stand now, as the pages and the replay show them (plain data,
    copied: changing it changes no game). The base game has none of them."""

    #: Who holds the Grand Inquisitor's card (None: nobody), where the Limit table stands, and who
    #: sat on each seat (Viceroy, Captain, Ambassador, Envoy) when its region was last scored.
    grand_inquisitor: str | None = None
    limit_table: str | None = None
    seats: dict[str, str] = field(default_factory=dict)
    #: Figures and tokens each held by a player (absent: beside the board).
    holdings: dict[str, str] = field(default_factory=dict)
    #: The special action each player chose this round, and who keeps this round's card as a Veto.
    actions: dict[str, str] = field(default_factory=dict)
    turned_over: str | None = None
    #: Discs waiting in the colonies, by kind.
    colony_discs: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class TurnOptions:
    """A way to play's own rows on the turn page (offers/turn_page.py), each an option (its stable
    id, the steps it sends where it is one step, the referee's reason against it now, its mark):
    ``placing`` beside the placement, ``figures`` just below the first row, ``cards`` after the
    card's rows. The base game has none."""

    placing: tuple[Option, ...] = ()
    figures: tuple[Option, ...] = ()
    cards: tuple[Option, ...] = ()


class Rules:
    """The base game's answer at each point where a way to play changes the rules."""

    #: The way to play's name in a game's description and its refusals ("" the base game).
    title = ""
    #: Regions joining Spain's nine, scored after Valencia.
    regions: tuple[str, ...] = ()
    #: Places on the board that are never scored.
    aside: tuple[str, ...] = ()
    #: Action stacks beyond 1-5.
    stacks: tuple[int, ...] = ()
    #: Colours on the board no player owns: no Court, no Province; counted at a scoring.
    unowned: tuple[str, ...] = ()
    #: The unowned colours' Caballeros are never counted at a scoring (unless the table chooses
    #: otherwise: the settings' ``black_invisible``).
    unowned_ignored = False
    #: Caballeros in each player's Court at setup (RULES.md "Setup numbers").
    court_at_setup = 7
    #: The mode's own cards replace the Power and the action cards (the 1995 text is not theirs).
    own_cards = False
    #: Who begins round 1, as the setup's page names him, and the setup's question for him (S:166).
    first_player = N_("First player")
    first_asked = N_("Who has the First Player marker?")
    #: What the table does before round 1 that a scores-only game does not record.
    setup_notes: tuple[str, ...] = ()
    #: Caballeros each player puts by secret disc at setup (0: no such disc).
    setup_disc = 0
    #: Region cards the setup draws for the unowned colours' Caballeros, and one for a Limit table.
    unowned_regions = 0
    limit_table = False
    #: The titles of the stacks beyond 1-5 on a turn's card page.
    stack_titles: tuple[tuple[int, str], ...] = ()
    #: A stack's card is held by a player between scorings (``Standing.grand_inquisitor``).
    held_card = False
    #: Figures and tokens a player holds (``Standing.holdings``), and discs delivered for points.
    holdings: tuple[str, ...] = ()
    deliveries = False

    # -- setup ---------------------------------------------------------------------------
    def own_state(self) -> ModeState:
        """A new game's part of the state that is this way's own (the state's ``modes``)."""
        return ModeState()

    def standing(self, state: GameState) -> Standing:
        """Where this way's own pieces stand now (a copy)."""
        return Standing()

    def drawn(self, state: GameState, deck: list[str]) -> tuple[tuple[str, ...], str | None]:
        """What the setup draws from the region cards left: the unowned colours' regions, a table's."""
        return (), None

    def check_setup(self, state: GameState, step: Step, drawn: set[str]) -> None:
        """The setup's own draws, checked."""

    def set_up(self, state: GameState, step: Step) -> None:
        """The setup's own pieces on the board (before the players' Courts are filled)."""

    def dealt(self, state: GameState) -> None:
        """After each player's hand is dealt."""

    def supply(self, state: GameState, colour: str) -> int:
        """Caballeros of a colour that exist."""
        return state.rules.caballeros_per_colour

    # -- a round and a turn -------------------------------------------------------------
    def check_kind(self, state: GameState, step: Step) -> None:
        """StepRefused for a step of the base game that this way to play replaces, or that is
        another way's."""

    def offered(self, state: GameState, kind: str) -> bool:
        """Whether a step the chart accepts is one to ask the table for now."""
        return True

    def cards_prompt(self, state: GameState, phase: str, expects: tuple[str, ...]) -> Prompt | None:
        """The Power cards' question replaced (None: the base game's)."""
        return None

    def turn_asks(self, state: GameState, colour: str, expects: tuple[str, ...]) -> tuple[str, tuple] | None:
        """A turn's question and its choices replaced (None: the base game's)."""
        return None

    def without_a_choice(self, state: GameState, phase: str, expects: tuple[str, ...]) -> tuple[Step, ...]:
        """The steps this way's turn begins with that offer only one choice: the steps the table would
        only confirm, recorded with the step that began the turn (engine/flow.py ``follows``)."""
        return ()

    def deal_shown_by(self, state: GameState, unit: Sequence[Step]) -> bool:
        """Whether ``unit`` (the steps of the last unit confirmed) played the round's last of this way's
        own cards, whose deal the table read before the first turn (engine/flow.py ``deal_just_shown``)."""
        return False

    def turn_options(self, state: GameState, expects: Sequence[str]) -> TurnOptions:
        """This way's own rows on the active player's turn page, from the state alone (none: the base game)."""
        return TurnOptions()

    def card_most(self, state: GameState, colour: str) -> int | None | bool:
        """The most the turn's card places (False: the base game's answer, from the cards taken)."""
        return False

    def caballeros(self, state: GameState, stack: int) -> tuple[int, int] | None:
        """Caballeros one of this way's stacks' cards places, fewest and most (None: not its stack)."""
        return None

    def extra_caballero(self, state: GameState, colour: str) -> int:
        """Caballeros beyond the card's a colour places on each of its turns."""
        return 0

    def intake(self, state: GameState, colour: str) -> int | None:
        """The most the card played brings to the Court (None: the Power card's printed intake)."""
        return None

    def intake_unknown(self, state: GameState, colour: str) -> bool:
        """The card played shows an intake nobody has entered yet."""
        return False

    def check_card_effect(self, state: GameState, step: Step) -> bool:
        """A King, tile or Grande moved by this way's own card, checked (False: the base game checks)."""
        return False

    def card_taken(self, state: GameState, step: Step) -> None:
        """After an action card is taken."""

    def check_veto(self, state: GameState, step: Step) -> None:
        """StepRefused for a Veto this way forbids."""

    def check_throw(self, state: GameState, step: Step) -> None:
        """StepRefused for a throw into the Castillo this way forbids."""

    def anywhere(self, state: GameState) -> bool:
        """The turn's card places in any region but the King's."""
        return False

    def placed(self, state: GameState, step: Step) -> None:
        """After a turn's placement."""

    def check_turn_over(self, state: GameState) -> None:
        """StepRefused while this way's part of the turn is not done."""

    def turn_ended(self, state: GameState) -> None:
        """After a turn ended, before the next one begins."""

    def end_round(self, state: GameState) -> bool:
        """The round's end replaced (True: done here; False: the base game's)."""
        return False

    # -- the map ---------------------------------------------------------------------------
    def allows(self, move: str, place: str) -> bool:
        """May a kind of ``move`` (rules/region_moves.py) name ``place``? The board's own limits (the
        King's region, the Castillo) are the caller's. The base game: Spain's nine regions."""
        return place in spain.REGIONS

    def where(self, move: str) -> tuple[str, ...]:
        """Every region a kind of ``move`` may name, in scoring order."""
        return spain.SCORING_ORDER

    def capacity(self, place: str) -> int | None:
        """The Caballeros a place has room for (None: no limit)."""
        return None

    def neighbours(self, state: GameState, place: str) -> frozenset[str]:
        """The regions in play that border ``place`` (a region in play)."""
        return spain.neighbours(place)

    def from_the_court(self, state: GameState) -> frozenset[str]:
        """Places a turn may place in from the Court beside the King's neighbours (the King in a region)."""
        return frozenset()

    def aside_receiving(self, state: GameState, colour: str | None) -> tuple[str, ...]:
        """Places never scored that ``colour``'s placements may go to, after the regions."""
        return ()

    # -- scorings ------------------------------------------------------------------------
    def reading(self, settings: Settings, where: str) -> Any:
        """One of this way's regions as the table reads it: its scoreboard (``values``) and its seats
        (None: not one of its regions, the edition's scoreboard)."""
        return None

    def check_special(self, state: GameState, step: Step) -> None:
        """StepRefused for a special scoring this way forbids."""

    def seated(self, state: GameState, where: str, seats: tuple[tuple[str, str], ...]) -> tuple[Any, ...]:
        """The majority's seats (rules/majority.py Seat) of ``where`` from its holders (title, colour), with
        the bonuses in force."""
        return ()

    def limit_spaces(self, state: GameState) -> int:
        """The Limit table's spaces at this table (0: no Limit table)."""
        return 0

    def check_counted(self, state: GameState, step: Step) -> None:
        """StepRefused for a region's count at a scoring (``Scored``) that this way's pieces there
        forbid (its words are the way's)."""

    def counts_part(self, state: GameState, where: str) -> bool:
        """A scoring of ``where`` counts only some of the Caballeros there, the others standing beside
        them: a count below the board's keeps the board's."""
        return False

    def asked_alone(self, state: GameState, where: str) -> bool:
        """A general scoring asks for ``where`` on its own page, whatever it holds (a piece of this
        way's there)."""
        return False

    def participants(self, state: GameState, counts: dict[str, int],
                     never: set[str]) -> dict[str, int]:
        """A majority's counts as this way counts them (``never``: colours that take places, never points)."""
        return counts

    def counts_as_held(self, state: GameState) -> bool:
        """Whether ``participants`` returns any counts themselves and leaves ``never`` as it is (a weighing
        may then skip it: companion/engine/gains.py)."""
        return True

    def holder(self, state: GameState, colour: str) -> str | None:
        """The player an unowned colour counts for (None: nobody)."""
        return None

    def last_seated(self, state: GameState) -> dict[str, str]:
        """Who sat on each seat of this way's regions when its region was last scored (a copy)."""
        return {}

    def seats_taken(self, state: GameState, seats: tuple[tuple[str, str], ...]) -> None:
        """After a region's scoring that named its seats' holders (title, colour)."""

    def every_disc(self, state: GameState) -> bool:
        """Every player sets a secret disc at this general scoring, Caballeros in the Castillo or not."""
        return False

    def castillo_emptied(self, state: GameState) -> None:
        """After a general scoring's Castillo went home."""

    def general_scoring_started(self, state: GameState) -> None:
        """Before a general scoring's first region."""

    def scoring_ended(self, state: GameState) -> None:
        """After a general scoring."""


BASE = Rules()
_REGISTERED: dict[str, Rules] = {"": BASE}
#: The checks and applies of the steps a way to play adds (the referee reads them after its own).
CHECKS: dict[type, Callable[[Any, Any], None]] = {}
APPLY: dict[type, Callable[[Any, Any], None]] = {}
#: The unowned colours that game logs of rules revisions 3 and 4 took by their name in any mode
#: (issue 32's defect: those logs replay as they were played; scorings.BLACK_ASKED_OF_THE_MODE).
NAMED_UNOWNED: set[str] = set()
#: Checks of every game's settings a way to play adds (StepRefused: its choices outside it, or wrong in it).
SETTINGS_CHECKS: list[Callable[[Settings], None]] = []


def register(key: str, rules: Rules) -> None:
    """A way to play's answers, for the settings' key that names it (the journal's "expansion")."""
    _REGISTERED[key] = rules


def add_steps(checks: dict[type, Callable[[Any, Any], None]], apply: dict[type, Callable[[Any, Any], None]]) -> None:
    CHECKS.update(checks)
    APPLY.update(apply)


def known(key: str) -> bool:
    return key in _REGISTERED


def keys() -> tuple[str, ...]:
    """The registered ways to play's keys (the base game's "" left out)."""
    return tuple(key for key in _REGISTERED if key)


def of(settings: Settings) -> Rules:
    """The rules of the settings' way to play (LookupError: a key no imported package registered)."""
    try:
        return _REGISTERED[settings.expansion]
    except KeyError:
        raise LookupError(f"the way to play {settings.expansion!r} is not registered "
                          f"(its package is imported before a game starts)") from None
