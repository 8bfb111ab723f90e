"""A card's move of Caballeros (Intrigue, Conspiracy, the move half of "move or place"), page by
page: whose, from, to, how many, each list's cursor on the likeliest answer the board gives, the
move that would gain the player most were the board scored now (companion/engine/gains.py), and
no page where there is only one answer. The next move's page opens by itself while the card lets
more move (Back: no more), and the move that uses the card up ends the turn on its OK.

A choice the card cannot make is refused on the page where it is made, with the card's reason:
an own move on a card that moves only others' at "whose", a region it cannot move out of at
"from", more than it lets go at the counter of "how many"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import board, card_effects, gains
from companion.engine import steps as s
from companion.ui.intents import Intent, Push, Say, Send
from companion.ui.intents import Page as Shown
from companion.ui.pages import CountsPage, ListPage
from companion.ui.screens.turn_end import end_if_done
from companion.ui.words import where

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def first_page(game: Game) -> Intent:
    """The move's first page to ask (whose, or from where when one colour alone may move); the
    card's reason when it lets nothing move."""
    state = game.state
    colours = list(state.counted)
    able = [c for c in colours if movable(game, c, state.regions) is None]
    if not able:
        return Say(movable(game, state.active or colours[0], state.regions) or "nothing this card may move")
    if len(able) == 1:  # nothing to choose: whose is not asked
        return _sources(game, able[0])
    likeliest = gains.likeliest_move(game, able, state.regions, state.regions)
    colour = likeliest[0] if likeliest else able[0]
    moved = sum(n for *_, n in state.turn_moves)
    prompt = "Whose Caballeros move?" + (f" ({moved} moved)" if moved else "")
    return Push(ListPage("who", game.prompt.headline, prompt, lambda c: _sources(game, c),
                         items=[(state.name(c), c) for c in colours], cursor=colours.index(colour)))


def next_page(game: Game) -> Shown | None:
    """After a move: the next move's first page while the card lets more move (Back: no more)."""
    if not any(movable(game, colour, game.state.regions) is None for colour in game.state.counted):
        return None
    intent = first_page(game)
    return intent.page if isinstance(intent, Push) else None


def _sources(game: Game, colour: str) -> Intent:
    """From which region (never the Castillo or the King's), the cursor where the likeliest move
    of ``colour``'s starts; not asked when the card lets them go from one region only."""
    state = game.state
    why = movable(game, colour, state.regions)
    if why:
        return Say(why)
    held = [r for r in state.regions if r != state.king and board.held(state, colour, r)]
    able = [r for r in held if movable(game, colour, (r,)) is None]
    if len(able) == 1:
        return _targets(game, colour, able[0])
    likeliest = gains.likeliest_move(game, (colour,), able, state.regions)
    start = likeliest[1] if likeliest else max(able, key=lambda r: board.held(state, colour, r))

    def chosen(source: str) -> Intent:
        why = movable(game, colour, (source,))
        return Say(why) if why else _targets(game, colour, source)

    return Push(ListPage("region", game.prompt.headline, f"{state.name(colour)}'s Caballeros from", chosen,
                         items=[(f"{where(state, r, colour)} · {board.held(state, colour, r)}", r) for r in held],
                         cursor=held.index(start)))


def _targets(game: Game, colour: str, source: str) -> Intent:
    """To where (a region or the Castillo), the cursor on the region the likeliest move goes to."""
    state = game.state
    places = [p for p in card_effects.on_board(state) if p not in (source, state.king)]
    likeliest = gains.likeliest_move(game, (colour,), (source,), state.regions)
    start = places.index(likeliest[2]) if likeliest else 0
    return Push(ListPage("region", game.prompt.headline, f"From {where(state, source, colour)} to",
                         lambda target: _how_many(game, colour, source, target),
                         items=[(where(state, p, colour), p) for p in places], cursor=start))


def _how_many(game: Game, colour: str, source: str, target: str) -> Intent:
    """How many: pre-filled with the count that gains the player most (the fewest among equals),
    up to the most the card lets go there; no page when that is one."""
    state = game.state
    why = movable(game, colour, (source,), (target,))
    if why:
        return Say(why)
    top, reason = _most(game, colour, source, target)
    if top == 1:  # nothing to decide: no page for how many
        return _send(s.CardMoved(colour, source, target, 1))
    weigh = gains.Gains(state, state.active or colour)
    likeliest = gains.best((weigh.move(colour, source, target, n), n) for n in range(1, top + 1)) or 1
    return Push(CountsPage("counts_correction", game.prompt.headline,
                           f"{where(state, source, colour)} to {where(state, target, colour)}",
                           lambda got: _send(s.CardMoved(colour, source, target, got[colour])),
                           rows=[[state.name(colour), colour, likeliest, 1, top, reason]]))


def _most(game: Game, colour: str, source: str, target: str) -> tuple[int, str]:
    """The most of ``colour``'s the card lets go from ``source`` to ``target`` (one at least:
    ``movable`` said so), and why no more."""
    state = game.state
    held = board.held(state, colour, source)
    why = f"{state.name(colour)} has {held} in {where(state, source, colour)}"
    for n in range(held, 1, -1):
        try:
            game.check(s.CardMoved(colour, source, target, n))
            return n, why
        except s.StepRefused as refused:
            why = str(refused)
    return 1, why


def _send(move: s.CardMoved) -> Intent:
    return Send(move, after=_done, then=next_page)


def movable(game: Game, colour: str, sources: tuple[str, ...], targets: tuple[str, ...] | None = None) -> str | None:
    """None when the turn's card lets one of ``colour``'s Caballeros go from one of ``sources`` to
    one of ``targets`` (any place a card moves them between); else why not (the first reason the
    referee gives)."""
    state = game.state
    reason = ""
    for source in sources:
        if source == state.king or not board.held(state, colour, source):
            continue
        for target in targets or card_effects.on_board(state):
            if target in (source, state.king):
                continue
            try:
                game.check(s.CardMoved(colour, source, target, 1))
                return None
            except s.StepRefused as refused:
                reason = reason or str(refused)
    return reason or f"{state.name(colour)} has no Caballeros this card may move"


def _done(game: Game) -> tuple[s.Step, ...]:
    """After a move: the turn's end when the card lets nothing more move (its numbers used up, or
    nothing left it may move) and nothing is left to place; else the next move's page, or the
    turn page."""
    state = game.state
    if any(movable(game, colour, state.regions) is None for colour in state.counted):
        return ()
    return end_if_done(game)
