"""When a turn is over: what its card still lets the player place, whether its special action is
done, and the turn's end recorded with the OK that finishes both (issue 22: "a turn whose card's
actions are done ends on the same OK"). Shared by the turn page and the card effects' pages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import board, queries, turn_rules
from companion.engine import steps as s
from companion.rules import cards

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.engine.state import GameState
    from companion.play.game import Game

#: The King's card's stack.
KINGS_STACK = 5


def placeable(state: GameState) -> int:
    """How many Caballeros the active player may still place from the Court this turn (the board
    recorded; 0 otherwise)."""
    colour = state.active
    if colour is None or not board.tracked(state) or queries.taken_by(state, colour) is None:
        return 0
    return min(queries.card_room(state, colour), board.held(state, colour, board.COURT))


#: Cards whose special action leaves nothing to enter on the turn page.
_NOTHING_TO_ENTER = frozenset({cards.Effect.VETO, cards.Effect.PLACE_IN_KINGS_REGION})


def special_done(state: GameState) -> bool:
    """Whether the turn's special action is over: begun (the placement after it completes the
    turn: 000 l.257), scored, stopped by a Veto, or the named card's leaves nothing to enter."""
    if turn_rules.SPECIAL in state.turn_parts or state.turn_scored or state.turn_vetoed:
        return True
    taken = queries.taken_by(state, state.active) if state.active else None
    return bool(taken and taken[2] and cards.card(taken[2]).effect in _NOTHING_TO_ENTER)


def end_if_done(game: Game) -> tuple[s.Step, ...]:
    """The turn's end, recorded with the OK that finished what its card lets the player do: the
    placement whole (nothing more may be placed) and the special action over, or one the table
    did not name whose stack holds no card with an action left (else the turn page waits on
    that action, "End the turn" one ▲ above it: ``awaits_action``). Only in base games under
    rules revision 2, which keep the turn's parts; the end is
    a step of its own, so an undo (one long press) takes it back first."""
    state = game.state
    colour = state.active
    if (colour is None or state.settings.expansion or not turn_rules.applies(state)
            or "TurnEnded" not in game.prompt.expects or not board.tracked(state)):
        return ()
    if placeable(state) or not special_done(state) and (_card_known(state) or awaits_action(state)):
        return ()
    if colour in state.intake and board.intake_short(state, colour, queries.intake_room(state, colour)):
        return ()  # the Province ran short: the turn page's Court intake says how many
    return (s.TurnEnded(colour),)


#: The effects that leave something for the table to enter or say (a Veto's and Infiltration's: nothing).
_ACTING = frozenset(cards.Effect) - _NOTHING_TO_ENTER


def awaits_action(state: GameState) -> bool:
    """Whether the active player's card, not named, may still have a special action to enter (issue
    35's trap: the placements' OK ended such a turn, a scoring card's scoring never scored): its
    stack may still hold a card that grants one (the engine's candidates, turn_rules.grants; a
    card without a text may do anything) and the action is not done."""
    if state.settings.expansion or not turn_rules.applies(state) or not board.tracked(state):
        return False  # (the turns whose end is never recorded by itself: end_if_done)
    if _card_known(state) or special_done(state):
        return False
    return turn_rules.grants(state, _ACTING)


def _card_known(state: GameState) -> bool:
    """Whether the table knows the active player's card: named (or shown), or the King's card."""
    taken = queries.taken_by(state, state.active) if state.active else None
    return bool(taken and (taken[2] or (taken[1] == KINGS_STACK and not state.settings.new_regency)))
