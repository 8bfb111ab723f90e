"""The page each scoring phase of the game asks for: the secret discs, a general scoring's regions
(as the board records them) or a place's counts, a special scoring's or the Castillo's counts, the
standings at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.ui.pages import Page
from companion.ui.screens.common import View

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def page(game: Game, view: View = View()) -> Page:
    """The scoring page of the game's phase (a scoring's, or the end's). Each phase's module is
    imported with its phase: a resume of a finished game pays for the standings alone."""
    if game.phase == "game_over":
        from companion.ui.screens import standings

        return standings.standings(game)
    if game.phase == "secret_discs":
        from companion.ui.screens import secret_discs

        return secret_discs.discs(game, view)
    from companion.ui.screens import scoring_counts  # (a special scoring's, the Castillo's, the regions')

    if game.phase == "regions" and scoring_counts.as_recorded(game):
        return scoring_counts.regions_page(game)
    return scoring_counts.counts(game)
