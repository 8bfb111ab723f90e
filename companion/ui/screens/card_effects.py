"""A card's special action that moves Caballeros, as a guided step (a game that records the
board): the pages ask only what the card leaves open, and the referee checks each move against
the card (companion/engine/card_effects.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import board, card_duties, card_effects, classic_1995, gains, queries
from companion.engine import steps as s
from companion.rules import cards, spain
from companion.ui.intents import Intent, Pop, Push, Say, Send
from companion.ui.intents import Page as Shown
from companion.ui.pages import CountsPage, ListPage, Page
from companion.ui.screens import card_moves
from companion.ui.screens.turn_end import end_if_done, special_done
from companion.ui.words import where

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


Effect = cards.Effect
#: What the turn page calls each effect.
LABELS = {
    Effect.MOVE_CABALLEROS: "move Caballeros",
    Effect.PLACE_EXTRA: "place from the Court",
    Effect.COURT_INTAKE: "Caballeros to the Court",
    Effect.RETURN_FROM_COURT: "send back from Courts",
    Effect.RETURN_FROM_REGIONS: "send back from regions",
    Effect.RETURN_FROM_COURT_OR_REGIONS: "send back",
    Effect.RETURN_BY_SECRET_DISC: "send back by disc",
    Effect.EVICTION: "empty a region",
    Effect.KING_ENTOURAGE: "2 follow the King",
}


def actions(game: Game) -> list[tuple[str, object]]:
    """The turn page's rows for the card's special action: one per kind of effect the card (or,
    not named, its stack) may have."""
    state = game.state
    if not board.tracked(state) or state.turn_scored:
        return []
    found = card_effects.candidates(state)
    effects = sorted({e for c in found for e in _halves(c)}, key=list(LABELS).index)
    title = found[0].title if len({c.title for c in found}) == 1 else "Card"
    return [(f"{title}: {LABELS[e]}", lambda e=e: start(game, e, [c for c in found if e in _halves(c)]))
            for e in effects]


def after_placing(game: Game) -> Shown | None:
    """The named card's special action, opened by itself once the turn's placements are recorded
    while it is still to do (the turn page's cursor would be on its row: its OK saved); None when
    the card leaves a choice of action, is not named, or its action has nothing to enter."""
    state = game.state
    taken = queries.taken_by(state, state.active) if state.active else None
    rows = actions(game)
    if not (taken and taken[2]) or len(rows) != 1 or special_done(state) or state.turn_moves:
        return None
    begin = rows[0][1]
    intent = begin() if callable(begin) else None
    return intent.page if isinstance(intent, Push) else None


def _halves(card: cards.ActionCard) -> tuple[Effect, ...]:
    """The rows a card's effect takes: "move or place" (classic Intrigue, 2023 Delegation) is
    either half, one row each ("You must choose which of the actions you wish to execute", 003
    l.428): its place half goes from the Court, as the place-2 card does."""
    return (Effect.MOVE_CABALLEROS, Effect.PLACE_EXTRA) if card.effect is Effect.MOVE_OR_PLACE else (card.effect,)


def start(game: Game, effect: Effect, found: list[cards.ActionCard]) -> Intent:
    state = game.state
    active = state.active
    assert active is not None
    if effect is Effect.PLACE_EXTRA:
        return Push(place_extra(game, active, found))
    if effect is Effect.COURT_INTAKE:
        return Push(court_card(game, active, max(_number(c) for c in found)))
    if effect in (Effect.RETURN_FROM_COURT, Effect.RETURN_FROM_REGIONS, Effect.RETURN_FROM_COURT_OR_REGIONS):
        return send_back(game, effect, found, classic_1995.senders(state, found, opponents(game)))
    if effect is Effect.RETURN_BY_SECRET_DISC:
        return by_disc(game, found[0], opponents(game))
    if effect is Effect.EVICTION:
        return evict(game)
    if effect is Effect.KING_ENTOURAGE:
        return entourage(game, found[0])
    return card_moves.first_page(game)  # moving Caballeros (or the move half of "move or place"): the table picks them


def opponents(game: Game) -> list[str]:
    """The other players clockwise, the active player's left neighbour first (the rules' order)."""
    return card_duties.opponents(game.state)


def court_card(game: Game, colour: str, most: int) -> CountsPage:
    """The Court: up to the card's number from the Province, pre-filled with it; with the Province
    short, the player's own Caballeros from regions too, never the King's region (003 l.629 with
    l.79; 000 l.249). One OK when the Province holds them."""
    state = game.state
    page = counts(game, "Into the Court", [(colour, board.PROVINCE, most)], board.COURT)
    province = board.held(state, colour, board.PROVINCE)
    if province < most:
        page.prompt = f"Into the Court (Province: {province}, then regions)"
        page.rows += [[f"{state.name(colour)} · {where(state, r, colour)}", (colour, r), 0, 0,
                       min(most, board.held(state, colour, r))]
                      for r in state.regions if r != state.king and board.held(state, colour, r)]
        page.cursor = len(page.rows)
    return page


def place_extra(game: Game, colour: str, found: list[cards.ActionCard]) -> Page:
    """Extra Caballeros from the Court: up to 2 into regions only (2023 Militia, Delegation's
    place half), one at a time on a region list (``one_by_one``); else (the classic Intrigue's,
    the Castillo a choice) a counter per region and the Castillo, pre-filled with all the card
    places, one at a time in the region where each gains the player most were the board scored
    now (companion/engine/gains.py), the cursor on the OK row: one OK when that is where they go.
    + elsewhere takes one from the fullest row, then from the other pre-filled ones (CountsPage);
    sent as one unit."""
    state = game.state
    most = max(_number(c) for c in found)
    castillo = any(c.param("castillo") for c in found)
    regions = [r for r in state.regions if r != state.king]
    court = board.held(state, colour, board.COURT)
    if most <= 2 and not castillo and court:
        return one_by_one(game, colour, found[0].title if len({c.title for c in found}) == 1 else "Card",
                          regions, min(most, court), {})
    places = regions + ([spain.CASTILLO] if castillo else [])
    room = min(most, court)
    likeliest = gains.spread(state, colour, regions, room)
    rows = [[state.rules.name(p), p, likeliest.get(p, 0), 0, room, f"the card places {most} more"] for p in places]
    fullest = max(range(len(places)), key=lambda i: likeliest.get(places[i], 0)) if places else None

    def send(got: dict) -> Intent:
        steps = [s.CardMoved(colour, board.COURT, p, n) for p, n in got.items() if n]
        return Send(*steps, after=end_if_done) if steps else Pop()

    return CountsPage("placements", game.prompt.headline, f"{state.name(colour)}: {most} more from the Court",
                      send, rows=rows, total=room, default=fullest,
                      over=f"all {room} set: the card places {most} more (− takes one off)")


ORDINALS = ("1st", "2nd")


def one_by_one(game: Game, colour: str, title: str, regions: list[str], room: int, placed: dict[str, int]) -> Page:
    """Where the next of ``room`` Caballeros from the Court goes, ``placed`` already chosen: a
    region list, the cursor on where it gains most given those (companion/engine/gains.py). Its OK
    opens the next Caballero's list (Back returns to this one), the 1st's region marked; the last
    OK sends them all as one unit, one step a region in the board's order (nothing recorded
    before). From the 2nd on, a last row places no more ("up to 2", 000 "Militia")."""
    state = game.state
    nth = sum(placed.values())
    likeliest = gains.next_place(gains.Gains(state, colour), regions, placed)

    def chosen(region: str | None) -> Intent:
        got = dict(placed)
        if region is not None:
            got[region] = got.get(region, 0) + 1
            if nth + 1 < room:
                return Push(one_by_one(game, colour, title, regions, room, got))
        steps = [s.CardMoved(colour, board.COURT, r, got[r]) for r in regions if got.get(r)]
        return Send(*steps, after=end_if_done)

    items: list[tuple[str, str | None]] = [(state.rules.name(r), r) for r in regions]
    marks: list[str] = []
    prompt = f"{title}: where does the {ORDINALS[nth]} go?"
    if nth:
        items.append((f"none: the {ORDINALS[0]} alone", None))
        marks = [ORDINALS[0] if r and placed.get(r) else "" for _, r in items]  # where the 1st goes
    elif room == 1:
        prompt = f"{title}: where does it go? (Court: 1)"
    return ListPage("region", game.prompt.headline, prompt, chosen, items=items, marks=marks,
                    cursor=regions.index(likeliest) if likeliest in regions else 0)


def _number(card: cards.ActionCard) -> int:
    """The card's count of Caballeros ("all" is handled by the caller)."""
    count = card.param("count")
    return count if isinstance(count, int) else 1


