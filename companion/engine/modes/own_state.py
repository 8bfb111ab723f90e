"""The Big Box's own part of a game's state (the state's ``modes``, engine/hooks.py ModeState): what
only the modes' rules read and write. ``own(state)`` is how they reach it.

Plain data like the rest of the state: a snapshot writes it field by field (companion/play/
snapshot_values.py), and checks each field against its annotation when it reads it back.
"""

from dataclasses import field

from companion.engine.hooks import ModeState
from companion.engine.state import GameState
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)


@dataclass
class BigBoxState(ModeState):
    #: Grand Inquisitor & the Colonies: who holds the Grand Inquisitor (None: nobody, his black
    #: Caballeros then take places and score nothing), where the Limit table stands, and who sat on
    #: each seat (Viceroy, Captain, Ambassador, Envoy) when last scored.
    grand_inquisitor: str | None = None
    limit_table: str | None = None
    seats: dict[str, str] = field(default_factory=dict)
    #: Grandissimo's figures and tokens: who holds each (rules/modes.py Mode.holdings; absent: beside
    #: the board).
    holdings: dict[str, str] = field(default_factory=dict)
    #: Intrigue & the King: the special action each player chose this round (S:170).
    actions: dict[str, str] = field(default_factory=dict)
    #: The King & the Colonies: who keeps this round's "Turn over action card" as a Veto (S:275).
    turned_over: str | None = None
    #: The gold and wares discs waiting in the colonies (1 and 2 at setup, S:205; a stack-7 card's
    #: more, S:221; a delivery takes one, S:233).
    colony_discs: dict[str, int] = field(default_factory=dict)
    #: Intrigue & the King: the card values each player has played in the game (they leave the game
    #: at the end of their round, S:173).
    intrigue_used: dict[str, list[int]] = field(default_factory=dict)
    #: With the board recorded: the setup's secret discs entered, and the turn's free moves by ship and
    #: its placements onto the ship so far (source, target, count): what arrived this turn sails the
    #: next (S:213).
    setup_discs_done: bool = False
    turn_sailed: list[tuple[str, str, int]] = field(default_factory=list)
    #: Grandissimo: the turn's jail symbol used (one Caballero to the prison).
    turn_jailed: bool = False
    #: At the next general scoring the Grandes move by secret disc (I&K 35, Conspiracy).
    grandes_by_disc: bool = False
    #: figures.py: who held the Grand Inquisitor before his card's last taker (who may leave him there,
    #: S:242); the (round, turn) in which Grandissimo's Queen & Jester card brought one of them (not
    #: both, S:309).
    inquisitor_before: str | None = None
    figure_taken: tuple[int, int] | None = None
    #: The cards of table_cards.py: (round, turn, card) each recorded in (once a turn); I&K's Quarantine
    #: (the scoreboard, the region: taboo until the next general scoring is over, S:186); the Jester's
    #: gifts waiting to be placed (giver's colour, receiver; S:390).
    table_ruled: list[tuple[int, int, str]] = field(default_factory=list)
    quarantine: tuple[str, str] | None = None
    gifts: list[tuple[str, str]] = field(default_factory=list)


def own(state: GameState) -> BigBoxState:
    """The Big Box's part of ``state`` (every game the modes play has one: engine/modes/family.py)."""
    modes = state.modes
    assert isinstance(modes, BigBoxState), "a game the Big Box's modes did not start"
    return modes
