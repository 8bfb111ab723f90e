"""PiSession: gpiozero's MockFactory keys, the fake Waveshare driver, a real sd_notify socket. No Pi."""

import sys
import threading
import time
import types
from dataclasses import replace
from pathlib import Path

import pytest

import hardware.pi as pi
from companion.config import Config
from hardware.display import ADAPTERS, FastEpd27, to_buffer
from hardware.display.driver import MODULES
from hardware.keys import KeyEvent
from hardware.pi import PiSession, PiUnavailable
from hardware.sd_notify import Notifier


# ------------------------------------------------------------ fixtures


def config(**changes) -> Config:
    """The default config with ``keys_long_press=0.5``, ``display_model="none"`` style changes.

    The panel is driven through a Waveshare driver module (``display_driver="waveshare"``, the
    ``drivers`` fixture's fake) unless a test asks for ``display_driver="builtin"``.
    """
    changes.setdefault("display_driver", "waveshare")
    base = Config()
    sections = {"keys": base.keys, "display": base.display, "game": base.game}
    for name, value in changes.items():
        section, key = name.split("_", 1)
        sections[section] = replace(sections[section], **{key: value})
    return Config(**sections)


@pytest.fixture
def drivers(monkeypatch, fake_driver):
    """Only the fake driver is importable: ``drivers("v2")`` installs it as ``waveshare_epd``."""
    for name in list(sys.modules):
        if name.split(".")[0] in ("waveshare_epd", "epaper"):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "waveshare_epd", None)
    monkeypatch.setitem(sys.modules, "epaper", None)

    def install(model="v2"):
        driver = fake_driver(model)
        package = types.ModuleType("waveshare_epd")
        package.__path__ = []
        monkeypatch.setitem(sys.modules, "waveshare_epd", package)
        monkeypatch.setitem(sys.modules, f"waveshare_epd.{MODULES[model]}", driver.module)
        return driver

    return install


@pytest.fixture
def sessions(mock_factory):
    """Make sessions on the mock pins; every one is closed at the end (before the pins are reset)."""
    made = []

    def make(cfg=None, **options):
        options.setdefault("notifier", Recorder())
        options.setdefault("pin_factory", mock_factory)
        session = PiSession(cfg or config(), **options)
        made.append(session)
        return session

    yield make
    for session in made:
        session.close()


class Recorder(Notifier):
    """A notifier that keeps its messages instead of sending them."""

    def __init__(self, watchdog_usec=None):
        super().__init__("@recorder", watchdog_usec=watchdog_usec)
        self.sent = []

    def notify(self, *assignments):
        self.sent.append("\n".join(assignments))
        return True


def received(server) -> str:
    return server.recv(4096).decode()


def tap(factory, clock, pin, at, hold):
    clock.advance_to(at)
    factory.pin(pin).drive_low()
    clock.advance_to(at + hold)
    factory.pin(pin).drive_high()


def wait_for(condition, seconds=5.0):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail("timed out")
        time.sleep(0.005)


# ------------------------------------------------------------ keys and panel


def test_a_press_comes_out_of_presses_and_a_frame_reaches_the_driver(sessions, drivers, mock_factory,
                                                                    clock, make_frame):
    driver = drivers("v2")
    session = sessions(clock=clock).open()
    assert session.size == (264, 176)
    assert driver.names() == ["EPD()", "init"]

    session.show(make_frame(mark=3), "turn")
    wait_for(lambda: "display_Base" in driver.names())
    assert driver.calls[2] == ("display_Base", bytes(to_buffer(make_frame(mark=3))))

    presses = session.presses()
    tap(mock_factory, clock, 13, at=1.0, hold=0.1)
    assert next(presses) == KeyEvent(2)
    tap(mock_factory, clock, 19, at=2.0, hold=1.0)
    assert next(presses) == KeyEvent(3, long=True)


def test_the_config_reaches_the_detector_and_the_display_loop(sessions, drivers, clock):
    drivers("v2")
    session = sessions(config(keys_long_press=0.5, keys_debounce=0.01, display_partials_before_full=2,
                              display_idle_sleep=30.0, display_busy_timeout=3.0), clock=clock).open()
    assert (session.keys.detector.long_after, session.keys.detector.debounce) == (0.5, 0.01)
    assert session.keys.pins == (5, 6, 13, 19)
    assert session.display.policy.full_every == 2
    assert session.display.idle_sleep_after == 30.0
    assert session.panel._epd.ReadBusy.timeout == 3.0


def test_custom_key_pins_are_used(sessions, mock_factory, clock):
    session = sessions(config(keys_pins=(20, 21, 22, 23), display_model="none"), clock=clock).open()
    tap(mock_factory, clock, 21, at=0.0, hold=0.1)
    assert next(session.presses()) == KeyEvent(1)


