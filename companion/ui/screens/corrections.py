"""Board corrections from the menu: the King, a scoring tile, a Grande, the Castillo,
a region's counts, the scores, and (when the board is recorded) any move of Caballeros.
Each starts at what the companion knows now."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.game import board
from companion.game import steps as s
from companion.rules import spain
from companion.ui.intents import Intent, Pop, Push, Send
from companion.ui.pages import CountsPage, ListPage, Page
from companion.ui.screens.common import View, abroad, region_page
from companion.ui.screens.notices import corrected, corrected_lines
from companion.ui.words import where

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.game.game import Game


def said(*steps: s.Step) -> Intent:
    """Record a correction, then say what it changed."""
    return Send(*steps, then=corrected(steps))


def items(game: Game, view: View = View()) -> list[tuple[str, object]]:
    """The menu's corrections, each an intent to open its page (``view``: the Castillo kept secret)."""
    state = game.state
    return [
        ("Correct: the King", lambda: Push(region_page(game, "The King is in", lambda r: said(s.KingMoved(r)),
                                                       extra=abroad(game), current=state.king))),
        ("Correct: a scoring tile", lambda: Push(tile_page(game, record=said))),
        ("Correct: a Grande", lambda: Push(whose_grande(game))),
        ("Correct: the Castillo", lambda: Push(castillo(game, view))),
        ("Correct: counts in a region", lambda: Push(region_page(
            game, "Counts in which region?", lambda r: Push(region_counts(game, r))))),
        ("Correct: a score", lambda: Push(scores(game))),
        *([("Correct: move Caballeros", lambda: Push(whose_caballeros(game, view=view)))] if board.tracked(state) else []),
    ]


def tile_page(game: Game, record: Callable[..., Intent] = Send, by_card: bool = False) -> Page:
    """Which tile, then where (``record``: how the move is recorded; from the menu, said).
    ``by_card``: the turn's card moves it, so it may not go off the board."""
    state = game.state

    def tile_chosen(tile: str) -> Intent:
        return Push(region_page(game, f"The {tile} tile to?", lambda r: record(s.TileMoved(tile, r, by_card)),
                                extra=(("the Castillo", spain.CASTILLO),),
                                none_label=None if by_card else "off the board", current=state.tiles[tile]))

    rows = [(f"{t}, now {state.rules.name(r) if r else 'off the board'}", t) for t, r in state.tiles.items()]
    return ListPage("tile", game.prompt.headline, "Which scoring tile?", tile_chosen, items=rows)


def whose_grande(game: Game) -> Page:
    state = game.state
    return ListPage("who", game.prompt.headline, "Whose Grande?",
                    lambda c: Push(region_page(game, f"{state.name(c)}'s Grande is in",
                                               lambda r: said(s.GrandeMoved(c, r)), current=state.grandes.get(c))),
                    items=[(state.name(c), c) for c in state.colours])


def castillo(game: Game, view: View = View()) -> Page:
    """The whole Castillo tally at once; what changed is recorded as one unit. Kept secret, the
    tally is never shown: each colour's change is entered instead (a throw entered wrong, as it was
    announced)."""
    state = game.state
    if view.hide_castillo:
        return secret_castillo(game)
    rows = [[state.name(c), c, state.castillo.get(c, 0), 0, 30] for c in state.everyone]
    return CountsPage("castillo_correction", game.prompt.headline, "The Castillo holds",
                      lambda got: said(*[s.CastilloCorrected(c, n) for c, n in got.items()
                                         if n != state.castillo.get(c, 0)]), rows=rows)


