"""When a turn is over, for the pages that finish one: the turn's end recorded with the OK that
finishes what its card lets the player do (issue 22: "a turn whose card's actions are done ends
on the same OK"). The rules of it are the engine's offers (companion/engine/offers/turn.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import offers
from companion.engine.offers import KINGS_STACK, awaits_action, placeable, power_back_next, special_done
from companion.ui.screens.common import END

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.engine import steps as s
    from companion.play.game import Game

__all__ = ["END", "KINGS_STACK", "awaits_action", "end_if_done", "placeable", "power_back_next", "special_done"]


def end_if_done(game: Game) -> tuple[s.Step, ...]:
    """The turn's end that goes with the OK just given, when the card's actions are done
    (offers.turn_end): a step of its own, so an undo takes it back first."""
    return offers.turn_end(game.state, game.prompt.expects)
