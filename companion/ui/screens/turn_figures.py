"""Grandissimo's Queen & Jester card on the turn page (S:290-291, S:309): the Queen OR the Jester
into the taker's Court, once; the referee's refusals the engine's offers' (common.refusal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import offers
from companion.engine.modes import steps as s
from companion.engine.table import standing
from companion.rules import modes
from companion.ui.intents import Send
from companion.ui.screens.common import facts, refusal

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


#: Grandissimo's stack 7: the Queen & Jester card (S:290-291).
QUEEN_AND_JESTER = 7


def figure_rows(game: Game, colour: str) -> list[tuple[str, object]]:
    """Grandissimo's stack 7 (S:309): the Queen OR the Jester into the taker's Court, once."""
    state = game.state
    if (offers.taken_stack(state) != QUEEN_AND_JESTER or QUEEN_AND_JESTER not in dict(facts(state.settings).stack_titles)
            or not facts(state.settings).holdings or _figure_taken(game, colour)):
        return []
    return [(f"Take the {figure}", lambda f=figure: Send(s.HoldingMoved(f, colour)))
            for figure in (modes.QUEEN, modes.JESTER) if standing(state).holdings.get(figure) != colour]


def figure_refusals(game: Game, colour: str) -> dict[str, str]:
    """The Queen's or the Jester's row -> why the referee refuses that one now (the engine's offers:
    common.refusal), e.g. only the one beside the board may be taken."""
    rows = figure_rows(game, colour)
    return {label: refusal(game, s.HoldingMoved(label.removeprefix("Take the "), colour)) for label, _ in rows}


def _figure_taken(game: Game, colour: str) -> bool:
    """Whether ``colour`` took the Queen or the Jester since taking this turn's card."""
    steps = list(game.steps)
    start = max((i for i, step in enumerate(steps) if isinstance(step, s.ActionCardTaken) and step.colour == colour),
                default=len(steps))
    return any(isinstance(step, s.HoldingMoved) and step.colour == colour and step.what in (modes.QUEEN, modes.JESTER)
               for step in steps[start + 1:])
