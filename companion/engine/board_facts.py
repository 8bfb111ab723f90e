"""Board facts and the table's corrections: the King, the scoring tiles (mobile scoreboards), a
Grande moved, and the Castillo, a region's counts or a score corrected from the menu. The
referee (referee.py) takes these checks and applications as it takes the scorings'.
"""

from collections.abc import Callable
from typing import Any

from companion.engine import board, card_special_steps, hooks, queries
from companion.engine import steps as s
from companion.engine.checks import CASTILLO, colour_known, count_valid, refuse, region_known, regions, within_supply
from companion.engine.state import TILES, GameState, ScoreLine
from companion.rules import spain


def _check_king(state: GameState, step: s.KingMoved) -> None:
    outside: tuple[str, ...] = (spain.FRANCE, spain.PORTUGAL, CASTILLO) if state.settings.new_regency else ()
    outside += queries.king_may_enter(state)  # the Big Box: France (GI&C, S:208), Portugal (S:308)
    if step.region not in spain.REGIONS and step.region not in outside:
        region_known(state, step.region)
    if step.by_card:
        if not hooks.of(state.settings).check_card_effect(state, step):
            card_special_steps.check_king(state, step)


def _apply_king(state: GameState, step: s.KingMoved) -> None:
    if state.active is not None and queries.taken_by(state, state.active) and state.turn_king_from is None:
        state.turn_king_from = state.king  # a move in a turn: where Entourage's followers come from
        state.turn_king_left = sum(state.counts[state.king].values()) if state.king in state.counts else 0
    state.king = step.region


def _check_tile(state: GameState, step: s.TileMoved) -> None:
    if step.tile not in TILES:
        refuse(f"the scoring tiles are {' and '.join(TILES)}, not {step.tile!r}")
    if step.by_card:
        if not hooks.of(state.settings).check_card_effect(state, step):
            card_special_steps.check_tile(state, step)
    if step.region is None:
        if state.tiles[step.tile] == state.king:
            refuse("nothing leaves the King's region")
        return
    if step.region != CASTILLO:
        region_known(state, step.region, move=regions.SCOREBOARD)
    if step.region == state.king or state.tiles[step.tile] == state.king:
        refuse("a scoring tile never goes into or out of the King's region")
    for tile, region in state.tiles.items():
        if tile != step.tile and region == step.region:
            refuse(f"the {tile} tile already covers that place: one tile per region")


def _apply_tile(state: GameState, step: s.TileMoved) -> None:
    state.tiles[step.tile] = step.region


def _check_grande(state: GameState, step: s.GrandeMoved) -> None:
    colour_known(state, step.colour)
    region_known(state, step.region, move=regions.GRANDE)
    if step.by_card:
        if not hooks.of(state.settings).check_card_effect(state, step):
            card_special_steps.check_grande(state, step)
    if state.king == step.region or (step.by_card and state.king == state.grandes.get(step.colour)):
        # The table may still take a Grande out of the King's region by a correction (002 Stand-in
        # may have swapped the King in beside it).
        refuse("a Grande never moves into or out of the King's region")


def _apply_grande(state: GameState, step: s.GrandeMoved) -> None:
    state.grandes[step.colour] = step.region
    state.grandes_in_castillo.pop(step.colour, None)  # moved out of the Castillo by hand


def _check_castillo_corrected(state: GameState, step: s.CastilloCorrected) -> None:
    colour_known(state, step.colour, dummy_ok=True)
    count_valid(step.count, "the Castillo count")
    within_supply(state, {step.colour: step.count - state.castillo.get(step.colour, 0)}, CASTILLO)


def _apply_castillo_corrected(state: GameState, step: s.CastilloCorrected) -> None:
    fewer = state.castillo.get(step.colour, 0) - step.count
    if board.tracked(state):
        board.set_count(state, step.colour, CASTILLO, step.count)
    else:
        state.castillo[step.colour] = step.count
    if fewer > 0 and step.colour == state.active:  # a throw of this turn taken back: its room again
        state.turn_thrown = max(0, state.turn_thrown - fewer)


def _check_counts_corrected(state: GameState, step: s.CountsCorrected) -> None:
    region_known(state, step.region, move=regions.CORRECT)
    for colour, n in step.counts:
        colour_known(state, colour, dummy_ok=True)
        count_valid(n, f"{state.name(colour)}'s count")
    known = state.counts[step.region]
    within_supply(state, {c: n - known.get(c, 0) for c, n in step.counts}, step.region)


def _apply_counts_corrected(state: GameState, step: s.CountsCorrected) -> None:
    if board.tracked(state):
        for colour, n in step.counts:
            board.set_count(state, colour, step.region, n)
    else:
        state.counts[step.region].update(dict(step.counts))


def _check_score_corrected(state: GameState, step: s.ScoreCorrected) -> None:
    colour_known(state, step.colour)
    if not isinstance(step.points, int) or state.scores.get(step.colour, 0) + step.points < 0:
        refuse("a score cannot go below 0")


def _apply_score_corrected(state: GameState, step: s.ScoreCorrected) -> None:
    state.scores[step.colour] += step.points
    state.sheet.append(ScoreLine(state.round, "correction", "", step.colour, step.points, step.reason))


CHECKS: dict[type, Callable[[GameState, Any], None]] = {
    s.KingMoved: _check_king,
    s.TileMoved: _check_tile,
    s.GrandeMoved: _check_grande,
    s.CastilloCorrected: _check_castillo_corrected,
    s.CountsCorrected: _check_counts_corrected,
    s.ScoreCorrected: _check_score_corrected,
}
APPLY: dict[type, Callable[[GameState, Any], None]] = {
    s.KingMoved: _apply_king,
    s.TileMoved: _apply_tile,
    s.GrandeMoved: _apply_grande,
    s.CastilloCorrected: _apply_castillo_corrected,
    s.CountsCorrected: _apply_counts_corrected,
    s.ScoreCorrected: _apply_score_corrected,
}
