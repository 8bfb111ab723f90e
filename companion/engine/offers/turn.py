"""What a turn still offers, worked out from the state (and the kinds the chart asks for): what
the card lets the player place, whether its special action is done or awaited, the turn's end
that goes with the OK finishing both (issue 22), and which of the card's rows the turn page
offers under rules revision 2 (turn_rules.py). Moved here from the turn pages (issue 34)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.engine import board, card_effects, queries, scorings, turn_rules
from companion.engine import steps as s
from companion.engine.offers.offer import Offer, Option, offer, refusal
from companion.rules import cards, spain

if TYPE_CHECKING:
    from companion.engine.state import GameState

#: The King's card's stack.
KINGS_STACK = 5

Effect = cards.Effect
#: The King's moves, the card's own moves and the Power card back: the turn page's rows, each
#: offered when the card may grant it (``granted``).
ROWS = {"king": card_effects.KING_MOVERS, "tile": frozenset({Effect.SCORING_TILE}),
        "grande": frozenset({Effect.MOVE_GRANDE}), "power_back": frozenset({Effect.POWER_CARD_BACK}),
        "competition": frozenset({Effect.KING_COMPETITION}), "stand_in": frozenset({Effect.SWAP_KING_GRANDE})}


def recorded(state: GameState) -> bool:
    """Whether the game records the board (else the scores only: no piece's page opens)."""
    return board.tracked(state)


def named_card(state: GameState) -> cards.ActionCard | None:
    """The active player's card, when the table named it."""
    taken = queries.taken_by(state, state.active) if state.active else None
    return cards.card(taken[2]) if taken and taken[2] else None


def named_scoring(state: GameState) -> str | None:
    """The special scoring the named card starts (its kind), None for a card without one."""
    card = named_card(state)
    return cards.special_kind(card) if card else None


def kings_to_fewest(state: GameState) -> bool:
    """Whether the named card sends the King to the region with the fewest Caballeros (Chalet)."""
    card = named_card(state)
    return card is not None and card.param("to") == "fewest"


def taken_stack(state: GameState) -> int | None:
    """The stack the active player took this turn's card from."""
    taken = queries.taken_by(state, state.active) if state.active else None
    return taken[1] if taken else None


def own_move(state: GameState) -> str | None:
    """The row of the named card's own move of a piece: "tile" (Enactment), "grande" (Adopted
    Home), else None."""
    card = named_card(state)
    return {Effect.SCORING_TILE: "tile", Effect.MOVE_GRANDE: "grande"}.get(card.effect) if card else None


def intake_short(state: GameState) -> int | None:
    """How many the active player's Court intake is short by (the Province ran short), None when
    the board is not recorded or the turn's card brings none."""
    colour = state.active
    if colour is None or not board.tracked(state) or colour not in state.intake:
        return None
    return board.intake_short(state, colour, queries.intake_room(state, colour))


def placeable(state: GameState) -> int:
    """How many Caballeros the active player may still place from the Court this turn (the board
    recorded; 0 otherwise)."""
    colour = state.active
    if colour is None or not board.tracked(state) or queries.taken_by(state, colour) is None:
        return 0
    return min(queries.card_room(state, colour), board.held(state, colour, board.COURT))


def special_done(state: GameState) -> bool:
    """Whether the turn's special action is over: begun (the placement after it completes the
    turn: 000 l.257), scored, stopped by a Veto, or the named card's leaves nothing to enter."""
    if turn_rules.SPECIAL in state.turn_parts or state.turn_scored or state.turn_vetoed:
        return True
    taken = queries.taken_by(state, state.active) if state.active else None
    return bool(taken and taken[2] and cards.card(taken[2]).effect in turn_rules.NOTHING_TO_ENTER)


def special_begun(state: GameState) -> bool:
    """Whether the turn's special action has begun (rules revision 2 keeps the turn's parts)."""
    return bool(state.turn_parts) and turn_rules.SPECIAL in state.turn_parts


def turn_end(state: GameState, expects: Sequence[str]) -> tuple[s.Step, ...]:
    """The turn's end, recorded with the OK that finished what its card lets the player do: the
    placement whole (nothing more may be placed) and the special action over, or one the table
    did not name whose stack holds no card with an action left (else the turn page waits on
    that action, "End the turn" one ▲ above it: ``awaits_action``). Only in base games under
    rules revision 2, which keep the turn's parts; the end is a step of its own, so an undo (one
    long press) takes it back first."""
    colour = state.active
    if (colour is None or state.settings.expansion or not turn_rules.applies(state)
            or "TurnEnded" not in expects or not board.tracked(state)):
        return ()
    if placeable(state) or not special_done(state) and (card_known(state) or awaits_action(state)):
        return ()
    if colour in state.intake and board.intake_short(state, colour, queries.intake_room(state, colour)):
        return ()  # the Province ran short: the turn page's Court intake says how many
    return (s.TurnEnded(colour),)


def awaits_action(state: GameState) -> bool:
    """Whether the active player's card, not named, may still have a special action to enter (issue
    35's trap: the placements' OK ended such a turn, a scoring card's scoring never scored): its
    stack may still hold a card that grants one (the engine's candidates, turn_rules.grants; a
    card without a text may do anything) and the action is not done."""
    if state.settings.expansion or not turn_rules.applies(state) or not board.tracked(state):
        return False  # (the turns whose end is never recorded by itself: turn_end)
    if card_known(state) or special_done(state):
        return False
    return turn_rules.grants(state, turn_rules.ACTING)


def card_known(state: GameState) -> bool:
    """Whether the table knows the active player's card: named (or shown), or the King's card."""
    taken = queries.taken_by(state, state.active) if state.active else None
    return bool(taken and (taken[2] or (taken[1] == KINGS_STACK and not state.settings.new_regency)))


def waiting(state: GameState) -> bool:
    """Whether the turn page waits on an unnamed card's special action: its Caballeros placed (or
    none could be: an empty Court), its stack still able to hold a card with an action to enter
    (``awaits_action``)."""
    return not placeable(state) and awaits_action(state)


def granted(state: GameState, effects: frozenset, *, scoring: bool = False) -> bool:
    """Whether the turn page offers a special step: in a game under rules revision 2, only what the
    turn's card grants (``scoring``: a special scoring of some kind). A row stays once its step is
    done, for its mark; done again, after a Veto or split by the placement, it says why not."""
    if not turn_rules.applies(state):
        return True
    if state.settings.expansion:
        return True  # the Big Box's turns: its own cards
    if scoring:
        kinds = turn_rules.scoring_kinds(state)
        return kinds is None or bool(kinds)
    return turn_rules.grants(state, effects)


def rows(state: GameState) -> frozenset[str]:
    """The turn page's rows of ``ROWS`` (and "scoring") the card may grant now; New Regency's
    Competition and Stand-in only in a New Regency game."""
    found = {name for name, effects in ROWS.items() if granted(state, effects)}
    if not state.settings.new_regency:
        found -= {"competition", "stand_in"}
    if not state.turn_scored and granted(state, frozenset(), scoring=True):
        found.add("scoring")
    return frozenset(found)


def vetoes(state: GameState, expects: Sequence[str]) -> Offer:
    """A Veto stops another player's special action: offered ("veto:<colour>") to its holders on
    others' turns while the referee accepts it (turn_rules.py); refused ones left out."""
    options = [Option(f"veto:{c}", (s.VetoUsed(c),)) for c in state.colours
               if c in state.vetoes and c != state.active]
    return offer("veto", [o for o in options if not refusal(state, expects, o.steps)])


def stand_in(state: GameState, expects: Sequence[str]) -> Offer:
    """Stand-in swaps the King with a Grande of the player's choice (002), any colour's standing
    in a region ("swap:<colour>")."""
    options = [Option(f"swap:{c}", steps, refusal(state, expects, steps)) for c in state.colours
               if state.grandes.get(c) in spain.REGIONS and state.grandes[c] != state.king
               for steps in [(s.KingAndGrandeSwapped(c),)]]
    return offer("stand_in", options)


def chalet(state: GameState, expects: Sequence[str]) -> Offer:
    """New Regency Chalet: the King to the region with the fewest Caballeros (>0), "king:<region>";
    the active player breaks ties."""
    options = [Option(f"king:{r}", steps, refusal(state, expects, steps))
               for r in scorings.special_regions(state, "fewest") for steps in [(s.KingMoved(r, by_card=True),)]]
    return offer("chalet", options)
