"""The bench's undo after a resume (companion/measure/bench_undo.py): its line is made of the right
differences, and the child it counts resumes from the snapshot and undoes one step of a copy."""

import os
import subprocess
import sys

from companion.measure import bench_undo

M = 1_000_000


def test_the_line_splits_the_first_undo_into_the_chart_and_the_undo(tmp_path, capsys):
    def count(code, folder, how):
        return {"resume": 300 * M, "chart": 420 * M, "undo": 423.5 * M}[how]

    count.tmp = tmp_path
    bench_undo.undo_after_resume_figures(count)
    lines = capsys.readouterr().out.rstrip().splitlines()
    assert lines == [f"  the first undo after a resume, at step {at} of a 4-player game: 123.5 M (the phase chart built "
                     "in it: 120.0 M; the undo itself: 3.50 M; no target)" for at in (20, 140)]
    assert (tmp_path / "undo-resumed-140" / "game.jsonl.snapshot").exists()


def test_the_counted_child_undoes_a_copy(tmp_path):
    from companion.measure.sample import four_player_game
    from companion.play.game import Game

    game = Game.new(four_player_game().settings, tmp_path / "game.jsonl")
    for step in four_player_game().steps[:5]:
        game.send(step)
    game.close()
    Game.resume(tmp_path / "game.jsonl").close()
    before = (tmp_path / "game.jsonl").read_bytes()
    env = {**os.environ, "ELGRANDE_CONFIG": str(tmp_path / "none.toml")}
    done = subprocess.run([sys.executable, "-c", bench_undo.UNDO_AFTER_RESUME, str(tmp_path), "undo"],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "game.jsonl").read_bytes() == before
