"""The card a player takes, asked when he takes it (issue 35): where the table shuffles its own
action cards, the companion does not ask at the round's start which card every stack shows; it
asks, at the take, which card of that stack's unseen ones the player took, the likeliest where the
cursor starts (``chances``: the classic deck's copies left; for the 2023 stacks, whose copies the
rules do not give, every split of a stack among its titles weighed by the titles seen), one OK
when it is right, "not said" the farthest (a table that does not care: the turn then lists the
card's possible actions). What the companion knows already (a card named, the King's card, a card
the companion dealt) is not asked: ``known`` is the one question a dealing companion answers; nor
is a round whose cards the table answered at its start (``answered``), nor any take of a game in
which a take said "not said" (``unsaid``: an uncaring table pays once a game)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb, perm
from typing import TYPE_CHECKING, TypeVar

from companion.engine import board, queries
from companion.engine import steps as s
from companion.engine.offers.offer import Offer, Option, offer, refusal
from companion.rules.cards import deck as cards_deck

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from companion.engine.state import GameState
    from companion.rules.cards import ActionCard

T = TypeVar("T")
#: The option that takes the stack's card without naming it.
NOT_SAID = "card:none"


def known(state: GameState, stack: int) -> str | None:
    """The card ``stack`` shows this round when the companion knows it (named by the table, or the
    King's card, which is always the same), else None."""
    key = state.revealed.get(stack)
    if key:
        return key
    if stack == 5 and not state.settings.new_regency:
        return next(iter(queries.kings_cards() & {c.key for c in queries.cards_left(state, stack)}), None)
    return None


def unseen(state: GameState, stack: int) -> list[str]:
    """The cards ``stack`` may show (a card out of play is not among them: queries.cards_left), the
    likeliest first (``chances``), the deck's order between equals."""
    left = queries.cards_left(state, stack)
    weight = chances(state, stack)
    order = sorted(range(len(left)), key=lambda i: (-weight.get(left[i].key, 0.0), i))
    return [left[i].key for i in order]


#: The most splits of a stack ``chances`` weighs (a 2023 stack of 10 among 4 titles has 84).
MOST_SPLITS = 5000


def chances(state: GameState, stack: int) -> dict[str, float]:
    """How likely each card ``stack`` may show is to be the next one, up to a factor: card key ->
    weight. Where the rules give every title's copies (the classic deck), its copies not yet seen.
    Where they give none (the 2023 stacks: RULES.md "Action decks" prints the titles, each at least
    once, and the stack's size, not the copies), every split of the stack's cards among its titles is
    taken as equally likely and weighed by how well it explains the titles seen so far (each draw
    from the stack without putting back): the expected copies left. A title seen often then may be
    the stack's most common one, and a title never seen still has its one copy to come. Elsewhere
    (mixed or too many splits: New Regency, Old Hands): the fewest seen first, as before."""
    left = queries.cards_left(state, stack)
    seen = {c.key: state.seen.get(c.key, 0) for c in left}
    held = queries.stacks_held(state, stack)
    settings = state.settings
    pool = [c for c in cards_deck(settings.edition, new_regency=settings.new_regency) if c.stack in held]
    if settings.old_hands or not left:
        return _fewest(seen)
    if all(c.copies_known for c in left):
        return {c.key: float(c.copies - seen[c.key]) for c in left}
    if any(c.copies_known for c in left) or len(left) != len([c for c in pool if c.known]):
        return _fewest(seen)
    size = sum(c.copies for c in pool)
    if size < len(left) or comb(size - 1, len(left) - 1) > MOST_SPLITS:
        return _fewest(seen)
    keys = tuple(c.key for c in left)
    weight = dict(zip(keys, _left_by_splits(size, tuple(seen[key] for key in keys))))
    return weight if any(weight.values()) else _fewest(seen)


@lru_cache(maxsize=256)
def _left_by_splits(size: int, seen: tuple[int, ...]) -> tuple[float, ...]:
    """Each title's expected copies left, every split of ``size`` cards among the titles (each at
    least one) equally likely before the draws and weighed by how well it explains ``seen`` (each
    title's draws, without putting back); up to a factor."""
    weight = [0.0] * len(seen)
    for split in _splits(size, len(seen)):
        explains = 1.0
        for copies, n in zip(split, seen):
            explains *= perm(copies, n)  # 0 where more were seen than the split holds
        if explains:
            for i, (copies, n) in enumerate(zip(split, seen)):
                weight[i] += explains * (copies - n)
    return tuple(weight)


def _fewest(seen: dict[str, int]) -> dict[str, float]:
    """The fewest seen first: a title shown less often weighs more."""
    return {key: -float(n) for key, n in seen.items()}


def _splits(size: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to share ``size`` cards among ``parts`` titles, each at least one."""
    for cuts in combinations(range(1, size), parts - 1):
        edges = (0, *cuts, size)
        yield tuple(edges[i + 1] - edges[i] for i in range(parts))


def cards(state: GameState, stack: int) -> list[ActionCard]:
    """The cards ``stack`` may show, in the deck's order (their titles on the take's page)."""
    return queries.cards_left(state, stack)


def plain(colour: str, stack: int, card: str | None = None) -> s.ActionCardTaken:
    """The take that names no card (what the companion knows, or the take not asked), or names
    ``card`` without a page (``only_card``)."""
    return s.ActionCardTaken(colour, stack, card)


def only_card(state: GameState, stack: int) -> str | None:
    """The one card ``stack`` may still show, where only one is left unseen (the take names it
    by itself: no page, no press), else None."""
    left = unseen(state, stack)
    return left[0] if len(left) == 1 else None


def asks(state: GameState, stack: int) -> bool:
    """Whether taking ``stack``'s card asks which card it is: the board recorded (the card's
    Caballeros and its action move pieces), the card not known, some card of the stack possible,
    this round's cards not answered at the round's start (a table that names there, or says "not
    said" there, is not asked again at the take), and no take this game answered "not said" (an
    uncaring table pays once). Both kept on the state as the steps come (engine/cards_said.py:
    ``said.at_start``, ``said.unsaid``; a log written before the take asked, every such take plain,
    reads the same: the table never named, so it is not asked)."""
    return (board.tracked(state) and known(state, stack) is None and bool(unseen(state, stack))
            and not state.said.at_start and not state.said.unsaid)


def around(ranked: list[T], last: T) -> list[T]:
    """``ranked`` (the likeliest first) laid out for a list that wraps, the cursor on the first:
    the second one ▼ below it, the third one ▲ above it (the last row), the fourth two ▼ down...;
    ``last`` the farthest from the cursor."""
    down, up = ranked[0::2], ranked[1::2]  # the 1st, 3rd, 5th... and the 2nd, 4th...
    return [down[0], *up, last, *reversed(down[1:])]


def take(state: GameState, expects: Sequence[str], colour: str, stack: int) -> Offer:
    """The take's options: each unseen card of ``stack`` ("card:<key>"), the likeliest the default
    and the next likeliest the fewest presses from it (``around``), "not said" (``NOT_SAID``) the
    farthest; each with the step it sends and the referee's refusal."""
    steps = around([s.ActionCardTaken(colour, stack, key) for key in unseen(state, stack)], s.ActionCardTaken(colour, stack))
    options = [Option(f"card:{step.card}" if step.card else NOT_SAID, (step,), refusal(state, expects, (step,)))
               for step in steps]
    return offer("take", options)
