"""What the companion knows about the table at one moment.

Plain data, rebuilt by replaying the journal; the referee changes it, the
screens read it. Players are named by colour; places by region id.
"""

from dataclasses import field

from companion.engine import hooks
from companion.engine.settings import Settings
from companion.rules import power_cards, spain
from companion.rules.colours import player_name, word
from companion.rules.editions import Edition, edition
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

TILES = ("8/4/0", "4/0/0")


@dataclass(frozen=True)
class ScoreLine:
    """One entry of the score sheet: who got what, where, when and why."""

    round: int
    occasion: str  # "general scoring 1", "special scoring: Fair", "correction"
    where: str  # region id, "castillo", or "" for a correction
    colour: str
    points: int
    reason: str


@dataclass
class DummyState:
    """The 2023 dummy's own piles: region cards and face-down Power cards."""

    region_deck: list[str] = field(default_factory=list)
    power_pile: list[int] = field(default_factory=list)
    #: Every move it made, (round, what and why), for the screens and the log.
    moves: list[tuple[int, str]] = field(default_factory=list)

    def moves_in(self, round_: int) -> list[str]:
        return [text for r, text in self.moves if r == round_]


@dataclass
class CardsSaid:
    """What the table said of the cards showing, kept step by step (engine/cards_said.py), for the
    cards-shown page and the take (engine/offers/reveal.py, take.py) to read instead of the steps."""

    #: The cards-shown page answered since the last take (or the setup), and whether it named cards.
    answered: bool = False
    named: bool = False
    #: ``named`` as it stood at the last Power card; as it stood at the last take's round's Power cards.
    named_at_power: bool = False
    named_before: bool = False
    #: This round's cards answered at its start (since the round before's last take), and a take since.
    at_start: bool = False
    taken_since_answer: bool = False
    #: As the take's "not said" counts the round: answered this round, a take this round, and whether
    #: a take this game named no card in a round not answered at its start (the King's card aside).
    round_answered: bool = False
    taken: bool = False
    unsaid: bool = False
    #: A turn this game ended with its card not named while it could be (issue 35: the turn page's rows
    #: of the cards its stack may show): the turn's end then stays one ▲ above the likeliest card.
    skipped: bool = False


@dataclass
class LastMoves:
    """Where Caballeros went last, kept step by step (engine/last_moves.py), for the menu's
    correction to read instead of the steps (engine/offers/corrections.py)."""

    #: The colour whose Caballeros a step moved last (placed, thrown, moved), and where each
    #: colour's went last.
    colour: str | None = None
    placed: dict[str, str] = field(default_factory=dict)
    #: The last run of one colour's Placed and CastilloThrow steps (or the one place another move
    #: took them to), in the order placed, and whether the last step extends it.
    run_colour: str | None = None
    run: list[str] = field(default_factory=list)
    open: bool = False


