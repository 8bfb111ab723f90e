"""Scorings: the special scoring a card starts, the secret discs, the counts of each region
and the Castillo, and the standings at the end."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.engine import flow, offers
from companion.engine import steps as s
from companion.engine.offers import scorings as asks
from companion.rules import spain
from companion.rules.modes import BLACK
from companion.rules.special_scoring import KINDS
from companion.ui.intents import Intent, PhoneCode, Pop, Push, Say, Send, Undo
from companion.ui.pages import CountsPage, LinesPage, ListPage, Page
from companion.ui.screens.common import MENU_KEY, Key3, View, facts, paragraph, refusal, refused_rows, region_page
from companion.ui.view import Chart, Line, Series

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def special_menu(game: Game, only: list[str] | None = None) -> Page:
    """The special scorings the turn's card may start (rules revision 2: only its own kinds;
    ``only``: those the Big Box mode's special action allows, its page's choice)."""
    state = game.state
    kinds = asks.special_kinds(state, only)
    items = [(k.label, k.key) for k in KINDS.values() if kinds is None or k.key in kinds]
    page = ListPage("special", game.prompt.headline, "Which special scoring?", lambda k: start_special(game, k),
                    items=items)
    refused_rows(page, {k: offers.scoring(state, game.expects, k).why_not for _, k in items})  # before the choice
    return page


def start_special(game: Game, kind: str, named: bool = False) -> Intent:
    """The first page of a special scoring. Its places are scored in the board's order: the
    order never changes a score (RULES.md), so the table is not asked for one. ``named``: the
    kind the turn's card names, from its own row; with the board recorded it scores at once."""
    state = game.state
    if named and asks.scores_at_once(state):
        scored = at_once(game, kind)
        if scored is not None:
            return scored
    if kind == "region":
        def started(r: str) -> s.SpecialScoringStarted:
            return s.SpecialScoringStarted("castillo" if r == spain.CASTILLO else "region", (r,))

        page = region_page(game, "Score which region?", lambda r: Send(started(r)), move="score",
                           extra=castillo_too(state))
        refused_rows(page, {r: refusal(game, started(r)) for _, r in page.items})  # said before the choice
        return Push(page)
    if kind == "discs":
        def by_discs(discs: dict) -> s.SpecialScoringStarted:
            return s.SpecialScoringStarted("discs", asks.special_regions(state, "discs", discs=discs))

        return ask_discs(game, list(state.colours), lambda discs: Send(by_discs(discs)), "Scoring disc", step=by_discs)
    regions = asks.special_regions(state, kind)
    names = ", ".join(state.rules.name(r) for r in regions) or "nothing"
    if asks.veto_may_stop(state, kind, regions):
        # 003 l.450-452, 004 l.114: a classic Veto may stop it part-way; the table records the
        # regions scored before the Veto (the board's order), or all of them.
        items = [(f"Scores: {names}", regions)] + [
            (f"Only {', '.join(state.rules.name(r) for r in regions[:n])} (Veto)", regions[:n])
            for n in range(len(regions) - 1, 0, -1)]
        return Push(ListPage("special_confirm", game.prompt.headline, KINDS[kind].wording,
                             lambda chosen: Send(s.SpecialScoringStarted(kind, tuple(chosen))), items=items))
    return Push(LinesPage("special_confirm", game.prompt.headline, KINDS[kind].wording,
                          lambda _: Send(s.SpecialScoringStarted(kind, regions)),
                          lines=[paragraph(f"Scores: {names}"), paragraph("(from the counts known; correct them in the menu)")]))


