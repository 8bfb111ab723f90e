"""A turn's own small pages, opened from the turn page's rows: the card's special scoring,
Empowerment's Power card back, New Regency's Chalet and Stand-in (the engine's offers where the
referee decides: companion/engine/offers). The card taken is turn_card.py, the Caballeros placed,
taken in or thrown turn_placing.py (a way to play's own rows big_box.py): the turn page
reaches them through this module (turn.py's fan-out stays at ten)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import offers
from companion.language import _
from companion.ui.intents import Intent, Pop, Push, Say, Send
from companion.ui.pages import ListPage, Page
from companion.ui.screens.offered import offer_page
from companion.ui.screens.scoring import special_menu_row, special_row
from companion.ui.screens.turn_card import card_page
from companion.ui.screens.turn_placing import placing_rows

__all__ = ["card_page", "chalet_page", "placing_rows",
           "special_menu_row", "special_row", "stand_in"]

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def stand_in(game: Game) -> Intent:
    """Stand-in swaps the King with a Grande of the player's choice (002), any colour's standing
    in a region: asked when there is more than one (offers.stand_in)."""
    state = game.state
    offer = offers.stand_in(state, game.expects)
    if len(offer.options) == 1:
        only = offer.options[0]
        return Send(*only.steps) if only.allowed else Say(only.why_not)
    return Push(offer_page("who", game.prompt.headline, _("Swap the King with whose Grande?"), offer,
                           lambda o: _grande_label(state, o.id.split(":", 1)[1]), lambda o: Send(*o.steps)))


def _grande_label(state, colour: str) -> str:
    return f"{state.name(colour)} · {state.rules.name(state.grandes[colour])}"


def chalet_page(game: Game) -> Page:
    """New Regency Chalet: the King to the region with the fewest Caballeros (>0); the active player
    breaks ties (offers.chalet)."""
    state = game.state
    offer = offers.chalet(state, game.expects)
    totals = state.totals()
    prompt = (_("Tied fewest: {name} picks").format(name=state.name(state.active)) if len(offer.options) > 1
              else _("King to the fewest"))
    if not offer.options:
        return ListPage("chalet", game.prompt.headline, prompt, lambda _page: Pop(),
                        items=[(_("no region has Caballeros"), None)])
    return offer_page("chalet", game.prompt.headline, prompt, offer,
                      lambda o: _("{region} · {count} Cab.").format(region=state.rules.name(o.id.split(':', 1)[1]),
                                                                    count=totals[o.id.split(':', 1)[1]]),
                      lambda o: Send(*o.steps))


