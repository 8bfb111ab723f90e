"""A card's special action that moves Caballeros, as a guided step (a game that records the
board): the pages ask only what the card leaves open, and the referee checks each move against
the card (companion/engine/card_effects.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import steps as s
from companion.engine.offers import effects as offers
from companion.ui.intents import BackTo, Intent, Pop, Push, Say, Send
from companion.ui.intents import Page as Shown
from companion.ui.pages import CountsPage, Page, back
from companion.ui.screens import card_moves, scoring
from companion.ui.screens.offered import offer_page
from companion.ui.screens.turn_end import END, end_if_done, power_back_next, special_done
from companion.ui.words import EFFECT_WORDS, where

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


Effect = offers.Effect
Card = offers.ActionCard
#: What the turn page calls each effect (ui/words.py: the naming rows say it too).
LABELS = EFFECT_WORDS


def actions(game: Game) -> list[tuple[str, object]]:
    """The turn page's rows for the card's special action: one per kind of effect the card (or,
    not named, its stack) may have."""
    effects = offers.effects(game.state)
    title = offers.title([c for _, found in effects for c in found]) if effects else ""
    return [(f"{title}: {LABELS[e]}", lambda e=e, found=found: start(game, e, found)) for e, found in effects]


def after_placing(game: Game) -> Shown | None:
    """The named card's special action, opened by itself once the turn's placements are recorded
    while it is still to do (the turn page's cursor would be on its row: its OK saved), a scoring
    card's region list too; None when the card leaves a choice of action, is not named, or its
    action has nothing to enter. Back there, the table doing none of it (a move card's often left
    unplayed), is the turn page with its cursor on "End the turn" (one OK), not on the action's row
    (▼ and OK); a scoring's list keeps its row (scoring is why the card was taken)."""
    state = game.state
    rows = actions(game)
    if not offers.named(state) or len(rows) > 1 or special_done(state) or state.turn_moves:
        return None
    if not rows:  # a scoring card's one region, its list (scoring.after_placing); Empowerment's list
        if state.active is not None and power_back_next(state, game.expects):
            return _left_undone(power_back_page(game, state.active))
        return scoring.after_placing(game)
    begin = rows[0][1]
    intent = begin() if callable(begin) else None
    return _left_undone(intent.page) if isinstance(intent, Push) else None


def _left_undone(page: Shown) -> Shown:
    """A card's action opened by itself: Back there, none of it played, the turn page on its end."""
    if isinstance(page, Page) and page.on_third is back:
        page.on_third = lambda: BackTo(END)
    return page


def power_back_page(game: Game, colour: str) -> Page:
    """Empowerment: which played Power card goes back to the hand (000 "Empowerment"), the cursor
    on the highest: the card that plays first in a later round, which a player takes back rather
    than one that only brings Caballeros; the lowest is one ▼ from it (the list wraps). Its OK ends
    the turn when the card's actions are done, as every finished action does; opened by itself by
    the placements' OK where the turn page would start on its row (after_placing). The referee's
    refusals are the engine's offer's (offers.power_back), said before the choice."""
    def label(option: offers.Option) -> str:
        value = option.id.split(":", 1)[1]
        return "a Modifier card" if value == "modifier" else value

    return offer_page("power_back", game.prompt.headline, "Which Power card back to the hand?",
                      offers.power_back(game.state, game.expects, colour), label,
                      lambda o: Send(*o.steps, after=end_if_done))




def start(game: Game, effect: Effect, found: list[Card]) -> Intent:
    state = game.state
    active = state.active
    assert active is not None
    if effect is Effect.PLACE_EXTRA:
        return place_extra(game, active, found)
    if effect is Effect.COURT_INTAKE:
        return court_card(game, active, max(offers.number(c) for c in found))
    if effect in offers.SENDING_BACK:
        return send_back(game, effect, found, offers.senders(state, found))
    if effect is Effect.RETURN_BY_SECRET_DISC:
        return by_disc(game, found[0], opponents(game))
    if effect is Effect.EVICTION:
        return evict(game)
    if effect is Effect.KING_ENTOURAGE:
        return entourage(game, found[0])
    return card_moves.first_page(game)  # moving Caballeros (or the move half of "move or place"): the table picks them


def opponents(game: Game) -> list[str]:
    """The other players clockwise, the active player's left neighbour first (the rules' order)."""
    return offers.opponents(game.state)


def court_card(game: Game, colour: str, most: int) -> Intent:
    """The Court: up to the card's number from the Province, pre-filled with it (no more than the
    referee accepts: offers.court_intake); with the Province short, the player's own Caballeros
    from regions too, never the King's region (003 l.629 with l.79; 000 l.249). One OK when the
    Province holds them."""
    state = game.state
    rows, short, why = offers.court_counters(state, game.expects, colour, most)
    if not rows:
        return Say(why)
    page = counts(game, "Into the Court", rows, "court")
    if short:
        page.prompt = f"Into the Court (Province: {state.province.get(colour, 0)}, then regions)"
    return Push(page)


def place_extra(game: Game, colour: str, found: list[Card]) -> Intent:
    """Extra Caballeros from the Court: up to 2 into regions only (2023 Militia, Delegation's
    place half), one at a time on a region list (``one_by_one``); else (the classic Intrigue's,
    the Castillo a choice) a counter per region and the Castillo, pre-filled with all the card
    places, one at a time in the region where each gains the player most were the board scored
    now (the engine's offers.extra), the cursor on the OK row: one OK when that is where they go.
    + elsewhere takes one from the fullest row, then from the other pre-filled ones (CountsPage);
    sent as one unit. The referee refusing every place: its reason, no page."""
    state = game.state
    most = max(offers.number(c) for c in found)
    castillo = any(c.param("castillo") for c in found)
    court = state.court.get(colour, 0)
    if most <= 2 and not castillo and court:
        return one_by_one(game, colour, offers.title(found), min(most, court), {})
    places = offers.extra_places(state, castillo)
    room = min(most, court)
    offered = offers.extra(state, game.expects, colour, places, room)
    if offered.why_not:
        return Say(offered.why_not)
    likeliest = offers.spread(state, colour, room)
    rows = [[state.rules.name(p), p, likeliest.get(p, 0), 0, room, f"the card places {most} more"] for p in places]
    fullest = [o.id for o in offered.options].index(offered.default) if offered.default else None

    def send(got: dict) -> Intent:
        steps = offers.from_court(colour, got)
        return Send(*steps, after=end_if_done) if steps else Pop()

    return Push(CountsPage("placements", game.prompt.headline, f"{state.name(colour)}: {most} more from the Court",
                           send, rows=rows, total=room, default=fullest,
                           over=f"all {room} set: the card places {most} more (− takes one off)"))


ORDINALS = ("1st", "2nd")


def one_by_one(game: Game, colour: str, title: str, room: int, placed: dict[str, int]) -> Intent:
    """Where the next of ``room`` Caballeros from the Court goes, ``placed`` already chosen: a
    region list, the cursor on where it gains most given those, or on where the one before went
    when the table chose it over its list's default (two into one region: OK, OK; the engine's
    offers.next_place;
    a region the referee refuses marked, its reason said before the choice). Its OK opens the
    next Caballero's list (Back returns to this one), the 1st's region marked; the last OK sends
    them all as one unit, one step a region in the board's order (nothing recorded before). From
    the 2nd on, a last row places no more ("up to 2", 000 "Militia")."""
    state = game.state
    nth = sum(placed.values())
    offered = offers.next_place(state, game.expects, colour, placed)
    if not nth and offered.why_not:
        return Say(offered.why_not)

    def chosen(option) -> Intent:
        region = option.id.removeprefix("place:")
        if region != "none" and nth + 1 < room:
            got = dict(placed)
            got[region] = got.get(region, 0) + 1
            return one_by_one(game, colour, title, room, got)
        return Send(*option.steps, after=end_if_done)

    def label(option) -> str:
        region = option.id.removeprefix("place:")
        return f"none: the {ORDINALS[0]} alone" if region == "none" else state.rules.name(region)

    prompt = f"{title}: where does the {ORDINALS[nth]} go?"
    if room == 1 and not nth:
        prompt = f"{title}: where does it go? (Court: 1)"
    return Push(offer_page("region", game.prompt.headline, prompt, offered, label, chosen,
                           marks=lambda o: ORDINALS[0] if nth and placed.get(o.id.removeprefix("place:")) else ""))


def counts(game: Game, prompt: str, rows: list[offers.Counter], target: str) -> CountsPage:
    """One counter per (colour, place) of ``rows`` (offers.counters), pre-filled as they say; all to
    ``target``, as one unit."""
    state = game.state

    def send(got: dict) -> Intent:
        steps = offers.moved(got, target)
        return Send(*steps, after=end_if_done) if steps else Pop()

    return CountsPage("counts_correction", game.prompt.headline, prompt, send,
                      rows=[[f"{state.name(colour)} · {where(state, place, colour)}", (colour, place), given, 0, top]
                            for colour, place, given, top in rows])


def send_back(game: Game, effect: Effect, found: list[Card], left: list[str]) -> Intent:
    """Each opponent in turn, left neighbour first: how many go back to the Province from where,
    pre-filled with as many as the card makes them send (000 l.281: "as much of the action as
    possible"; l.553), their Court first, then the regions in the board's order: one OK when that
    is what they send (offers.send_back). Fewer is refused on the page, with the reason; an
    opponent with nothing to send back is passed over, and when nobody has any the turn page says
    so; the referee refusing what the page would start with, its reason, no page."""
    state = game.state
    card = found[0]
    owing = offers.owing(state, found, left)
    if not owing:
        nobody = "no opponent has" if len(left) > 1 or not left else f"{state.name(left[0])} has"
        return Say(f"{card.title}: {nobody} Caballeros to send back")
    colour, rest = owing[0], owing[1:]
    back = offers.send_back(state, game.expects, found, colour)
    if back.why_not:
        return Say(back.why_not)
    must = back.must
    page = counts(game, f"{state.name(colour)} sends back {must}" + ("" if back.certain else " or more"),
                  list(back.rows), "province")
    if back.certain and must < back.most and card.param("count") != "all":
        page.prompt += " (all they have)"
    confirm = page.on_ok

    def sent(got: dict) -> Intent | None:
        total = sum(got.values())
        if total < must:
            return Say(f"{card.title}: {state.name(colour)} must send back {must}, as many as possible, not {total}")
        intent = confirm(got)
        if rest and isinstance(intent, Send):
            return Send(*intent.steps, then=lambda g: _page(send_back(g, effect, found, rest)))
        return intent

    page.on_ok = sent
    return Push(page)


def _one_after_another(game: Game, colours: list[str], page_for) -> Intent:
    """``page_for(colour, done)`` for each colour in turn; ``done(steps)`` records that colour's
    steps and goes on with the next (or back to the turn when none is left)."""
    if not colours:
        return Pop()
    colour, rest = colours[0], colours[1:]

    def done(*steps: s.Step) -> Intent:
        if not rest:
            return Send(*steps, after=end_if_done) if steps else Pop()
        if not steps:
            return _one_after_another(game, rest, page_for)
        return Send(*steps, then=lambda g: _page(_one_after_another(g, rest, page_for)))

    return Push(page_for(colour, done))


def _page(intent: Intent) -> Shown | None:
    return intent.page if isinstance(intent, Push) else None


def by_disc(game: Game, card: Card, colours: list[str]) -> Intent:
    """Civil War and the classic twins: each opponent, left neighbour first, reveals the region on
    their disc (those holding the card's minimum; 1995's Return 2: classic_1995.disc_regions); its
    Caballeros there (all, or the card's number) go back to the Province (offers.disc: a region
    the referee refuses marked, its reason said before the choice). Each list's cursor starts on
    the region where that loss costs its player least on the board as the discs were set, before
    any was revealed (offers.disc_defaults)."""
    least = card.param("min_in_region")
    least = least if isinstance(least, int) else 1
    likeliest = offers.disc_defaults(game.state, card, colours)

    def page_for(colour: str, done) -> Page:
        state = game.state
        offered = offers.disc(state, game.expects, card, colour, likeliest.get(colour))

        def chosen(option) -> Intent:
            if not option.steps:
                why = offers.disc_none(state, card, colour)
                return Say(why) if why else done()
            return done(*option.steps)

        def label(option) -> str:
            region = option.id.removeprefix("disc:")
            if region == "none":
                return "none / not clear"
            return f"{state.rules.name(region)} · {state.counts[region].get(colour, 0)}"

        return offer_page("disc", game.prompt.headline, f"{card.title}: {state.name(colour)}'s disc", offered, label, chosen)

    state = game.state
    asked = [c for c in colours if c in offers.disc_asked(state, card)]
    if not asked:  # nothing to do: said on the turn page, no page of discs with no region to choose
        return Say(f"{card.title}: no opponent has {least if least > 1 else 'any'} in a region outside the King's")
    refused = offers.disc_refused(offers.disc(state, game.expects, card, asked[0]))
    if refused:  # the referee takes none of the first disc's regions: its reason, no page
        return Say(refused)
    return _one_after_another(game, asked, page_for)


def evict(game: Game) -> Intent:
    """Eviction / Coup: the region named, then each opponent there, left neighbour first: the region
    on their disc (the King's region, in a 1995 game the emptied one too: back to their Court;
    classic_1995.eviction_to). The engine's offers: offers.eviction, offers.refuges."""
    state = game.state

    def named(option) -> Intent:
        region = option.id.removeprefix("evict:")
        there = offers.evicted(game.state, region)
        refuges = offers.refuge_defaults(game.state, region)  # (the discs set at once, before any is revealed)

        def page_for(colour: str, done) -> Page:
            st = game.state
            have = st.counts[region].get(colour, 0)
            offered = offers.refuges(st, game.expects, region, colour, refuges[colour])

            def label(o) -> str:
                r = o.id.removeprefix("refuge:")
                to = o.steps[0].target
                return st.rules.name(r) + ("" if to == r else " (King's: to the Court)" if r == st.king
                                           else " (emptied: to the Court)")

            return offer_page("disc", game.prompt.headline, f"{st.name(colour)}'s {have} to", offered, label,
                              lambda o: done(*o.steps))

        return _one_after_another(game, there, page_for)

    offered = offers.eviction(state, game.expects)
    if not offered.options:  # nothing to do: said on the turn page
        return Say("no region outside the King's holds another player's Caballeros to move out")
    return Push(offer_page("region", game.prompt.headline, "Which region is emptied?", offered,
                           lambda o: state.rules.name(o.id.removeprefix("evict:")), named))


def entourage(game: Game, card: Card) -> Intent:
    """Entourage: after the King's move, 2 Caballeros of any colour follow him from his old region,
    or as many as there are (000 l.669): one counter per colour there, pre-filled with that many,
    the active player's own first (one OK when those follow: offers.followers); fewer is refused
    on the page; when none can follow, or the referee refuses those, its reason, no page."""
    state = game.state
    follow = offers.followers(state, game.expects, card)
    if follow.why_not:
        return Say(follow.why_not)
    must = follow.must

    def send(got: dict) -> Intent:
        if sum(got.values()) < must:
            return Say(f"{card.title}: {must} follow the King, as many as possible, not {sum(got.values())}")
        steps = offers.moved({(c, follow.source): n for c, n in got.items()}, state.king or "")
        return Send(*steps, after=end_if_done) if steps else Pop()

    return Push(CountsPage("counts_correction", game.prompt.headline,
                           f"From {state.rules.name(follow.source)} with the King (up to {follow.most})", send,
                           rows=[[state.name(c), c, given, 0, top] for c, _, given, top in follow.rows]))