def at_once(game: Game, kind: str) -> Intent | None:
    """A special scoring the turn's card names, the board recorded: nothing to ask that the board
    does not know, so its OK scores it as the board holds it, in one unit, and the turn ends with
    it when the card's actions are done (its results are read once, as the turn's last page). One
    region: its list first, the cursor on the region that scores the player most. None: asked
    page by page (secret discs, or a classic Veto that may stop it part-way)."""
    from companion.ui.screens.turn_end import end_if_done  # (the turn's pages: loaded with a game)

    state = game.state

    def score(regions: tuple[str, ...], kind: str = kind) -> Intent:
        return Send(s.SpecialScoringStarted(kind, regions), *[recorded(state, r) for r in regions], after=end_if_done)

    if kind == "region":
        return Push(region_page(game, "Score which region?", lambda r: score(
            (r,), "castillo" if r == spain.CASTILLO else "region"), move="score", current=best_region(game),
            extra=castillo_too(state)))
    regions = asks.special_regions(state, kind) if kind != "discs" else ()
    if not regions or asks.veto_may_stop(state, kind, regions):
        return None
    return score(regions)


def castillo_too(state) -> tuple[tuple[str, str], ...]:
    """The Castillo as a region's special scoring may choose it: in a 1995 classic game, scored as
    the Castillo card scores it (004 l.124, l.139)."""
    return (("the Castillo", spain.CASTILLO),) if asks.castillo_choosable(state) else ()


def recorded(state, where: str) -> s.Scored:
    """A place scored as the board holds it."""
    known = state.castillo if where == spain.CASTILLO else state.counts[where]
    return s.Scored(where, tuple((c, n) for c, n in known.items() if n))


def best_region(game: Game) -> str | None:
    """The region whose scoring brings the active player the most points on the board as recorded
    (the first in the board's order among equals: the engine's, offers/scorings.py)."""
    return asks.best_region(game.state)


def ask_discs(game: Game, who: list[str], done: Callable[[dict], Intent], title: str,
              chosen: dict | None = None, step: Callable[[dict], s.Step] | None = None) -> Intent:
    """One list per player: the region on their secret disc (or none / not clear); then ``done``.
    ``step``: what ``done`` sends, so the last player's list marks the discs the referee refuses."""
    chosen = dict(chosen or {})
    if not who:
        return done(chosen)
    colour, rest = who[0], who[1:]

    def pick(region: str | None) -> Intent:
        return ask_discs(game, rest, done, title, {**chosen, colour: region}, step)

    page = disc_page(game, f"{title}: {game.state.name(colour)}", pick)
    if step is not None and not rest:  # (said before the choice: e.g. a scoring of nothing)
        refused_rows(page, {r: refusal(game, step({**chosen, colour: r})) for _, r in page.items})
    return Push(page)


def as_recorded(game: Game) -> bool:
    """Whether a general scoring's regions are confirmed on one page, as the board records them
    (the engine's flow: companion/engine/flow.py)."""
    return flow.regions_as_recorded(game.state)


def regions_page(game: Game) -> Page:
    """A general scoring with the board recorded: the regions left to score, each with the counts
    the board holds ("Navarra R3 B2"), under *Score them as recorded*, where the cursor starts: one
    OK scores them all. OK on a region opens its counts to change them; that region is scored
    alone, and the list comes back without it."""
    from companion.ui.screens.map import initial  # (the map's initials: K is black)

    state, p = game.state, game.prompt
    left = list(p.choices)

    def held(where: str) -> str:
        counts = sorted(((c, n) for c, n in state.counts[where].items() if n), key=lambda cn: -cn[1])
        return " ".join(f"{initial(c)}{n}" for c, n in counts)

    def chosen(where: str | None) -> Intent:
        if where is None:
            return Send(*[s.Scored(r, tuple((c, n) for c, n in state.counts[r].items() if n)) for r in left])
        page = counts(game, where)
        page.third, page.on_third = "Back", Pop
        return Push(page)

    items: list[tuple[str, str | None]] = [("Score them as recorded", None)]
    items += [(f"{state.rules.name(r)} {held(r)}", r) for r in left]
    return ListPage("scoring_regions", p.headline, "The regions, as the board holds them", chosen, items=items,
                    **MENU_KEY)


