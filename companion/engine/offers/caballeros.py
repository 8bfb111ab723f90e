"""A turn's Caballeros for its small pages (issue 34): how many a stack's card lets its taker
place, the room the card leaves this turn, and the Court intake (how many, from the Province or,
the Province short, from which regions). Functions of (state), plain data."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import board, queries
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

if TYPE_CHECKING:
    from companion.engine.state import GameState

#: The Court intake's first row: the Province (engine/board.py's place).
PROVINCE = board.PROVINCE


def card_caballeros(state: GameState, stack: int) -> tuple[int, int]:
    """The fewest and most Caballeros a stack's card lets its taker place."""
    return queries.caballeros_range(state, stack)


def stacks_held(state: GameState, stack: int) -> set[int]:
    """The printed stacks a stack on the table holds (2 and 3 shuffled together with 4 stacks)."""
    return queries.stacks_held(state, stack)


def card_room(state: GameState, colour: str) -> int:
    """Caballeros the active player's card still lets them place this turn."""
    return queries.card_room(state, colour)


def intake_room(state: GameState, colour: str) -> int:
    """The most the turn's Court intake may bring (0: no intake to ask)."""
    return queries.intake_room(state, colour)


@dataclass(frozen=True)
class Intake:
    """The turn's Court intake as the table may set it: ``most`` in all; ``came`` from the
    Province so far, which holds ``province`` with them; when it holds fewer than ``most``, own
    Caballeros from ``regions`` (region, held with those taken already, taken already), never the
    King's region (000 l.249). ``extra``: the Grand Inquisitor's or the Queen's one more;
    ``heads_unknown``: the card's heads not entered yet (Intrigue & the King); ``earlier``: the
    intake's regions as set so far (region, taken)."""

    most: int
    came: int
    earlier: tuple[tuple[str, int], ...]
    province: int
    regions: tuple[tuple[str, int, int], ...]
    extra: bool
    heads_unknown: bool

    @property
    def short(self) -> bool:
        """The Province holds fewer than the intake may bring."""
        return self.province < self.most


def intake(state: GameState, colour: str) -> Intake:
    """The Court intake ``colour`` may set this turn (the board recorded)."""
    most = intake_room(state, colour)
    came, before = state.intake.get(colour, (0, ()))
    earlier = dict(before)
    province = board.held(state, colour, PROVINCE) + came
    regions: list[tuple[str, int, int]] = []
    if province < most:  # the Province ran short: own Caballeros from regions (000 l.249)
        for region in state.regions:
            have = board.held(state, colour, region) + earlier.get(region, 0)
            if have and region != state.king:
                regions.append((region, have, earlier.get(region, 0)))
    return Intake(most, came, tuple(before), province, tuple(regions), bool(queries.extra_caballero(state, colour)),
                  queries.intake_heads_unknown(state, colour))


# -- a move of Caballeros the board did not see (the menu's correction, a card's moves) -----------
def every_place(state: GameState) -> tuple[str, ...]:
    """Every place a Caballero can be in this game: the regions, the places never scored, the
    Castillo, the Court, the Province."""
    return board.places(state)


def held(state: GameState, colour: str, place: str) -> int:
    """Caballeros of ``colour`` in ``place``."""
    return board.held(state, colour, place)


def move_targets(state: GameState, colour: str, source: str, places: tuple[str, ...]) -> list[str]:
    """Where ``colour``'s Caballeros from ``source`` may be moved among ``places``: never the King's
    region; no Court or Province for the Grand Inquisitor's black, no Court for the 2-player dummy."""
    return [p for p in places if p not in (source, state.king)
            and not (board.unowned(state, colour) and p in (board.COURT, board.PROVINCE))
            and not (board.courtless(state, colour) and p == board.COURT)]