def counts(game: Game, prompt: str, sources: list[tuple[str, str, int]], target: str) -> CountsPage:
    """One counter per (colour, source), up to the most each may send, pre-filled with it; all
    to ``target``, as one unit."""
    state = game.state
    rows = []
    for colour, source, most in sources:
        have = board.held(state, colour, source)
        top = min(most, have)
        rows.append([f"{state.name(colour)} · {where(state, source, colour)}", (colour, source), top, 0, top])

    def send(got: dict) -> Intent:
        steps = [s.CardMoved(colour, source, target, n) for (colour, source), n in got.items() if n]
        return Send(*steps, after=end_if_done) if steps else Pop()

    return CountsPage("counts_correction", game.prompt.headline, prompt, send, rows=rows)


def send_back(game: Game, effect: Effect, found: list[cards.ActionCard], left: list[str]) -> Intent:
    """Each opponent in turn, left neighbour first: how many go back to the Province from where,
    pre-filled with as many as the card makes them send (000 l.281: "as much of the action as
    possible"; l.553), their Court first, then the regions in the board's order: one OK when that
    is what they send. Fewer is refused on the page, with the reason; an opponent with nothing to
    send back is passed over, and when nobody has any the turn page says so."""
    state = game.state
    card = found[0]
    owing = [c for c in left if card_duties.owed(state, card, c)]
    if not owing:
        nobody = "no opponent has" if len(left) > 1 or not left else f"{state.name(left[0])} has"
        return Say(f"{card.title}: {nobody} Caballeros to send back")
    colour, rest = owing[0], owing[1:]
    musts = {card_duties.owed(state, c, colour) for c in found}  # (a card not named: what its stack may hold)
    must = min(musts)
    most = max(30 if c.param("count") == "all" else _number(c) for c in found)
    sources = [(colour, p, most) for p in card_duties.sources(state, card) if board.held(state, colour, p)]
    page = counts(game, f"{state.name(colour)} sends back {must}" + ("" if len(musts) == 1 else " or more"),
                  sources, board.PROVINCE)
    if len(musts) == 1 and must < most and card.param("count") != "all":
        page.prompt += " (all they have)"
    todo = must
    for row in page.rows:  # as many as possible: the Court first, then the regions
        row[2] = min(row[4], todo)
        todo -= row[2]
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


