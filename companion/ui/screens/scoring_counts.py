"""A scoring's counts: a general scoring's regions as the board holds them, the Caballeros in each
place scored (pre-filled with what the companion knows), the seats of a region that has them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import flow
from companion.engine import steps as s
from companion.engine.offers import scorings as asks
from companion.engine.table import standing
from companion.language import _
from companion.rules import spain
from companion.ui.intents import Intent, Pop, Push, Say, Send, Undo
from companion.ui.pages import CountsPage, ListPage, Page
from companion.ui.screens.common import MENU_KEY, Key3, refusal, refused_rows

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


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

    items: list[tuple[str, str | None]] = [(_("Score them as recorded"), None)]
    items += [(f"{state.rules.name(r)} {held(r)}", r) for r in left]
    return ListPage("scoring_regions", p.headline, _("The regions, as the board holds them"), chosen, items=items,
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
        notes.append(_("King"))
    grandes = [state.name(c) for c, r in state.grandes.items() if r == where]
    if grandes:
        notes.append(_("Grande {names}").format(names=", ".join(grandes)))
    limit_table = standing(state).limit_table
    if where == limit_table:
        spaces, here = asks.limit_spaces(state), sum(known.values())
        # more on the board than its spaces: the table counts those on it (said before the OK)
        notes.append((_("on the Limit table ({spaces}): {here} here, count {spaces}") if here > spaces
                      else _("on the Limit table ({spaces})")).format(spaces=spaces, here=here))
    seats = asks.seats(state, where)
    if seats and not any(state.values(where)):  # the ship: only the Captain scores (S:214)
        said = [f"{_(seat.title)} (+{seat.amount})" for seat in seats]
        values = (_("· only the {seat} scores").format(seat=said[0]) if len(said) == 1 else
                  _("· only the {seats} and {last} score").format(seats=", ".join(said[:-1]), last=said[-1]))
    elif seats:
        notes.append(" ".join(f"{_(seat.title)} +{seat.amount}" for seat in seats))
    if asks.unowned_ignored(state):
        notes.append(_("Black ignored"))  # Grandissimo (S:398)
    prompt = f"{state.rules.name(where)} {values}" + (f" · {' · '.join(notes)}" if notes else "")

    def scored(got: dict) -> Intent:
        counted = tuple(got.items())
        why = refusal(game, s.Scored(where, counted))  # the counts first (France's room, the Limit table)
        if why and (seats or where == limit_table):
            return Say(why)  # the page's own line (its prompt said the room): nothing sent
        if seats:  # before anyone is asked to sit
            return ask_seats(game, where, counted, list(seats), ())
        return Send(s.Scored(where, counted))

    return CountsPage("scoring", p.headline, prompt, scored, rows=rows, **_leave_special(game))


def _leave_special(game: Game) -> Key3:
    """KEY3 on a scoring's counts: Back out of a special scoring before any of its places is
    confirmed (its start taken back: nothing scored yet), else the menu."""
    if asks.backs_out(game.state):
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
    items: list[tuple[str, str | None]] = [(_("nobody"), None)] + [(state.name(c), c) for c in there]
    last = asks.last_seated(state, where, dict(counted), seat.title)
    cursor = next((i for i, (_, c) in enumerate(items) if c == last and c is not None), 0)

    def sits(colour: str | None) -> Intent:
        return ask_seats(game, where, counted, rest, chosen + (((seat.title, colour),) if colour else ()))

    page = ListPage("seat", game.prompt.headline,
                    _("{region}: who is {seat}?").format(region=state.rules.name(where), seat=_(seat.title)),
                    sits, items=items, cursor=cursor)
    if not rest:  # the last seat: the seatings the referee refuses (more seated than counted) said before
        refused_rows(page, {c: refusal(game, s.Scored(where, counted, seats=chosen + (((seat.title, c),) if c else ())))
                            for _label, c in items})
    return Push(page)