def test_partial_refreshes_follow_within_a_screen(sessions, drivers, make_frame):
    driver = drivers("v2")
    session = sessions().open()
    session.show(make_frame(mark=1), "turn")
    wait_for(lambda: driver.names().count("display_Base") == 1)
    session.show(make_frame(mark=2), "turn")
    wait_for(lambda: "display_Partial" in driver.names())


def test_the_default_driver_is_our_own_and_the_session_releases_spi_and_pins(sessions, wire, monkeypatch,
                                                                           make_frame):
    from functools import partial

    from gpiozero import DigitalOutputDevice

    assert Config().display.driver == "builtin"
    w = wire("v2")  # MockFactory panel pins and a fake spidev; no Waveshare driver involved
    monkeypatch.setitem(ADAPTERS, "builtin", partial(FastEpd27, sleep=lambda seconds: None))  # no 2 s naps
    session = sessions(config(display_driver="builtin")).open()
    assert isinstance(session.panel, FastEpd27)
    frame = bytes(to_buffer(make_frame(mark=4)))
    session.show(make_frame(mark=4), "turn")
    wait_for(lambda: ("spi", 1, frame) in list(w.trace))
    session.close()
    assert (w.opens, w.closes, w.most_open) == (1, 1, 1)
    DigitalOutputDevice(17).close()  # the panel's pins were released


def test_v1_panel(sessions, drivers, make_frame):
    driver = drivers("v1")
    session = sessions(config(display_model="v1")).open()
    session.show(make_frame(), "turn")
    wait_for(lambda: "display" in driver.names())


def test_rotation_90_takes_portrait_frames(sessions, drivers, make_frame):
    drivers("v2")
    session = sessions(config(display_rotation=90))
    assert session.size == (176, 264)
    session.open()
    assert session.size == (176, 264)
    session.show(make_frame(size=(176, 264)), "turn")
    with pytest.raises(ValueError, match="176x264"):
        session.show(make_frame(), "turn")  # a landscape frame is a bug upstream, not a panel retry loop


def test_a_size_the_panel_does_not_have_is_refused_and_nothing_stays_open(sessions, drivers, mock_factory):
    from gpiozero import Button

    driver = drivers("v2")
    with pytest.raises(PiUnavailable) as caught:
        sessions(config(display_width=300, display_height=200)).open()
    message = str(caught.value)
    assert "\n" not in message and "300x200" in message and "264x176" in message
    assert driver.calls == []
    Button(5).close()  # the key pins were released


def test_model_none_opens_no_panel(sessions, drivers, mock_factory, clock, make_frame):
    session = sessions(config(display_model="none"), clock=clock).open()  # no driver importable at all
    assert session.panel is None and session.display is None
    assert session.size == (264, 176)
    session.show(make_frame(), "turn")  # nothing to show it on: no error
    tap(mock_factory, clock, 5, at=0.0, hold=0.1)
    assert next(session.presses()) == KeyEvent(0)
    assert session.notifier.sent[0] == "READY=1\nSTATUS=keys on GPIO 5, 6, 13, 19; no panel"


# ------------------------------------------------------------ failures


def test_a_busy_pin_is_one_line_and_nothing_stays_open(sessions, drivers, mock_factory):
    from gpiozero import Button

    driver = drivers("v2")
    blocker = Button(13)
    with pytest.raises(PiUnavailable) as caught:
        sessions().open()
    message = str(caught.value)
    assert message.startswith("cannot open key pins (5, 6, 13, 19): ")
    assert "in use" in message and "another program" in message
    assert "\n" not in message
    assert driver.calls == []  # the panel was not touched
    blocker.close()
    for pin in (5, 6, 13, 19):
        Button(pin).close()


def test_a_panel_that_fails_to_start_closes_the_keys(sessions, drivers, mock_factory):
    from gpiozero import Button

    driver = drivers("v2")
    driver.fail["init"] = PermissionError(13, "Permission denied", "/dev/spidev0.0")
    with pytest.raises(PiUnavailable) as caught:
        sessions().open()
    message = str(caught.value)
    assert "init() failed" in message and "spi and gpio groups" in message
    assert "\n" not in message
    Button(5).close()  # the keys were released
    assert driver.calls[-1] == ("module_exit", True)  # and so were the panel's pins


def test_no_driver_installed_is_one_line(sessions, drivers, mock_factory):
    with pytest.raises(PiUnavailable, match="no e-paper driver found: install the Waveshare driver") as caught:
        sessions().open()
    assert "\n" not in str(caught.value)


def test_a_stuck_busy_line_is_a_timeout_not_a_hang(sessions, drivers, mock_factory):
    driver = drivers("v2")
    driver.stuck = True
    start = time.monotonic()
    with pytest.raises(PiUnavailable, match="still busy after 1 s"):
        sessions(config(display_busy_timeout=1.0)).open()
    assert time.monotonic() - start < 10


def test_a_closed_session_cannot_be_opened_again(sessions):
    session = sessions(config(display_model="none"))
    session.open()
    session.close()
    with pytest.raises(PiUnavailable, match="closed"):
        session.open()


