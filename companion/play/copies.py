"""An in-memory copy of a game's state (a trial's, an undo's starting point): pickled, but for the
score sheet, whose lines (ScoreLine) are frozen: they are shared and only the list is copied. The
sheet is most of a late game's pickle (4 of 7 KB), and a copy is made for every unit tried.

pickle is imported when a copy is made or read (a step, an undo), never on a start."""

from __future__ import annotations

from companion.engine.state import GameState, ScoreLine


class Kept:
    """A state as it was: its pickle without the sheet (``data``), and the sheet's lines."""

    __slots__ = ("data", "sheet")

    def __init__(self, data: bytes, sheet: tuple[ScoreLine, ...]) -> None:
        self.data, self.sheet = data, sheet

    @classmethod
    def of(cls, state: GameState) -> Kept:
        import pickle

        sheet, state.sheet = state.sheet, []
        try:
            data = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
        finally:
            state.sheet = sheet
        return cls(data, tuple(sheet))

    def state(self) -> GameState:
        """A new state, as it was (its own sheet list, the lines shared)."""
        import pickle

        state: GameState = pickle.loads(self.data)
        state.sheet = list(self.sheet)
        return state
