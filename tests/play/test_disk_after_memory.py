"""Issue 34: the disk is written in one place, after the game in memory is whole. An undo is rebuilt
first and written after, so an undo that cannot be written or rebuilt leaves the game and its log as
they stood; where a game resumed from its snapshot fails inside a step or an undo, the log's game is
taken first and the disk mended after (fallback.log_game, then fallback.mend)."""

import pytest

from companion.engine.refused import Replayed
from companion.play import fallback
from companion.play.game import Game
from companion.record import journal as journal_module
from companion.record import snapshot as snapshot_file
from companion.record.journal import read_only
from tests.play.journal_on_disk import FlakyOS, partial_write_then_full, standing


def played(path, steps):
    game = Game.new(steps.settings, path)
    for step in steps.steps:
        game.send(step)
    return game


def as_the_log(game, path):
    again = Game.from_record(read_only(path))
    assert game.state == again.state and game.steps == again.steps
    assert game.phase == again.phase and game.prompt == again.prompt


class Sample:
    def __init__(self, sample, count):
        self.settings, self.steps = sample.settings, sample.steps[:count]


@pytest.mark.parametrize("count", [20, 150])  # mid-game, and at Game over (the chart stopped there)
def test_an_undo_that_cannot_be_written_leaves_the_game_where_it_stood(tmp_path, sample, monkeypatch, count):
    path = tmp_path / "game.jsonl"
    game = played(path, Sample(sample, count))
    before, data = standing(game), path.read_bytes()
    monkeypatch.setattr(journal_module, "os", FlakyOS(write=partial_write_then_full))
    with pytest.raises(OSError):
        game.undo()
    monkeypatch.undo()
    assert standing(game) == before and path.read_bytes() == data
    as_the_log(game, path)
    assert game.undo() == sample.steps[count - 1]  # room again: the undo is made, from the game as it stood
    as_the_log(game, path)
    game.send(sample.steps[count - 1])
    game.close()
    assert standing(Game.resume(path)) == before


def test_an_undo_whose_rebuild_fails_writes_nothing(tmp_path, sample, monkeypatch):
    """On 0.8 the undo line was written before the rebuild: a rebuild that failed left the log one
    step behind the game in memory."""
    path = tmp_path / "game.jsonl"
    game = played(path, Sample(sample, 30))
    before, data = standing(game), path.read_bytes()
    rebuild = Game._rebuild

    def fails(game, count, fresh_machine=False):
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr(Game, "_rebuild", fails)
    with pytest.raises(RuntimeError):
        game.undo()
    monkeypatch.setattr(Game, "_rebuild", rebuild)
    assert path.read_bytes() == data and standing(game) == before
    as_the_log(game, path)
    game.undo()
    as_the_log(game, path)


@pytest.fixture
def disk_seen(monkeypatch):
    """What the game was each time the fallback first touched the disk (the snapshot set aside)."""
    seen = []
    set_aside = snapshot_file.set_aside

    def noted(log):
        seen.append(log)
        set_aside(log)

    monkeypatch.setattr(snapshot_file, "set_aside", noted)
    return seen


def resumed(path):
    game = Game.resume(path)
    assert game.from_snapshot
    return game


def test_a_step_that_fails_in_a_snapshots_game_takes_the_logs_game_before_any_write(
        tmp_path, sample, monkeypatch, disk_seen):
    path = tmp_path / "game.jsonl"
    played(path, Sample(sample, 40)).close()
    data = path.read_bytes()
    game = resumed(path)
    mend = fallback.mend
    order = []

    def mending(game, found):
        order.append((game.from_snapshot, len(game.steps), path.read_bytes() == data))
        mend(game, found)

    monkeypatch.setattr(fallback, "mend", mending)
    apply, failed = Game._apply, []

    def fails_once(game, step):
        if not failed:
            failed.append(step)
            raise RuntimeError("a bug of ours")
        apply(game, step)

    monkeypatch.setattr(Game, "_apply", fails_once)
    with pytest.raises(Replayed, match="without the step: confirm it again"):
        game.send(sample.steps[40])
    monkeypatch.undo()
    assert order == [(False, 40, True)]  # the log's game first, the disk untouched until then
    assert disk_seen == [path] and snapshot_file.unfit_path(path).exists()
    assert path.read_bytes() == data  # the step was not written
    as_the_log(game, path)
    game.send(sample.steps[40])
    game.close()
    assert resumed(path).steps == tuple(sample.steps[:41])


def test_an_undo_that_fails_in_a_snapshots_game_is_made_on_the_logs_game(tmp_path, sample, monkeypatch):
    path = tmp_path / "game.jsonl"
    played(path, Sample(sample, 40)).close()
    data = path.read_bytes()
    game = resumed(path)
    lines = []
    mend = fallback.mend
    monkeypatch.setattr(fallback, "mend", lambda game, found: (lines.append(path.read_bytes()), mend(game, found)))
    rebuild = Game._rebuild
    calls = []

    def first_fails(game, count, fresh_machine=False):
        calls.append(count)
        if len(calls) == 1:
            raise RuntimeError("ours")
        rebuild(game, count, fresh_machine)

    monkeypatch.setattr(Game, "_rebuild", first_fails)
    with pytest.raises(Replayed, match="where the undo stands"):
        game.undo()
    monkeypatch.undo()
    assert lines == [data]  # when the disk was mended, no undo line yet: the undo is written once, after
    assert len(game.steps) == 39 and not game.from_snapshot
    assert read_only(path).lines[-1] == journal_module.UNDO
    as_the_log(game, path)
    game.close()
    assert standing(resumed(path)) == standing(game)
