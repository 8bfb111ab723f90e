"""The cards the companion dealt (issue 35), where the table lets it shuffle the action cards: the
cards each stack shows this round, to lay out before the Power cards. Round 1 opens on its own page
(one OK, once a game: then the first Power card); every later round's cards are said on the page
that ends the round before (the round-over page, or a general scoring's results: no press of their
own). Nothing else asks for the cards: the turn's card page knows each stack's card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.offers import dealt
from companion.language import N_, _
from companion.ui.intents import Intent, Push
from companion.ui.pages import LinesPage, Page
from companion.ui.screens.common import MENU_KEY, paragraph
from companion.ui.view import Line
from companion.ui.words import card_title

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game

#: What the round-over page says where the table shuffles its own cards.
DEAL_NEW = N_("Deal new action cards")
LAY_OUT = N_("Lay out these cards:")


def lines(game: Game) -> list[Line]:
    """The round's new action cards, as the page that begins the round says them: each stack's card
    where the companion deals, else one line for the table's own deal."""
    state = game.state
    cards = dealt.laid_out(state)
    if not cards:
        return [Line(_(DEAL_NEW))]
    return [Line(_(LAY_OUT), strong=True)] + [paragraph(card_title(key, n), first=f"{stack_name(game, n)} · ", then="    ")
                                                 for n, key in cards]


def stack_name(game: Game, stack: int) -> str:
    """The stack by its number (the merged 2 and 3 of 4 stacks: "2+3"), as its row begins."""
    return "2+3" if stack == 2 and 3 not in game.settings.stacks else str(stack)


def opens_by_itself(game: Game) -> bool:
    """The deal as the game's first page (round 1's Power cards not begun)."""
    return dealt.opens_the_round(game.state, game.phase)


def page_says_the_round(game: Game) -> bool:
    """Whether the round's first page says how it begins, so that the round-over page, with nothing
    to decide, is not shown before it: the table's cards named on their page (reveal.py), or round 1's deal."""
    from companion.ui.screens import reveal  # (a game is under way)

    return reveal.opens_by_itself(game) or opens_by_itself(game)


def first_cards(game: Game, then: Page) -> Page:
    """Round 1's cards, one OK, then ``then`` (the first Power card's page)."""
    state = game.state

    def ok(_page: object) -> Intent:
        return Push(then)

    return LinesPage("round_deal", _("Round {round} · The deal").format(round=state.round),
                     _("First Player: {name}").format(name=state.name(state.first_player)), ok, lines=lines(game), **MENU_KEY)
