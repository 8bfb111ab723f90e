"""The Big Box cards the companion did not guide (issue 21 item 13), seed 004 lines as "S:n".

Guided, with their checks, where the seed gives the card's text:

- Intrigue & the King's **Quarantine** (card 93, S:186): a mobile scoreboard onto a region, taboo
  like the King's region until the next general scoring is over; another Quarantine moves that
  scoreboard; the scoreboard-moving action never moves it.
- Grandissimo's **Jester** (S:390): his holder gives another player one of his own Caballeros from
  the Province; that player places it anywhere on the board (not the King's region, S:399) at the
  beginning of his next turn.

**The table decides** where the seed gives no text for what the card does (TABLE_CARDS): the step
records which card the table played and how it ruled; the board changes go through the ordinary
checked steps (Move Caballeros, the King, a scoreboard, a Grande, a score), so the board stays
exact. Grandissimo's **Double turn** also takes its second card (S:393), which today's turn refused.
"""

from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from companion.engine import board, queries
from companion.engine.checks import CASTILLO, colour_known, refuse, region_known
from companion.engine.modes import intrigue
from companion.engine.modes import steps as s
from companion.engine.modes.own_state import own
from companion.engine.modes.quarantine import quarantined
from companion.engine.state import GameState
from companion.rules import modes

QUARANTINE = "quarantine"

#: The cards whose text the seed does not give, by mode, and what the seed says about each.
TABLE_CARDS = MappingProxyType({
    "bridge": ("intrigue", "Bridge (63)", "S:181: a bridge goes when another player plays a bridge"),
    "card_75": ("intrigue", "Card 75", "S:183: a scoring bonus; \"the Caballero is yours\""),
    "card_100": ("intrigue", "Card 100", "S:187: a special scoring without the Castillo"),
    "card_120": ("intrigue", "Card 120", "S:189: an action without the Castillo"),
    "card_135": ("intrigue", "Card 135", "S:190: you need exactly 2 Caballeros there; a tie for first counts"),
    "revolution": ("grandissimo", "Revolution", "S:397: a new King's region, the Grande/King, until the scoring"),
    "alliance": ("grandissimo", "Alliance", "S:396: only from the region cards still available"),
    "boycott": ("grandissimo", "Boycott", "not in the seed (RGG-13: the region cards still available)"),
    "double_turn": ("grandissimo", "Double turn", "S:393: a second card; its actions now or later"),
})


def _mode_has(state: GameState, where: str) -> bool:
    mode = state.settings.mode
    return mode.intrigue if where == "intrigue" else modes.QUEEN in mode.holdings


#: Intrigue & the King's cards among them, by value: played as their player's own action.
INTRIGUE_VALUES = MappingProxyType({"bridge": 63, "card_75": 75, "card_100": 100, "card_120": 120, "card_135": 135})
#: Grandissimo's are stack-6 cards (S:392), which of the stack's faces is which not being known.
GRANDISSIMO_STACK = 6


def table_cards(state: GameState) -> list[str]:
    """The cards the table may rule on this turn, once each: I&K's card the active player played, as
    his own action; Grandissimo's with a stack-6 card taken this turn."""
    colour = state.active
    if colour is None:
        return []
    if state.settings.mode.intrigue:
        value = state.played.get(colour) if intrigue.own_effect(state, colour) is not None else None
        keys = [key for key, v in INTRIGUE_VALUES.items() if v == value]
    elif modes.QUEEN in state.settings.mode.holdings:
        taken = queries.taken_by(state, colour)
        keys = [k for k, (where, _, _) in TABLE_CARDS.items() if where == "grandissimo"] if (
            taken is not None and taken[1] == GRANDISSIMO_STACK) else []
    else:
        keys = []
    return [key for key in keys if (state.round, state.turn, key) not in own(state).table_ruled]


# -- the table decides -----------------------------------------------------------------------


def _check_ruled(state: GameState, step: s.TableDecided) -> None:
    if step.card not in TABLE_CARDS:
        refuse(f"the table decides {', '.join(TABLE_CARDS)}; not {step.card!r}")
    where, title, _ = TABLE_CARDS[step.card]
    if not _mode_has(state, where):
        refuse(f"{title} is not a card of this game")
    if step.card not in table_cards(state):
        if (state.round, state.turn, step.card) in own(state).table_ruled:
            refuse(f"{title}: recorded already this turn")
        card = (f"his own card {INTRIGUE_VALUES[step.card]}'s action" if where == "intrigue"
                else f"a stack-{GRANDISSIMO_STACK} card taken this turn")
        refuse(f"{title} is {card} (the turn's player: {state.name(state.active)})")
    if step.card == "double_turn":
        _check_second_card(state, step)
    elif step.stack is not None:
        refuse("only the Double turn takes a second card")


def _check_second_card(state: GameState, step: s.TableDecided) -> None:
    """S:393: "When the player takes the second card": a stack still on the table this round."""
    if step.stack is None:
        refuse("the Double turn takes a second card: say its stack")
    if step.stack not in state.stacks_left():
        refuse(f"the card of stack {step.stack} is gone; left: {', '.join(map(str, state.stacks_left()))}")


