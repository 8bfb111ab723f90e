"""The Big Box's figures, tokens and discs with their checks (seed 004 lines as "S:n"; facts in
../shared/RULES-EXPANSIONS.md): the Grand Inquisitor card's taker who leaves him where he is
(S:242: "he may"), the Grand Inquisitor's and the Queen's one more never into the Castillo
(S:247, S:391), one ship token a player (S:297), the Queen or the Jester from one card (S:309),
and the gold and wares discs in the colonies, so that only a disc there is delivered (S:205,
S:221, S:233). Part of the referee through big_box/referee.py's CHECKS and APPLY.

The checks that refuse what an older game log may hold apply from rules revision 3 (SINCE), so
old games replay as they were played.
"""

from collections.abc import Callable
from typing import Any

from companion.engine import queries
from companion.engine.checks import count_valid, refuse
from companion.engine.modes import steps as s
from companion.engine.modes.own_state import own
from companion.engine.state import GameState
from companion.rules import modes
from companion.rules.big_box import deliveries
from companion.rules.big_box.intrigue_round import GRAND_INQUISITOR

#: The rules revision that brought these checks (companion/engine/settings.py REVISION).
SINCE = 3
SHIP_TOKEN = "Ship token"


def applies(state: GameState) -> bool:
    return state.settings.revision >= SINCE


# -- the Grand Inquisitor card: "he may" take him (S:242) ---------------------------------------


def take_inquisitor(state: GameState, colour: str) -> None:
    """The Grand Inquisitor card taken (GI&C's stack 6, K&C's choice): the Grand Inquisitor to the
    taker's Court, until another takes the card (S:245); the taker may leave him where he was
    (InquisitorDeclined), so who held him before is kept."""
    own(state).inquisitor_before = own(state).grand_inquisitor
    own(state).grand_inquisitor = colour


def card_taken(state: GameState, step: s.ActionCardTaken) -> None:
    if step.stack == state.settings.mode.grand_inquisitor_stack:
        take_inquisitor(state, step.colour)


def took_inquisitor_card(state: GameState, colour: str) -> bool:
    """Whether ``colour``'s turn took the Grand Inquisitor card (GI&C stack 6; K&C's choice)."""
    if state.settings.mode.intrigue:
        return own(state).actions.get(colour) == GRAND_INQUISITOR
    taken = queries.taken_by(state, colour)
    stack = state.settings.mode.grand_inquisitor_stack
    return taken is not None and stack is not None and taken[1] == stack


def may_decline(state: GameState) -> bool:
    """The active player took the card and holds the Grand Inquisitor by it, his one more unused."""
    colour = state.active
    return (colour is not None and took_inquisitor_card(state, colour) and own(state).grand_inquisitor == colour
            and own(state).inquisitor_before != colour and not _extra_used(state, colour))


def _extra_used(state: GameState, colour: str) -> bool:
    most = queries.card_most(state, colour)
    came, regions = state.intake.get(colour, (0, ()))
    placed_beyond = most is not None and state.turn_thrown + state.turn_placed > most
    return placed_beyond or came + sum(n for _, n in regions) > queries.intake_most(state, colour)


def _check_declined(state: GameState, step: s.InquisitorDeclined) -> None:
    if step.colour != state.active:
        refuse(f"it is {state.name(state.active)}'s turn: the Grand Inquisitor card's taker decides")
    if not (state.active and took_inquisitor_card(state, state.active)):
        refuse("only the Grand Inquisitor card's taker leaves him where he is, in that turn (S:242)")
    if own(state).grand_inquisitor != step.colour or own(state).inquisitor_before == step.colour:
        refuse(f"{state.name(step.colour)} " + ("held him before the card: he stays" if own(state).inquisitor_before
                                                 == step.colour else "does not hold the Grand Inquisitor"))
    if _extra_used(state, step.colour):
        refuse("his one more was used this turn: undo it before leaving the Grand Inquisitor")


def _apply_declined(state: GameState, step: s.InquisitorDeclined) -> None:
    own(state).grand_inquisitor = own(state).inquisitor_before


# -- the one more never into the Castillo (S:247, S:391) ----------------------------------------


