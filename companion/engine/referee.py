"""The referee: checks a step against the rules and applies it to the state.

`check` never changes anything and raises StepRefused with a one-line reason;
`apply` assumes `check` passed. The phase machine (phases.py) decides *when*
a step may come; this module decides *whether* it is legal and what it does:
setup, a round and its turns here; board facts and corrections in board_facts.py,
the scorings in scorings.py, card effects in card_effects.py, where Caballeros are in board.py.
"""

import random
from collections.abc import Callable
from typing import Any

from companion.engine import (
    board,
    board_facts,
    card_effects,
    card_named,
    cards_said,
    dealing,
    dummy,
    hooks,
    last_moves,
    queries,
    scorings,
    turn_rules,
)
from companion.engine import steps as s
from companion.engine.checks import CASTILLO, colour_known, count_valid, refuse, region_known, within_supply
from companion.engine.state import GameState
from companion.rules import cards, spain

#: Power Shift: the Modifier cards each player holds from setup (000).
MODIFIER_CARDS = 3
#: The rules revision from which only the active player throws into the Castillo (games started
#: before it replay as they were played; companion/engine/settings.py REVISION).
OWN_TURN_THROWS = 2


# -- setup ------------------------------------------------------------------------


def draw_setup(state: GameState) -> s.SetupDone:
    """The companion draws King's region, homes and first player from the recorded seed."""
    rng = random.Random(f"{state.settings.seed}/setup")
    deck = list(spain.SCORING_ORDER)
    rng.shuffle(deck)
    king, homes = deck[0], deck[1 : 1 + len(state.colours)]
    first = rng.choice(state.colours)
    black, limit = hooks.of(state.settings).drawn(state, deck[1 + len(state.colours):])
    return s.SetupDone(king=king, homes=tuple(zip(state.colours, homes)), first=first, black=black, limit_table=limit)


def check(state: GameState, step: s.Step) -> None:
    hooks.of(state.settings).check_kind(state, step)  # a mode's cards replacing the Power and action cards
    handler = _CHECKS.get(type(step)) or hooks.CHECKS.get(type(step))
    if handler:
        handler(state, step)
    turn_rules.check(state, step)  # a turn as the rules define it (revision 2)


def apply(state: GameState, step: s.Step) -> None:
    cards_said.ending(state, step)
    (_APPLY.get(type(step)) or hooks.APPLY[type(step)])(state, step)
    turn_rules.apply(state, step)
    cards_said.keep(state, step)
    last_moves.keep(state, step)
    state.special_just_started = isinstance(step, s.SpecialScoringStarted)
    state.last_scored = isinstance(step, s.Scored)


def _check_setup(state: GameState, step: s.SetupDone) -> None:
    region_known(state, step.king, "King's region")
    homes = dict(step.homes)
    if sorted(homes) != sorted(state.colours):
        refuse(f"give every player a home region: {', '.join(state.colours)}")
    for region in homes.values():
        region_known(state, region, "home region")
    if len(set(homes.values())) != len(homes):
        refuse("two players cannot draw the same home region")
    if step.king in homes.values():
        refuse("a home region is never the King's region (they come from the same region cards)")
    colour_known(state, step.first)
    hooks.of(state.settings).check_setup(state, step, {step.king, *homes.values()})


def _apply_setup(state: GameState, step: s.SetupDone) -> None:
    state.king = step.king
    for colour, region in step.homes:
        state.grandes[colour] = region
        state.counts[region][colour] = 2
    state.first_player = step.first
    hooks.of(state.settings).set_up(state, step)
    if state.settings.power_shift:  # 000: "deal 3 Modifier cards to each player"
        state.modifier_cards = {c: MODIFIER_CARDS for c in state.colours}
    if board.tracked(state):
        board.set_up(state, dict(step.homes))
    for colour in state.colours:
        state.hands[colour] = set(range(1, 14))
        state.scores[colour] = 0
    hooks.of(state.settings).dealt(state)
    if state.settings.dummy:
        dummy.shuffle_regions(state)
        dummy.shuffle_power(state)


# -- a round -------------------------------------------------------------------------


def start_round(state: GameState) -> None:
    rounds = state.settings.rounds
    state.round = rounds[0] if state.round == 0 else rounds[rounds.index(state.round) + 1]
    state.played = {}
    state.modifiers = {}
    state.intake = {}
    for key in set(state.revealed.values()) | {key for _, _, key in state.taken if key}:
        if key not in queries.kings_cards():  # the King's card comes back every round
            state.seen[key] = state.seen.get(key, 0) + 1
    state.taken = []
    state.revealed = dealing.shown(state.settings, state.round)  # the companion's deal ({}: the table's own)
    state.turn_order = []
    state.turn = 0
    if state.settings.dummy:
        dummy.start_round(state)


