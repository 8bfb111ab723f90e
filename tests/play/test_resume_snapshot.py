"""Resume from the snapshot beside the game log (issue 23): as many steps replayed early in a game as
late in it, and a snapshot that does not fit (damaged, stale, foreign) rebuilt, never trusted."""

import json
from pathlib import Path

import pytest

from companion.engine.settings import Settings
from companion.engine.steps import ScoreCorrected, StepRefused
from companion.measure.sample import four_player_game
from companion.play import snapshot
from companion.play.game import SNAPSHOT_EVERY, Game
from companion.record import snapshot as snapshot_file
from companion.record.journal import read_only
from companion.record.saves import Games

SAMPLE = four_player_game()


def played(path, count):
    """A game log of the sample game's first ``count`` steps (past its 150: score corrections)."""
    game = Game.new(SAMPLE.settings, path)
    for n in range(count):
        game.send(SAMPLE.steps[n] if n < 60 else ScoreCorrected("red", 1, f"soak {n}"))
    return game


def same_as_the_log(game, path):
    again = Game.from_record(read_only(path))
    assert game.state == again.state and game.phase == again.phase and game.steps == again.steps
    assert game.expects == again.expects


def resumed(path, applied):
    applied.clear()
    game = Game.resume(path)
    game.close()
    return game, len(applied)


def test_a_resume_replays_as_many_steps_at_step_20_as_at_step_600(tmp_path, applied):
    counts = {}
    for steps in (20, 600):
        path = tmp_path / str(steps) / "game.jsonl"
        played(path, steps).close()
        game, counts[steps] = resumed(path, applied)
        assert len(game.steps) == steps
        same_as_the_log(game, path)
    assert counts == {20: 0, 600: 0}


def test_without_a_snapshot_the_log_is_replayed_and_a_snapshot_made(tmp_path, applied):
    path = tmp_path / "game.jsonl"
    played(path, 40).close()
    snapshot_file.discard(path)
    assert resumed(path, applied)[1] == 40
    assert snapshot_file.path_of(path).exists()
    game, count = resumed(path, applied)
    assert count == 0
    same_as_the_log(game, path)


