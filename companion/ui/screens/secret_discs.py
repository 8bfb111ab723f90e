"""The secret discs: the Castillo's scoring asks each player with Caballeros in it the region on his
disc (a phase's page, or a special scoring by discs), the cursor on the likeliest."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.engine import steps as s
from companion.engine.offers import scorings as asks
from companion.language import _
from companion.rules import spain
from companion.rules.modes import BLACK
from companion.ui.intents import Intent, Push, Send
from companion.ui.pages import LinesPage, ListPage, Page
from companion.ui.screens.common import MENU_KEY, View, paragraph, refusal, refused_rows, region_page

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def discs(game: Game, view: View = View()) -> Page:
    """The secret discs: one region list per player with Caballeros in the Castillo, each disc
    kept as soon as it is entered (a restart asks only the rest). The prompt says how many
    each has in the Castillo; the cursor starts on the likeliest region, as a player with
    Caballeros there has set a disc ("none / not clear" is the rare answer: ``disc_page``)."""
    state, p = game.state, game.prompt
    inside = asks.waiting_discs(state) + [c for c in state.discs]

    def send(chosen: dict) -> Intent:
        return Send(s.SecretDiscs(tuple((c, chosen.get(c)) for c in state.colours)))

    if not inside:
        why = (_("Rebellion: the Castillo is the King's region, its Caballeros stay in: no secret discs.")
               if state.king == spain.CASTILLO and state.castillo else
               _("Nobody threw into the Castillo: no secret discs needed."))
        return LinesPage("discs", p.headline, _("Secret discs"), lambda _page: send({}),
                         lines=[paragraph(why, then="")], **MENU_KEY)
    colour = asks.waiting_discs(state)[0]
    prompt = (_("Disc: {name}") if view.hide_castillo else _("Disc: {name} ({count} in)") if state.castillo.get(colour)
              else _("Disc: {name} ({count} black in)") if colour == asks.black_disc_holder(state)
              else _("Disc: {name} (its Grande in)") if colour in state.grandes_in_castillo
              else _("Disc: {name} (its Grande)"))
    count = state.castillo.get(colour) or state.castillo.get(BLACK, 0)
    disc = disc_page(game, prompt.format(name=state.name(colour), count=count), lambda r: Send(s.SecretDisc(colour, r)),
                     colour)
    disc.third, disc.on_third = MENU_KEY["third"], MENU_KEY["on_third"]
    return disc


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

    page = disc_page(game, _("{title}: {name}").format(title=title, name=game.state.name(colour)), pick)
    if step is not None and not rest:  # (said before the choice: e.g. a scoring of nothing)
        refused_rows(page, {r: refusal(game, step({**chosen, colour: r})) for _label, r in page.items})
    return Push(page)


def disc_page(game: Game, prompt: str, then: Callable[[str | None], Intent],
              colour: str | None = None) -> ListPage:
    """Where one secret disc points: "none / not clear" first, the cursor on the region the
    player's Castillo Caballeros gain most in (with the board recorded), else the first region. With
    the board recorded, a player's own disc page (``colour``) lists Spain's regions in the board's
    order from that one, the cursor on the top row, and the rare answers, the King's region (back
    to the Court) and "none / not clear", in the middle, the farthest rows (issue 35:
    offers.scorings.disc_rows)."""
    current = likeliest_disc(game, colour) if colour is not None else None
    page = region_page(game, prompt, then, none_label=_("none / not clear"), kind="disc",
                       current=current or spain.SCORING_ORDER[0])
    rows = asks.disc_rows(game.state, colour, [r for _, r in page.items if r is not None]) if colour else None
    if rows is not None and len(rows) == len(page.items):  # (Spain's nine and none: the rare rows farthest)
        labels = {r: label for label, r in page.items}
        page.items, page.cursor = [(labels[r], r) for r in rows], 0
    return page


def likeliest_disc(game: Game, colour: str) -> str | None:
    """The region where ``colour``'s Caballeros in the Castillo would gain the most points on the
    board as recorded (not the King's region, where they would go back to the Court); the first in
    scoring order among equals. None when the board is not recorded or nothing is gained anywhere."""
    return asks.likeliest_disc(game.state, colour)  # (the engine's: offers/scorings.py)
