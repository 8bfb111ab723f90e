"""Intrigue & the King in the game: the round's card play, the deal, and what a turn allows.

The rules are rules/big_box/intrigue_round.py's and rules/big_box/intrigue_cards.py's (RULES-EXPANSIONS.md §1;
"S:n" = seed 004, line n); this module checks and applies the journal's two I&K steps and
answers the questions the referee, the prompt and the screens ask about an I&K turn. The card
values played this round live in ``state.played`` (as the Power cards do), so that the lead
player is ``state.first_player``: the table's choice in round 1, then the lowest card (S:166).
The King & the Colonies (§3, S:268-276) adds two alternatives to a turn's special action: the
Grand Inquisitor card and the round's stack-7 card, one taker each per round (S:273). Scores only:
nothing here moves a Caballero.
"""

from collections.abc import Callable, Mapping
from typing import Any

from companion.engine import board
from companion.engine.checks import colour_known, refuse
from companion.engine.modes import quarantine, readings
from companion.engine.modes import steps as s
from companion.engine.modes.own_state import own
from companion.engine.state import GameState
from companion.rules import modes
from companion.rules.big_box import intrigue_cards, intrigue_round, regions
from companion.rules.big_box.intrigue_round import GRAND_INQUISITOR, INTRIGUE_ACTION, KING_ACTION, OWN_ACTION, STACK_7

#: Each player chooses 13 of his 31 cards for the game (S:163); the companion learns them card by card.
HAND = 13

#: Steps of the base game's round that I&K's cards replace (S:155), and I&K's own.
BASE_ONLY = frozenset({"PowerCardPlayed", "ActionCardsRevealed", "ActionCardTaken", "PowerCardReturned"})
INTRIGUE_ONLY = frozenset({"IntrigueCardPlayed", "SpecialActionChosen", "TurnedOverKept"})

#: What an own card's effect lets the turn's by-card moves do (an unknown card: anything, the table knows).
KING_EFFECTS = frozenset({"move_king_anywhere", "unknown"})
TILE_EFFECTS = frozenset({"move_scoreboard", "quarantine", "unknown"})
GRANDE_EFFECTS = frozenset({"move_grande", "unknown"})
SCORING_EFFECTS = frozenset({"score_region", "score_castillo", "special_scoring", "unknown"})
#: The rules revision from which a special scoring is checked against the card being played (issue 21).
SCORING_CHECKED = 3


def on(state: GameState) -> bool:
    return state.settings.mode.intrigue


def offered(state: GameState, kind: str) -> bool:
    """Whether a step kind belongs to this game's round at all (the other mode's are refused)."""
    return kind not in (BASE_ONLY if on(state) else INTRIGUE_ONLY)


def check_kind(state: GameState, step: s.Step) -> None:
    quarantine.check_taboo(state, step)  # Quarantine's region, taboo like the King's (S:186)
    if offered(state, step.kind):
        return
    if on(state):
        refuse(f"in {state.settings.mode.title} the action cards of value 10 to 180 replace the Power "
               "and action cards: no " + _BASE_WORDS[step.kind])
    refuse(f"{step.kind} belongs to Intrigue & the King, not to this game")


_BASE_WORDS = {"PowerCardPlayed": "Power cards", "ActionCardsRevealed": "action card stacks",
               "ActionCardTaken": "action card stacks", "PowerCardReturned": "Power cards"}


# -- the cards -----------------------------------------------------------------------------


def cards_in_use(state: GameState) -> tuple[int, ...]:
    """The Caballero cards beside the board, highest first (the assumed highest N unless the
    settings give the overview card's set, §1.3)."""
    return intrigue_round.caballero_cards(len(state.colours), state.settings.caballero_cards or None)


def values(state: GameState | None = None) -> tuple[int, ...]:
    """The card values the companion knows (rules/big_box/intrigue_cards.py, with the game's corrections), lowest first."""
    return tuple(catalogue(state))


def card(value: int, state: GameState | None = None) -> intrigue_cards.IntrigueCard:
    return catalogue(state)[value]


def catalogue(state: GameState | None) -> Mapping[int, intrigue_cards.IntrigueCard]:
    """The cards by value: the table's corrections recorded in the game's settings (engine/modes/readings.py)."""
    return readings.cards(state.settings) if state is not None else intrigue_cards.CARDS