def secret_castillo(game: Game) -> Page:
    """000 l.309-310: "No one may ever check how many Caballeros are inside": a correction of the
    secret Castillo is a change per colour (0: none), recorded as the count it makes and said as the
    change, never as what the Castillo holds."""
    state = game.state
    held = {c: state.castillo.get(c, 0) for c in state.everyone}
    rows = [[state.name(c), c, 0, -held[c], 30, "a correction adds at most 30"] for c in state.everyone]

    def record(got: dict) -> Intent:
        changes = [(c, n) for c, n in got.items() if n]
        if not changes:
            return Pop()
        steps = [s.CastilloCorrected(c, held[c] + n) for c, n in changes]
        return Send(*steps, then=corrected_lines([f"Castillo: {state.name(c)} {n:+d}" for c, n in changes]))

    return CountsPage("castillo_correction", game.prompt.headline, "The Castillo: change by", record, rows=rows)


def region_counts(game: Game, region: str) -> Page:
    state = game.state
    known = state.counts[region]
    rows = [[state.name(c), c, known.get(c, 0), 0, 30] for c in state.everyone]
    return CountsPage("counts_correction", game.prompt.headline, f"{state.rules.name(region)} holds",
                      lambda got: said(s.CountsCorrected(region, tuple(got.items()))), rows=rows)


def scores(game: Game) -> Page:
    state = game.state
    rows = [[state.name(c), c, state.scores[c], 0, 999] for c in state.colours]
    return CountsPage("score_correction", game.prompt.headline, "Scores should be",
                      lambda got: said(*[s.ScoreCorrected(c, n - state.scores[c], "corrected at the table")
                                         for c, n in got.items() if n != state.scores[c]]), rows=rows)


def moved(colour: str, source: str, target: str, count: int) -> Intent:
    """A move the board did not see, recorded as a correction."""
    return said(s.CaballerosMoved(colour, source, target, count))


def whose_caballeros(game: Game, record: Callable[[str, str, str, int], Intent] = moved,
                     places: tuple[str, ...] | None = None, prompt: str = "Whose Caballeros?",
                     sources: tuple[str, ...] | None = None, view: View = View()) -> Page:
    """A move of Caballeros: whose (the Grand Inquisitor's black too), from where (among
    ``sources``, default ``places``), to where (among ``places``, default every place of this
    game), how many, never the King's region; ``record`` makes the intent (a correction here, a
    card's move elsewhere)."""
    state = game.state
    places = places or board.places(state)
    return ListPage("who", game.prompt.headline, prompt,
                    lambda c: Push(move_from(game, c, record, places, sources or places, view)),
                    items=[(state.name(c), c) for c in state.counted])


def move_from(game: Game, colour: str, record: Callable[[str, str, str, int], Intent],
              places: tuple[str, ...], sources: tuple[str, ...], view: View = View()) -> Page:
    state = game.state
    secret = spain.CASTILLO if view.hide_castillo else None  # (listed, its count not shown)
    items = [(where(state, p, colour) + ("" if p == secret else f" · {board.held(state, colour, p)}"), p)
             for p in sources if p != state.king and board.held(state, colour, p)]
    return ListPage("region", game.prompt.headline, f"{state.name(colour)}'s Caballeros from",
                    lambda source: Push(move_to(game, colour, source, record, places)), items=items)


def move_to(game: Game, colour: str, source: str, record: Callable[[str, str, str, int], Intent],
            places: tuple[str, ...]) -> Page:
    state = game.state
    items = [(where(state, p, colour), p) for p in places if p not in (source, state.king)
             and not (board.unowned(state, colour) and p in (board.COURT, board.PROVINCE))
             and not (p == board.COURT and board.courtless(state, colour))]  # the dummy (000 l.465)

    def how_many(target: str) -> Intent:
        most = board.held(state, colour, source)
        return Push(CountsPage("counts_correction", game.prompt.headline,
                               f"{where(state, source, colour)} to {where(state, target, colour)}",
                               lambda got: record(colour, source, target, got[colour]),
                               rows=[[state.name(colour), colour, 1, 1, most]]))

    return ListPage("region", game.prompt.headline, f"From {where(state, source, colour)} to", how_many, items=items)