def is_scoring_round(state: GameState) -> bool:
    return state.round in state.rules.general_scoring_after


def is_last_round(state: GameState) -> bool:
    return state.round == state.settings.rounds[-1]


def _check_revealed(state: GameState, step: s.ActionCardsRevealed) -> None:
    if len({stack for stack, _ in step.cards}) != len(step.cards):
        refuse("a stack shows one card")
    for stack, key in step.cards:
        if stack not in state.settings.stacks:
            refuse(f"there is no stack {stack} on the table; stacks: {state.settings.stacks}")
        try:
            card = cards.card(key)
        except KeyError:
            refuse(f"unknown action card {key!r}")
        if card.stack not in queries.stacks_held(state, stack) or card.edition != state.settings.edition:
            refuse(f"{card.title} is not a card of stack {stack} in the {state.rules.title}")
        if card in cards.OLD_HANDS and card.slug not in state.settings.old_hands:
            refuse(f"{card.title} is an Old Hands card, not shuffled into this game")
        if queries.all_shown(state, card):
            copies = "its only copy was" if card.copies == 1 else f"all {card.copies} copies were"
            refuse(f"{card.title}: {copies} shown in an earlier round")


def _apply_revealed(state: GameState, step: s.ActionCardsRevealed) -> None:
    state.revealed = dict(step.cards)


def _check_power(state: GameState, step: s.PowerCardPlayed) -> None:
    colour_known(state, step.colour)
    expected = state.next_to_play_power()
    if step.colour != expected:
        refuse(f"it is {state.name(expected)}'s turn to play a Power card")
    if step.value not in range(1, 14):
        refuse(f"Power cards go from 1 to 13, not {step.value}")
    if step.modifier and not state.settings.power_shift:
        refuse("modifier cards are the Power Shift mini expansion, not in this game")
    if step.modifier not in (-2, -1, 0, 1, 2):
        refuse(f"modifier cards show -2, -1, +1 or +2, not {step.modifier}")
    if step.modifier and state.settings.revision >= 1 and not state.modifier_cards.get(step.colour, 0):
        refuse(f"{state.name(step.colour)} has no Modifier card left (3 each, discarded when played)")
    for other in state.played:
        if state.total(other) == step.total:
            what = "value" if not (step.modifier or state.modifiers.get(other)) else "total"
            refuse(f"{step.total} is already played this round (by {state.name(other)}): "
                   f"every {what} must differ")
    if step.value not in state.hands[step.colour]:
        refuse(f"{state.name(step.colour)} has already used Power card {step.value}")


def _apply_power(state: GameState, step: s.PowerCardPlayed) -> None:
    state.played[step.colour] = step.value
    if step.modifier:
        state.modifiers[step.colour] = step.modifier
        state.modifier_cards[step.colour] = state.modifier_cards.get(step.colour, 0) - 1
        state.modifiers_played[step.colour] = state.modifiers_played.get(step.colour, 0) + 1
    state.hands[step.colour].discard(step.value)
    if board.tracked(state) and not board.intake_at_turn(state):  # (a game before revision 2)
        board.take_in(state, step.colour, state.court_intake(step.colour))
    if all(c in state.played for c in state.colours):
        state.turn_order = sorted(state.played, key=lambda c: -state.total(c))
        state.turn = 0
        _dummy_turns(state)
        _begin_turn(state)


def _dummy_turns(state: GameState) -> None:
    """The dummy plays whenever its Power card's turn comes up."""
    while state.active is not None and state.active == state.settings.dummy:
        dummy.take_action_card(state)
        state.turn += 1


def _begin_turn(state: GameState) -> None:
    """The Power card's Caballeros to the Court as the first thing of the turn (board.begin_turn)."""
    colour = state.active
    if colour is not None and colour in state.played:
        board.begin_turn(state, None if queries.intake_heads_unknown(state, colour) else queries.intake_most(state, colour))


def _active(state: GameState, colour: str) -> None:
    colour_known(state, colour)
    if colour != state.active:
        refuse(f"it is {state.name(state.active)}'s turn, not {state.name(colour)}'s")


def _check_card_taken(state: GameState, step: s.ActionCardTaken) -> None:
    _active(state, step.colour)
    if step.stack not in state.stacks_left():
        refuse(f"the card of stack {step.stack} is gone; left: {', '.join(map(str, state.stacks_left()))}")
    if step.card is not None:
        _check_revealed(state, s.ActionCardsRevealed(((step.stack, step.card),)))