def _apply_ruled(state: GameState, step: s.TableDecided) -> None:
    own(state).table_ruled.append((state.round, state.turn, step.card))
    if step.card == "double_turn" and step.stack is not None and state.active is not None:
        state.taken.append((state.active, step.stack, None))  # gone for the later players; its Caballeros his


# -- Quarantine (card 93, S:186) --------------------------------------------------------------


def may_quarantine(state: GameState) -> bool:
    colour = state.active
    return (colour is not None and intrigue.own_effect(state, colour) == QUARANTINE
            and (state.round, state.turn, QUARANTINE) not in own(state).table_ruled)


def tiles_to_quarantine(state: GameState) -> list[str]:
    """S:186: "Choose a mobile scoreboard from next to the board if one is available. If not, choose one
    from the board, but not the King's region. If another Quarantine is played, move the mobile
    scoreboard from the old quarantined region to the new.\""""
    quarantine = own(state).quarantine
    if quarantined(state) is not None and quarantine is not None:
        return [quarantine[0]]
    beside = [tile for tile, region in state.tiles.items() if region is None]
    return beside or [tile for tile, region in state.tiles.items() if region != state.king]


def _check_quarantined(state: GameState, step: s.Quarantined) -> None:
    if not may_quarantine(state):
        refuse("Quarantine is Intrigue & the King's card 93, once, as its player's own action")
    if step.tile not in state.tiles:
        refuse(f"the mobile scoreboards are {' and '.join(state.tiles)}, not {step.tile!r}")
    allowed = tiles_to_quarantine(state)
    if step.tile not in allowed:
        refuse(f"Quarantine takes the {' or the '.join(allowed)} scoreboard (S:186)")
    if step.region not in state.regions:  # the mode's regions
        region_known(state, step.region)
    if step.region in (state.king, CASTILLO):
        refuse(f"{state.rules.name(step.region)} is the King's region: nothing goes there")
    if any(region == step.region for tile, region in state.tiles.items() if tile != step.tile):
        refuse("mobile scoreboards may not be placed on top of one another (S:185)")


def _apply_quarantined(state: GameState, step: s.Quarantined) -> None:
    state.tiles[step.tile] = step.region
    own(state).quarantine = (step.tile, step.region)
    own(state).table_ruled.append((state.round, state.turn, QUARANTINE))


# -- the Jester's gift (S:390) ----------------------------------------------------------------


def may_give(state: GameState) -> bool:
    colour = state.active
    return (colour is not None and own(state).holdings.get(modes.JESTER) == colour
            and (state.round, state.turn, "jester") not in own(state).table_ruled)


def _check_gift(state: GameState, step: s.JesterGave) -> None:
    colour_known(state, step.to)
    if not may_give(state):
        refuse("the Jester's holder gives one Caballero on his turn, once (S:390)")
    giver = state.active or ""
    if step.to == giver:
        refuse("the Jester's gift goes to another player")
    if board.tracked(state) and board.held(state, giver, board.PROVINCE) < 1:
        refuse(f"{state.name(giver)} has no Caballero in the Province to give")


def _apply_gift(state: GameState, step: s.JesterGave) -> None:
    own(state).gifts.append((state.active or "", step.to))
    own(state).table_ruled.append((state.round, state.turn, "jester"))


def gift_waiting(state: GameState) -> tuple[str, str] | None:
    """The first gift the active player places now (giver's colour, receiver)."""
    return next((g for g in own(state).gifts if g[1] == state.active), None)


def check_turn_over(state: GameState) -> None:
    """S:390: "The other player must then place it somewhere on the board ... at the beginning of his
    next turn": his turn does not end before."""
    gift = gift_waiting(state)
    if gift is not None:
        refuse(f"{state.name(state.active)} places {state.name(gift[0])}'s gift first (S:390)")


def _check_gift_placed(state: GameState, step: s.GiftPlaced) -> None:
    gift = gift_waiting(state)
    if gift is None or gift[0] != step.colour:
        refuse(f"{state.name(state.active)} has no Caballero of {state.name(step.colour)}'s to place (S:390)")
    if step.region not in state.regions:  # the mode's regions
        region_known(state, step.region)
    if step.region == state.king or step.region == quarantined(state):
        refuse(f"{state.rules.name(step.region)} is taboo: the gift goes anywhere else (S:399)")
    if board.tracked(state):
        board.check_room(state, step.region, 1)
        if board.held(state, step.colour, board.PROVINCE) < 1:
            refuse(f"{state.name(step.colour)}'s Province is empty: correct the board first")


def _apply_gift_placed(state: GameState, step: s.GiftPlaced) -> None:
    own(state).gifts.remove((step.colour, state.active or ""))
    if board.tracked(state):
        board.move(state, step.colour, board.PROVINCE, step.region, 1)
    else:
        state.counts[step.region][step.colour] = state.counts[step.region].get(step.colour, 0) + 1


CHECKS: dict[type, Callable[[GameState, Any], None]] = {
    s.TableDecided: _check_ruled, s.Quarantined: _check_quarantined, s.JesterGave: _check_gift,
    s.GiftPlaced: _check_gift_placed}
APPLY: dict[type, Callable[[GameState, Any], None]] = {
    s.TableDecided: _apply_ruled, s.Quarantined: _apply_quarantined, s.JesterGave: _apply_gift,
    s.GiftPlaced: _apply_gift_placed}
