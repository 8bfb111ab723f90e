"""The bench's replay section (companion/measure/bench_replay.py): each figure measures what it says."""

import re

from companion.measure import bench_replay


def test_the_first_resume_writes_the_snapshot_the_others_read_it_and_the_log_is_left_alone(tmp_path, monkeypatch):
    from companion.measure.sample import four_player_game

    log = tmp_path / "game.jsonl"
    four_player_game(log).close()
    (tmp_path / "game.jsonl.snapshot").unlink()
    before = log.read_bytes()
    from companion.play import game as game_module

    read = []
    real = game_module.snapshots.restored

    def restored(*args):
        found = real(*args)
        read.append(found is not None)
        return found

    monkeypatch.setattr(game_module.snapshots, "restored", restored)
    first, rest = bench_replay.resume_times(log, 2)
    assert len(rest) == 2 and first > 0
    assert read == [False, True, True]  # the first resume replays (no snapshot in its copy), the others read it
    assert log.read_bytes() == before and not (tmp_path / "game.jsonl.snapshot").exists()
    assert len(bench_replay.replay_times(log, 2)) == 2 and read == [False, True, True]  # a replay reads no snapshot


def test_the_lines_name_what_they_time(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(bench_replay, "replay_times", lambda path, repeat: [0.150] * repeat)
    monkeypatch.setattr(bench_replay, "resume_times", lambda path, repeat: (0.2, [0.0075] * repeat))
    bench_replay.replay_lines(tmp_path / "game.jsonl", 150, 3)
    out = capsys.readouterr().out
    assert "replay (the log read, every step checked and applied): median 150.0 ms (1.00 ms/step)" in out
    assert "resume without a snapshot (the first: every step replayed, the snapshot written): 200.0 ms" in out
    assert re.search(r"resume from the snapshot \(the log checked against it, no step replayed\): median 7\.5 ms "
                     r"\(50 us/step\)", out)
