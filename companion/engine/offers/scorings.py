"""The scorings' data for their pages (issue 34): which special scorings the turn's card may start
and what each scores, whether a classic Veto may stop one part-way, the region that brings the
active player most, the secret discs still to enter and where one likely points, and a place's
Limit table and seats. Functions of (state), plain data: the pages ask, the rules answer here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.engine import board, classic_1995, hooks, scorings, turn_rules
from companion.engine import steps as s
from companion.engine.offers.offer import rare_far
from companion.rules import spain

if TYPE_CHECKING:
    from companion.engine.state import GameState


def backs_out(state: GameState) -> bool:
    """Whether a special scoring's counts may back out of it (its start taken back, nothing scored
    yet): the last step started it (``GameState.special_just_started``)."""
    return state.special_just_started


def special_kinds(state: GameState, only: list[str] | None = None) -> set[str] | list[str] | None:
    """The special scorings the turn's card may start (rules revision 2: only its own kinds; None:
    any); ``only``: those the Big Box mode's special action allows, when the card does not say."""
    if turn_rules.applies(state) and not state.settings.expansion:
        return turn_rules.scoring_kinds(state)
    return only


def scores_at_once(state: GameState) -> bool:
    """Whether the special scoring the turn's card names scores as the board holds it, at once
    (the board recorded, a classic game)."""
    return board.tracked(state) and not state.settings.expansion


def region_next(state: GameState, expects: Sequence[str]) -> bool:
    """Whether the named card's special scoring of one region (2023 Fair, the classic Special
    Scoring of a region) opens its region list by itself once the turn's placements are recorded:
    the turn page's cursor would be on its row, so that row's OK is saved (issue 35). A scoring with
    nothing to choose is scored by the placements' OK instead (``scored_with_placements``)."""
    # Here, not at the top: a scoring's page never needs the turn's rows (issue 36: ~10 M of a resume's start).
    from companion.engine.offers.turn_page import turn_page

    return scores_at_once(state) and turn_page(state, expects).default == "scoring:region"


def veto_next(state: GameState, expects: Sequence[str]) -> str | None:
    """The named card's special scoring (its kind) whose list of all its regions or the part before a
    classic Veto opens by itself once the turn's placement is whole, as a region's does
    (``region_next``); None otherwise."""
    from companion.engine.offers import turn
    from companion.engine.offers.turn_page import turn_page

    kind = turn.named_scoring(state)
    if kind in (None, "region", "discs") or not scores_at_once(state) or turn.placeable(state):
        return None
    regions = special_regions(state, kind)
    if not veto_may_stop(state, kind, regions) or turn_page(state, expects).default != f"scoring:{kind}":
        return None
    return kind


def scored_with_placements(state: GameState, expects: Sequence[str]) -> tuple[str, tuple[str, ...]] | None:
    """The named card's special scoring with nothing to choose (2023 Fiesta, Revelation; the classic
    card of the 4-point regions), as its kind and regions, when the OK that makes the turn's
    placement whole also scores it (issue 35): the board recorded, the turn page's cursor would be on
    its row, no Veto may cut it (then its list asks: all or the part before the Veto). One undo takes
    the scoring back, the placements staying. None otherwise (its OK on the turn page scores it)."""
    from companion.engine.offers import turn  # (as region_next: not at a scoring page's import)
    from companion.engine.offers.turn_page import turn_page

    kind = turn.named_scoring(state)
    if kind in (None, "region", "discs") or not scores_at_once(state) or turn.placeable(state):
        return None
    if turn.vetoes(state, expects).options:  # a Veto may stop it before it begins: the turn page offers it
        return None
    if turn_page(state, expects).default != f"scoring:{kind}":
        return None
    regions = special_regions(state, kind)
    if not regions or veto_may_stop(state, kind, regions):
        return None
    return kind, regions


def special_regions(state: GameState, kind: str, discs: dict[str, str | None] | None = None) -> tuple[str, ...]:
    """The regions a special scoring of ``kind`` scores, from what the companion knows."""
    return scorings.special_regions(state, kind, discs=discs)


