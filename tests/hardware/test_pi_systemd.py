"""PiSession and systemd: READY, the watchdog's pings and STOPPING reach a real sd_notify socket;
no pings without a watchdog, and a silent notifier outside systemd. No Pi."""

import threading
import time

import hardware.pi as pi
from hardware.keys import KeyEvent
from hardware.sd_notify import Notifier
from tests.hardware.pi_fakes import Recorder, config, received, wait_for

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
