"""The turn's Caballeros pages, opened from the turn page's rows: placed from the Court (the board
recorded) with the Court intake and the Big Box's sails, prison and moves, or thrown into the
Castillo (scores only) — the engine's offers where the referee decides (companion/engine/offers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import offers
from companion.engine.modes import steps as s
from companion.engine.offers import caballeros
from companion.language import _
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
        return [(_("Throw into the Castillo"), lambda: castillo_throw(game, colour, view))]
    rows: list[tuple[str, object]] = [(_("Place Caballeros"), lambda: placements(game, colour, unnamed=True))]
    if caballeros.intake_room(state, colour):
        rows.append((_("Court intake"), lambda: intake_page(game, colour)))
    return rows + big_box.placing_rows(game)  # (the engine's: its rules' turn_options)


def intake_page(game: Game, colour: str) -> Intent:
    """The Power card's Caballeros to the Court as the player takes them: fewer from the Province,
    or (the Province empty) own Caballeros from regions, never the Castillo or the King's region.
    Pre-filled with what came; OK sets the turn's intake to the counters."""
    state = game.state
    asked = caballeros.intake(state, colour)
    most, came, province = asked.most, asked.came, asked.province
    who = state.name(colour)
    rows = [[_("Province"), caballeros.PROVINCE, came, 0, min(most, province),
             _("{name}'s Province holds {count}").format(name=who, count=province) if asked.short
             else _brings(asked)]]
    for region, have, earlier in asked.regions:  # the Province ran short: own Caballeros from regions
        rows.append([state.rules.name(region), region, earlier, 0, min(have, most),
                     _("{name} has {count} in {region}").format(name=who, count=have,
                                                                region=state.rules.name(region))])

    def send(got: dict) -> Intent:
        regions = tuple((r, n) for r, n in got.items() if r != caballeros.PROVINCE and n)
        if got[caballeros.PROVINCE] == came and regions == asked.earlier:
            return Pop()
        return Send(s.CourtIntake(colour, got[caballeros.PROVINCE], regions))

    prompt = (_("{name}: up to {count} to the Court (Province empty)") if asked.short
              else _("{name}: up to {count} to the Court")).format(name=who, count=most)
    return Push(CountsPage("intake", game.prompt.headline, prompt, send, rows=rows))


def _brings(asked: caballeros.Intake) -> str:
    """What limits the intake: the card's heads, the most a card shows while they are unknown
    (Intrigue & the King), with the Grand Inquisitor's or the Queen's one more."""
    if asked.heads_unknown:
        return (_("at most {count} with the one more (the card's heads unknown)") if asked.extra
                else _("at most {count} (the card's heads unknown)")).format(count=asked.most)
    return (_("the card brings {count} with the one more") if asked.extra
            else _("the card brings {count}")).format(count=asked.most)


def castillo_throw(game: Game, colour: str, view: View = View()) -> Intent:
    """The turn's throw, as a total to set: opened again, it shows what is in already
    (with the tally hidden, each throw is entered on its own)."""
    state = game.state
    room = caballeros.card_room(state, colour)
    already = 0 if view.hide_castillo else state.turn_thrown
    if room == 0 and not already:
        return Say(_("{name}'s card has no Caballeros left to place this turn "
                     "(the menu corrects the Castillo)").format(name=state.name(colour)))
    supply = state.supply(colour) - state.on_board(colour)
    most = already + min(supply, room)
    why = (_("{name}'s card places {count} this turn (more: Menu, Correct: the Castillo)").format(
        name=state.name(colour), count=already + room)
           if room <= supply else _("all {count} of {name}'s Caballeros are on the board").format(
               count=state.supply(colour), name=state.name(colour)))

    def thrown(got: dict) -> Intent:
        total = got[colour]
        if total > already:
            return Send(s.CastilloThrow(colour, total - already))
        if total < already:
            return Send(s.CastilloCorrected(colour, state.castillo.get(colour, 0) - (already - total)))
        return Pop()

    prompt = (_("{name}'s throw this turn ({count} in)") if already
              else _("{name}'s throw this turn")).format(name=state.name(colour), count=already)
    return Push(CountsPage("castillo_throw", game.prompt.headline, prompt, thrown,
                           rows=[[state.name(colour), colour, already or 1, 0, max(most, 1), why]]))
