"""At a terminal the simulator calls the loop's idle while the keys rest, as the Pi's key wait
does, so the table view (issue 25) appears in the simulator too."""

import os
import sys

import pytest

from companion.ui.key_event import KeyEvent
from hardware.sim import terminal

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty") or sys.platform == "win32", reason="needs a pty")


def test_idle_is_called_while_no_key_is_typed_then_the_key_comes(monkeypatch):
    monkeypatch.setattr(terminal, "IDLE_WAIT", 0.01)
    leader, follower = os.openpty()
    stream = os.fdopen(follower, "r", buffering=1)
    calls = []

    def idle():
        calls.append(1)
        if len(calls) == 3:  # the keys rested three waits, then a player presses KEY1 and quits
            os.write(leader, b"1q")

    try:
        events = list(terminal.TerminalKeys(stream).events(idle=idle))
    finally:
        stream.close()
        os.close(leader)
    assert len(calls) == 3
    assert events == [KeyEvent(0, long=False)]


def test_without_idle_the_keys_are_read_as_before():
    leader, follower = os.openpty()
    stream = os.fdopen(follower, "r", buffering=1)
    os.write(leader, b"l24q")
    try:
        events = list(terminal.TerminalKeys(stream).events())
    finally:
        stream.close()
        os.close(leader)
    assert events == [KeyEvent(1, long=True), KeyEvent(3, long=False)]
