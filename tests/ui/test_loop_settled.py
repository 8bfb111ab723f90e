"""The run command's loop sets what the start made aside from the cyclic garbage collector after its
first frame (companion/app.py settled; issue 36: a full collection walking every module was one
press's dearest part). Tests' loops do not, unless asked (the test process is not frozen)."""

import subprocess
import sys

from companion import app


def test_the_loop_settles_once_after_its_first_frame(tmp_path, monkeypatch):
    events = []
    monkeypatch.setattr(app, "settled", lambda: events.append("settled"))
    ui = app.make_controller(app.Games(tmp_path), seed=lambda: 1)
    loop = app.Loop(ui, lambda image, kind: events.append("frame"), settle=True, check_after=None)
    loop.run(iter([]))
    assert events == ["frame", "settled"]
    app.Loop(ui, lambda image, kind: events.append("frame"), check_after=None).run(iter([]))
    assert events == ["frame", "settled", "frame"]  # not asked: not settled


def test_settled_freezes_what_there_is():
    code = "import gc; from companion.app import settled; settled(); print(gc.get_freeze_count())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 1000