def counts(game: Game, where: str | None = None) -> Page:
    """The Caballeros in the place being scored, pre-filled with what the companion knows."""
    state, p = game.state, game.prompt
    where = where or p.choices[0]
    known = state.castillo if where == spain.CASTILLO else state.counts[where]
    rows = []
    for colour in state.counted:
        have = known.get(colour, 0)
        # The Grand Inquisitor's black (counted, but nobody's: a player who chose black is not them, issue 32):
        # his few may have moved since their counts were last seen (scores only), so any count up to all
        # of them; the referee checks each place against that too.
        nobodys = colour not in state.everyone
        room = state.supply(colour) if nobodys else state.supply(colour) - state.on_board(colour) + have
        rows.append([state.name(colour), colour, have, 0, max(have, room)])
    # Only the columns that score at this table (2 or 3 players: the first two, or one).
    values = "/".join(map(str, state.values(where)[:state.rules.columns(len(state.colours))]))
    notes = []
    if where == state.king:
        notes.append("King")
    grandes = [state.name(c) for c, r in state.grandes.items() if r == where]
    if grandes:
        notes.append("Grande " + ", ".join(grandes))
    if where == state.limit_table:
        spaces, here = asks.limit_spaces(state), sum(known.values())
        # more on the board than its spaces: the table counts those on it (said before the OK)
        notes.append(f"on the Limit table ({spaces})" + (f": {here} here, count {spaces}" if here > spaces else ""))
    seats = asks.seats(state, where)
    if seats and not any(state.values(where)):  # the ship: only the Captain scores (S:214)
        values = "· only the " + " and ".join(f"{seat.title} (+{seat.amount})" for seat in seats) + " scores"
    elif seats:
        notes.append(" ".join(f"{seat.title} +{seat.amount}" for seat in seats))
    if BLACK in state.counted and facts(state.settings).unowned_ignored and not state.settings.black_invisible:
        notes.append("Black ignored")  # Grandissimo (S:398)
    prompt = f"{state.rules.name(where)} {values}" + (f" · {' · '.join(notes)}" if notes else "")

    def scored(got: dict) -> Intent:
        counted = tuple(got.items())
        why = refusal(game, s.Scored(where, counted))  # the counts first (France's room, the Limit table)
        if why and (seats or where == state.limit_table):
            return Say(why)  # the page's own line (its prompt said the room): nothing sent
        if seats:  # before anyone is asked to sit
            return ask_seats(game, where, counted, list(seats), ())
        return Send(s.Scored(where, counted))

    return CountsPage("scoring", p.headline, prompt, scored, rows=rows, **_leave_special(game))


def _leave_special(game: Game) -> Key3:
    """KEY3 on a scoring's counts: Back out of a special scoring before any of its places is
    confirmed (its start taken back: nothing scored yet), else the menu."""
    steps = game.steps
    if steps and isinstance(steps[-1], s.SpecialScoringStarted):
        return {"third": "Back", "on_third": Undo}
    return MENU_KEY


def ask_seats(game: Game, where: str, counted: tuple, seats: list, chosen: tuple) -> Intent:
    """Who sits on each seat of the region (S:209, S:214, S:219): a player with a Caballero
    counted there, or nobody; the cursor on whoever sat there at the last scoring."""
    state = game.state
    if not seats:
        return Send(s.Scored(where, counted, seats=chosen))
    seat, rest = seats[0], seats[1:]
    there = [c for c, n in counted if n and c in state.colours]
    if not there:  # nobody can sit: no question
        return ask_seats(game, where, counted, rest, chosen)
    items: list[tuple[str, str | None]] = [("nobody", None)] + [(state.name(c), c) for c in there]
    last = asks.last_seated(state, where, dict(counted), seat.title)
    cursor = next((i for i, (_, c) in enumerate(items) if c == last and c is not None), 0)

    def sits(colour: str | None) -> Intent:
        return ask_seats(game, where, counted, rest, chosen + (((seat.title, colour),) if colour else ()))

    page = ListPage("seat", game.prompt.headline, f"{state.rules.name(where)}: who is {seat.title}?",
                    sits, items=items, cursor=cursor)
    if not rest:  # the last seat: the seatings the referee refuses (more seated than counted) said before
        refused_rows(page, {c: refusal(game, s.Scored(where, counted, seats=chosen + (((seat.title, c),) if c else ())))
                            for _, c in items})
    return Push(page)


