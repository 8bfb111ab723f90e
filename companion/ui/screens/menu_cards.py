"""The menu's rules of an action card: the deck of the game's edition (its Old Hands cards beside
their stacks), then a card's text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.language import _, ngettext
from companion.rules import cards
from companion.ui.intents import Pop, Push
from companion.ui.pages import LinesPage, ListPage, Page
from companion.ui.screens.common import paragraph
from companion.ui.words import card_label

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def card_list(game: Game | None, edition: str) -> Page:
    settings = game.settings if game else None
    edition = settings.edition if settings else edition
    deck = [c for c in cards.deck(edition, new_regency=bool(settings and settings.new_regency)) if c.known]
    if settings:  # the Old Hands cards shuffled in, each beside its stack
        deck = sorted(deck + [c for c in cards.OLD_HANDS if c.slug in settings.old_hands], key=lambda c: c.stack)
    items = [(f"{c.stack} {card_label(c, deck)}", c) for c in deck]
    return ListPage("cards", _("Rules"), _("Which action card?"), lambda c: Push(card_text(c)), items=items)


def card_text(card: cards.ActionCard) -> Page:
    places = ngettext("Place up to {n} Caballero.", "Place up to {n} Caballeros.", card.caballeros).format(n=card.caballeros)
    return LinesPage("card_text", _("Rules"), _("{title} (stack {stack})").format(title=_(card.title), stack=card.stack),
                     lambda _page: Pop(), lines=[paragraph(_(card.text), then=""), paragraph(places, then="")])