def next_to_play(state: GameState) -> str | None:
    """Who plays a card next: clockwise from the lead player (S:166)."""
    lead = state.first_player if state.first_player in state.colours else state.colours[0]
    return next((c for c in intrigue_round.play_order(lead, state.colours) if c not in state.played), None)


def playable(state: GameState, colour: str) -> tuple[int, ...]:
    """The values ``colour`` may play now: known, not played by him before, not played this round."""
    used = set(own(state).intrigue_used.get(colour, ())) | set(state.played.values())
    return tuple(v for v in values(state) if v not in used)


def deal_of(state: GameState) -> intrigue_round.Deal | None:
    """The round's deal once everyone has played (None before)."""
    if not state.colours or any(c not in state.played for c in state.colours):
        return None
    return intrigue_round.deal({c: state.played[c] for c in state.colours}, cards_in_use(state))


def _check_card(state: GameState, step: s.IntrigueCardPlayed) -> None:
    colour_known(state, step.colour)
    expected = next_to_play(state)
    if step.colour != expected:
        refuse(f"it is {state.name(expected)}'s turn to play a card (clockwise from the lead player, S:166)")
    if isinstance(step.value, bool) or step.value not in catalogue(state):
        refuse(f"{step.value} is not a card value the companion knows (10 to 180 and "
               f"{', '.join(str(v) for v in values(state) if v % 10)})")
    for other, value in state.played.items():
        if value == step.value:
            refuse(f"{step.value} is already played this round (by {state.name(other)}): "
                   "no value already played this round (S:166)")
    used = own(state).intrigue_used.get(step.colour, [])
    if step.value in used:
        refuse(f"{state.name(step.colour)} played {step.value} in an earlier round: each card once (S:173)")
    if len(used) >= HAND:
        refuse(f"{state.name(step.colour)} has played all {HAND} cards chosen for the game (S:163)")


def _apply_card(state: GameState, step: s.IntrigueCardPlayed) -> None:
    state.played[step.colour] = step.value
    own(state).intrigue_used.setdefault(step.colour, []).append(step.value)
    played = card(step.value, state)
    if played.effect == "veto":  # the 40 (S:180): stops another's special action, before his own turn
        state.vetoes.setdefault(step.colour, []).append(state.round)
    heads = played.heads
    if board.tracked(state) and heads is not None and not board.intake_at_turn(state):  # (before revision 2)
        board.take_in(state, step.colour, heads)  # (unknown heads: the player enters the Court intake)
    dealt = deal_of(state)
    if dealt is not None:
        state.turn_order = list(dealt.turn_order)  # by Caballero card, the King card's holder first (S:168)
        state.turn = 0
        first = state.active  # his card's heads, Province to Court, on his turn (S:168, S:172)
        if first in state.played:
            board.begin_turn(state, card(state.played[first], state).heads)


def king_colonies(state: GameState) -> bool:
    """The King & the Colonies: the Grand Inquisitor's and the stack-7 card beside the I&K cards."""
    return on(state) and state.settings.mode.grand_inquisitor_stack is not None


def taken_cards(state: GameState) -> dict[str, str]:
    """K&C: the Grand Inquisitor's and the stack-7 card taken this round -> by whom (S:273)."""
    return {action: colour for colour, action in own(state).actions.items() if action in (GRAND_INQUISITOR, STACK_7)}


def choices(state: GameState, colour: str) -> tuple[str, ...]:
    """The special actions ``colour`` may perform this turn, the prescribed one first (S:170-175);
    in K&C then the Grand Inquisitor card and the stack-7 card while nobody has taken it (S:273)."""
    dealt = deal_of(state)
    if not dealt:
        return ()
    variant = state.settings.players_edition  # the King and the Intrigant choose at every count (§7.17)
    if king_colonies(state):
        return intrigue_round.kc_action_choice(colour, dealt, len(state.colours), tuple(taken_cards(state)),
                                               players_edition_variant=variant)
    return intrigue_round.action_choice(colour, dealt, len(state.colours), players_edition_variant=variant)


