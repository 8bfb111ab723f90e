"""A turn's placements from the Court: one counter per place that may receive them, pre-filled
with the card's whole count where the player likeliest places it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import board, queries
from companion.engine import card_effects as card_effects_game
from companion.engine import steps as s
from companion.rules import spain
from companion.ui.intents import Intent, Pop, Push, Say, Send
from companion.ui.pages import CountsPage
from companion.ui.screens import big_box, card_effects
from companion.ui.screens.turn_end import end_if_done

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def placements(game: Game, colour: str) -> Intent:
    """Where the turn's Caballeros go from the Court: one counter per place that may receive
    them (the Castillo, then the regions next to the King's region), all of them pre-filled where
    they likeliest go (:func:`likeliest`; the Big Box: the first region), the cursor on the OK row.
    KEY4 on another counter takes one from them there, KEY3 takes one off, and the OK row confirms
    all of them as one unit: "2 there, 1 into the Castillo" is ▼ + ▲ OK."""
    state = game.state
    room = min(queries.card_room(state, colour), board.held(state, colour, board.COURT))
    if room == 0:
        return Say(f"{state.name(colour)} has nothing left to place this turn "
                   f"({board.held(state, colour, board.COURT)} in the Court)")
    more = " more" if state.turn_placed + state.turn_thrown else ""
    why = (f"{state.name(colour)}'s card places {room}{more} this turn (more: Menu, Correct)"
           if room < board.held(state, colour, board.COURT) else f"{state.name(colour)}'s Court holds {room}")
    places = board.receiving(state, colour)
    if card_effects_game.into_kings_region(state) and state.king in state.regions:
        places.insert(1 if places and places[0] == spain.CASTILLO else 0, state.king)  # Infiltration
    places += big_box.far_places(state, places)  # I&K's card 20 (S:177)
    rows = [[state.rules.name(place), place, 0, 0, room, why] for place in places]
    first = min(1 if places and places[0] == spain.CASTILLO else 0, len(rows) - 1)
    if not state.settings.expansion and rows:
        first = places.index(likeliest(state, colour, places[first:]))
    if rows:
        rows[first][2] = room  # all of them where they likeliest go: one OK when that is where they go

    def send(got: dict) -> Intent:
        steps: list[s.Step] = [s.Placed(colour, place, n) for place, n in got.items()
                               if n and place != spain.CASTILLO]
        if got.get(spain.CASTILLO):
            steps.append(s.CastilloThrow(colour, got[spain.CASTILLO]))
        return Send(*steps, after=end_if_done, then=card_effects.after_placing) if steps else Pop()

    over = (f"all {room} set: {state.name(colour)}'s card places {room}{more} (− takes one off)"
            if room == queries.card_room(state, colour) else
            f"all {room} set: {state.name(colour)}'s Court holds {room} (− takes one off)")
    return Push(CountsPage("placements", game.prompt.headline, f"{state.name(colour)}: place {room}",
                           send, rows=rows, total=room, over=over, default=first if rows else None))


def likeliest(state, colour: str, regions: list[str]) -> str:
    """Where a turn's Caballeros likeliest go among ``regions``: the tightest majority the player
    is in, the player's count closest to the most any other colour has there (among the regions
    where the player has none when it is in none of them); the first listed among equals."""
    def have(region: str) -> dict[str, int]:
        return state.counts.get(region, {})

    def race(region: str) -> tuple[bool, int]:
        own = have(region).get(colour, 0)
        rival = max((n for c, n in have(region).items() if c != colour), default=0)
        return own > 0, -abs(own - rival)

    return max(regions, key=race)
