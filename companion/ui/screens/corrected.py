"""What a correction from the menu changed: one page, one OK, under the game's headline."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.language import _
from companion.ui.intents import Close
from companion.ui.pages import LinesPage, Page
from companion.ui.screens.common import NO_BACK, paragraph

if TYPE_CHECKING:
    from companion.play.game import Game


def corrected(steps: tuple) -> Callable[[Game], Page | None]:
    """After a correction from the menu: a page that says what it changed (one OK)."""

    def page(game: Game) -> Page | None:
        from companion.ui.words import describe  # the decks' words: not at a start on the wizard

        return corrected_lines([describe(step, game.state) for step in steps])(game)

    return page


def corrected_lines(texts: list[str]) -> Callable[[Game], Page | None]:
    """The same, in the words given (the secret Castillo's correction says the change, not the count)."""

    def page(game: Game) -> Page | None:
        if not texts:
            return None
        lines = [paragraph(text, first="• ") for text in texts]
        return LinesPage("corrected", game.prompt.headline, _("Corrected"), lambda _: Close(), lines=lines, **NO_BACK)

    return page