def _check_action(state: GameState, step: s.SpecialActionChosen) -> None:
    colour_known(state, step.colour)
    if step.colour != state.active:
        refuse(f"it is {state.name(state.active)}'s turn, not {state.name(step.colour)}'s")
    allowed = choices(state, step.colour)
    if step.action not in allowed:
        kc = (GRAND_INQUISITOR, STACK_7) if king_colonies(state) else ()
        if step.action not in (KING_ACTION, INTRIGUE_ACTION, OWN_ACTION, *kc):
            refuse(f"a special action is {', '.join(map(repr, (KING_ACTION, INTRIGUE_ACTION, OWN_ACTION, *kc)))}, "
                   f"not {step.action!r}")
        if step.action in kc:
            refuse(f"{state.name(taken_cards(state)[step.action])} took {ACTION_WORDS[step.action]} this round: "
                   "one taker each round (S:273)")
        own = [a for a in allowed if a not in (GRAND_INQUISITOR, STACK_7)]
        alone = own == [allowed[0]] and allowed[0] != OWN_ACTION  # a holder with 4-5 players
        refuse(f"{state.name(step.colour)} performs {ACTION_WORDS[allowed[0]]}"
               + (" (the choice is for 2 or 3 players, S:174)" if alone else ""))


def _apply_action(state: GameState, step: s.SpecialActionChosen) -> None:
    own(state).actions[step.colour] = step.action
    if step.action == GRAND_INQUISITOR:
        # into his Court until another takes the card (S:245, S:273); he may leave him (figures.py, S:242)
        own(state).inquisitor_before, own(state).grand_inquisitor = own(state).grand_inquisitor, step.colour
    state.turn_thrown, state.turn_placed, state.turn_scored = 0, 0, False
    state.turn_moves, state.turn_king_from = [], None


ACTION_WORDS = {KING_ACTION: "the King card's action", INTRIGUE_ACTION: "the Intrigue card's action",
                OWN_ACTION: "his own card's action", GRAND_INQUISITOR: "the Grand Inquisitor card",
                STACK_7: "the stack-7 card"}


# -- a turn ---------------------------------------------------------------------------------


def own_effect(state: GameState, colour: str) -> str | None:
    """The effect kind of the card ``colour`` played, when he performs his own card's action."""
    if own(state).actions.get(colour) != OWN_ACTION or colour not in state.played:
        return None
    return card(state.played[colour], state).effect


def anywhere(state: GameState) -> bool:
    """Card 20's action this turn: "They need not be moved to regions adjacent to the King's region" (S:177)."""
    return on(state) and state.active is not None and own_effect(state, state.active) == "place_anywhere"


def placement_most(state: GameState, colour: str) -> int | None:
    """The most the player places this turn: his Caballero card's number (S:168), 5 with the 15's
    action (S:176); K&C's cards their own (None: his action is not chosen yet)."""
    dealt = deal_of(state)
    if dealt is None or colour not in own(state).actions:
        return None
    if king_colonies(state):
        return kc_room(state, colour, dealt.caballero_card[colour])
    return intrigue_round.placement_limit(dealt.caballero_card[colour], own_effect(state, colour))


def kc_room(state: GameState, colour: str, caballero_card: int) -> int:
    """K&C: the Grand Inquisitor card 3 (S:243), the stack-7 card its number (S:274: unknown, the
    most a GI&C stack-7 card may show, 5), else the Caballero card (assumed, §7.4) or, with the
    setting "action_card", the heads of the card he played (S:274's words; unknown: 6 at most)."""
    played = card(state.played[colour])
    most = intrigue_round.kc_placement(own(state).actions[colour], caballero_card, card_heads=played.heads,
                                       action_effect=own_effect(state, colour), setting=state.settings.kc_placement)
    if most is not None:
        return most
    return (modes.UNKNOWN_CARD if own(state).actions[colour] == STACK_7 else intrigue_cards.HEADS_RANGE)[1]


def _by_card(state: GameState, what: str, effects: frozenset, action: str | None = None) -> None:
    active = state.active
    if active is None or active not in own(state).actions:
        refuse(f"{what} by a card only in a turn, after the special action is chosen (else: Menu, Correct)")
    if state.turn_scored:
        refuse("this turn's special action is over (done)")
    chosen = own(state).actions[active]
    if chosen == action or own_effect(state, active) in effects:
        return
    refuse(f"{state.name(active)} performs {ACTION_WORDS[chosen]}: it does not say {what} (else: Menu, Correct)")


