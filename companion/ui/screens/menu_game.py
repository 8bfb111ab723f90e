"""The menu's rows every game has, above the corrections: undo, the cards showing, a special scoring,
the map, the score sheet, this game's settings, the export."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import offers
from companion.language import _
from companion.ui.intents import Export, Push
from companion.ui.screens.common import View, facts, not_now
from companion.ui.screens.map import map_page
from companion.ui.screens.menu_sheets import game_settings, sheet, undo_question
from companion.ui.screens.scoring import special_menu

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def game_rows(game: Game, view: View) -> list[tuple[str, object, bool]]:
    """The rows every game has, the most used first (the cards named every round): each with what OK
    does (or why not now) and whether it is available."""
    phase = game.phase
    return [
        (_("Undo the last step"), lambda: Push(undo_question(game)), game.can_undo),
        _cards_showing(game),
        _special_scoring(game),
        (_("Map"), (lambda: Push(map_page(game, view))) if phase != "setup" else not_now(_("no board before the setup")),
         phase != "setup"),
        (_("Score sheet"), lambda: Push(sheet(game)), True),
        (_("This game's settings"), lambda: Push(game_settings(game)), True),
        (_("Export the game log"), (lambda: Export()) if game.journal is not None
         else not_now(_("this game is not kept in a game log")), game.journal is not None),
    ]


def _cards_showing(game: Game) -> tuple[str, object, bool]:
    label = _("Cards showing this round")
    if facts(game.settings).own_cards:
        return label, not_now(_("Intrigue & the King: no action cards are shown")), False
    if game.phase != "power_cards":
        return label, not_now(_("named before the round's first turn, while the Power cards are played")), False
    from companion.ui.screens import reveal  # (a round's cards: once named)

    return label, lambda: Push(reveal.cards_shown(game)), True


def _special_scoring(game: Game) -> tuple[str, object, bool]:
    label = _("Special scoring")
    if "SpecialScoringStarted" in game.expects and not game.state.turn_scored and offers.granted(
            game.state, frozenset(), scoring=True):
        return label, lambda: Push(special_menu(game)), True
    why = (_("this turn has scored already") if game.phase == "turns" and game.state.turn_scored
           else _("started from a turn whose card scores"))
    return label, not_now(why), False
