"""Every screen of the game, by topic: each module builds pages from the game (and the
wizard's choices) and never calls the controller; key handlers return intents.

    setup         the new-game wizard
    reveal        the cards showing at a round's start
    deal          the cards the companion dealt, where it shuffles the action cards
    power_cards   a round's Power cards
    turn          a player's turn
    card_effects  a card's special action with the board recorded (card_moves: its moves)
    intrigue      Intrigue & the King's card play and turns (intrigue_turn, intrigue_moves)
    scoring       the special scorings a card starts (scoring_phases: the scoring phases' pages,
                  secret_discs, scoring_counts, standings)
    corrections   board corrections
    menu          the menu and what it opens (menu_game, menu_sheets, menu_cards, menu_big_box)
    notices       results, the dummy's moves, a resumed game, an export
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.ui.pages import Page
from companion.ui.screens import setup_board
from companion.ui.screens.common import View, facts

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


__all__ = ["View", "game_page"]


def game_page(game: Game, view: View = View()) -> Page:
    """The page the game's prompt asks for (the pages of a game in play are imported on the first
    that needs them: a start on the new-game wizard pays for none, a resume for its page's)."""
    table = facts(game.settings)
    if table.setup_disc and "SetupDiscs" in game.expects:  # the Big Box, board recorded
        from companion.ui.screens import big_box

        return big_box.setup_discs(game)
    if table.own_cards and game.phase in ("power_cards", "turns"):
        from companion.ui.screens import intrigue  # (an I&K game only)

        return intrigue.cards(game) if game.phase == "power_cards" else intrigue.turn(game, view)
    if game.phase == "setup":  # the setup was undone: make it again
        return setup_board.draw_page(game.settings, back=False)
    if game.phase == "turns":
        from companion.ui.screens import turn

        return turn.turn(game, view)
    if game.phase == "power_cards":
        from companion.ui.screens import power_cards, reveal

        if reveal.opens_by_itself(game):  # the round's first page
            return reveal.cards_shown(game, opened=True)
        return power_cards.power_cards(game)
    from companion.ui.screens import scoring_phases  # (each page's module imported with its phase: a resume pays for one)

    return scoring_phases.page(game, view)  # the chart's other phases: its scorings and the end
