"""The card a player takes, named at its action (issue 35): where the table shuffles its own action
cards, the companion asks neither at the round's start which card every stack shows nor at the take
which card was taken: the turn page lists, in place of an unnamed card's kinds of effect, one row per
card of that stack's unseen ones (``to_name``, ``name_rows``), the likeliest where the cursor starts
(``chances``: the classic deck's copies left; for the 2023 stacks, whose copies the rules do not
give, every split of a stack among its titles weighed by the titles seen), and OK on one names it
(ActionCardNamed) and opens its action. What the companion knows already (a card named at the
round's start, the King's card, a card the companion dealt: ``known``, the one question a dealing
companion answers) is not asked, and a stack with one card left that it may show names it by
itself (``by_itself``). A take that named its card (every game log before ActionCardNamed whose
table used the take's page) replays as it was."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb, perm
from typing import TYPE_CHECKING, TypeVar

from companion.engine import board, card_effects, queries, turn_rules
from companion.engine import steps as s
from companion.engine.offers.offer import Option, refusal
from companion.rules.cards import Effect as cards_effect
from companion.rules.cards import card as cards_card
from companion.rules.cards import deck as cards_deck

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from companion.engine.state import GameState
    from companion.rules.cards import ActionCard

T = TypeVar("T")


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
    """The take: naming no card (known already, or named at its action: ``to_name``), or naming
    ``card`` by itself, no press (``by_itself``)."""
    return s.ActionCardTaken(colour, stack, card)


def only_card(state: GameState, stack: int) -> str | None:
    """The one card ``stack`` may still show, where only one is left unseen (the take names it
    by itself: no page, no press), else None."""
    left = unseen(state, stack)
    return left[0] if len(left) == 1 else None


#: The turn page's row that names the taken card ("name:<key>"): ``to_name``, ``name_rows``.
NAME = "name:"


def to_name(state: GameState) -> list[str]:
    """The cards the turn page offers to name (issue 35), the likeliest first (``unseen``): where
    the active player's take named none and the companion does not know it (``known``), the board
    recorded, a base game under the turn's rules (revision 2 on); each a card that allows what the
    turn's special action did so far. Empty otherwise (the card known, or no card left to name: the
    turn page lists each kind of effect the stack's cards may have instead)."""
    colour = state.active
    taken = queries.taken_by(state, colour) if colour else None
    if (taken is None or taken[2] or not board.tracked(state) or state.settings.expansion
            or not turn_rules.applies(state) or known(state, taken[1]) is not None):
        return []
    left = {c.key: c for c in queries.cards_left(state, taken[1])}
    return [key for key in unseen(state, taken[1]) if card_effects.one_card(state, left[key])]


#: The most cards a stack may show for the turn's end to stay one ▲ above the likeliest (no action: ▲ OK)
#: in a game whose table names its cards; with more (a 2023 stack's three titles, the classic's eight),
#: the cards take both sides of the cursor and the turn's end is above them all: the third likeliest one
#: ▲ away, not two, for the turn's end one ▲ further, which a table that names its card every turn never
#: presses (the plan table's naming, 59.0 to 53.2 over its five seeds). A table that once ended a turn
#: without naming its card (``said.skipped``) has the turn's end one ▲ above the likeliest for the rest
#: of the game, however many cards.
END_BESIDE = 2


def around_end(ranked: list[T], *, beside: bool = False) -> tuple[list[T], list[T]]:
    """``ranked`` (the likeliest first) laid out around the cursor, which starts on the first: the
    rows above the turn's end and those from it down. Up to ``END_BESIDE`` cards (or ``beside``),
    the turn's end one ▲ above the first (no action: ▲ OK), the second one ▼ below it, the third two
    ▲ up (above the turn's end), the fourth two ▼ down...; more, both sides of the cursor the cards'
    (the second ▲, the third ▼, the fourth ▲▲...), the turn's end above them: the k-th likeliest
    about k/2 rows away either way."""
    if len(ranked) > END_BESIDE and not beside:
        return [], [*reversed(ranked[1::2]), *ranked[0::2]]
    rest = ranked[1:]
    return list(reversed(rest[1::2])), [ranked[0], *rest[0::2]]


#: The effects a card acts by before its placements (its move opens at once when it is taken).
FIRST = frozenset({cards_effect.MOVE_KING, cards_effect.SCORING_TILE, cards_effect.MOVE_GRANDE})


def laid_out(state: GameState, ids: list[str], *, placed: bool) -> list[str]:
    """The naming rows (``ids``, the likeliest first) in the turn page's order: the placements done,
    or the take opening these rows (``names_first``), around the cursor (``around_end``); else,
    before the placements (reached by Back from them), below the placements' row, the cards that act
    before their placements first (a move of the King, a scoring tile, the Grande: the cards a table
    names before placing), each part the likeliest first."""
    if placed or names_first(state):
        up, down = around_end(ids, beside=state.said.skipped and placed)
        return up + down
    first = [i for i in ids if acts_first(i)]
    return first + [i for i in ids if i not in first]


def names_first(state: GameState) -> bool:
    """Whether the take opens the turn page on its naming rows, not the placements: a card not
    known (``to_name``) whose likeliest acts before its placements (a move of the King, a scoring
    tile, the Grande: the 2023 stack 4's Enactment and Adopted Home, the classic stack 4's Mobile
    Scoreboard), nothing done yet this turn. A table then names the card where the cursor is, no
    Back from the placements paid; OK on a card that acts after them opens the placements."""
    names = to_name(state)
    return (bool(names) and acts_first(NAME + names[0]) and not state.turn_placed + state.turn_thrown
            and not state.turn_moves and not state.turn_done)


def acts_first(id: str) -> bool:
    """Whether the naming row ``id`` names a card that acts before its placements (``FIRST``)."""
    return cards_card(id.removeprefix(NAME)).effect in FIRST


def name_rows(state: GameState, expects: Sequence[str]) -> list[Option]:
    """The turn page's rows naming the card (``to_name``): "name:<key>", each sending
    ActionCardNamed, with the referee's reason where it refuses it."""
    colour = state.active
    return [Option(f"{NAME}{key}", steps, refusal(state, expects, steps))
            for key in to_name(state) for steps in [(s.ActionCardNamed(colour or "", key),)]]


def by_itself(state: GameState, stack: int) -> str | None:
    """The card a take of ``stack`` names by itself, no page and no press: the one card it may still
    show (``only_card``) where the board is recorded and the card not known; else None (the card
    known, or named at its action on the turn page: ``to_name``)."""
    if not board.tracked(state) or known(state, stack) is not None:
        return None
    return only_card(state, stack)