def by_disc(game: Game, card: cards.ActionCard, colours: list[str]) -> Intent:
    """Civil War and the classic twins: each opponent, left neighbour first, reveals the region on
    their disc (those holding the card's minimum; 1995's Return 2: classic_1995.disc_regions); its
    Caballeros there (all, or the card's number) go back to the Province. Each list's cursor
    starts on the region where that loss costs its player least on the board as the discs were
    set, before any was revealed (companion/engine/gains.py)."""
    count, least = card.param("count"), card.param("min_in_region")
    least = least if isinstance(least, int) else 1
    most = None if count == "all" else _number(card)
    likeliest = {c: gains.cheapest_loss(game.state, c, classic_1995.disc_regions(game.state, card, c), most)
                 for c in colours}

    def page_for(colour: str, done) -> Page:
        state = game.state
        regions = classic_1995.disc_regions(state, card, colour)

        def chosen(region: str | None) -> Intent:
            if region is None:
                why = card_duties.disc_short(state, card, colour, [])  # (from rules revision 5: none is no choice)
                return Say(why) if why else done()
            have = board.held(state, colour, region)
            return done(s.CardMoved(colour, region, board.PROVINCE, have if count == "all" else min(_number(card), have)))

        items = [("none / not clear", None)] + [(f"{state.rules.name(r)} · {board.held(state, colour, r)}", r)
                                                 for r in regions]
        disc = likeliest.get(colour)
        return ListPage("disc", game.prompt.headline, f"{card.title}: {state.name(colour)}'s disc", chosen,
                        items=items, cursor=1 + regions.index(disc) if disc in regions else 0)

    state = game.state
    asked = [c for c in colours if classic_1995.disc_regions(state, card, c)]
    if not asked:  # nothing to do: said on the turn page, no page of discs with no region to choose
        return Say(f"{card.title}: no opponent has {least if least > 1 else 'any'} in a region outside the King's")
    return _one_after_another(game, asked, page_for)


