"""The bench's count of fsyncs (companion/measure/bench_writes.py): every step of the sample game is on
the disk before its press goes on, and a press that adds no step writes nothing."""

import os

from companion.measure import bench_writes


def test_every_step_is_fsynced_and_the_other_presses_write_nothing():
    real = os.fsync
    presses, steps = bench_writes.fsyncs_by_press()
    assert sum(added for added, _ in presses) == steps > 100
    assert all(syncs >= 1 for added, syncs in presses if added)
    assert all(syncs == 0 for added, syncs in presses if not added)
    assert os.fsync is real  # put back


def test_the_lines_say_the_counts_and_the_time(capsys, monkeypatch):
    monkeypatch.setattr(bench_writes, "fsyncs_by_press", lambda: ([(1, 3), (0, 0), (2, 6)], 3))
    monkeypatch.setattr(bench_writes, "fsync_time", lambda folder: 0.004)
    bench_writes.write_figures()
    out = capsys.readouterr().out
    assert "3 presses, 3 steps: 9 fsyncs, 3.0 a step; 2 presses add steps, the most fsyncs of one press 6; " \
           "0 in the other 1" in out
    assert "4.00 ms, so the press with the most waits 24.0 ms on the disk beyond what it computes" in out


def test_an_fsync_is_timed_in_the_folder_given(tmp_path):
    assert bench_writes.fsync_time(tmp_path, repeat=3) >= 0
    assert (tmp_path / "fsync-probe").stat().st_size == 600