def _apply_card_taken(state: GameState, step: s.ActionCardTaken) -> None:
    key = step.card or state.revealed.get(step.stack)
    state.taken.append((step.colour, step.stack, key))
    state.turn_thrown, state.turn_placed, state.turn_scored = 0, 0, False
    state.turn_moves, state.turn_king_from = [], None
    hooks.of(state.settings).card_taken(state, step)
    if key and cards.card(key).effect is cards.Effect.VETO:
        state.vetoes.setdefault(step.colour, []).append(state.round + 1)  # this round or the next


def _check_veto(state: GameState, step: s.VetoUsed) -> None:
    colour_known(state, step.colour)
    if step.colour not in state.vetoes:
        refuse(f"{state.name(step.colour)} holds no Veto card")
    hooks.of(state.settings).check_veto(state, step)


def _apply_veto(state: GameState, step: s.VetoUsed) -> None:
    held = state.vetoes[step.colour]
    held.remove(min(held))  # the one that runs out first
    state.turn_scored = True  # the turn's special action is stopped: no special scoring this turn
    if not held:
        del state.vetoes[step.colour]


def _check_throw(state: GameState, step: s.CastilloThrow) -> None:
    colour_known(state, step.colour, dummy_ok=True)
    count_valid(step.count, "Caballeros thrown")
    if step.count == 0:
        refuse("throw at least one Caballero into the Castillo")
    if state.king == CASTILLO:
        refuse("under Rebellion nobody throws into the Castillo")
    if step.colour != state.active and state.settings.revision >= OWN_TURN_THROWS:
        # 000 l.261-272: a throw is a placement from one's own Court, on one's own turn
        refuse(f"{state.name(step.colour)} throws into the Castillo only on his own turn: "
               f"it is {state.name(state.active)}'s")
    within_supply(state, {step.colour: step.count})
    board.from_court(state, step.colour, step.count)
    hooks.of(state.settings).check_throw(state, step)  # the Grand Inquisitor's or the Queen's one more: never in (S:247)
    room = queries.card_room(state, step.colour)
    if step.count > room:  # (a game before revision 2 let another colour throw: the supply its limit)
        used = state.turn_thrown + state.turn_placed
        already = f", {used} {'placed' if state.turn_placed else 'thrown'} already" if used else ""
        refuse(f"{state.name(step.colour)}'s card places at most {room + used} Caballeros "
               f"this turn{already} (if a card lets more in, correct the Castillo from the menu)")


def _apply_throw(state: GameState, step: s.CastilloThrow) -> None:
    if board.tracked(state):
        board.move(state, step.colour, board.reserve(state, step.colour), CASTILLO, step.count)
    else:
        state.castillo[step.colour] = state.castillo.get(step.colour, 0) + step.count
    if step.colour == state.active:
        state.turn_thrown += step.count


def _check_placed(state: GameState, step: s.Placed) -> None:
    _active(state, step.colour)
    count_valid(step.count, "Caballeros placed")
    board.check_placed(state, step, queries.card_room(state, step.colour), card_effects.into_kings_region(state),
                       hooks.of(state.settings).anywhere(state))


def _apply_placed(state: GameState, step: s.Placed) -> None:
    board.move(state, step.colour, board.COURT, step.region, step.count)
    state.turn_placed += step.count
    hooks.of(state.settings).placed(state, step)


def _check_card_moved(state: GameState, step: s.CardMoved) -> None:
    colour_known(state, step.colour, dummy_ok=True)
    count_valid(step.count, "Caballeros moved")
    card_effects.check(state, step)


def _check_moved(state: GameState, step: s.CaballerosMoved) -> None:
    colour_known(state, step.colour, dummy_ok=True)
    count_valid(step.count, "Caballeros moved")
    board.check_moved(state, step)


def _apply_moved(state: GameState, step: s.CaballerosMoved) -> None:
    board.move(state, step.colour, step.source, step.target, step.count)


def _check_intake(state: GameState, step: s.CourtIntake) -> None:
    _active(state, step.colour)
    board.check_intake(state, step, queries.intake_room(state, step.colour))


def _check_returned(state: GameState, step: s.PowerCardReturned) -> None:
    _active(state, step.colour)
    if step.modifier:  # 000 Empowerment: "return one of your played Modifier cards to your hand instead"
        if not state.settings.power_shift:
            refuse("Modifier cards are the Power Shift mini expansion, not in this game")
        if not state.modifiers_played.get(step.colour):
            refuse(f"{state.name(step.colour)} has played no Modifier card")
        return
    used = set(range(1, 14)) - state.hands[step.colour]
    if step.value not in used:
        refuse(f"{state.name(step.colour)} still holds Power card {step.value}")


