"""The card a player takes, asked when he takes it (issue 35): where the table shuffles its own
action cards, the companion does not ask at the round's start which card every stack shows; it
asks, at the take, which card of that stack's unseen ones the player took, the likeliest where the
cursor starts (one OK when it is right), "not said" the farthest (a table that does not care: the
turn then lists the card's possible actions). What the companion knows already (a card named, the King's card, a card
the companion dealt) is not asked: ``known`` is the one question a dealing companion answers; nor
is a round whose cards the table answered at its start (``answered``), nor any take of a game in
which a take said "not said" (``unsaid``: an uncaring table pays once a game)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from companion.engine import board, queries
from companion.engine import steps as s
from companion.engine.offers.offer import Offer, Option, offer, refusal

if TYPE_CHECKING:
    from collections.abc import Sequence

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
        return next(iter(queries.KINGS_CARDS & {c.key for c in queries.cards_left(state, stack)}), None)
    return None


def unseen(state: GameState, stack: int) -> list[str]:
    """The cards ``stack`` may show (a card out of play is not among them: queries.cards_left), the
    likeliest first: the one shown the fewest times so far, the deck's order between equals. The
    2023 copies are not known (RULES.md "Action decks"); a title shown less often has more copies
    left when the titles come in equal numbers."""
    left = queries.cards_left(state, stack)
    order = sorted(range(len(left)), key=lambda i: (state.seen.get(left[i].key, 0), i))
    return [left[i].key for i in order]


def cards(state: GameState, stack: int) -> list[ActionCard]:
    """The cards ``stack`` may show, in the deck's order (their titles on the take's page)."""
    return queries.cards_left(state, stack)


def plain(colour: str, stack: int) -> s.ActionCardTaken:
    """The take that names no card (what the companion knows, or the take not asked)."""
    return s.ActionCardTaken(colour, stack)


def asks(state: GameState, steps: Sequence[s.Step], stack: int) -> bool:
    """Whether taking ``stack``'s card asks which card it is: the board recorded (the card's
    Caballeros and its action move pieces), the card not known, some card of the stack possible,
    this round's cards not answered at the round's start (a table that names there, or says "not
    said" there, is not asked again at the take), and no take this game answered "not said" (an
    uncaring table pays once: ``unsaid``)."""
    return (board.tracked(state) and known(state, stack) is None and bool(unseen(state, stack))
            and not answered(steps) and not unsaid(state, steps))


def answered(steps: Sequence[s.Step]) -> bool:
    """Whether this round's cards were answered at its start (the cards-shown page's OK, even with
    nothing named): an ActionCardsRevealed since the round before's last take."""
    power = False  # walking back: past this round's first Power card (a take before it is the round before's)
    for step in reversed(steps):
        if isinstance(step, s.ActionCardsRevealed):
            return True
        if isinstance(step, s.PowerCardPlayed):
            power = True
        elif isinstance(step, s.SetupDone) or (power and isinstance(step, s.ActionCardTaken)):
            return False
    return False


def unsaid(state: GameState, steps: Sequence[s.Step]) -> bool:
    """Whether a take this game said "not said": a take naming no card in a round whose cards were
    not answered at its start (the King's card, always known, aside). A log written before the take
    asked (every such take plain) reads the same: the table never named, so it is not asked."""
    round_answered, taken = False, False
    for step in steps:
        if isinstance(step, s.ActionCardsRevealed):
            round_answered = True
        elif isinstance(step, s.PowerCardPlayed) and taken:
            round_answered, taken = False, False  # the next round's Power cards
        elif isinstance(step, s.ActionCardTaken):
            taken = True
            if step.card is None and not round_answered and (step.stack != 5 or state.settings.new_regency):
                return True
    return False


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
