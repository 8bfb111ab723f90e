"""A turn's placements from the Court: one counter per place that may receive them, pre-filled
with the card's whole count where the player likeliest places it (the engine's offer:
companion/engine/offers/placements.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.offers import placements as offers
from companion.ui.intents import Intent, Pop, Push, Say, Send
from companion.ui.pages import CountsPage
from companion.ui.screens import big_box, card_effects
from companion.ui.screens.turn_end import end_if_done

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def placements(game: Game, colour: str) -> Intent:
    """Where the turn's Caballeros go from the Court: one counter per place that may receive
    them (the Castillo, then the regions next to the King's region), all of them pre-filled where
    they likeliest go (offers.likeliest; the Big Box: the first region), the cursor on the OK row.
    KEY4 on another counter takes one from them there, KEY3 takes one off, and the OK row confirms
    all of them as one unit: "2 there, 1 into the Castillo" is ▼ + ▲ OK. The referee refusing the
    placement the page starts with (a turn's actions split): its reason, no page."""
    state = game.state
    room = offers.room(state, colour)
    court = state.court.get(colour, 0)
    if room == 0:
        return Say(f"{state.name(colour)} has nothing left to place this turn ({court} in the Court)")
    more = " more" if state.turn_placed + state.turn_thrown else ""
    why = (f"{state.name(colour)}'s card places {room}{more} this turn (more: Menu, Correct)"
           if room < court else f"{state.name(colour)}'s Court holds {room}")
    places = offers.places(state, colour)
    places += big_box.far_places(state, places)  # I&K's card 20 (S:177)
    rows = [[state.rules.name(place), place, 0, 0, room, why] for place in places]
    first = offers.first(state, colour, places)
    if first is not None:
        refused = offers.refused(state, game.expects, colour, places[first])
        if refused:
            return Say(refused)
        rows[first][2] = room  # all of them where they likeliest go: one OK when that is where they go

    def send(got: dict) -> Intent:
        steps = offers.steps(colour, got)
        return Send(*steps, after=end_if_done, then=card_effects.after_placing) if steps else Pop()

    over = (f"all {room} set: {state.name(colour)}'s card places {room}{more} (− takes one off)"
            if room == offers.card_room(state, colour) else
            f"all {room} set: {state.name(colour)}'s Court holds {room} (− takes one off)")
    return Push(CountsPage("placements", game.prompt.headline, f"{state.name(colour)}: place {room}",
                           send, rows=rows, total=room, over=over, default=first))
