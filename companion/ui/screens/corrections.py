"""Board corrections from the menu: the King, a scoring tile, a Grande, the Castillo,
a region's counts, the scores, and (when the board is recorded) any move of Caballeros
(its pages: correct_moves.py). Each starts at what the companion knows now."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.engine import offers
from companion.engine import steps as s
from companion.language import N_, _
from companion.rules import spain
from companion.ui.intents import Intent, Pop, Push, Send
from companion.ui.pages import CountsPage, ListPage, Page
from companion.ui.screens import correct_moves
from companion.ui.screens.common import View, abroad, refused_rows, region_page
from companion.ui.screens.corrected import corrected, corrected_lines
from companion.ui.words import mobile_scoreboards

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


#: The menu's last row (one ▲ from the top): a move of Caballeros the board did not see.
MOVE = N_("Correct: move Caballeros")


def said(*steps: s.Step) -> Intent:
    """Record a correction, then say what it changed."""
    return Send(*steps, then=corrected(steps))


def items(game: Game, view: View = View()) -> list[tuple[str, object]]:
    """The menu's corrections, each an intent to open its page (``view``: the Castillo kept secret)."""
    state = game.state
    return [
        (_("Correct: the King"), lambda: Push(region_page(game, _("The King is in"), lambda r: said(s.KingMoved(r)),
                                                          extra=abroad(game), current=state.king))),
        (_("Correct: a mobile scoreboard") if mobile_scoreboards(state) else _("Correct: a scoring tile"),
         lambda: Push(tile_page(game, record=said))),
        (_("Correct: a Grande"), lambda: Push(whose_grande(game))),
        (_("Correct: the Castillo"), lambda: Push(castillo(game, view))),
        (_("Correct: counts in a region"), lambda: Push(region_page(
            game, _("Counts in which region?"), lambda r: Push(region_counts(game, r)), move="correct"))),
        (_("Correct: a score"), lambda: Push(scores(game))),
        *([(_(MOVE), lambda: Push(correct_moves.slipped(game, view)))] if offers.recorded(state) else []),
    ]


def tile_page(game: Game, record: Callable[..., Intent] = Send, by_card: bool = False,
              likeliest: Callable[[str], str | None] | None = None) -> ListPage:
    """Which tile, then where (``record``: how the move is recorded; from the menu, said).
    ``by_card``: the turn's card moves it, so it may not go off the board; a tile or a region the
    referee would refuse is marked *not now* before the choice, and OK there says why (no step)."""
    state = game.state

    def tile_chosen(tile: str) -> Intent:
        to = (_("The {tile} scoreboard to?") if mobile_scoreboards(state) else _("The {tile} tile to?")).format(tile=tile)
        page = region_page(game, to, lambda r: record(s.TileMoved(tile, r, by_card)),
                           extra=((_("the Castillo"), spain.CASTILLO),),
                           none_label=None if by_card else _("off the board"),
                           current=(likeliest(tile) if likeliest else None) or state.tiles[tile],
                           move="scoreboard")
        if by_card:  # (the engine's offer of the card's move: offers.tile_regions)
            where = offers.tile_regions(game.state, game.expects, tile)
            refused_rows(page, {o.id.rsplit(":", 1)[1]: o.why_not for o in where.options})
        return Push(page)

    rows = [(_("{tile}, now {region}").format(tile=t, region=state.rules.name(r)) if r else
             _("{tile}, now off the board").format(tile=t), t) for t, r in state.tiles.items()]
    which = _("Which mobile scoreboard?") if mobile_scoreboards(state) else _("Which scoring tile?")
    page = ListPage("tile", game.prompt.headline, which, tile_chosen, items=rows)
    if by_card:  # a tile that can go nowhere (under the King, in quarantine): its first refusal says why
        refused_rows(page, {o.id.split(":", 1)[1]: o.why_not for o in offers.tiles(state, game.expects).options})
    return page


def whose_grande(game: Game) -> Page:
    state = game.state
    return ListPage("who", game.prompt.headline, _("Whose Grande?"),
                    lambda c: Push(region_page(game, _("{name}'s Grande is in").format(name=state.name(c)),
                                               lambda r: said(s.GrandeMoved(c, r)), current=state.grandes.get(c),
                                               move="grande")),
                    items=[(state.name(c), c) for c in state.colours])


def castillo(game: Game, view: View = View()) -> Page:
    """The whole Castillo tally at once; what changed is recorded as one unit. Kept secret, the
    tally is never shown: each colour's change is entered instead (a throw entered wrong, as it was
    announced)."""
    state = game.state
    if view.hide_castillo:
        return secret_castillo(game)
    rows = [[state.name(c), c, state.castillo.get(c, 0), 0, 30] for c in state.everyone]
    return CountsPage("castillo_correction", game.prompt.headline, _("The Castillo holds"),
                      lambda got: said(*[s.CastilloCorrected(c, n) for c, n in got.items()
                                         if n != state.castillo.get(c, 0)]), rows=rows)


def secret_castillo(game: Game) -> Page:
    """000 l.309-310: "No one may ever check how many Caballeros are inside": a correction of the
    secret Castillo is a change per colour (0: none), recorded as the count it makes and said as the
    change, never as what the Castillo holds."""
    state = game.state
    held = {c: state.castillo.get(c, 0) for c in state.everyone}
    rows = [[state.name(c), c, 0, -held[c], 30, _("a correction adds at most 30")] for c in state.everyone]

    def record(got: dict) -> Intent:
        changes = [(c, n) for c, n in got.items() if n]
        if not changes:
            return Pop()
        steps = [s.CastilloCorrected(c, held[c] + n) for c, n in changes]
        return Send(*steps, then=corrected_lines([_("Castillo: {name} {change:+d}").format(name=state.name(c), change=n)
                                                        for c, n in changes]))

    return CountsPage("castillo_correction", game.prompt.headline, _("The Castillo: change by"), record, rows=rows)


def region_counts(game: Game, region: str) -> Page:
    state = game.state
    known = state.counts[region]
    rows = [[state.name(c), c, known.get(c, 0), 0, 30] for c in state.everyone]
    return CountsPage("counts_correction", game.prompt.headline, _("{region} holds").format(region=state.rules.name(region)),
                      lambda got: said(s.CountsCorrected(region, tuple(got.items()))), rows=rows)


def scores(game: Game) -> Page:
    state = game.state
    rows = [[state.name(c), c, state.scores[c], 0, 999] for c in state.colours]
    return CountsPage("score_correction", game.prompt.headline, _("Scores should be"),
                      lambda got: said(*[s.ScoreCorrected(c, n - state.scores[c], "corrected at the table")
                                         for c, n in got.items() if n != state.scores[c]]), rows=rows)