def veto_may_stop(state: GameState, kind: str, regions: tuple[str, ...]) -> bool:
    """Whether a classic Veto may stop this special scoring part-way (003 l.450-452, 004 l.114):
    the table then records the regions scored before it, in the board's order."""
    return len(regions) > 1 and turn_rules.short_scoring_allowed(
        state, s.SpecialScoringStarted(kind, regions[:1]), regions)


def castillo_choosable(state: GameState) -> bool:
    """Whether a region's special scoring may choose the Castillo: in a 1995 classic game, scored
    as the Castillo card scores it (004 l.124, l.139)."""
    return classic_1995.on(state) and "castillo" in (turn_rules.scoring_kinds(state) or ())


def best_region(state: GameState) -> str | None:
    """The region whose scoring brings the active player the most points on the board as recorded
    (the first in the board's order among equals)."""
    colour = state.active or ""
    points = {r: scorings.points_if(state, r, dict(state.counts[r])).get(colour, 0) for r in state.regions}
    return max(points, key=lambda r: points[r]) if points else None


def likeliest_disc(state: GameState, colour: str) -> str | None:
    """The region where ``colour``'s Caballeros in the Castillo would gain the most points on the
    board as recorded (not the King's region, where they would go back to the Court); the first in
    scoring order among equals. None when the board is not recorded or nothing is gained anywhere."""
    gained = disc_gains(state, colour)
    best = max(gained, key=lambda r: gained[r], default=None)
    return best if best is not None and gained[best] > 0 else None


def disc_gains(state: GameState, colour: str) -> dict[str, int]:
    """Spain's regions but the King's (where the Castillo's Caballeros would go back to the Court),
    in scoring order -> the points ``colour``'s Caballeros in the Castillo would gain there on the
    board as recorded; empty when the board is not recorded or ``colour`` has none there."""
    have = state.castillo.get(colour, 0)
    if not board.tracked(state) or not have:
        return {}
    out = {}
    for region in spain.SCORING_ORDER:
        if region == state.king:
            continue
        now = dict(state.counts[region])
        after = {**now, colour: now.get(colour, 0) + have}
        out[region] = (scorings.points_if(state, region, after).get(colour, 0)
                       - scorings.points_if(state, region, now).get(colour, 0))
    return out


def disc_rows(state: GameState, colour: str, listed: Sequence[str]) -> list[str | None] | None:
    """The rows of ``colour``'s disc page (issue 35): Spain's regions (``listed``) in the board's
    order from the likeliest (``likeliest_disc``, else the first), with the rare answers farthest
    from the cursor (offer.rare_far): the King's region, where the Castillo's Caballeros would go
    back to the Court, and "none / not clear" (None). None when the board is not recorded or
    ``colour`` has none in the Castillo (the board's order, "none" first, stands)."""
    if not disc_gains(state, colour):
        return None
    rare: list[str | None] = [r for r in listed if r == state.king]
    return rare_far([r for r in listed if r != state.king], likeliest_disc(state, colour), [*rare, None])


def waiting_discs(state: GameState) -> list[str]:
    """The players whose secret disc is still to be entered (engine/scorings.py)."""
    return scorings.waiting_discs(state)


def black_disc_holder(state: GameState) -> str | None:
    """The player whose disc the Grand Inquisitor's black Caballeros in the Castillo follow (S:248)."""
    return scorings.black_disc_holder(state)


def unowned_ignored(state: GameState) -> bool:
    """The unowned colours' Caballeros are counted at a scoring but score for nobody: ignored, unless
    the table chose that they take places for nobody (the settings' ``black_invisible``; Grandissimo, S:398)."""
    rules = hooks.of(state.settings)
    return bool(rules.unowned) and rules.unowned_ignored and not state.settings.black_invisible


def limit_spaces(state: GameState) -> int:
    """The Limit table's spaces at this table (S:199)."""
    return scorings.limit_spaces(state)


def seats(state: GameState, where: str) -> tuple[hooks.SeatRule, ...]:
    """The seats of a Big Box region in play with the bonuses in force, else ()."""
    return scorings.seat_rules(state, where)


def last_seated(state: GameState, where: str, counted: dict[str, int], title: str) -> str | None:
    """Who sat on seat ``title`` of ``where`` at its last scoring and still has a Caballero counted."""
    return dict(scorings.kept_seats(state, where, counted)).get(title)
