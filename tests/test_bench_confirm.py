"""The bench's whole confirming press (companion/measure/bench_confirm.py): it finds the presses that
send placements, counts one from key to bytes by a difference, and the child it counts runs."""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from companion.measure import bench_confirm

M = 1_000_000


def test_the_presses_found_are_those_that_send_placed_steps():
    from companion.engine.steps import Placed
    from companion.measure.key_scripts import play
    from hardware.sim.terminal import parse_script

    path = bench_confirm.script_path()
    found = bench_confirm.confirming_presses(path)
    assert len(found) > 10
    presses = [e for e in parse_script(path.read_text(encoding="utf-8"), where=path.name) if e is not None]
    with tempfile.TemporaryDirectory() as tmp:
        ui = play(presses[:found[0]], Path(tmp))
        assert ui.game is not None
        before = len(ui.game.steps)
        assert not any(isinstance(step, Placed) for step in ui.game.steps)  # the first that sends any
        press = presses[found[0]]
        ui.press(press.key, press.long)
        assert any(isinstance(step, Placed) for step in ui.game.steps[before:])
        ui.game.close()


def test_the_line_is_the_difference_with_its_target(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(bench_confirm, "confirming_presses", lambda path: [10, 42])
    runs = []

    def count(code, path, at, how):
        runs.append((int(at), how))
        return 500 * M + (9.5 * M if how == "press" else 0)

    bench_confirm.confirm_press_figures(count)
    out = capsys.readouterr().out
    assert "(press 43 of sample_board_game.keys" in out and ": 9.50 M (target <= 8.0 M" in out and "NOT met" in out
    assert runs == [(42, "stop"), (42, "press")]


def test_the_counted_child_runs(tmp_path):
    path = bench_confirm.script_path()
    at = bench_confirm.confirming_presses(path)[0]
    env = {**os.environ, "ELGRANDE_CONFIG": str(tmp_path / "none.toml")}
    done = subprocess.run([sys.executable, "-c", bench_confirm.CONFIRM_PRESS, str(path), str(at), "press"],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
