"""The companion deals the action cards (issue 35): where the table lets it (``Settings.deals``, the
classic base game from rules revision 6), each stack's order for the whole game is shuffled from the
game's recorded seed, as the region cards are drawn from it (referee.draw_setup), and each round's
start shows the next card of every stack (docs/table.md "The companion deals").

Nothing is recorded but the seed: a replay, an undo and a resume deal the same cards, and no step
carries them. The classic deck is known card by card (rules/deck_classic.py, 11 a stack, the King's
card always showing); the 2023 deck's copies are not (rules/deck_2023.py), so it is not dealt.
"""

import random

from companion.engine.settings import DEALS_FROM, Settings
from companion.rules import cards

#: The King's card's stack: always showing, never shuffled.
KINGS_STACK = 5


def deals(settings: Settings) -> bool:
    """Whether the companion deals this game's action cards."""
    return settings.deals and settings.revision >= DEALS_FROM


def dealable(settings: Settings) -> str:
    """Why the companion cannot deal this game's cards ("" when it can)."""
    if settings.edition != "classic":
        return "the companion deals the classic deck only: the 2023 deck's copies are not known"
    if settings.expansion:
        return "the companion deals the base game's cards only: a Big Box way to play keeps the table's"
    return ""


def held(settings: Settings, stack: int) -> tuple[int, ...]:
    """The printed stacks a stack on the table holds (2 and 3 shuffled together with 4 stacks)."""
    return (2, 3) if stack == 2 and 3 not in settings.stacks else (stack,)


def order(settings: Settings, stack: int) -> tuple[str, ...]:
    """A stack's cards from top to bottom, every copy once, shuffled from the seed (the King's card alone)."""
    pool = [c.key for c in cards.deck(settings.edition) if c.stack in held(settings, stack) for _ in range(c.copies)]
    if stack != KINGS_STACK:
        random.Random(f"{settings.seed}/deal/{stack}").shuffle(pool)
    return tuple(pool)


def shown(settings: Settings, round_: int) -> dict[int, str]:
    """The card each stack shows in a round: the stack's next card ({} when the companion does not deal)."""
    if not deals(settings) or round_ not in settings.rounds:
        return {}
    index = settings.rounds.index(round_)
    out: dict[int, str] = {}
    for stack in settings.stacks:
        pile = order(settings, stack)
        if pile:
            out[stack] = pile[0] if stack == KINGS_STACK else pile[index % len(pile)]
    return out
