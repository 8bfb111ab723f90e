"""The Court intake in the game log: journaled, replayed and undone (its rules on (state, step):
tests/engine/test_court_intake.py)."""

from companion.engine import board
from companion.engine import steps as s
from companion.engine.settings import REVISION, Settings
from companion.measure import script
from companion.play.game import Game
from companion.record.journal import read_only
from tests.engine.test_court_intake import PLAYERS, SETUP


def greens_turn(path, *, drained: int) -> Game:
    """As tests/engine/test_court_intake.greens_turn, played by a Game with its log at ``path``."""
    game = Game.new(Settings(players=PLAYERS, seed=3, revision=REVISION, board=True), path)
    game.send(SETUP)
    game.send(s.CaballerosMoved("green", board.PROVINCE, "castilla", drained))
    script.power_cards(game, {"red": 13, "blue": 12, "green": 1})
    script.turn(game)
    script.turn(game)
    game.send(s.ActionCardTaken("green", 3))
    return game


def test_the_step_is_journaled_replayed_and_undone(tmp_path):
    game = greens_turn(tmp_path / "game.jsonl", drained=20)
    game.send(s.CourtIntake("green", 1, (("castilla", 5),)))
    before = board.everywhere(game.state, "green")
    game.close()
    replayed = Game.from_record(read_only(tmp_path / "game.jsonl"))
    assert replayed.steps[-1] == s.CourtIntake("green", 1, (("castilla", 5),))
    assert board.everywhere(replayed.state, "green") == before
    replayed.undo()
    assert board.everywhere(replayed.state, "green")["castilla"] == 20 and replayed.state.court["green"] == 8
