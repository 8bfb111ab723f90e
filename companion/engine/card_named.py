"""The card a player took, named at its action on the turn page (issue 35): ``ActionCardNamed``.
Where the table shuffles its own deck the take asks nothing; the turn page then offers one row per
card the stack may still show, and the OK on one names it and opens its action. The referee's part
here: the active player's take not yet named (nor known: the King's card), the card one of that
stack's unseen ones that allows what the turn's special action did so far; applied, the take
reads exactly as if it had named the card (the cards seen at the next round's start, those out of
play, the card's rows, its Veto kept), so every rule that reads the take follows."""

from collections.abc import Callable
from typing import Any

from companion.engine import card_effects, queries
from companion.engine import steps as s
from companion.engine.checks import colour_known, refuse
from companion.engine.state import GameState
from companion.rules import cards


def check(state: GameState, step: s.ActionCardNamed) -> None:
    colour_known(state, step.colour)
    if step.colour != state.active:
        refuse(f"it is {state.name(state.active)}'s turn, not {state.name(step.colour)}'s")
    taken = queries.taken_by(state, step.colour)
    if taken is None:
        refuse(f"{state.name(step.colour)} has not taken a card this turn")
    _, stack, key = taken
    if key or (stack == 5 and not state.settings.new_regency):
        title = cards.card(key).title if key else "the King's card"
        refuse(f"{state.name(step.colour)}'s card is known already: {title}")
    left = {c.key: c for c in queries.cards_left(state, stack)}
    card = left.get(step.card)
    if card is None:
        try:
            title = cards.card(step.card).title
        except KeyError:
            refuse(f"unknown action card {step.card!r}")
        refuse(f"{title} is not among the cards stack {stack} may still show")
    if not card_effects.one_card(state, card):
        refuse(f"{card.title} does not allow what this turn's card did so far")


def apply(state: GameState, step: s.ActionCardNamed) -> None:
    at = next(i for i, t in enumerate(state.taken) if t[0] == step.colour)
    state.taken[at] = (step.colour, state.taken[at][1], step.card)
    if cards.card(step.card).effect is cards.Effect.VETO:
        state.vetoes.setdefault(step.colour, []).append(state.round + 1)  # as a take that named it


CHECKS: dict[type, Callable[[GameState, Any], None]] = {s.ActionCardNamed: check}
APPLY: dict[type, Callable[[GameState, Any], None]] = {s.ActionCardNamed: apply}
