"""The 2023 two-player dummy: the companion plays it, and says why.

Its random draws come from generators seeded by the game's seed and what
is drawn ("regions" after the Nth general scoring, "power"), so replaying
the journal draws exactly the same cards.
"""

import random

from companion.engine import board, queries
from companion.engine.state import GameState
from companion.rules import cards, spain

PER_REGION = 2
DRAWS_PER_ROUND = 2


def _rng(state: GameState, purpose: str) -> random.Random:
    return random.Random(f"{state.settings.seed}/dummy/{purpose}")


def shuffle_regions(state: GameState) -> None:
    """All 9 region cards, shuffled: at setup and after each general scoring."""
    deck = list(spain.SCORING_ORDER)
    _rng(state, f"regions/{state.general_scorings}").shuffle(deck)
    state.dummy.region_deck = deck


def shuffle_power(state: GameState) -> None:
    pile = list(range(1, 14))
    _rng(state, "power").shuffle(pile)
    state.dummy.power_pile = pile


def _draw_region(state: GameState) -> str:
    if not state.dummy.region_deck:  # every card drawn since the last reshuffle
        shuffle_regions(state)
    return state.dummy.region_deck.pop(0)


def start_round(state: GameState) -> None:
    """Draw 2 region cards, 2 Caballeros into each; then turn up the top Power card."""
    colour = _colour(state)
    limit = state.rules.caballeros_per_colour
    drawn: list[str] = []
    placed: dict[str, int] = {}
    for _ in range(DRAWS_PER_ROUND):
        if state.on_board(colour) + sum(placed.values()) >= limit:
            break
        region = _draw_region(state)
        drawn.append(region)
        if region == state.king:
            continue
        room = limit - state.on_board(colour) - sum(placed.values())
        if board.tracked(state) and board.courtless(state, colour):  # 000 l.465: only what lies next to the board
            room = min(room, board.held(state, colour, board.PROVINCE) - sum(placed.values()))
        if room <= 0:
            continue
        placed[region] = placed.get(region, 0) + min(PER_REGION, room)
    for region, n in placed.items():
        if board.tracked(state):
            board.move(state, colour, board.PROVINCE, region, n)
        else:
            state.counts[region][colour] = state.counts[region].get(colour, 0) + n
    _say(state, _placement_reason(state, drawn, placed, limit))
    value = state.dummy.power_pile.pop(0)
    state.played[colour] = value
    _say(state, f"turned up Power card {value}: nobody may play it")


def _placement_reason(state: GameState, drawn: list[str], placed: dict[str, int], limit: int) -> str:
    name = state.rules.name
    if not drawn:
        return f"all {limit} of its Caballeros are on the board: no region cards drawn"
    text = f"drew {' and '.join(name(r) for r in drawn)}"
    if state.king in drawn:
        text += f"; {name(state.king)} is the King's region"
    if placed:
        text += ": " + ", ".join(f"{n} placed in {name(r)}" for r, n in placed.items())
    else:
        text += ": nothing placed"
    return text


def _say(state: GameState, reason: str) -> None:
    state.dummy.moves.append((state.round, reason))


def take_action_card(state: GameState) -> str:
    """The dummy takes the remaining card showing the most Caballeros and discards it unused."""

    def shown(stack: int) -> int:
        return queries.caballeros_range(state, stack)[0]  # an unnamed merged stack 2 counts as showing 2

    left = state.stacks_left()
    stack = max(left, key=lambda s: (shown(s), s))
    card = state.revealed.get(stack)
    state.taken.append((_colour(state), stack, card))
    if stack == 5 and not state.settings.new_regency:
        what = "the King's card, flipped over"
    else:
        name = cards.card(card).title if card else ("the 5th stack's card" if stack == 5 else f"the card of stack {stack}")
        what = f"{name}, discarded"
    reason = f"took {what}: it shows the most Caballeros left ({shown(stack)})"
    _say(state, reason)
    return reason


def leave_castillo(state: GameState, count: int) -> str:
    """House ruling (assumed): the dummy's Castillo Caballeros go where a drawn region card says."""
    colour = _colour(state)
    region = _draw_region(state)
    if region == state.king:
        reason = f"its {count} Castillo Caballeros: drew {state.rules.name(region)}, the King's region: back to its supply"
        if board.tracked(state):
            board.move(state, colour, board.CASTILLO, board.PROVINCE, count)
    else:
        if board.tracked(state):
            board.move(state, colour, board.CASTILLO, region, count)
        else:
            state.counts[region][colour] = state.counts[region].get(colour, 0) + count
        reason = f"its {count} Castillo Caballeros: drew {state.rules.name(region)}: moved there"
    _say(state, reason)
    return reason


def _colour(state: GameState) -> str:
    """The dummy's colour (only called in a game with the dummy)."""
    colour = state.settings.dummy
    assert colour is not None, "the dummy plays only in a 2-player game of the 2023 edition"
    return colour
