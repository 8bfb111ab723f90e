"""PiSession: gpiozero's MockFactory keys and the fake Waveshare driver: keys and panel, the
failures that leave nothing open, stopping and closing. No Pi. (systemd's notify socket:
test_pi_systemd.py; signals and the whole shutdown: test_pi_signals.py.)"""

import sys
import threading
import time
from pathlib import Path

import pytest

import hardware.pi as pi
from companion.settings.file import Config
from hardware.display import ADAPTERS, FastEpd27, to_buffer
from hardware.keys import KeyEvent
from hardware.pi import PiUnavailable
from tests.hardware.pi_fakes import config, tap, wait_for

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