@dataclass
class GameState:
    settings: Settings
    round: int = 0
    king: str | None = None
    grandes: dict[str, str] = field(default_factory=dict)
    tiles: dict[str, str | None] = field(default_factory=lambda: {t: None for t in TILES})
    #: The hidden Castillo tally: every announced throw.
    castillo: dict[str, int] = field(default_factory=dict)
    #: In a game that records the board: each colour's Caballeros in its Court and its Province.
    court: dict[str, int] = field(default_factory=dict)
    province: dict[str, int] = field(default_factory=dict)
    #: Last known Caballeros per region per colour (confirmed at scorings, dummy placements, moves).
    counts: dict[str, dict[str, int]] = field(default_factory=lambda: {r: {} for r in spain.SCORING_ORDER})
    hands: dict[str, set[int]] = field(default_factory=dict)
    first_player: str | None = None
    #: Power cards played this round in the order played (the dummy's first).
    played: dict[str, int] = field(default_factory=dict)
    #: Power Shift modifiers played with them this round.
    modifiers: dict[str, int] = field(default_factory=dict)
    #: Power Shift: Modifier cards each player holds (3 from setup), and has played (discarded).
    modifier_cards: dict[str, int] = field(default_factory=dict)
    modifiers_played: dict[str, int] = field(default_factory=dict)
    #: In a game that records the board: what each player's Power card brought to the Court this
    #: round, (from the Province, ((region, n), ...) from regions when the Province ran short).
    intake: dict[str, tuple[int, tuple[tuple[str, int], ...]]] = field(default_factory=dict)
    #: Veto cards held: colour -> for each, the last round in which it may be used.
    vetoes: dict[str, list[int]] = field(default_factory=dict)
    #: Grandes thrown into the Castillo (New Regency Competition): where each came from.
    grandes_in_castillo: dict[str, str] = field(default_factory=dict)
    turn_order: list[str] = field(default_factory=list)
    turn: int = 0
    #: (colour, stack, card key or None) this round.
    taken: list[tuple[str, int, str | None]] = field(default_factory=list)
    #: The turn under way: Caballeros its player threw into the Castillo and placed in regions,
    #: and whether it scored.
    turn_thrown: int = 0
    turn_placed: int = 0
    #: The moves of the turn's card's special action so far: (colour, source, target, count).
    turn_moves: list[tuple[str, str, str, int]] = field(default_factory=list)
    #: Where the King stood before he first moved this turn (Entourage's followers come from there).
    turn_king_from: str | None = None
    #: How many Caballeros stood there when he left it: Entourage's followers are counted from these,
    #: not from what is placed there after (000 l.669).
    turn_king_left: int = 0
    turn_scored: bool = False
    #: Rules revision 2 (companion/engine/turn_rules.py): the turn's two actions in the order begun
    #: ("placement", "special action"), the special steps done (each once), and who vetoed it.
    turn_parts: list[str] = field(default_factory=list)
    turn_once: list[str] = field(default_factory=list)
    turn_vetoed: str | None = None
    #: What the turn's pages mark done, kept from the turn's beginning whatever the rules revision
    #: (turn_rules.keep_done): the kinds of the King's, a tile's, the player's Grande's moves, a Power
    #: card back and a Court intake, each also as "<kind>:card" when made by the card.
    turn_done: list[str] = field(default_factory=list)
    revealed: dict[int, str] = field(default_factory=dict)
    #: Action cards shown in earlier rounds (card key -> how many times): gone from their stacks.
    seen: dict[str, int] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    sheet: list[ScoreLine] = field(default_factory=list)
    general_scorings: int = 0
    #: The scoring under way: its name, what is left to score, and its options.
    scoring: str = ""
    #: Where the scoring under way (or the last one) starts on the score sheet.
    scoring_from: int = 0
    to_score: list[str] = field(default_factory=list)
    first_only: bool = False
    #: The special scoring under way ("most", "fewest", ...; "" for a general scoring), the places
    #: it has scored so far, and what the board's counts changed in it (said on the screen).
    scoring_kind: str = ""
    scored_places: list[str] = field(default_factory=list)
    scoring_notes: list[str] = field(default_factory=list)
    #: Whether the last step started a special scoring (nothing since): KEY3 on its counts backs out of
    #: it by an undo (engine/offers/scorings.backs_out; kept by referee.apply for every step).
    special_just_started: bool = False
    #: Whether the last step scored a place: with no scoring under way, a scoring has just ended and a
    #: restart shows its results again (engine/flow.scoring_just_ended; kept by referee.apply).
    last_scored: bool = False
    discs: dict[str, str | None] = field(default_factory=dict)
    dummy: DummyState = field(default_factory=DummyState)
    #: What the table said of the cards showing (engine/cards_said.py).
    said: CardsSaid = field(default_factory=CardsSaid)
    #: Where Caballeros went last (engine/last_moves.py).
    moved: LastMoves = field(default_factory=LastMoves)
    #: A way to play's own part of the state (engine/hooks.py ModeState; the Big Box's: engine/modes/
    #: own_state.py), which the base engine never reads.
    modes: hooks.ModeState = field(default_factory=hooks.ModeState)

    def __post_init__(self) -> None:
        # the Big Box regions in play, and the places never scored (Grandissimo's ship and prison)
        rules = hooks.of(self.settings)
        self.modes = rules.own_state()
        for region in (*rules.regions, *rules.aside):
            self.counts.setdefault(region, {})

    # -- questions the referee and the screens ask -------------------------
    @property
    def rules(self) -> Edition:
        return edition(self.settings.edition)  # (not settings.rules: its lazy import, on every call)

    @property
    def colours(self) -> tuple[str, ...]:
        """The human players' colours in clockwise seat order."""
        return self.settings.colours

    @property
    def everyone(self) -> tuple[str, ...]:
        """Every colour on the board: the players and the dummy."""
        dummy = self.settings.dummy
        return self.colours + ((dummy,) if dummy else ())

    @property
    def counted(self) -> tuple[str, ...]:
        """Every colour counted at a scoring: everyone on the board, and the Grand Inquisitor's
        black Caballeros in the Big Box modes that have them."""
        return self.everyone + hooks.of(self.settings).unowned

    @property
    def regions(self) -> tuple[str, ...]:
        """The regions of this game in scoring order: Spain's, then the Big Box's in play."""
        return self.settings.regions

    @property
    def active(self) -> str | None:
        """Whose turn it is in the turn phase."""
        return self.turn_order[self.turn] if self.turn < len(self.turn_order) else None

    def name(self, colour: str | None) -> str:
        for p in self.settings.players:
            if p.colour == colour:
                return player_name(p)
        if colour is not None and colour in hooks.of(self.settings).unowned:
            return word(colour)
        return "the dummy" if colour is not None and colour == self.settings.dummy else colour or "nobody"

    def values(self, where: str) -> tuple[int, int, int]:
        """The scoreboard in force: a scoring tile's values replace the printed ones."""
        for tile, region in self.tiles.items():
            if region == where:
                return tuple(int(v) for v in tile.split("/"))  # type: ignore[return-value]
        reading = hooks.of(self.settings).reading(self.settings, where)
        if reading is not None:
            return reading.values  # the table's reading, if it gave one
        return self.rules.values(where)

    def supply(self, colour: str) -> int:
        """Caballeros of a colour that exist: the edition's 30 (GI&C: 36), the Grand Inquisitor's 4 black."""
        return hooks.of(self.settings).supply(self, colour)

    def on_board(self, colour: str) -> int:
        """Caballeros of a colour known to be in regions and in the Castillo."""
        return sum(c.get(colour, 0) for c in self.counts.values()) + self.castillo.get(colour, 0)

    def totals(self) -> dict[str, int]:
        """Caballeros of all colours per region, as last known."""
        return {r: sum(c.values()) for r, c in self.counts.items()}

    def next_to_play_power(self) -> str | None:
        """The player who plays a Power card next: clockwise from the First Player."""
        seats = self.colours
        start = seats.index(self.first_player) if self.first_player in seats else 0
        for i in range(len(seats)):
            colour = seats[(start + i) % len(seats)]
            if colour not in self.played:
                return colour
        return None

    def total(self, colour: str) -> int:
        """The Power card's value plus its Power Shift modifier: turn order and uniqueness."""
        return self.played[colour] + self.modifiers.get(colour, 0)

    def court_intake(self, colour: str) -> int:
        return power_cards.COURT_INTAKE.get(self.played.get(colour, 0), 0)

    def stacks_left(self) -> tuple[int, ...]:
        taken = {stack for _, stack, _ in self.taken}
        return tuple(s for s in self.settings.stacks if s not in taken)

    def standings(self) -> list[tuple[int, str, int]]:
        """(place, colour, points), best first; equal points share a place."""
        ranked = sorted(self.colours, key=lambda c: -self.scores.get(c, 0))
        out: list[tuple[int, str, int]] = []
        for i, colour in enumerate(ranked):
            points = self.scores.get(colour, 0)
            place = out[-1][0] if out and out[-1][2] == points else i + 1
            out.append((place, colour, points))
        return out
