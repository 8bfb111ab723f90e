"""The placements' OK rows that name the card (issue 35), where it is not known: each places the
counts and names one card of the stack (engine/offers/take.py ``to_name``) as one unit; the page is
ui/screens/placements.py's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.offers import placements as offers
from companion.engine.offers import take
from companion.engine.offers.offer import refusal
from companion.language import N_, _
from companion.rules import cards
from companion.ui.intents import Intent, Say, Send
from companion.ui.screens import card_effects, scoring
from companion.ui.screens.turn_end import end_if_done
from companion.ui.words import naming_row

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from collections.abc import Callable

    from companion.play.game import Game

#: The placements' OK row that leaves the card not named (the turn page then names it, or ends the
#: turn without its action): a card none of the rows names, a 2023 title the rules do not print.
UNNAMED = N_("OK: card not named yet")


def placed(steps: tuple) -> Intent:
    """A turn's placement sent (the placements' OK, or one of its rows naming the card with it): the
    scoring a count starts, the turn's end where nothing is left, then the card's action."""
    return Send(*steps, after=(scoring.with_placements, end_if_done), then=card_effects.after_placing)


def naming_oks(game: Game, colour: str) -> list[tuple[str, Callable[[dict], Intent | None]]]:
    """The placements' OK rows naming the card where it is not known (issue 35: engine/offers/take.py
    ``to_name``, the likeliest first): each places the counts and names the card as one unit (the
    referee's reason, no step, where he refuses the two together), then what a known card's
    placements' OK opens."""
    state = game.state
    out: list[tuple[str, Callable[[dict], Intent | None]]] = []
    for option in take.name_rows(state, game.expects):
        card = cards.card(option.id.removeprefix(take.NAME))

        def send(got: dict, named=option.steps) -> Intent | None:
            steps = (*offers.steps(colour, got), *named)
            refused = refusal(game.state, game.expects, steps)
            if refused:
                return Say(refused)
            return placed(steps)

        out.append((_("OK: {card}").format(card=naming_row(card)), send))
    return out
