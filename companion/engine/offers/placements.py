"""The offer of a turn's placements from the Court (companion/ui/screens/placements.py): how many
the player may still place, the places that may receive them (the Castillo, the regions next to
the King's; Infiltration's King's region) and where they likeliest go; the referee's reason when
it refuses the placement the page would start with. Functions of (state) and the kinds the
chart asks for now (``expects``), never of a Game or a page (issue 34)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.engine import board, card_effects, queries
from companion.engine import steps as s
from companion.engine.offers.offer import refusal
from companion.rules import spain

if TYPE_CHECKING:
    from companion.engine.state import GameState


def room(state: GameState, colour: str) -> int:
    """How many of ``colour``'s the turn's card still lets go from the Court (what it holds at most)."""
    return min(queries.card_room(state, colour), board.held(state, colour, board.COURT))


def card_room(state: GameState, colour: str) -> int:
    """How many more the turn's card places (the Court's holding aside)."""
    return queries.card_room(state, colour)


def places(state: GameState, colour: str) -> list[str]:
    """The places that may receive ``colour``'s placements: the Castillo, then the regions next to
    the King's region (board.receiving); with Infiltration the King's region too, after the Castillo."""
    found = board.receiving(state, colour)
    if card_effects.into_kings_region(state) and state.king in state.regions:
        found.insert(1 if found and found[0] == spain.CASTILLO else 0, state.king)  # Infiltration
    return found


def steps(colour: str, got: dict[str, int]) -> tuple[s.Step, ...]:
    """The placements ``got`` (place -> how many) as one unit: the regions', then the Castillo's throw."""
    placed: list[s.Step] = [s.Placed(colour, place, n) for place, n in got.items() if n and place != spain.CASTILLO]
    if got.get(spain.CASTILLO):
        placed.append(s.CastilloThrow(colour, got[spain.CASTILLO]))
    return tuple(placed)


def refused(state: GameState, expects: Sequence[str], colour: str, place: str) -> str:
    """The referee's reason when it refuses one of ``colour``'s placed in ``place`` ("" if it takes it)."""
    return refusal(state, expects, steps(colour, {place: 1}))


def likeliest(state: GameState, colour: str, regions: Sequence[str]) -> str:
    """Where a turn's Caballeros likeliest go among ``regions``: the tightest majority the player
    is in, the player's count closest to the most any other colour has there (among the regions
    where the player has none when it is in none of them); the first listed among equals."""
    def have(region: str) -> dict[str, int]:
        return state.counts.get(region, {})

    def race(region: str) -> tuple[bool, int]:
        own = have(region).get(colour, 0)
        rival = max((n for c, n in have(region).items() if c != colour), default=0)
        return own > 0, -abs(own - rival)

    return max(regions, key=race)


def first(state: GameState, colour: str, listed: Sequence[str]) -> int | None:
    """The place of ``listed`` the page pre-fills with all of them: where they likeliest go
    (``likeliest``; the Castillo only when nothing else is listed), in the Big Box the first
    region; None with nothing listed."""
    if not listed:
        return None
    start = min(1 if listed[0] == spain.CASTILLO else 0, len(listed) - 1)
    return start if state.settings.expansion else list(listed).index(likeliest(state, colour, listed[start:]))