def check_king(state: GameState, step: s.KingMoved) -> None:
    """The King card's action: the King to any region the King may enter, never the Castillo (S:150,
    S:170; in The King & the Colonies France too, S:208, S:269)."""
    _by_card(state, "the King moves", KING_EFFECTS, KING_ACTION)
    if not regions.allows(regions.KING, step.region, state.settings.mode.regions):
        refuse("the King's card moves the King to a region he may enter, never the Castillo")


def check_tile(state: GameState, step: s.TileMoved) -> None:
    _by_card(state, "a mobile scoreboard moves", TILE_EFFECTS)


def check_grande(state: GameState, step: s.GrandeMoved) -> None:
    _by_card(state, "a Grande moves", GRANDE_EFFECTS)


def check_special(state: GameState, step: s.SpecialScoringStarted) -> None:
    """A special scoring by the card being played: not by the King's or the Intrigue card; card 145
    "cannot choose the King's region or the Castillo", 150 "can choose the Castillo or the King's
    region, as well", 110 scores the Castillo (S:188, S:190). K&C's stack-7 card: the table knows."""
    if state.settings.revision < SCORING_CHECKED:
        return  # older game logs replay as they were played
    _by_card(state, "a special scoring", SCORING_EFFECTS, STACK_7 if king_colonies(state) else None)
    active = state.active or ""
    if own(state).actions[active] != OWN_ACTION:
        return
    played = card(state.played[active], state)
    allowed = {"score_castillo": ("castillo",), "score_region": ("region", "castillo") if played.value == 150 else ("region",)}
    if step.what not in allowed.get(played.effect, (step.what,)):
        refuse(f"card {played.value} ({played.title}) does not score {step.what.replace('_', ' ')}")
    if played.value == 145 and state.king in step.regions:
        refuse("card 145 never scores the King's region (S:190)")


def check_veto(state: GameState, step: s.VetoUsed) -> None:
    """The 40's Veto is its player's own special action (S:180): used on another's turn before his
    own has ended, and only while his own action is open to him (not the King's or the Intrigue
    card's holder with 4-5 players, who must perform those)."""
    holder = step.colour
    if holder == state.active:
        refuse("a Veto stops another player's special action")
    if holder == own(state).turned_over:
        return  # K&C's "Turn over action card", kept on his turn for a later one (S:275)
    if holder in state.turn_order[:state.turn]:
        refuse(f"{state.name(holder)}'s turn is over: the Veto was his special action")
    if OWN_ACTION not in choices(state, holder):
        refuse(f"{state.name(holder)} holds the King's or the Intrigue card and performs its action: no Veto")


def _check_turned_over(state: GameState, step: s.TurnedOverKept) -> None:
    if not king_colonies(state):
        refuse("\"Turn over action card\" is a stack-7 card of The King & the Colonies")
    if step.colour != state.active or own(state).actions.get(step.colour) != STACK_7:
        refuse("the stack-7 card's taker keeps it, on his turn")
    if own(state).turned_over == step.colour:
        refuse(f"{state.name(step.colour)} keeps it already")


def _apply_turned_over(state: GameState, step: s.TurnedOverKept) -> None:
    own(state).turned_over = step.colour
    state.vetoes.setdefault(step.colour, []).append(state.round)


def end_round(state: GameState) -> None:
    """The played cards leave the game (kept in intrigue_used); the lowest leads next (S:166, S:173)."""
    dealt = deal_of(state)
    if dealt is not None:
        state.first_player = dealt.next_lead
    own(state).actions = {}
    state.vetoes = {}  # a Veto card's action lasts its round: the card leaves the game (S:173)
    own(state).turned_over = None


CHECKS: dict[type, Callable[[GameState, Any], None]] = {
    s.IntrigueCardPlayed: _check_card,
    s.SpecialActionChosen: _check_action,
    s.TurnedOverKept: _check_turned_over,
}
APPLY: dict[type, Callable[[GameState, Any], None]] = {
    s.IntrigueCardPlayed: _apply_card,
    s.SpecialActionChosen: _apply_action,
    s.TurnedOverKept: _apply_turned_over,
}
