"""The cards showing this round (issue 34): for each stack worth naming, the known cards it can
still show and the one it most likely shows (the page's default), as the referee counts them
(``queries.cards_left``: a title whose copies are all shown is gone)."""

from companion.engine import queries
from companion.engine.state import GameState
from companion.rules.cards import ActionCard


def stacks(state: GameState) -> list[int]:
    """Stacks whose card is worth naming: those with a known card left (the King's card is always there)."""
    return [stack for stack in state.settings.stacks
            if (stack != 5 or state.settings.new_regency) and queries.cards_left(state, stack)]


def showable(state: GameState, stack: int) -> list[ActionCard]:
    """The known cards ``stack`` can still show this round, each once."""
    return queries.cards_left(state, stack)


def likeliest(state: GameState, stack: int) -> str | None:
    """The card a stack most likely shows: of the known cards it can still show, the one shown the
    fewest times so far, the deck's order between equals. The 2023 copies are not known (RULES.md
    "Action decks"); a title shown less often has more copies left when the titles come in equal
    numbers, and the rulebook explains every title it prints, so a stack's unknown remainder is
    most likely more copies of them."""
    left = queries.cards_left(state, stack)
    if not left:
        return None
    return min(left, key=lambda c: (state.seen.get(c.key, 0), left.index(c))).key


def answered(state: GameState) -> bool:
    """Whether the cards showing were answered this round, since its last take (nothing named, too):
    kept on the state as the steps come (engine/cards_said.py)."""
    return state.said.answered


def named_last_round(state: GameState) -> bool:
    """Whether the table named a card in the round before this one and has not answered this
    round's cards yet (the page then opens by itself as the round's first: ui/screens/reveal.py)."""
    return not state.said.answered and state.said.named_before
