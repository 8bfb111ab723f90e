"""The cards showing this round (issue 34): for each stack worth naming, the known cards it can
still show and the one it most likely shows (the page's default), as the referee counts them
(``queries.cards_left``: a title whose copies are all shown is gone)."""

from collections.abc import Sequence

from companion.engine import queries
from companion.engine import steps as s
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


def rounds_back(steps: Sequence[s.Step]) -> list[tuple[str, bool]]:
    """Walking back from now: ("this", answered) for this round's cards before its first turn, then
    ("before", named) for the round before's, as far as the record says: whether the cards-shown
    page was answered this round, and whether the table named cards there in the round before
    (the page then opens by itself as the round's first: ui/screens/reveal.py)."""
    out: list[tuple[str, bool]] = []
    where = "this"
    for step in reversed(steps):
        if where == "this":
            if isinstance(step, s.ActionCardsRevealed):
                return [("this", True)]
            if isinstance(step, (s.ActionCardTaken, s.SetupDone)):
                out.append(("this", False))
                if isinstance(step, s.SetupDone):
                    return out
                where = "turns"
        elif where == "turns" and isinstance(step, s.PowerCardPlayed):
            where = "power"  # the round before's Power cards: its cards were named before or among them
        elif where == "power":
            if isinstance(step, s.ActionCardsRevealed):
                return out + [("before", bool(step.cards))]
            if isinstance(step, (s.ActionCardTaken, s.SetupDone)):
                break
    return out + [("before", False)] if out else [("this", False)]