# ------------------------------------------------------------ systemd


def test_ready_watchdog_and_stopping_reach_a_real_notify_socket(sessions, mock_factory, notify_socket,
                                                                make_frame):
    server, address = notify_socket
    notifier = Notifier(address, watchdog_usec=100_000)  # pings every 0.05 s
    assert notifier.watchdog_interval() == 0.05
    session = sessions(config(display_model="none"), notifier=notifier).open()  # the real clock

    session.show(make_frame(), "setup")
    assert received(server) == "READY=1\nSTATUS=keys on GPIO 5, 6, 13, 19; no panel"
    session.show(make_frame(), "setup")  # READY only once

    got = []
    reader = threading.Thread(target=lambda: got.extend(session.presses()))
    reader.start()
    try:
        for _ in range(3):  # no key pressed: pings all the same
            assert received(server) == "WATCHDOG=1"
        mock_factory.pin(6).drive_low()
        time.sleep(0.1)
        mock_factory.pin(6).drive_high()
        wait_for(lambda: got)
    finally:
        session.stop()
        reader.join(5)
    assert not reader.is_alive()
    assert got == [KeyEvent(1)]

    session.close()
    while (message := received(server)) == "WATCHDOG=1":
        pass
    assert message == "STOPPING=1"


def test_pings_keep_their_period_while_no_key_is_pressed(sessions, clock):
    """30 s WatchdogSec: a ping every 15 s of the session's clock, waits of at most 1 s."""
    notifier = Recorder(watchdog_usec=30_000_000)
    session = sessions(config(display_model="none"), clock=clock, notifier=notifier).open()
    waits = []

    def read(timeout=0.0):
        waits.append(timeout)
        clock.sleep(timeout)  # no key: the read waits its whole timeout
        if clock() >= 61:
            session.stop()
        return []

    session.keys.read = read
    assert list(session.presses()) == []
    assert notifier.sent == ["WATCHDOG=1"] * 5  # at 0, 15, 30, 45 and 60 s
    assert max(waits) == 1.0 and min(waits) >= 0


def test_without_a_watchdog_no_pings_are_sent(sessions, clock, monkeypatch):
    monkeypatch.setattr(pi, "MAX_WAIT", 0.01)
    notifier = Recorder()
    session = sessions(config(display_model="none"), clock=clock, notifier=notifier).open()
    threading.Timer(0.2, session.stop).start()
    assert list(session.presses()) == []
    assert notifier.sent == []


def test_outside_systemd_the_notifier_is_silent(sessions, monkeypatch, make_frame):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    session = sessions(config(display_model="none"), notifier=None).open()
    assert not session.notifier.enabled
    session.show(make_frame(), "setup")
    session.close()


# ------------------------------------------------------------ stopping and closing


def test_stop_ends_presses_from_another_thread(sessions, clock, monkeypatch):
    monkeypatch.setattr(pi, "MAX_WAIT", 0.05)
    session = sessions(config(display_model="none"), clock=clock).open()
    done = []
    reader = threading.Thread(target=lambda: done.append(list(session.presses())))
    reader.start()
    time.sleep(0.1)
    session.stop()
    reader.join(5)
    assert not reader.is_alive() and done == [[]]


def test_close_is_idempotent_shows_the_last_frame_and_puts_the_panel_to_sleep(sessions, drivers, mock_factory,
                                                                              make_frame):
    from gpiozero import Button

    driver = drivers("v2")
    session = sessions().open()
    session.show(make_frame(mark=1), "turn")
    session.close()
    session.close()
    names = driver.names()
    assert "display_Base" in names  # the frame was not lost
    assert names[-3:] == ["sleep", "module_exit", "module_exit"]
    assert driver.calls[-1] == ("module_exit", True)
    assert session.notifier.sent == ["READY=1\nSTATUS=keys on GPIO 5, 6, 13, 19; 2.7inch e-paper V2",
                                     "STOPPING=1"]
    assert list(session.presses()) == []
    session.show(make_frame(), "turn")  # after close: ignored
    assert driver.names() == names
    for pin in (5, 6, 13, 19):
        Button(pin).close()


def test_context_manager_opens_and_closes(sessions, drivers, mock_factory):
    driver = drivers("v2")
    with sessions() as session:
        assert session.panel is not None
    assert driver.names()[-3:] == ["sleep", "module_exit", "module_exit"]
    assert session.keys is None


def test_importing_the_module_needs_no_hardware_library():
    import subprocess

    root = Path(pi.__file__).parent.parent
    code = ("import sys, hardware.pi\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('gpiozero', 'spidev', 'lgpio', 'RPi', 'waveshare_epd', 'epaper')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root,
                          env={"PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


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

    from companion.game.game import Game
    from companion.game.settings import Player, Settings

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
    assert "1 frames shown; the game is kept in" in out
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
