"""Undo starts from an in-memory snapshot, yet gives exactly what a full replay of the journal gives.

The random games with runs of undos are in test_undo_properties.py (UndoFromSnapshots)."""

import pytest

from companion.measure.sample import four_player_game
from companion.play.game import SNAPSHOT_EVERY, Game
from companion.record.journal import read_only


def replayed_from_disk(game: Game) -> Game:
    """The game its journal file records, replayed from the first step (the one record)."""
    return Game.from_record(read_only(game.journal.path))


def count_replayed(game: Game, monkeypatch) -> list:
    """Every step the game applies from now on."""
    applied = []
    original = Game._apply

    def counting(self, step):
        applied.append(step)
        original(self, step)

    monkeypatch.setattr(Game, "_apply", counting)
    return applied


@pytest.mark.parametrize("at", [20, 75, 140])
def test_an_undo_replays_fewer_steps_than_a_snapshot_spans_however_long_the_game(monkeypatch, at):
    steps = four_player_game().steps
    game = Game.replay(four_player_game().settings, list(steps[:at]))
    applied = count_replayed(game, monkeypatch)
    game.undo()
    assert len(applied) < SNAPSHOT_EVERY
    assert game.state == Game.replay(game.settings, list(steps[: at - 1])).state


def test_undo_at_game_over_and_playing_on_again(tmp_path):
    game = four_player_game(tmp_path / "game.jsonl")
    assert game.over
    last = game.steps[-3:]
    for _ in range(3):
        game.undo()
    assert not game.over and replayed_from_disk(game).state == game.state
    for step in last:
        game.send(step)
    assert game.over and replayed_from_disk(game).state == game.state
    game.close()


def test_a_step_that_fails_half_way_leaves_the_game_as_the_journal_has_it(tmp_path, monkeypatch):
    game = four_player_game(tmp_path / "game.jsonl")
    for _ in range(5):
        game.undo()
    before = replayed_from_disk(game)
    nxt = four_player_game().steps[len(game.steps)]

    from companion.engine import referee

    apply, armed = referee.apply, [True]

    def broken(state, step):  # fails once, on the step being sent; the replay after it runs as ever
        if not armed[0]:
            return apply(state, step)
        armed[0] = False
        state.scores["red"] = -999  # changed before the bug bites
        raise RuntimeError("a bug in the referee")

    monkeypatch.setattr("companion.engine.referee.apply", broken)
    with pytest.raises(RuntimeError):
        game.send(nxt)
    monkeypatch.undo()
    assert game.state == before.state and game.phase == before.phase
    game.send(nxt)  # and the game goes on
    assert replayed_from_disk(game).state == game.state
    game.close()
