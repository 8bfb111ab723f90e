"""A turn's placements from the Court: one counter per place that may receive them, pre-filled
with the card's whole count where the player likeliest places it (the engine's offer:
companion/engine/offers/placements.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.offers import placements as offers
from companion.language import _
from companion.ui.intents import Intent, Pop, Push, Say
from companion.ui.pages import CountsPage, ListPage
from companion.ui.screens import big_box
from companion.ui.screens.common import refused_rows
from companion.ui.screens.placements_naming import UNNAMED, naming_oks, placed

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def placements(game: Game, colour: str, *, unnamed: bool = False) -> Intent:
    """Where the turn's Caballeros go from the Court: one counter per place that may receive
    them (the Castillo, then the regions next to the King's region), all of them pre-filled where
    they likeliest go (offers.likeliest; the Big Box: the first region), the cursor on the OK row.
    KEY4 on another counter takes one from them there, KEY3 takes one off (on an empty counter it
    wraps round: all the rest there, the cursor to the OK row, CountsPage), and the OK row confirms all
    of them as one unit: "2 there, 1 into the Castillo" is ▼ + ▲ OK, "all of them into the Castillo"
    ▼ − OK. The referee refusing the placement the page starts with (a turn's actions split): its
    reason, no page.

    The card not known (issue 35: take.to_name, up to ``MOST_NAMED`` cards), the OK row names the
    likeliest and places the counts with it, one unit ("OK: Militia"), the next likeliest one ▲
    above it, the third two...: a table whose likeliest card is right pays nothing to name it, the
    OK it presses anyway; ▼ from the OK row still reaches the first counter at once (a row below the
    OK row would cost the placements set that way round, which most are). ``unnamed`` (the page
    opened from the turn page's row, not by itself with the take): one OK row farthest up places them
    and names no card ("OK: card not named yet"), for a card none of the rows names: Back and Place
    Caballeros reach it; the turn page then lists the cards again and its end. A table that once
    ended a turn with its card not named (``said.skipped``: a table that does not name its cards)
    has the placements' one OK as before, for the rest of the game."""
    state = game.state
    room = offers.room(state, colour)
    court = state.court.get(colour, 0)
    if room == 0:
        return Say(_("{name} has nothing left to place this turn ({count} in the Court)").format(
            name=state.name(colour), count=court))
    more = bool(state.turn_placed + state.turn_thrown)
    name = state.name(colour)
    why = ((_("{name}'s card places {count} more this turn (more: Menu, Correct)") if more
            else _("{name}'s card places {count} this turn (more: Menu, Correct)")).format(name=name, count=room)
           if room < court else _("{name}'s Court holds {count}").format(name=name, count=room))
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
        return placed(steps) if steps else Pop()

    if room == 1 and first is not None:  # one Caballero: where it goes is a list (issue 35)
        return Push(one_place(game, colour, places, first, send))
    names = naming_oks(game, colour) if first is not None else []

    over = ((_("all {count} set: {name}'s card places {count} more (− takes one off)") if more
             else _("all {count} set: {name}'s card places {count} (− takes one off)"))
            if room == offers.card_room(state, colour) else
            _("all {count} set: {name}'s Court holds {count} (− takes one off)")).format(name=name, count=room)
    prompt = _("{name}: place {count}").format(name=name, count=room)
    if 0 < len(names) <= MOST_NAMED and not state.said.skipped:  # the card not known: the placements' OK names it
        (ok_label, likeliest), *others = names
        above = [*([(_(UNNAMED), send)] if unnamed else []), *reversed(others)]
        return Push(CountsPage("placements", game.prompt.headline, prompt, likeliest, rows=rows, total=room, over=over,
                               default=first, oks=above, ok_label=ok_label))
    return Push(CountsPage("placements", game.prompt.headline, prompt, send, rows=rows, total=room, over=over, default=first))


#: The most cards a stack may show for the placements' OK rows to name them (a 2023 stack's three
#: titles): each further card one ▲ further from the OK row and one more ▲ for a placement that goes
#: that way round, so more (a 2023 stack 4's four, a classic stack's 8 or 9) name their card on the
#: turn page, both sides of the cursor. The plan tables over their five seeds, naming: 4-player 2023
#: 48.0 with 3, 47.4 with 4 or all; 3-player classic 50.0 with 3 (as on the turn page), 50.4 with 4,
#: 56.2 with all: 3, where no game costs more.
MOST_NAMED = 3


def one_place(game: Game, colour: str, places: list[str], first: int, send) -> ListPage:
    """One Caballero to place (issue 35): a list of the places that may receive it, the cursor where
    it likeliest goes (the counters' pre-fill), OK there places it; a place the referee refuses is
    marked *not now* with his reason before the choice. Where a counter page costs the row, the +
    and the way back to its OK row (2 × the rows + 2), a list costs the rows + 1: 1 to 4 presses."""
    state = game.state
    reasons = [offers.refused(state, game.expects, colour, place) for place in places]
    page = ListPage("placements", game.prompt.headline, _("{name}: place {count}").format(name=state.name(colour), count=1),
                    lambda place: send({place: 1}), items=[(state.rules.name(p), p) for p in places], cursor=first)
    refused_rows(page, dict(zip(places, reasons, strict=True)), before=True)
    return page
