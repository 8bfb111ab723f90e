"""The turn's Caballeros pages, opened from the turn page's rows: placed from the Court (the board
recorded) with the Court intake and the Big Box's sails, prison and moves, or thrown into the
Castillo (scores only) — the engine's offers where the referee decides (companion/engine/offers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import offers
from companion.engine.modes import steps as s
from companion.engine.offers import caballeros
from companion.ui.intents import Intent, Pop, Push, Say, Send
from companion.ui.pages import CountsPage
from companion.ui.screens import big_box
from companion.ui.screens.common import View
from companion.ui.screens.placements import placements

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def placing_rows(game: Game, colour: str, view: View = View()) -> list[tuple[str, object]]:
    """A turn's Caballeros: placed from the Court, with the Court intake and the Big Box's sails,
    prison and moves, when the board is recorded; thrown into the Castillo with scores only."""
    state = game.state
    if not offers.recorded(state):
        return [("Throw into the Castillo", lambda: castillo_throw(game, colour, view))]
    rows: list[tuple[str, object]] = [("Place Caballeros", lambda: placements(game, colour, unnamed=True))]
    if caballeros.intake_room(state, colour):
        rows.append(("Court intake", lambda: intake_page(game, colour)))
    return rows + big_box.placing_rows(game)  # (the engine's: its rules' turn_options)


def intake_page(game: Game, colour: str) -> Intent:
    """The Power card's Caballeros to the Court as the player takes them: fewer from the Province,
    or (the Province empty) own Caballeros from regions, never the Castillo or the King's region.
    Pre-filled with what came; OK sets the turn's intake to the counters."""
    state = game.state
    asked = caballeros.intake(state, colour)
    most, came, province = asked.most, asked.came, asked.province
    who = state.name(colour)
    rows = [["Province", caballeros.PROVINCE, came, 0, min(most, province),
             f"{who}'s Province holds {province}" if asked.short else _brings(asked)]]
    for region, have, earlier in asked.regions:  # the Province ran short: own Caballeros from regions
        rows.append([state.rules.name(region), region, earlier, 0, min(have, most),
                     f"{who} has {have} in {state.rules.name(region)}"])

    def send(got: dict) -> Intent:
        regions = tuple((r, n) for r, n in got.items() if r != caballeros.PROVINCE and n)
        if got[caballeros.PROVINCE] == came and regions == asked.earlier:
            return Pop()
        return Send(s.CourtIntake(colour, got[caballeros.PROVINCE], regions))

    prompt = f"{who}: up to {most} to the Court" + (" (Province empty)" if asked.short else "")
    return Push(CountsPage("intake", game.prompt.headline, prompt, send, rows=rows))


def _brings(asked: caballeros.Intake) -> str:
    """What limits the intake: the card's heads, the most a card shows while they are unknown
    (Intrigue & the King), with the Grand Inquisitor's or the Queen's one more."""
    extra = " with the one more" if asked.extra else ""
    if asked.heads_unknown:
        return f"at most {asked.most}{extra} (the card's heads unknown)"
    return f"the card brings {asked.most}{extra}"


def castillo_throw(game: Game, colour: str, view: View = View()) -> Intent:
    """The turn's throw, as a total to set: opened again, it shows what is in already
    (with the tally hidden, each throw is entered on its own)."""
    state = game.state
    room = caballeros.card_room(state, colour)
    already = 0 if view.hide_castillo else state.turn_thrown
    if room == 0 and not already:
        return Say(f"{state.name(colour)}'s card has no Caballeros left to place this turn "
                   "(the menu corrects the Castillo)")
    supply = state.supply(colour) - state.on_board(colour)
    most = already + min(supply, room)
    why = (f"{state.name(colour)}'s card places {already + room} this turn (more: Menu, Correct: the Castillo)"
           if room <= supply else f"all {state.supply(colour)} of {state.name(colour)}'s Caballeros "
                                  "are on the board")

    def thrown(got: dict) -> Intent:
        total = got[colour]
        if total > already:
            return Send(s.CastilloThrow(colour, total - already))
        if total < already:
            return Send(s.CastilloCorrected(colour, state.castillo.get(colour, 0) - (already - total)))
        return Pop()

    prompt = f"{state.name(colour)}'s throw this turn" + (f" ({already} in)" if already else "")
    return Push(CountsPage("castillo_throw", game.prompt.headline, prompt, thrown,
                           rows=[[state.name(colour), colour, already or 1, 0, max(most, 1), why]]))