def _apply_returned(state: GameState, step: s.PowerCardReturned) -> None:
    if step.modifier:
        state.modifiers_played[step.colour] -= 1
        state.modifier_cards[step.colour] = state.modifier_cards.get(step.colour, 0) + 1
        return
    state.hands[step.colour].add(step.value)


def _check_swap(state: GameState, step: s.KingAndGrandeSwapped) -> None:
    colour_known(state, step.colour)
    if not state.settings.new_regency:
        refuse("Stand-in is a New Regency card, not in this game")
    if state.king not in spain.REGIONS or state.grandes.get(step.colour) not in spain.REGIONS:
        refuse("Stand-in needs the King and that Grande both in regions")


def _apply_swap(state: GameState, step: s.KingAndGrandeSwapped) -> None:
    state.king, state.grandes[step.colour] = state.grandes[step.colour], state.king


def _check_competition(state: GameState, step: s.GrandesToCastillo) -> None:
    if not state.settings.new_regency:
        refuse("Competition is a New Regency card, not in this game")
    if not any(r == state.king for r in state.grandes.values()):
        refuse("no Grande stands in the King's region")


def _apply_competition(state: GameState, step: s.GrandesToCastillo) -> None:
    for colour, region in state.grandes.items():
        if region == state.king:
            state.grandes_in_castillo[colour] = region
            state.grandes[colour] = CASTILLO


def _check_turn_ended(state: GameState, step: s.TurnEnded) -> None:
    _active(state, step.colour)
    card_effects.check_turn_over(state)  # a sending back once begun is done for every opponent
    hooks.of(state.settings).check_turn_over(state)  # the Jester's gift placed (S:390)


def _apply_turn_ended(state: GameState, step: s.TurnEnded) -> None:
    state.turn, state.turn_thrown, state.turn_placed, state.turn_scored = state.turn + 1, 0, 0, False
    state.turn_moves, state.turn_king_from = [], None
    hooks.of(state.settings).turn_ended(state)  # the ship's moves, the jail symbol: the next turn's own
    _dummy_turns(state)
    _begin_turn(state)


def end_round(state: GameState) -> None:
    """First Player marker to the lowest Power card among the players (never the dummy).

    Empowerment's special case holds by construction: the card played counts,
    even if it went back to the hand.
    """
    if hooks.of(state.settings).end_round(state):
        return
    humans = {c: state.total(c) for c in state.played if c in state.colours}
    state.first_player = min(humans, key=lambda c: humans[c])
    state.vetoes = {c: kept for c, lasts in state.vetoes.items() if (kept := [n for n in lasts if n > state.round])}


_CHECKS: dict[type, Callable[[GameState, Any], None]] = {
    **scorings.CHECKS,
    **board_facts.CHECKS,
    **card_named.CHECKS,
    s.SetupDone: _check_setup,
    s.ActionCardsRevealed: _check_revealed,
    s.PowerCardPlayed: _check_power,
    s.ActionCardTaken: _check_card_taken,
    s.CastilloThrow: _check_throw,
    s.Placed: _check_placed,
    s.CaballerosMoved: _check_moved,
    s.CardMoved: _check_card_moved,
    s.CourtIntake: _check_intake,
    s.PowerCardReturned: _check_returned,
    s.TurnEnded: _check_turn_ended,
    s.VetoUsed: _check_veto,
    s.KingAndGrandeSwapped: _check_swap,
    s.GrandesToCastillo: _check_competition,
}
_APPLY: dict[type, Callable[[GameState, Any], None]] = {
    **scorings.APPLY,
    **board_facts.APPLY,
    **card_named.APPLY,
    s.SetupDone: _apply_setup,
    s.ActionCardsRevealed: _apply_revealed,
    s.PowerCardPlayed: _apply_power,
    s.ActionCardTaken: _apply_card_taken,
    s.CastilloThrow: _apply_throw,
    s.Placed: _apply_placed,
    s.CaballerosMoved: _apply_moved,
    s.CardMoved: card_effects.apply,
    s.CourtIntake: board.apply_intake,
    s.PowerCardReturned: _apply_returned,
    s.TurnEnded: _apply_turn_ended,
    s.VetoUsed: _apply_veto,
    s.KingAndGrandeSwapped: _apply_swap,
    s.GrandesToCastillo: _apply_competition,
}
