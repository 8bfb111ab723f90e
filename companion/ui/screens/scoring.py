"""The special scorings a turn's card starts: which kind, then its region, its secret discs or its
confirmation (with the board recorded, the card's own kind scored at once, as the board holds it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import offers
from companion.engine import steps as s
from companion.engine.offers import scorings as asks
from companion.language import _
from companion.rules import spain
from companion.rules.special_scoring import KINDS
from companion.ui.intents import Intent, Push, Send
from companion.ui.intents import Page as Shown
from companion.ui.pages import LinesPage, ListPage, Page
from companion.ui.screens.common import paragraph, refusal, refused_rows, region_page
from companion.ui.screens.secret_discs import ask_discs

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def special_menu(game: Game, only: list[str] | None = None) -> Page:
    """The special scorings the turn's card may start (rules revision 2: only its own kinds;
    ``only``: those the Big Box mode's special action allows, its page's choice)."""
    state = game.state
    kinds = asks.special_kinds(state, only)
    items = [(_(k.label), k.key) for k in KINDS.values() if kinds is None or k.key in kinds]
    page = ListPage("special", game.prompt.headline, _("Which special scoring?"), lambda k: start_special(game, k),
                    items=items)
    refused_rows(page, {k: offers.scoring(state, game.expects, k).why_not for _label, k in items})  # before the choice
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

        page = region_page(game, _("Score which region?"), lambda r: Send(started(r)), move="score",
                           extra=castillo_too(state))
        refused_rows(page, {r: refusal(game, started(r)) for _label, r in page.items})  # said before the choice
        return Push(page)
    if kind == "discs":
        def by_discs(discs: dict) -> s.SpecialScoringStarted:
            return s.SpecialScoringStarted("discs", asks.special_regions(state, "discs", discs=discs))

        return ask_discs(game, list(state.colours), lambda discs: Send(by_discs(discs)), _("Scoring disc"), step=by_discs)
    regions = asks.special_regions(state, kind)
    names = ", ".join(state.rules.name(r) for r in regions) or _("nothing")
    if asks.veto_may_stop(state, kind, regions):
        return Push(veto_page(game, kind, regions, lambda chosen: Send(s.SpecialScoringStarted(kind, chosen))))
    return Push(LinesPage("special_confirm", game.prompt.headline, _(KINDS[kind].wording),
                          lambda _page: Send(s.SpecialScoringStarted(kind, regions)),
                          lines=[paragraph(_("Scores: {regions}").format(regions=names)),
                                 paragraph(_("(from the counts known; correct them in the menu)"))]))


def at_once(game: Game, kind: str) -> Intent | None:
    """A special scoring the turn's card names, the board recorded: nothing to ask that the board
    does not know, so its OK scores it as the board holds it, in one unit, and the turn ends with
    it when the card's actions are done (its results are read once, as the turn's last page). One
    region: its list first, the cursor on the region that scores the player most; where a classic
    Veto may stop it part-way, the list of all or the part before the Veto first. None: asked page
    by page (secret discs)."""
    state = game.state

    def score(regions: tuple[str, ...], kind: str = kind) -> Intent:
        return Send(s.SpecialScoringStarted(kind, regions), *[recorded(state, r) for r in regions], after=turn_end)

    if kind == "region":
        return Push(region_page(game, _("Score which region?"), lambda r: score(
            (r,), "castillo" if r == spain.CASTILLO else "region"), move="score", current=best_region(game),
            extra=castillo_too(state)))
    regions = asks.special_regions(state, kind) if kind != "discs" else ()
    if not regions:
        return None
    if asks.veto_may_stop(state, kind, regions):  # (its list: the whole scoring or the part before a Veto)
        return Push(veto_page(game, kind, regions, score))
    return score(regions)


def veto_page(game: Game, kind: str, regions: tuple[str, ...], then) -> ListPage:
    """003 l.450-452, 004 l.114: a classic Veto may stop a special scoring part-way; the table says
    whether it scored all the card's regions (the first row, the cursor on it) or those before the
    Veto (the board's order). ``then``: what the chosen regions start (with the board recorded,
    scored at once as the board holds them, issue 35: no page per region)."""
    state = game.state
    name = state.rules.name
    items = [(_("Scores: {regions}").format(regions=", ".join(name(r) for r in regions)), regions)] + [
        (_("Only {regions} (Veto)").format(regions=", ".join(name(r) for r in regions[:n])), regions[:n])
        for n in range(len(regions) - 1, 0, -1)]
    return ListPage("special_confirm", game.prompt.headline, _(KINDS[kind].wording),
                    lambda chosen: then(tuple(chosen)), items=items)


def after_placing(game: Game) -> Shown | None:
    """The named card's scoring of one region, its list opened by itself once the turn's placements
    are recorded while the turn page's cursor would be on its row (its OK saved; Back: the turn
    page; the engine's offers.scorings.region_next); so is the list of a scoring a classic Veto may
    cut (offers.scorings.veto_next); None otherwise."""
    kind = "region" if asks.region_next(game.state, game.expects) else asks.veto_next(game.state, game.expects)
    if kind is None:
        return None
    intent = start_special(game, kind, named=True)
    return intent.page if isinstance(intent, Push) else None


def with_placements(game: Game) -> tuple[s.Step, ...]:
    """The named card's scoring with nothing to choose, scored as the board holds it by the OK that
    makes the turn's placement whole (the engine's offers.scorings.scored_with_placements: where the
    turn page's cursor would wait on its row, its OK saved; issue 35); () otherwise. A unit of its
    own after the placements', so one undo takes back only the scoring (its results: the next page)."""
    found = asks.scored_with_placements(game.state, game.expects)
    if found is None:
        return ()
    kind, regions = found
    return (s.SpecialScoringStarted(kind, regions), *[recorded(game.state, r) for r in regions])


def turn_end(game: Game) -> tuple[s.Step, ...]:
    """The turn's end that goes with the scoring's OK when the card's actions are done (offers.turn_end)."""
    return offers.turn_end(game.state, game.prompt.expects)


def castillo_too(state) -> tuple[tuple[str, str], ...]:
    """The Castillo as a region's special scoring may choose it: in a 1995 classic game, scored as
    the Castillo card scores it (004 l.124, l.139)."""
    return ((_("the Castillo"), spain.CASTILLO),) if asks.castillo_choosable(state) else ()


def recorded(state, where: str) -> s.Scored:
    """A place scored as the board holds it."""
    known = state.castillo if where == spain.CASTILLO else state.counts[where]
    return s.Scored(where, tuple((c, n) for c, n in known.items() if n))


def best_region(game: Game) -> str | None:
    """The region whose scoring brings the active player the most points on the board as recorded
    (the first in the board's order among equals: the engine's, offers/scorings.py)."""
    return asks.best_region(game.state)


def special_row(game: Game, kind: str) -> tuple[str, object]:
    """The turn page's row for the special scoring the card names."""
    return (_("Score: {kind}").format(kind=_(KINDS[kind].label)), lambda: start_special(game, kind, named=True))


def special_menu_row(game: Game) -> tuple[str, object]:
    """The turn page's row for a special scoring of the table's choice (the card's stack may grant one)."""
    return (_("Special scoring"), lambda: Push(special_menu(game)))
