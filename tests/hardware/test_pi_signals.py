"""PiSession and a clean stop: SIGTERM and SIGINT end the presses at once, close gives the
handlers back, and `run --hardware` on fakes (pi_run_with_fakes.py) runs the whole shutdown in
order within systemd's TimeoutStopSec, even when the panel never finishes. No Pi."""

import sys
import threading
import time
from pathlib import Path

import pytest

import hardware.pi as pi
from hardware.pi import PiUnavailable
from tests.hardware.pi_fakes import config

# ------------------------------------------------------------ signals: a clean stop


def test_sigterm_ends_presses_at_once_and_close_restores_the_handlers(sessions, clock):
    import os
    import signal

    before = {s: signal.getsignal(s) for s in pi.STOP_SIGNALS}
    session = sessions(config(display_model="none"), clock=clock).stop_on_signals().open()
    assert signal.getsignal(signal.SIGTERM) == session._on_signal
    waits, woken_by = [], []
    read = session.keys.read

    def read_and_count(timeout=0.0):
        waits.append(timeout)
        if len(waits) == 2:  # the second wait: a signal comes while the main thread waits for a key
            threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGTERM)).start()
            woken_by.append(session.keys.edges.get(timeout=30))  # no key: only wake() ends it (else Empty)
            return []
        return read(timeout=timeout)

    session.keys.read = read_and_count
    assert list(session.presses()) == []
    assert woken_by == [None]  # the handler's wake-up marker
    assert session.stopped_by == signal.SIGTERM
    assert len(waits) == 2
    assert session.notifier.sent == []  # the handler did no work: STOPPING=1 comes from close()
    session.close()
    assert session.notifier.sent == ["STOPPING=1"]
    assert {s: signal.getsignal(s) for s in pi.STOP_SIGNALS} == before


def test_a_signal_while_the_session_opens_stops_it_as_soon_as_it_is_open(sessions, drivers, clock, make_frame):
    """systemctl stop during the first panel init: the caller shows its frame, presses() ends at once."""
    import signal

    driver = drivers("v2")
    session = sessions(clock=clock).stop_on_signals()
    signal.raise_signal(signal.SIGTERM)  # as if it came during open()
    session.open()
    session.show(make_frame(mark=2), "turn")
    assert list(session.presses()) == []
    assert session.stopped_by == signal.SIGTERM
    session.close()
    assert driver.names()[-4:] == ["display_Base", "sleep", "module_exit", "module_exit"]


def test_a_session_that_fails_to_open_gives_the_signals_back(sessions, drivers, mock_factory):
    import signal

    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(PiUnavailable):
        sessions().stop_on_signals().open()  # no driver installed
    assert signal.getsignal(signal.SIGTERM) == before


def test_the_stop_budget_fits_the_units_timeout_stop_sec():
    """The display thread is abandoned after STOP_TIMEOUT; systemd kills after TimeoutStopSec."""
    unit = Path(pi.__file__).parent.parent / "systemd" / "elgrande-companion.service"
    lines = [line for line in unit.read_text().splitlines() if line.startswith("TimeoutStopSec=")]
    assert len(lines) == 1
    timeout_stop = float(lines[0].split("=", 1)[1])
    assert pi.STOP_TIMEOUT + 10 <= timeout_stop  # 10 s left for the pins, the journal and Python's exit