def evict(game: Game) -> Intent:
    """Eviction / Coup: the region named, then each opponent there, left neighbour first: the region
    on their disc (the King's region, in a 1995 game the emptied one too: back to their Court;
    classic_1995.eviction_to)."""
    state = game.state
    active = state.active
    regions = [r for r in spain.SCORING_ORDER if r != state.king
               and any(n for c, n in state.counts[r].items() if c != active)]

    def named(region: str) -> Intent:
        there = [c for c in opponents(game) if board.held(game.state, c, region)]
        refuges = {c: gains.likeliest_refuge(game.state, c, board.held(game.state, c, region),
                                             [r for r in spain.SCORING_ORDER if r not in (region, game.state.king)])
                   for c in there}  # (the discs set at once, before any is revealed)

        def page_for(colour: str, done) -> Page:
            st = game.state
            have = board.held(st, colour, region)
            to = {r: classic_1995.eviction_to(st, region, r) for r in spain.SCORING_ORDER}
            places = [r for r in spain.SCORING_ORDER if to[r] is not None]
            refuge = refuges[colour]
            items = [(f"{st.rules.name(r)}" + ("" if to[r] == r else " (King's: to the Court)" if r == st.king
                                               else " (emptied: to the Court)"), r) for r in places]
            return ListPage("disc", game.prompt.headline, f"{st.name(colour)}'s {have} to", lambda r: done(
                s.CardMoved(colour, region, to[r] or r, have)), items=items,
                cursor=places.index(refuge) if refuge in places else 0)

        return _one_after_another(game, there, page_for)

    if not regions:  # nothing to do: said on the turn page
        return Say("no region outside the King's holds another player's Caballeros to move out")
    likeliest = gains.likeliest_eviction(state, active or "", regions, opponents(game))
    return Push(ListPage("region", game.prompt.headline, "Which region is emptied?", named,
                         items=[(state.rules.name(r), r) for r in regions],
                         cursor=regions.index(likeliest) if likeliest else 0))


def entourage(game: Game, card: cards.ActionCard) -> Intent:
    """Entourage: after the King's move, 2 Caballeros of any colour follow him from his old region,
    or as many as there are (000 l.669): one counter per colour there, pre-filled with that many,
    the active player's own first (one OK when those follow); fewer is refused on the page."""
    state = game.state
    old = state.turn_king_from
    if old is None or old not in state.regions:
        return Say(f"{card.title}: move the King first (King moved), then his followers")
    carry = card.param("carry")
    most = carry if isinstance(carry, int) else 2
    there = sorted((c for c, n in state.counts[old].items() if n), key=lambda c: c != state.active)  # own first
    if not there:
        return Say(f"nobody has Caballeros in {state.rules.name(old)} to follow the King")
    must = min(most, sum(state.counts[old].values()))
    rows, todo = [], must
    for c in there:  # 000 l.669: "you must move as many Caballeros as possible along with the King"
        top = min(most, state.counts[old][c])
        rows.append([state.name(c), c, min(top, todo), 0, top])
        todo -= min(top, todo)

    def send(got: dict) -> Intent:
        if sum(got.values()) < must:
            return Say(f"{card.title}: {must} follow the King, as many as possible, not {sum(got.values())}")
        steps = [s.CardMoved(c, old, state.king or "", n) for c, n in got.items() if n]
        return Send(*steps, after=end_if_done) if steps else Pop()

    return Push(CountsPage("counts_correction", game.prompt.headline,
                           f"From {state.rules.name(old)} with the King (up to {most})", send, rows=rows))
