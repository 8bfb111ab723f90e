"""A turn's own small pages, opened from the turn page's rows (the card taken: turn_card.py): the
Caballeros thrown into the Castillo (scores only) or placed and taken into the Court (the board
recorded), Empowerment's Power card back, New Regency's Chalet and Stand-in (the engine's
offers where the referee decides: companion/engine/offers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import offers
from companion.engine.modes import steps as s
from companion.engine.offers import Option, caballeros
from companion.rules import modes
from companion.rules.special_scoring import KINDS
from companion.ui.intents import Intent, Pop, Push, Say, Send
from companion.ui.pages import CountsPage, ListPage, Page
from companion.ui.screens import big_box
from companion.ui.screens.common import View, facts, refusal
from companion.ui.screens.offered import offer_page
from companion.ui.screens.placements import placements
from companion.ui.screens.scoring import special_menu, start_special
from companion.ui.screens.turn_end import end_if_done

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def special_row(game: Game, kind: str) -> tuple[str, object]:
    """The turn page's row for the special scoring the card names."""
    return (f"Score: {KINDS[kind].label}", lambda: start_special(game, kind, named=True))


def special_menu_row(game: Game) -> tuple[str, object]:
    """The turn page's row for a special scoring of the table's choice (the card's stack may grant one)."""
    return ("Special scoring", lambda: Push(special_menu(game)))


def placing_rows(game: Game, colour: str, view: View = View()) -> list[tuple[str, object]]:
    """A turn's Caballeros: placed from the Court, with the Court intake and the Big Box's sails,
    prison and moves, when the board is recorded; thrown into the Castillo with scores only."""
    state = game.state
    if not offers.recorded(state):
        return [("Throw into the Castillo", lambda: castillo_throw(game, colour, view))]
    rows: list[tuple[str, object]] = [("Place Caballeros", lambda: placements(game, colour))]
    if caballeros.intake_room(state, colour):
        rows.append(("Court intake", lambda: intake_page(game, colour)))
    return rows + big_box.sail_rows(game, colour) + big_box.prison_rows(game) + big_box.move_rows(game)


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


def stand_in(game: Game) -> Intent:
    """Stand-in swaps the King with a Grande of the player's choice (002), any colour's standing
    in a region: asked when there is more than one (offers.stand_in)."""
    state = game.state
    offer = offers.stand_in(state, game.expects)
    if len(offer.options) == 1:
        only = offer.options[0]
        return Send(*only.steps) if only.allowed else Say(only.why_not)
    return Push(offer_page("who", game.prompt.headline, "Swap the King with whose Grande?", offer,
                           lambda o: _grande_label(state, o.id.split(":", 1)[1]), lambda o: Send(*o.steps)))


def _grande_label(state, colour: str) -> str:
    return f"{state.name(colour)} · {state.rules.name(state.grandes[colour])}"


def chalet_page(game: Game) -> Page:
    """New Regency Chalet: the King to the region with the fewest Caballeros (>0); the active player
    breaks ties (offers.chalet)."""
    state = game.state
    offer = offers.chalet(state, game.expects)
    totals = state.totals()
    prompt = f"Tied fewest: {state.name(state.active)} picks" if len(offer.options) > 1 else "King to the fewest"
    if not offer.options:
        return ListPage("chalet", game.prompt.headline, prompt, lambda _: Pop(), items=[("no region has Caballeros", None)])
    return offer_page("chalet", game.prompt.headline, prompt, offer,
                      lambda o: f"{state.rules.name(o.id.split(':', 1)[1])} · {totals[o.id.split(':', 1)[1]]} Cab.",
                      lambda o: Send(*o.steps))


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


def power_back_page(game: Game, colour: str) -> Page:
    """Empowerment: which played Power card goes back to the hand (000 "Empowerment"), the cursor
    on the highest: the card that plays first in a later round, which a player takes back rather
    than one that only brings Caballeros; the lowest is one ▼ from it (the list wraps). Its OK ends
    the turn when the card's actions are done, as every finished action does. The referee's
    refusals are the engine's offer's (offers.power_back), said before the choice."""
    def label(option: Option) -> str:
        value = option.id.split(":", 1)[1]
        return "a Modifier card" if value == "modifier" else value

    return offer_page("power_back", game.prompt.headline, "Which Power card back to the hand?",
                      offers.power_back(game.state, game.expects, colour), label,
                      lambda o: Send(*o.steps, after=end_if_done))


#: Grandissimo's stack 7: the Queen & Jester card (S:290-291).
QUEEN_AND_JESTER = 7


def figure_rows(game: Game, colour: str) -> list[tuple[str, object]]:
    """Grandissimo's stack 7 (S:309): the Queen OR the Jester into the taker's Court, once."""
    state = game.state
    if (offers.taken_stack(state) != QUEEN_AND_JESTER or QUEEN_AND_JESTER not in dict(facts(state.settings).stack_titles)
            or not facts(state.settings).holdings or _figure_taken(game, colour)):
        return []
    return [(f"Take the {figure}", lambda f=figure: Send(s.HoldingMoved(f, colour)))
            for figure in (modes.QUEEN, modes.JESTER) if state.holdings.get(figure) != colour]


def figure_refusals(game: Game, colour: str) -> dict[str, str]:
    """The Queen's or the Jester's row -> why the referee refuses that one now (the engine's offers:
    common.refusal), e.g. only the one beside the board may be taken."""
    rows = figure_rows(game, colour)
    return {label: refusal(game, s.HoldingMoved(label.removeprefix("Take the "), colour)) for label, _ in rows}


def _figure_taken(game: Game, colour: str) -> bool:
    """Whether ``colour`` took the Queen or the Jester since taking this turn's card."""
    steps = list(game.steps)
    start = max((i for i, step in enumerate(steps) if isinstance(step, s.ActionCardTaken) and step.colour == colour),
                default=len(steps))
    return any(isinstance(step, s.HoldingMoved) and step.colour == colour and step.what in (modes.QUEEN, modes.JESTER)
               for step in steps[start + 1:])
