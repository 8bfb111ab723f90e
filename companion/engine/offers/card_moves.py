"""The offers of a card's move of Caballeros (Intrigue, Conspiracy, the move half of "move or
place"), prompt by prompt: whose ("who:<colour>"), from ("from:<region>"), to ("to:<place>") and
how many; each option the referee refuses carries its reason (the first one it gives), each
default the likeliest move the board gives (companion/engine/gains.py). Functions of (state) and
the kinds the chart asks for now (``expects``), never of a Game or a page (issue 34)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.engine import board, card_effects, gains
from companion.engine import steps as s
from companion.engine.offers.offer import Offer, Option, offer, refusal

if TYPE_CHECKING:
    from companion.engine.state import GameState


def movable(state: GameState, expects: Sequence[str], colour: str, sources: Sequence[str],
            targets: Sequence[str] | None = None) -> str:
    """"" when the turn's card lets one of ``colour``'s Caballeros go from one of ``sources`` to one
    of ``targets`` (any place a card moves them between); else why not (the referee's first reason)."""
    reason = ""
    for source in sources:
        if source == state.king or not board.held(state, colour, source):
            continue
        for target in targets or card_effects.on_board(state):
            if target in (source, state.king):
                continue
            why = refusal(state, expects, (s.CardMoved(colour, source, target, 1),))
            if not why:
                return ""
            reason = reason or why
    return reason or f"{state.name(colour)} has no Caballeros this card may move"


def more(state: GameState, expects: Sequence[str]) -> bool:
    """Whether the card still lets some colour's Caballeros move (the next move's page opens)."""
    return any(not movable(state, expects, colour, state.regions) for colour in state.counted)


def whose(state: GameState, expects: Sequence[str]) -> Offer:
    """Whose Caballeros move ("who:<colour>"): a colour the card cannot move says why; the default
    the colour of the likeliest move."""
    colours = list(state.counted)
    options = [Option(f"who:{c}", (), movable(state, expects, c, state.regions)) for c in colours]
    able = [o.id.removeprefix("who:") for o in options if o.allowed]
    likeliest = gains.likeliest_move(state, able, state.regions, state.regions) if able else None
    return offer("who", options, [f"who:{likeliest[0]}" if likeliest else None])


def sources(state: GameState, expects: Sequence[str], colour: str) -> Offer:
    """From which region ``colour``'s go ("from:<region>", those holding some, never the King's):
    one the card cannot move them out of says why; the default where the likeliest move starts,
    else the fullest of those it may."""
    held = [r for r in state.regions if r != state.king and board.held(state, colour, r)]
    options = [Option(f"from:{r}", (), movable(state, expects, colour, (r,))) for r in held]
    able = [o.id.removeprefix("from:") for o in options if o.allowed]
    likeliest = gains.likeliest_move(state, (colour,), able, state.regions) if able else None
    fullest = max(able, key=lambda r: board.held(state, colour, r)) if able else None
    return offer("from", options, [f"from:{likeliest[1]}" if likeliest else None, f"from:{fullest}"])


def targets(state: GameState, expects: Sequence[str], colour: str, source: str) -> Offer:
    """To where ``colour``'s from ``source`` go ("to:<place>", a region or the Castillo): one the
    card does not let them into says why; the default where the likeliest move goes."""
    places = [p for p in card_effects.on_board(state) if p not in (source, state.king)]
    options = [Option(f"to:{p}", (), movable(state, expects, colour, (source,), (p,))) for p in places]
    likeliest = gains.likeliest_move(state, (colour,), (source,), state.regions)
    return offer("to", options, [f"to:{likeliest[2]}" if likeliest else None])


def how_many(state: GameState, expects: Sequence[str], colour: str, source: str, target: str) -> tuple[int, int, str]:
    """How many of ``colour``'s go from ``source`` to ``target``: (the most the card lets go, one at
    least; the count that gains the active player most, the fewest among equals; the referee's
    reason for no more, "" when no more are there)."""
    held = board.held(state, colour, source)
    top, why = 1, ""
    for n in range(held, 1, -1):
        refused = refusal(state, expects, (s.CardMoved(colour, source, target, n),))
        if not refused:
            top = n
            break
        why = refused
    weigh = gains.Gains(state, state.active or colour)
    likeliest = gains.best((weigh.move(colour, source, target, n), n) for n in range(1, top + 1)) or 1
    return top, likeliest, why
