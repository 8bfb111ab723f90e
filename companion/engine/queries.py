"""Read-only questions about the table that the referee, the dummy and the screens ask.

Nothing here changes the state; every answer follows from the record alone.
"""

from functools import cache

from companion.engine import hooks, remembered, table
from companion.engine.state import GameState
from companion.rules import cards


@cache
def kings_cards() -> frozenset[str]:
    """The keys of the King's cards (stack 5) of both editions: the decks made when first asked (issue 36)."""
    return frozenset(c.key for edition in ("2023", "classic") for c in cards.stack_cards(edition, 5))


def king_may_enter(state: GameState) -> tuple[str, ...]:
    """The Big Box regions in play the King may enter: France (GI&C, S:208), Portugal (S:308)."""
    return table.facts(state.settings).king_abroad  # (the pages read the same fact: engine/table.py)


def stacks_held(state: GameState, stack: int) -> set[int]:
    """The printed stacks a stack on the table holds (2 and 3 shuffled together with 4 stacks)."""
    return {2, 3} if stack == 2 and 3 not in state.settings.stacks else {stack}


def cards_left(state: GameState, stack: int) -> list[cards.ActionCard]:
    """The known cards a stack can still show this round, each once (copies all shown: gone)."""
    settings = state.settings
    held = stacks_held(state, stack)
    pool = [c for c in cards.deck(settings.edition, new_regency=settings.new_regency) if c.stack in held]
    pool += [c for c in cards.OLD_HANDS if c.stack in held and c.slug in settings.old_hands]
    return [c for c in pool if c.known and not all_shown(state, c)]


def all_shown(state: GameState, card: cards.ActionCard) -> bool:
    """Whether every copy of a card has been shown in an earlier round, so that its stack cannot
    show it again. Only where the rulebook gives the copies: New Regency's copy counts are not
    known (issue 11, rules gap 8), so a title shown before may be shown again (the screens say so)."""
    return card.key not in kings_cards() and card.copies_known and state.seen.get(card.key, 0) >= card.copies


def caballeros_range(state: GameState, stack: int, key: str | None = None) -> tuple[int, int]:
    """The fewest and most Caballeros a stack's card lets its taker place.

    A named card (`key`, else the one revealed) says exactly; otherwise stack N
    cards show N (the King's card 5), and the merged stack 2 may hold a 2 or a 3.
    """
    key = key or state.revealed.get(stack)
    if key:
        n = cards.card(key).caballeros
        return n, n
    extra = hooks.of(state.settings).caballeros(state, stack)  # the Big Box's stacks 6 and 7
    if extra is not None:
        return extra
    held = stacks_held(state, stack)
    return min(held), max(held)


def taken_by(state: GameState, colour: str) -> tuple[str, int, str | None] | None:
    return next((t for t in state.taken if t[0] == colour), None)


def text_unknown(state: GameState) -> bool:
    """Whether the active player's card may be one whose text no rulebook gives (2023: "A card from
    stack N"): named so, or not named while its stack may still hold one. Such a card may do any
    special step and start any special scoring (docs/rules-confidence.md). Remembered within a press
    (remembered.kept: the referee asks it of every special step a turn page offers, 80 in one press)."""
    return remembered.kept("text_unknown", state, (), lambda: _text_unknown(state))


def _text_unknown(state: GameState) -> bool:
    taken = taken_by(state, state.active) if state.active else None
    if taken is None:
        return False
    _, stack, key = taken
    if key:
        return cards.card(key).effect is cards.Effect.UNKNOWN
    settings = state.settings
    held = stacks_held(state, stack)
    deck = (*cards.deck(settings.edition, new_regency=settings.new_regency), *cards.OLD_HANDS)
    return any(not c.known and c.stack in held and c.edition == settings.edition for c in deck)


def card_room(state: GameState, colour: str) -> int:
    """Caballeros the active player's card still lets them place this turn (30 if not their turn),
    with the Grand Inquisitor's or the Queen's one more unless the Court intake took it."""
    most = card_most(state, colour)
    if most is None:
        return state.rules.caballeros_per_colour
    came, regions = state.intake.get(colour, (0, ()))
    taken_beyond = max(0, came + sum(n for _, n in regions) - intake_most(state, colour))
    return max(0, most + max(0, extra_caballero(state, colour) - taken_beyond) - state.turn_thrown - state.turn_placed)


def card_most(state: GameState, colour: str) -> int | None:
    """The most Caballeros the active player's card places this turn (None: not their turn yet)."""
    if colour != state.active:
        return None
    most = hooks.of(state.settings).card_most(state, colour)  # I&K: the Caballero card's number (S:168)
    if most is not False:
        return most  # type: ignore[return-value]
    taken = [t for t in state.taken if t[0] == colour]  # two with Grandissimo's Double turn (S:393)
    if not taken:
        return None
    return sum(caballeros_range(state, stack, key)[1] for _, stack, key in taken)


def intake_room(state: GameState, colour: str) -> int:
    """The most the turn's Court intake may bring: the card's, and the Grand Inquisitor's or the
    Queen's one more unless the turn's placements took it."""
    placed = card_most(state, colour)
    placed_beyond = max(0, state.turn_thrown + state.turn_placed - placed) if placed is not None else 0
    return intake_most(state, colour) + max(0, extra_caballero(state, colour) - placed_beyond)


def extra_caballero(state: GameState, colour: str) -> int:
    """One more Caballero on each of his turns for the Grand Inquisitor's holder (GI&C, K&C: S:246-247;
    Grandissimo: S:302-303, the figure held from the menu) and one more for the Queen's (Grandissimo:
    S:391), two for a player who holds both: each from the Court next to the King, or from the
    Province to the Court (the board recorded: the turn's placements or its Court intake take it,
    not both). Grandissimo's note (S:398) changes how the black Caballeros score, not this."""
    return hooks.of(state.settings).extra_caballero(state, colour)


def intake_heads_unknown(state: GameState, colour: str) -> bool:
    """Intrigue & the King: the card played shows heads nobody has entered yet."""
    return hooks.of(state.settings).intake_unknown(state, colour)


def intake_most(state: GameState, colour: str) -> int:
    """The most the card played brings from the Province to the Court: a Power card's printed
    intake; in I&K the heads on the card (S:168), the table's reading while unknown (at most 6)."""
    most = hooks.of(state.settings).intake(state, colour)
    return state.court_intake(colour) if most is None else most
