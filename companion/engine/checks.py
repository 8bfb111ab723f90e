"""Small checks many steps share: a known colour, a region, a whole number, a colour's supply.

Each raises StepRefused with a one-line reason for the table (companion/engine/steps.py).
"""

from typing import NoReturn

from companion.engine import board, hooks
from companion.engine import steps as s
from companion.engine.state import GameState
from companion.rules import region_moves as regions
from companion.rules import spain

CASTILLO = spain.CASTILLO


def refuse(reason: str) -> NoReturn:
    raise s.StepRefused(reason)


def colour_known(state: GameState, colour: str, *, dummy_ok: bool = False) -> None:
    """A player's colour (``dummy_ok``: or any colour counted on the board: the dummy, black)."""
    allowed = state.counted if dummy_ok else state.colours
    if colour not in allowed:
        refuse(f"unknown colour {colour!r}; colours: {', '.join(allowed)}")


def region_known(state: GameState, region: str, what: str = "region", move: str = regions.SECRET_DISC) -> None:
    """A region ``move`` may name in this game's way to play (the one query, engine/hooks.py ``allows``);
    the default, Spain's nine, is for the region cards and the secret discs."""
    rules = hooks.of(state.settings)
    if not rules.allows(move, region):
        known = rules.where(move)
        refuse(f"{region!r} is not a {what}; regions: {', '.join(known)}")


def count_valid(n: object, what: str) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        refuse(f"{what} must be a whole number >= 0, not {n!r}")


def within_supply(state: GameState, changes: dict[str, int], place: str | None = None) -> None:
    """No colour may have more Caballeros on the board than it owns (30); in a game that records
    the board, a count raised at ``place`` must come from its colour's Court and Province."""
    if place is not None and board.tracked(state):
        for colour, extra in changes.items():
            board.check_count(state, colour, place, board.held(state, colour, place) + extra)
        return
    for colour, extra in changes.items():
        if board.unowned(state, colour):
            continue  # the Grand Inquisitor's few move unseen in a scores-only game: each place is checked alone
        limit = state.supply(colour)
        if state.on_board(colour) + extra > limit:
            refuse(
                f"{state.name(colour)} would have {state.on_board(colour) + extra} Caballeros on the board, "
                f"only {limit} exist: correct another count first"
            )
