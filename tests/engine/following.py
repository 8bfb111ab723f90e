"""The independent count (tests/oracle/count.py) hooked to a game: after every step it reads the game
log's new lines from disk, follows them, and holds its count of every colour in every place to the
engine's (board.everywhere). The only facts it is given from the game's state are the ones the log
does not hold (count.Table: the dummy's seeded draws, its turned-up card, the Grand Inquisitor's
holder, the King after Stand-in, Intrigue & the King's turn order and heads)."""

import json
from pathlib import Path

from companion.engine import board
from companion.engine.modes.own_state import own
from companion.play.game import Game
from companion.rules import modes
from tests.oracle.count import Count


class Facts:
    """count.Table over a game's public state."""

    def __init__(self, game: Game):
        self.game = game

    def where(self, colour: str) -> dict[str, int]:
        return {p: n for p, n in board.everywhere(self.game.state, colour).items() if n}

    def dummy_card(self) -> int:
        dummy = self.game.state.settings.dummy
        assert dummy is not None
        return self.game.state.played[dummy]

    def inquisitor(self) -> str | None:
        state = self.game.state
        return own(state).grand_inquisitor or own(state).holdings.get(modes.GRAND_INQUISITOR)

    def king(self) -> str | None:
        return self.game.state.king

    def turn_order(self) -> list[str]:
        return list(self.game.state.turn_order)

    def intake_came(self, colour: str) -> int:
        return self.game.state.intake.get(colour, (0, ()))[0]


class Following:
    """Call with the game after each step or undo: the log's new lines followed, every colour compared."""

    def __init__(self, path: Path):
        self.path = path
        self.read = 1  # the header is the count's table
        self.count: Count | None = None
        self.lines = 0

    def __call__(self, game: Game) -> None:
        lines = self.path.read_text(encoding="utf-8").splitlines()
        if self.count is None:
            self.count = Count(json.loads(lines[0]))
        facts = Facts(game)
        for line in lines[self.read:]:
            self.count.follow(json.loads(line), facts)
            self.lines += 1
        self.read = len(lines)
        self.agree(game)

    def agree(self, game: Game) -> None:
        count, state = self.count, game.state
        assert count is not None
        if not count.places:
            return  # before the setup
        assert set(count.places) == set(board.places(state)), (sorted(count.places), board.places(state))
        assert sorted(count.colours) == sorted(state.counted), (count.colours, state.counted)
        for colour in count.colours:
            mine, theirs = count.where(colour), {p: n for p, n in board.everywhere(state, colour).items() if n}
            assert mine == theirs, (colour, "oracle", mine, "engine", theirs, game.steps[-3:])
            assert count.total(colour) == count.supply(colour) == state.supply(colour), colour
