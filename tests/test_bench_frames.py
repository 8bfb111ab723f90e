"""The bench's navigation press to the controller's bytes (companion/measure/bench_frames.py): its lines
say what each difference of counts is, and the child it counts runs for real."""

import os
import re
import subprocess
import sys

import pytest

from companion.measure import bench_frames

M = 1_000_000
DRAW, CONVERT = {"v2": 1.0, "4in2_V2": 1.4, "7in5_V2": 1.3}, {"whole": 3.0, "panel": 0.5, "none": 0.0}


def test_each_panel_gets_its_line_with_its_target(tmp_path, capsys):
    runs = []

    def count(code, after, presses, model, how):  # a stand-in for callgrind: instructions by what the child does
        runs.append((model, how))
        return 90 * M + int(presses) * (DRAW[model] + CONVERT[how]) * M

    count.tmp = tmp_path
    bench_frames.press_to_bytes_figures(count)
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[1] == '  2.7": 4.00 M with the panel\'s conversion (target <= 2.0 M: NOT met); the frame drawn only ' \
                       "1.00 M; the conversion 3.00 M (the whole frame)"
    assert lines[2] == '  4.2": 1.90 M with the panel\'s conversion (no target); the frame drawn only 1.40 M; the ' \
                       "conversion 0.50 M (what changed since the last frame; the whole frame: 3.00 M)"
    assert re.fullmatch(r'  7\.5": 1\.80 M .*\(target <= 4\.0 M: met\).*', lines[3]), lines[3]
    assert ("v2", "panel") not in runs and ("7in5_V2", "panel") in runs  # the 2.7inch's own is the whole one


@pytest.mark.parametrize("model, how", [("v2", "whole"), ("7in5_V2", "panel")])
def test_the_counted_child_runs(tmp_path, model, how):
    env = {**os.environ, "ELGRANDE_CONFIG": str(tmp_path / "none.toml")}
    done = subprocess.run([sys.executable, "-c", bench_frames.NAVIGATE_TO_BYTES, "20", "2", model, how],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
