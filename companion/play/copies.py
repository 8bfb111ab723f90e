"""An in-memory copy of a game's state (a trial's, an undo's starting point): pickled, but for the
score sheet, whose lines (ScoreLine) are frozen: they are shared and only the list is copied. The
sheet is most of a late game's pickle (4 of 7 KB), and a copy is made for every unit tried.

pickle's C half (``_pickle``, whose ``dumps`` and ``loads`` are pickle's own) is imported when a copy is made
or read (a step, an undo), never on a start: the module ``pickle`` itself, its pure-Python pickler besides,
cost the first unit tried after a resume 6.3 M instructions to import, ``_pickle`` 1.7 M (issue 36)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.state import GameState, ScoreLine


class Kept:
    """A state as it was: its pickle without the sheet (``data``), and the sheet's lines; ``written``: the
    state as a snapshot file wrote it, where the copy is of a state read from one (None: not)."""

    __slots__ = ("data", "sheet", "written")

    def __init__(self, data: bytes, sheet: tuple[ScoreLine, ...], written: object = None) -> None:
        self.data, self.sheet, self.written = data, sheet, written

    @classmethod
    def of(cls, state: GameState, written: object = None) -> Kept:
        dumps, _ = _pickle()
        sheet, state.sheet = state.sheet, []
        try:
            data = dumps(state, _PROTOCOL)
        finally:
            state.sheet = sheet
        return cls(data, tuple(sheet), written)

    def state(self) -> GameState:
        """A new state, as it was (its own sheet list, the lines shared)."""
        _, loads = _pickle()
        state: GameState = loads(self.data)
        state.sheet = list(self.sheet)
        return state


#: pickle.HIGHEST_PROTOCOL of every Python the companion runs on (3.11 on: protocol 5).
_PROTOCOL = 5


def _pickle() -> tuple[Callable[..., bytes], Callable[[bytes], Any]]:
    """pickle's ``dumps`` and ``loads``: its C accelerator's, which they are, without the module ``pickle``."""
    try:
        from _pickle import dumps, loads
    except ImportError:  # pragma: no cover - a Python without it
        from pickle import dumps, loads
    return dumps, loads