def damaged(text):
    return text[: len(text) // 2]


def foreign(text):
    body = json.loads(text)
    body["version"] = "0.5.0/rules-1/snapshot-1/0"
    return json.dumps(body)


def not_ours(text):
    """A class of another package where the state's ScoreLine is: never built (JSON, never pickle)."""
    return text.replace("companion.engine.state:ScoreLine", "subprocess:Popen")


def wrong_field(text):
    return text.replace('"occasion"', '"occasional"')


def changed_state(text):
    """A hand-made snapshot with its steps' count wrong (the log's own digest kept)."""
    body = json.loads(text)
    body["steps"] += 1
    return json.dumps(body)


@pytest.mark.parametrize("spoil", [damaged, foreign, not_ours, wrong_field, changed_state, lambda text: "[]",
                                   lambda text: "", lambda text: "\x00" * 40])
def test_a_snapshot_that_does_not_fit_is_rebuilt_never_trusted(tmp_path, applied, spoil):
    path = tmp_path / "game.jsonl"
    played(path, 40).close()
    where = snapshot_file.path_of(path)
    where.write_text(spoil(where.read_text(encoding="utf-8")), encoding="utf-8")
    game, count = resumed(path, applied)
    assert count == 40  # the whole log replayed
    same_as_the_log(game, path)
    assert resumed(path, applied)[1] == 0  # and a good snapshot made of it


def test_a_stale_snapshot_is_rebuilt_when_the_log_grew_or_changed(tmp_path, applied):
    path = tmp_path / "game.jsonl"
    played(path, 30).close()
    old = snapshot_file.path_of(path).read_bytes()
    game = Game.resume(path)
    game.send(SAMPLE.steps[30])
    game.close()
    snapshot_file.path_of(path).write_bytes(old)  # the log grew past the snapshot (a kill between the two)
    game, count = resumed(path, applied)
    assert count == 31 and len(game.steps) == 31
    same_as_the_log(game, path)


def test_a_changed_byte_of_the_log_is_never_hidden_by_the_snapshot(tmp_path, applied):
    """The same length, one byte changed: the digest, not only the length, finds it."""
    path = tmp_path / "game.jsonl"
    played(path, 70).close()
    text = path.read_bytes()
    assert b'"reason":"soak 65"' in text
    path.write_bytes(text.replace(b'"reason":"soak 65"', b'"reason":"soak 66"'))  # same length
    game, count = resumed(path, applied)
    assert count == 70
    assert [line.reason for line in game.state.sheet if line.occasion == "correction"][5] == "soak 66"


@pytest.mark.parametrize("at", [40, 150])
def test_undo_after_a_resume_from_a_snapshot_goes_back_step_by_step(tmp_path, applied, at):
    path = tmp_path / "game.jsonl"
    played(path, at).close()
    game = Game.resume(path)
    replayed = []
    for _ in range(12):
        applied.clear()
        game.undo()
        replayed.append(len(applied))
        same_as_the_log(game, path)
    game.close()
    game, count = resumed(path, applied)
    assert count == 0 and len(game.steps) == at - 12
    same_as_the_log(game, path)
    # the first undo starts from the earlier copy the snapshot keeps, not from the game's start
    assert replayed[0] < 2 * SNAPSHOT_EVERY


def test_undo_after_game_over_from_a_snapshot(tmp_path, applied):
    path = tmp_path / "game.jsonl"
    four_player_game(path).close()
    game = Game.resume(path)
    assert game.over
    game.undo()
    same_as_the_log(game, path)
    game.send(SAMPLE.steps[-1])
    assert game.over
    game.close()
    same_as_the_log(Game.resume(path), path)


def test_a_snapshot_that_cannot_be_written_never_stops_the_game(tmp_path, monkeypatch, applied):
    path = tmp_path / "game.jsonl"
    game = played(path, 20)

    def refuse(*args):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(snapshot_file.os, "replace", refuse)  # refused (or killed) before the rename
        game.send(SAMPLE.steps[20])
        game.close()
    assert not snapshot_file.path_of(path).exists()  # missing, not stale
    game, count = resumed(path, applied)
    assert count == 21


def test_a_leftover_temporary_snapshot_is_never_read(tmp_path, applied):
    path = tmp_path / "game.jsonl"
    played(path, 20).close()
    where = snapshot_file.path_of(path)
    temporary = where.with_name(where.name + ".tmp")
    temporary.write_text("{half a snap", encoding="utf-8")  # a kill inside the write
    assert resumed(path, applied)[1] == 0
    game = Game.resume(path)
    game.send(SAMPLE.steps[20])
    game.close()
    assert not temporary.exists()
    assert resumed(path, applied)[1] == 0


def test_a_new_game_and_a_game_put_aside_leave_no_snapshot_behind(tmp_path):
    games = Games(tmp_path)
    played(games.current, 10).close()
    assert snapshot_file.path_of(games.current).exists()
    games.put_aside()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games"]
    Game.new(Settings(players=SAMPLE.settings.players), games.current).close()
    assert not snapshot_file.path_of(games.current).exists()


def test_the_state_is_written_generically(tmp_path):
    state = SAMPLE.state
    text = json.dumps(snapshot.encode(state, state.settings))
    assert snapshot.decode(json.loads(text), state.settings) == state
    with pytest.raises(snapshot.Unfit):
        snapshot.encode(object(), None)
    for data in ({"C": "os:system", "A": {}}, {"C": "companion.play.game:Game", "A": {}}, {"X": 1}, {"A": []},
                 {"M": [[[1], 2]]}, {"S": [[1]]}):
        with pytest.raises(snapshot.Unfit):
            snapshot.decode(data, None)


@pytest.fixture
def charts_built(monkeypatch):
    """How many phase charts are built from here on (counted, not timed)."""
    from companion.engine.phases import Phases

    built = []
    init = Phases.__init__
    monkeypatch.setattr(Phases, "__init__", lambda chart, state: (built.append(chart), init(chart, state))[1])
    return built


def test_a_unit_is_tried_and_an_undo_after_game_over_made_without_a_new_chart(tmp_path, charts_built):
    game = Game.new(SAMPLE.settings, tmp_path / "game.jsonl")
    for step in SAMPLE.steps:
        game.send(step)
    assert game.over and len(charts_built) == 1  # the game's own, built with its first step
    game.undo()
    game.send(SAMPLE.steps[-1])
    assert game.over and len(charts_built) == 1
    game.undo()
    unit = (ScoreCorrected("red", 1, "a"), ScoreCorrected("blue", 2, "b"))
    game.send(*unit)  # tried on a copy of the state, through the game's own chart
    assert game.last_unit == unit and len(charts_built) == 1
    with pytest.raises(StepRefused):
        game.send(ScoreCorrected("red", 1, "c"), SAMPLE.steps[0])  # the second refused: nothing kept
    assert game.last_unit == unit and len(charts_built) == 1
    game.close()
    same_as_the_log(game, tmp_path / "game.jsonl")


def test_a_resumed_game_builds_its_chart_only_for_its_first_step(tmp_path, charts_built):
    path = tmp_path / "game.jsonl"
    played(path, 30).close()
    charts_built.clear()
    game = Game.resume(path)
    assert game.prompt and game.expects and not charts_built  # the first frame asks nothing of the chart
    game.send(SAMPLE.steps[30])
    assert len(charts_built) == 1
    game.close()
    same_as_the_log(game, path)


def test_the_snapshot_written_is_the_body_of_the_game_whatever_copy_it_reuses(tmp_path):
    """snapshot.keep writes the copy an undo starts from as JSON text made once per copy, and the score
    sheet's lines once each; the file is still exactly snapshot.body's JSON, through a whole game's
    sends, undos (the sheet shrinks) and the step sent again."""
    sample = four_player_game()
    game = Game.new(sample.settings, tmp_path / "game.jsonl")

    def written_is_body() -> None:
        count = len(game._steps)
        last_unit = game._units[-1] if game._units else 0
        earlier = max((n for n in game._snapshots if n <= count - last_unit), default=0)
        before = None
        if earlier:
            kept, chart = game._snapshots[earlier]
            value = kept
            if not isinstance(kept, dict):  # copies.Kept: pickled in memory
                copy = kept.state()
                value = snapshot.encode(copy, copy.settings)
            before = (earlier, value, snapshot.chart_value(chart))
        made = snapshot.body(game.state, game.position(), game.settings, game.journal.fingerprint(), count, before)
        written = snapshot_file.path_of(game.journal.path).read_bytes()
        assert written == snapshot_file.seal(snapshot_file.text(made))

    for i, step in enumerate(sample.steps):  # through the scorings: the sheet's lines, kept as text, grow
        game.send(step)
        written_is_body()
        if i % 5 == 4:
            game.undo()
            written_is_body()
            game.send(step)
            written_is_body()
    assert len(game.state.sheet) > 10
    game.close()


def test_the_code_stamp_covers_every_package_of_the_game_code():
    # A snapshot is this very code's: a changed file of the engine, of play or of the rules makes it foreign. Since
    # companion/game became companion/engine and companion/play (issue 34) the stamp read a folder that was gone.
    root = Path(snapshot.__file__).resolve().parents[1]
    packages = {str(init.parent.relative_to(root)) for top in ("engine", "play", "rules")
                for init in (root / top).rglob("__init__.py")}
    assert set(snapshot.STAMPED) == packages
