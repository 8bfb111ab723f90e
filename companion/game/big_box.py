"""The Big Box in the referee: its setup pieces (the black Caballeros' and the Limit table's region
cards), gold and wares delivered, and the figures and tokens held (rules/modes.py says which a
mode has). Part of the referee (companion/game/referee.py merges CHECKS and APPLY); seed 004
lines as "S:n", facts in ../shared/RULES-EXPANSIONS.md.
"""

from collections.abc import Callable
from typing import Any

from companion.game import steps as s
from companion.game.checks import colour_known, refuse, region_known
from companion.game.state import GameState, ScoreLine
from companion.rules import deliveries, modes


def drawn(state: GameState, deck: list[str]) -> tuple[tuple[str, ...], str | None]:
    """From the region cards left after the King's and the homes': the black Caballeros' regions
    (GI&C 2, S:198; Grandissimo 1, S:294), then the Limit table's (S:199)."""
    mode = state.settings.mode
    black = tuple(deck[:mode.black_regions])
    return black, (deck[len(black)] if mode.limit_table else None)


def check_setup(state: GameState, step: s.SetupDone, drawn: set[str]) -> None:
    """The setup's Big Box cards (S:198-199, S:294): the black Caballeros' regions, then the Limit table's,
    each from the region cards left after the King's and the homes' (assumed: drawn without
    putting a card back, so all differ)."""
    mode = state.settings.mode
    if len(step.black) != mode.black_regions:
        refuse(f"the black Caballeros go to {mode.black_regions} drawn region(s)" if mode.grand_inquisitor
               else "there are no black Caballeros in this game")
    if (step.limit_table is not None) != mode.limit_table:
        refuse("draw a region for the Limit table" if mode.limit_table else "there is no Limit table in this game")
    for region in (*step.black, *([step.limit_table] if step.limit_table else [])):
        region_known(state, region)
        if region in drawn:
            refuse(f"{state.rules.name(region)} was drawn already: each region card is drawn once")
        drawn.add(region)


def set_up(state: GameState, step: s.SetupDone) -> None:
    for region in step.black:
        state.counts[region][modes.BLACK] = modes.BLACK_AT_SETUP
    state.limit_table = step.limit_table


def _check_holding(state: GameState, step: s.HoldingMoved) -> None:
    holdings = state.settings.mode.holdings
    if step.what not in holdings:
        refuse(f"{step.what!r} is not held in this game" + (f"; holdings: {', '.join(holdings)}" if holdings else ""))
    if step.colour is not None:
        colour_known(state, step.colour)


def _apply_holding(state: GameState, step: s.HoldingMoved) -> None:
    if step.colour is None:
        state.holdings.pop(step.what, None)
    else:
        state.holdings[step.what] = step.colour


def _check_delivered(state: GameState, step: s.Delivered) -> None:
    colour_known(state, step.colour)
    if not state.settings.mode.deliveries:
        refuse("gold and wares are Grand Inquisitor & the Colonies, not in this game")
    if step.disc not in deliveries.POINTS:
        refuse(f"a delivered disc is {' or '.join(deliveries.POINTS)}, not {step.disc!r}")


def _apply_delivered(state: GameState, step: s.Delivered) -> None:
    points = deliveries.delivery_points(step.disc)
    state.scores[step.colour] += points
    state.sheet.append(ScoreLine(state.round, f"{step.disc} delivered", "", step.colour, points,
                                 f"{step.disc} brought to Spain: +{points}"))


CHECKS: dict[type, Callable[[GameState, Any], None]] = {
    s.Delivered: _check_delivered,
    s.HoldingMoved: _check_holding,
}
APPLY: dict[type, Callable[[GameState, Any], None]] = {
    s.Delivered: _apply_delivered,
    s.HoldingMoved: _apply_holding,
}
