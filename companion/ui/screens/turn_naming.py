"""The card named where the table presses anyway (issue 35): where the table shuffles its own deck,
taking a stack asks nothing, and the turn page lists, in place of an unnamed card's kinds of
effect, one row per card the stack may still show (the engine's offer: engine/offers/take.py
``name_rows``, the likeliest first), each titled by the card as the table holds it. OK on one names it
(ActionCardNamed) and opens its action at once: the move it makes, its page, its region list or
its scoring, as the placements' OK opens a named card's; a card left nothing to do (a Veto, an
action its turn cannot take) ends the turn with the same OK when it may end. So the OK that names
is the OK that opens the action. The turn's end stays a row of its own, one ▲ or two above the
likeliest card, and says what it stands for (``END``): a card's action may be skipped (000 l.281,
004 "Skipping the special action"), and a card none of the rows names (a 2023 title the rules do
not print) is recorded so (its action, if any, from the menu's corrections and Special scoring)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import offers
from companion.language import N_
from companion.rules import cards
from companion.ui.intents import Intent, Push, Send
from companion.ui.screens import card_effects, scoring
from companion.ui.screens.card_effects import power_back_page
from companion.ui.screens.turn_end import end_if_done
from companion.ui.screens.turn_moves import after_card, card_move, kings_move
from companion.ui.words import naming_row

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game
    from companion.ui.intents import Page

#: The turn's end beside the naming rows: a card's action skipped, or a card none of them names.
END = N_("End the turn: no action")
#: The row of a card ("Militia", "Intrigue: 3 of any": ui/words.py).
label = naming_row


def rows(game: Game) -> dict[str, tuple[str, object]]:
    """The turn page's naming rows: id -> (its label, what OK does)."""
    state = game.state
    first = offers.take.names_first(state)
    return {o.id: (label(cards.card(o.id.removeprefix(offers.take.NAME))), lambda o=o: name(o.steps, placing=first))
            for o in offers.take.name_rows(state, game.expects)}


def name(steps: tuple, *, placing: bool = False) -> Intent:
    """Name the card and open its action at once (``opened``); the turn's end with it when the card
    leaves nothing to do. ``placing``: the take opened the turn page on these rows (take.names_first),
    so a card that acts after its placements opens them first (``placements_first``)."""
    return Send(*steps, then=placements_first if placing else opened, after=end_if_done)


def placements_first(game: Game) -> Page | Intent | None:
    """The card named on the rows the take opened: its move first where it makes one, else its
    placements (its action then opens on their OK, as a known card's does), else ``opened``."""
    return kings_move(game) or card_move(game) or after_card(game) or opened(game)


def opened(game: Game) -> Page | Intent | None:
    """What the card just named opens at once: its move (the King, a scoring tile, the Grande), as a
    take that named it opens it; else its action's first page (card_effects.after_placing: its one
    kind of effect, a region list to score), before the placements too (the table left them to act
    first); else the placements while nothing is placed; after them its scoring (at once, the
    board recorded) or its Power card back. None where the card leaves a choice of action (classic
    Intrigue's move or place): the turn page, on its rows."""
    state = game.state
    first = kings_move(game) or card_move(game)
    if first is not None:
        return first
    page = card_effects.after_placing(game)  # (before the placements too: the table chose to act first)
    if page is not None:
        return page
    first = after_card(game)  # the placements, while nothing is placed
    if first is not None:
        return first
    kind = offers.named_scoring(state)
    if kind and not state.turn_scored and not offers.placeable(state):
        return scoring.start_special(game, kind, named=True)
    card = offers.named_card(state)
    if card is not None and card.effect is cards.Effect.POWER_CARD_BACK and state.active and not offers.placeable(state):
        return Push(power_back_page(game, state.active))
    return None
