"""The cards the companion dealt (issue 35): where it shuffles the action cards, what the table lays
out at a round's start, stack by stack (companion/engine/dealing.py deals them from the seed, the
round's start puts them in ``state.revealed``: the card each stack shows, known without a press)."""

from companion.engine import dealing
from companion.engine.state import GameState


def deals(state: GameState) -> bool:
    """Whether the companion deals this game's action cards."""
    return dealing.deals(state.settings)


def laid_out(state: GameState) -> list[tuple[int, str]]:
    """(stack, card key) the table lays out this round, the stacks in order; the King's card, always
    showing, is not among them ([] when the table shuffles its own)."""
    if not deals(state):
        return []
    return [(stack, state.revealed[stack]) for stack in state.settings.stacks
            if stack != dealing.KINGS_STACK and stack in state.revealed]


def opens_the_round(state: GameState, phase: str) -> bool:
    """Whether the deal is the game's first page: the companion deals, round 1's Power cards not yet
    begun (later rounds say their cards on the page that ends the round before)."""
    return (deals(state) and phase == "power_cards" and state.round == state.settings.rounds[0]
            and not any(c in state.played for c in state.colours))
