"""Menu › Correct: move Caballeros, and a move of Caballeros anywhere (the Big Box's menu too):
whose, from where, to where, how many, the cursors on the likeliest answers
(engine/offers/corrections.py: the last placement's Caballeros first)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.engine import steps as s
from companion.engine.offers import caballeros
from companion.engine.offers import corrections as guesses
from companion.language import N_, _
from companion.rules import spain
from companion.ui.intents import Intent, Push, Send
from companion.ui.pages import CountsPage, ListPage, Page
from companion.ui.screens.common import View
from companion.ui.screens.corrected import corrected
from companion.ui.words import where

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


#: The slip page's last row: any other colour's Caballeros, from anywhere (whose, then from where).
OTHER = N_("Other Caballeros")


def slipped(game: Game, view: View = View()) -> Page:
    """The menu's move of Caballeros (issue 35): the Caballeros the last placement put on the board,
    a row per place (the colour's, in the order placed), the cursor in their middle, so one of a
    placement spread over four places is at most two rows away; the last row *Other Caballeros*
    asks whose and from where (the cursors on the likeliest answers). None placed: whose at once."""
    state = game.state
    colour, run = guesses.last_placement(state)
    held = guesses.slipped(state, colour, run) if colour else []
    if not colour or not held:
        return whose_caballeros(game, view=view, guess=True)
    places = caballeros.every_place(state)
    secret = spain.CASTILLO if view.hide_castillo else None
    items: list[tuple[str, object]] = [
        (f"{state.name(colour)} · {where(state, p, colour)}" + ("" if p == secret else f" · {caballeros.held(state, colour, p)}"),
         p) for p in held]
    items.append((_(OTHER), None))

    def chosen(place: str | None) -> Intent:
        if place is None:
            return Push(whose_caballeros(game, view=view, guess=True))
        return Push(move_to(game, colour, place, moved, places, guess=True, run=run))

    return ListPage("region", game.prompt.headline, _("Which Caballeros move?"), chosen, items=items,
                    cursor=guesses.middle(len(held)))


def moved(colour: str, source: str, target: str, count: int) -> Intent:
    """A move the board did not see, recorded as a correction, then said."""
    step = s.CaballerosMoved(colour, source, target, count)
    return Send(step, then=corrected((step,)))


def whose_caballeros(game: Game, record: Callable[[str, str, str, int], Intent] = moved,
                     places: tuple[str, ...] | None = None, prompt: str | None = None,
                     sources: tuple[str, ...] | None = None, view: View = View(), guess: bool = False) -> Page:
    """A move of Caballeros: whose (the Grand Inquisitor's black too), from where (among
    ``sources``, default ``places``), to where (among ``places``, default every place of this
    game), how many, never the King's region; ``record`` makes the intent (a correction here, a
    card's move elsewhere). ``guess`` (the menu's correction): the cursors start on the likeliest
    answers, the player whose Caballeros a step moved last (else whose turn it is), where that
    colour last placed, the place after it."""
    state = game.state
    places = places or caballeros.every_place(state)
    items = [(state.name(c), c) for c in state.counted]
    likeliest = guesses.last_mover(state) or state.active
    cursor = next((i for i, (_, c) in enumerate(items) if c == likeliest), 0) if guess else 0
    return ListPage("who", game.prompt.headline, prompt or _("Whose Caballeros?"),
                    lambda c: Push(move_from(game, c, record, places, sources or places, view, guess)),
                    items=items, cursor=cursor)


def move_from(game: Game, colour: str, record: Callable[[str, str, str, int], Intent],
              places: tuple[str, ...], sources: tuple[str, ...], view: View = View(), guess: bool = False) -> Page:
    state = game.state
    secret = spain.CASTILLO if view.hide_castillo else None  # (listed, its count not shown)
    items = [(where(state, p, colour) + ("" if p == secret else f" · {caballeros.held(state, colour, p)}"), p)
             for p in sources if p != state.king and caballeros.held(state, colour, p)]
    last = guesses.last_placed(state, colour) if guess else None
    cursor = next((i for i, (_, p) in enumerate(items) if p == last), 0)
    return ListPage("region", game.prompt.headline, _("{name}'s Caballeros from").format(name=state.name(colour)),
                    lambda source: Push(move_to(game, colour, source, record, places, guess)), items=items,
                    cursor=cursor)


def move_to(game: Game, colour: str, source: str, record: Callable[[str, str, str, int], Intent],
            places: tuple[str, ...], guess: bool = False, run: tuple[str, ...] = ()) -> Page:
    """To where, then how many. ``guess`` (the menu's correction): the cursor on the place beside the
    source in the last placement (``run``: its places, listed first), else on the place listed
    after it (a Caballero put one region off); and no page for how many when the source holds one."""
    state = game.state
    ordered, likeliest = guesses.targets(state, colour, source, places, run if guess else ())
    items = [(where(state, p, colour), p) for p in ordered]
    cursor = next((i for i, (_, q) in enumerate(items) if q == likeliest), 0) if guess else 0

    def how_many(target: str) -> Intent:
        most = caballeros.held(state, colour, source)
        if guess and most == 1:  # nothing to decide: no page for how many
            return record(colour, source, target, 1)
        return Push(CountsPage("counts_correction", game.prompt.headline,
                               _("{source} to {target}").format(source=where(state, source, colour),
                                                                target=where(state, target, colour)),
                               lambda got: record(colour, source, target, got[colour]),
                               rows=[[state.name(colour), colour, 1, 1, most]]))

    to = _("From {place} to").format(place=where(state, source, colour))
    return ListPage("region", game.prompt.headline, to, how_many, items=items, cursor=cursor)
