"""A card's move of Caballeros (Intrigue, Conspiracy, the move half of "move or place"), page by
page: whose, from, then to where and how many in one list, each list's cursor on the likeliest answer the board gives, the
move that would gain the player most were the board scored now, and no page where there is only
one answer. The next move's page opens by itself while the card lets more move, its first row
"Done moving: end the turn" when stopping there ends the turn (the cursor on it unless a move
left gains the player something: one OK stops after the one intended move; Back: the turn
page), and the move that uses the card up ends the turn on its OK. The pages present the engine's offers
(companion/engine/offers/card_moves.py).

A choice the card cannot make is marked on the page where it is made, with the card's reason on
the error line before the choice: an own move on a card that moves only others' at "whose", a
region it cannot move out of at "from", a place it cannot move into at "to"; a count more than it
lets go is no row (a place's last row is the most it lets go there)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import steps as s
from companion.engine.offers import card_moves as offers
from companion.language import _
from companion.ui.intents import Intent, Push, Say, Send
from companion.ui.intents import Page as Shown
from companion.ui.screens.offered import offer_page
from companion.ui.screens.turn_end import end_if_done
from companion.ui.words import where

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.engine.offers.offer import Option
    from companion.engine.state import GameState
    from companion.play.game import Game


#: The row that stops the card's moves after one (offers.with_stop).
DONE = "Done moving: end the turn"


def _of(option) -> str:
    return option.id.split(":", 1)[1]


def _page(game: Game, kind: str, prompt: str, offered, label, then, stop: bool) -> Push:
    """The offer's list; ``stop`` (the page a move opened by itself): "done" first, when offered."""
    if stop:
        offered = offers.with_stop(game.state, game.expects, offered)
    return Push(offer_page(kind, game.prompt.headline, prompt, offered,
                           lambda o: DONE if o.id == offers.DONE else label(o),
                           lambda o: Send(*o.steps) if o.id == offers.DONE else then(o)))


def first_page(game: Game, stop: bool = False) -> Intent:
    """The move's first page to ask (whose, or from where when one colour alone may move); the
    card's reason when it lets nothing move. ``stop``: opened by itself after a move."""
    state = game.state
    whose = offers.whose(state, game.expects)
    if not whose.allowed:
        return Say(offers.movable(state, game.expects, state.active or list(state.counted)[0], state.regions)
                   or "nothing this card may move")
    if len(whose.allowed) == 1:  # nothing to choose: whose is not asked
        return _sources(game, _of(whose.allowed[0]), stop)
    moved = sum(n for *_, n in state.turn_moves)
    prompt = "Whose Caballeros move?" + (f" ({moved} moved)" if moved else "")
    return _page(game, "who", prompt, whose, lambda o: state.name(_of(o)), lambda o: _sources(game, _of(o)), stop)


def next_page(game: Game) -> Shown | None:
    """After a move: the next move's first page while the card lets more move, "Done moving"
    first when that ends the turn (Back: the turn page)."""
    if not offers.more(game.state, game.expects):
        return None
    intent = first_page(game, stop=True)
    return intent.page if isinstance(intent, Push) else None


def _sources(game: Game, colour: str, stop: bool = False) -> Intent:
    """From which region (never the Castillo or the King's), the cursor where the likeliest move
    of ``colour``'s starts; not asked when the card lets them go from one region only."""
    state = game.state
    why = offers.movable(state, game.expects, colour, state.regions)
    if why:
        return Say(why)
    held = offers.sources(state, game.expects, colour)
    if len(held.allowed) == 1:
        return _targets(game, colour, _of(held.allowed[0]), stop)
    return _page(game, "region", f"{state.name(colour)}'s Caballeros from", held,
                 lambda o: f"{where(state, _of(o), colour)} · {state.counts[_of(o)].get(colour, 0)}",
                 lambda o: _targets(game, colour, _of(o)), stop)


def _targets(game: Game, colour: str, source: str, stop: bool = False) -> Intent:
    """To where and how many, one list (issue 35: a page and an OK less than a page for each): a
    place the card lets one go is its name, one it lets more go a row per count ("Navarra: 1",
    "Navarra: 2"), the cursor on the likeliest move; its OK makes the move."""
    state = game.state
    places = offers.destinations(state, game.expects, colour, source)
    several = {p for p, n in (_place_count(o) for o in places.options) if n > 1}
    return _page(game, "region", _("From {place} to").format(place=where(state, source, colour)), places,
                 lambda o: destination_label(state, colour, *_place_count(o), several),
                 lambda o: _send(o.steps[0]) if o.steps else Say(o.why_not), stop)


def _place_count(option: Option) -> tuple[str, int]:
    _, place, n = option.id.split(":")
    return place, int(n)


def destination_label(state: GameState, colour: str, place: str, n: int, several: set[str]) -> str:
    """A row of the to-and-how-many list: the place, with the count where the card lets more than one
    go there ("Navarra: 2")."""
    name = where(state, place, colour)
    return _("{place}: {count}").format(place=name, count=n) if place in several else name


def _send(move: s.CardMoved) -> Intent:
    return Send(move, after=_done, then=next_page)


def _done(game: Game) -> tuple[s.Step, ...]:
    """After a move: the turn's end when the card lets nothing more move (its numbers used up, or
    nothing left it may move) and nothing is left to place; else the next move's page, or the
    turn page."""
    if offers.more(game.state, game.expects):
        return ()
    return end_if_done(game)