def _start_with_fakes(tmp_path, notify_socket, driver, *extra):
    """`run --hardware` in a child process on fakes, with a saved game; returns (process, events file, hold)."""
    import os
    import subprocess

    from companion.engine.settings import Player, Settings
    from companion.play.game import Game

    state = tmp_path / "state"
    state.mkdir()
    Game.new(Settings(players=(Player("Ana", "red"), Player("Ben", "blue"), Player("Cy", "yellow"))),
             state / "game.jsonl").close()
    events, hold = tmp_path / "events", tmp_path / "hold"
    hold.touch()  # the first refresh stays busy until the test removes this
    root = Path(pi.__file__).parent.parent
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), "PYTHONPATH": str(root),
           "NOTIFY_SOCKET": notify_socket[1], "LANG": "C.UTF-8"}
    child = subprocess.Popen([sys.executable, str(Path(__file__).parent / "pi_run_with_fakes.py"), str(events),
                              str(state), str(hold), driver, *extra], env=env, cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return child, events, hold


def _lines(events):
    return events.read_text().splitlines() if events.exists() else []


def _wait_for_line(child, events, line, seconds=60.0):
    deadline = time.monotonic() + seconds
    while line not in _lines(events):
        if child.poll() is not None:
            out, err = child.communicate()
            pytest.fail(f"the companion ended before {line!r}: {_lines(events)}\n{err}")
        if time.monotonic() > deadline:
            child.kill()
            pytest.fail(f"no {line!r} after {seconds} s: {_lines(events)}")
        time.sleep(0.01)


READY = "notify READY=1 STATUS=keys on GPIO 5, 6, 13, 19; 2.7inch e-paper V2"


#: How each adapter lets go of the panel, in order. Ours: SPI closes as the panel goes to sleep, then
#: the pins. Waveshare's: its sleep() closes SPI (inside the fake), then module_exit(cleanup=True) the pins.
RELEASE = {"builtin": ["spi closed", "panel asleep", "panel released"],
           "waveshare": ["panel asleep", "driver pins closed", "panel released"]}


@pytest.mark.parametrize("signame, driver", [("SIGTERM", "builtin"), ("SIGINT", "builtin"),
                                             ("SIGTERM", "waveshare")])
def test_a_signal_mid_refresh_runs_the_whole_shutdown_in_order(tmp_path, notify_socket, signame, driver):
    """systemctl stop while the panel refreshes: STOPPING=1 at once, the refresh ends, the panel
    sleeps, its pins and SPI close, the keys close, the journal closes last; exit status 0."""
    import signal

    child, events, hold = _start_with_fakes(tmp_path, notify_socket, driver)
    try:
        _wait_for_line(child, events, READY)
        _wait_for_line(child, events, "panel refresh full")  # the first frame, now refreshing
        with open(events, "a") as out:
            out.write(f"test {signame}\n")
        child.send_signal(getattr(signal, signame))
        _wait_for_line(child, events, "notify STOPPING=1")  # while the refresh is still under way
        with open(events, "a") as out:
            out.write("test refresh ends\n")
        hold.unlink()
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, err
    assert "Traceback" not in err
    assert "1 frame shown; the game log is" in out  # one frame: the singular (issue 37)
    assert f"{signame} received: closing the panel, the pins and the game." in err
    lines = _lines(events)
    signalled = lines.index(f"test {signame}")
    assert lines.index("panel refresh full") < signalled and lines.index(READY) < signalled
    order = [f"test {signame}", "notify STOPPING=1", "test refresh ends", "panel refresh done",
             *RELEASE[driver], "keys closed", "journal closed"]
    assert [line for line in lines[signalled:] if line in order] == order
    assert lines.count("panel refresh full") == 1 and "panel refresh partial" not in lines  # nothing else shown
    if driver == "builtin":
        assert lines[-2] == "spi opened 1, closed 1"  # no descriptor left open
    assert lines[-1] == "exit 0"
    server = notify_socket[0]
    assert server.recv(4096).decode() == READY.removeprefix("notify ").replace(" STATUS", "\nSTATUS", 1)
    assert server.recv(4096).decode() == "STOPPING=1"  # and the socket saw the same


def test_a_panel_that_never_finishes_is_abandoned_and_the_rest_still_closes(tmp_path, notify_socket):
    """The BUSY line stays busy: after STOP_TIMEOUT (0.5 s here) the display thread is left to
    die with the process; the keys and the journal still close, and the exit is clean."""
    import signal

    child, events, hold = _start_with_fakes(tmp_path, notify_socket, "builtin", "0.5")
    try:
        _wait_for_line(child, events, "panel refresh full")
        child.send_signal(signal.SIGTERM)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, err
    lines = _lines(events)
    assert [line for line in lines if line in ("notify STOPPING=1", "keys closed", "journal closed", "exit 0")] \
        == ["notify STOPPING=1", "keys closed", "journal closed", "exit 0"]
    assert "panel refresh done" not in lines
    assert "panel asleep" not in lines and "panel released" not in lines  # not under a busy thread
    assert "the display thread is still busy with the panel; not closing it under it" in err