def discs(game: Game, view: View = View()) -> Page:
    """The secret discs: one region list per player with Caballeros in the Castillo, each disc
    kept as soon as it is entered (a restart asks only the rest). The prompt says how many
    each has in the Castillo; the cursor starts on the first region, as a player with
    Caballeros there has set a disc ("none / not clear", one row up, is the rare answer)."""
    state, p = game.state, game.prompt
    inside = asks.waiting_discs(state) + [c for c in state.discs]

    def send(chosen: dict) -> Intent:
        return Send(s.SecretDiscs(tuple((c, chosen.get(c)) for c in state.colours)))

    if not inside:
        why = ("Rebellion: the Castillo is the King's region, its Caballeros stay in: no secret discs."
               if state.king == spain.CASTILLO and state.castillo else
               "Nobody threw into the Castillo: no secret discs needed.")
        return LinesPage("discs", p.headline, "Secret discs", lambda _: send({}),
                         lines=[paragraph(why, then="")], **MENU_KEY)
    colour = asks.waiting_discs(state)[0]
    count = "" if view.hide_castillo else (f" ({state.castillo[colour]} in)" if state.castillo.get(colour)
                                           else f" ({state.castillo[BLACK]} black in)"
                                           if colour == asks.black_disc_holder(state)
                                           else " (its Grande in)" if colour in state.grandes_in_castillo
                                           else " (its Grande)")
    disc = disc_page(game, f"Disc: {state.name(colour)}{count}", lambda r: Send(s.SecretDisc(colour, r)), colour)
    disc.third, disc.on_third = MENU_KEY["third"], MENU_KEY["on_third"]
    return disc


def disc_page(game: Game, prompt: str, then: Callable[[str | None], Intent],
              colour: str | None = None) -> ListPage:
    """Where one secret disc points: "none / not clear" first, the cursor on the region the
    player's Castillo Caballeros gain most in (with the board recorded), else the first region."""
    current = likeliest_disc(game, colour) if colour is not None else None
    return region_page(game, prompt, then, none_label="none / not clear", kind="disc",
                       current=current or spain.SCORING_ORDER[0])


def likeliest_disc(game: Game, colour: str) -> str | None:
    """The region where ``colour``'s Caballeros in the Castillo would gain the most points on the
    board as recorded (not the King's region, where they would go back to the Court); the first in
    scoring order among equals. None when the board is not recorded or nothing is gained anywhere."""
    return asks.likeliest_disc(game.state, colour)  # (the engine's: offers/scorings.py)


def standings(game: Game) -> Page:
    state = game.state
    lines = [Line(f"{place}. {state.name(colour)}", str(points), strong=place == 1)
             for place, colour, points in state.standings()]
    return LinesPage("standings", "Game over", game.prompt.asks, lambda _: PhoneCode(),
                     lines=lines, ok_label="Phone", **MENU_KEY)


def chart_page(game: Game) -> Page:
    state = game.state
    totals = {c: [0] for c in state.colours}
    running = {c: 0 for c in state.colours}
    occasion = None
    for line in state.sheet:
        if line.occasion != occasion and occasion is not None:
            for c in state.colours:
                totals[c].append(running[c])
        occasion = line.occasion
        running[line.colour] += line.points
    for c in state.colours:
        totals[c].append(running[c])
    series = tuple(Series(state.name(c), tuple(totals[c])) for c in state.colours)
    return LinesPage("chart", "Game over", "Scores over the game", lambda _: Pop(), body=Chart(series))