def check_throw(state: GameState, step: s.CastilloThrow) -> None:
    """S:247: the Grand Inquisitor's holder moves one more "from your court to a region adjacent to
    the King's region"; S:391: the Queen's "to a region adjacent to the King": not into the
    Castillo, so the turn's throws stay within the card's own number."""
    colour = step.colour
    if not applies(state) or colour != state.active or not queries.extra_caballero(state, colour):
        return
    most = queries.card_most(state, colour)
    if most is not None and state.turn_thrown + step.count > most:
        who = "the Grand Inquisitor's" if state.settings.mode.black_count == "holder" else "the figure's"
        refuse(f"{state.name(colour)} throws at most the card's {most}: {who} one more goes to a region "
               "next to the King, not into the Castillo (S:247, S:391)")


# -- Grandissimo's holdings: one ship token, the Queen or the Jester (S:297, S:309) -------------


def check_holding(state: GameState, step: s.HoldingMoved) -> None:
    colour = step.colour
    if not applies(state) or colour is None or own(state).holdings.get(step.what) == colour:
        return
    held = {what for what, holder in own(state).holdings.items() if holder == colour}
    if step.what.startswith(SHIP_TOKEN) and any(what.startswith(SHIP_TOKEN) for what in held):
        refuse(f"{state.name(colour)} holds a ship token already: \"He may not take a second\" (S:297)")
    if step.what in (modes.QUEEN, modes.JESTER) and _figure_card(state, colour):
        if own(state).figure_taken == (state.round, state.turn):
            refuse(f"the {modes.QUEEN} & {modes.JESTER} card brings one of them, not both (S:309)")
        other = modes.JESTER if step.what == modes.QUEEN else modes.QUEEN
        if step.what in own(state).holdings and other not in own(state).holdings:
            refuse(f"the {other} is beside the board: \"he must take that one\" (S:309)")


def _figure_card(state: GameState, colour: str) -> bool:
    """The active player's turn took Grandissimo's stack-7 card (the Queen & Jester)."""
    taken = queries.taken_by(state, colour) if colour == state.active else None
    return taken is not None and taken[1] == 7 and modes.QUEEN in state.settings.mode.holdings


def holding_moved(state: GameState, step: s.HoldingMoved) -> None:
    if step.colour is not None and step.what in (modes.QUEEN, modes.JESTER) and _figure_card(state, step.colour):
        own(state).figure_taken = (state.round, state.turn)


# -- gold and wares in the colonies (S:205, S:216-233) ------------------------------------------


def set_up(state: GameState) -> None:
    if state.settings.mode.deliveries:
        own(state).colony_discs = dict(deliveries.AT_SETUP)


def _check_discs_placed(state: GameState, step: s.DiscsPlaced) -> None:
    if not state.settings.mode.deliveries:
        refuse("gold and wares are Grand Inquisitor & the Colonies, not in this game")
    count_valid(step.gold, "gold discs")
    count_valid(step.wares, "wares discs")
    if step.gold + step.wares == 0:
        refuse("place at least one disc")
    out = sum(own(state).colony_discs.values())
    if out + step.gold + step.wares > deliveries.ALL_DISCS:
        refuse(f"{out} of the {deliveries.ALL_DISCS} discs are in the colonies: "
               f"{deliveries.ALL_DISCS - out} more at most")


def _apply_discs_placed(state: GameState, step: s.DiscsPlaced) -> None:
    for disc, n in ((deliveries.GOLD, step.gold), (deliveries.WARES, step.wares)):
        own(state).colony_discs[disc] = own(state).colony_discs.get(disc, 0) + n


def check_delivered(state: GameState, step: s.Delivered) -> None:
    if applies(state) and not own(state).colony_discs.get(step.disc):
        where = state.rules.name(deliveries.COLONY[step.disc])
        refuse(f"no {step.disc} disc waits in {where}: a stack-7 card's discs are placed first (S:221)")


def delivered(state: GameState, step: s.Delivered) -> None:
    """The disc goes back beside the board (S:233)."""
    own(state).colony_discs[step.disc] = max(0, own(state).colony_discs.get(step.disc, 0) - 1)


CHECKS: dict[type, Callable[[GameState, Any], None]] = {s.InquisitorDeclined: _check_declined, s.DiscsPlaced: _check_discs_placed}
APPLY: dict[type, Callable[[GameState, Any], None]] = {s.InquisitorDeclined: _apply_declined, s.DiscsPlaced: _apply_discs_placed}


def holds_ship_token(state: GameState, colour: str | None) -> bool:
    """Grandissimo: a ship token in ``colour``'s Court lets its Caballeros go on the ship (S:297)."""
    return colour is not None and any(what.startswith("Ship token") and holder == colour
                                      for what, holder in own(state).holdings.items())
