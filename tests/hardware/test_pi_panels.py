"""A PiSession on the larger panels (issue 25): our driver for the 4.2inch and 7.5inch V2 on mock
pins, four buttons on the settings' GPIO pins with the same debounce and long press, and the idle
callback the table view hangs on."""

from functools import partial

import pytest

import hardware.display as display
import hardware.pi as pi
from hardware.display import FastEpdLarge
from hardware.display.large import landscape_buffer
from hardware.keys import KeyEvent
from tests.hardware.pi_fakes import config, tap, wait_for

SIZES = {"4in2_V2": (400, 300), "7in5_V2": (800, 480)}


@pytest.mark.parametrize("model", ["4in2_V2", "7in5_V2"])
def test_a_larger_panel_shows_frames_and_four_buttons_press(sessions, wire, monkeypatch, mock_factory, clock,
                                                            make_frame, model):
    w = wire(model)  # the panel's pins and a fake spidev
    monkeypatch.setitem(display.LARGE_ADAPTERS, "builtin", partial(FastEpdLarge, sleep=lambda seconds: None))
    width, height = SIZES[model]
    session = sessions(config(display_driver="builtin", display_model=model, display_width=width,
                              display_height=height, keys_long_press=0.5, keys_debounce=0.02), clock=clock).open()
    assert isinstance(session.panel, FastEpdLarge) and session.size == (width, height)
    frame = make_frame(size=(width, height), mark=3)
    session.show(frame, "turn")
    expected = bytes(landscape_buffer(frame, invert=model == "7in5_V2"))
    wait_for(lambda: any(e[:2] == ("spi", 1) and expected in e[2] for e in list(w.trace)))

    assert session.keys.pins == (5, 6, 13, 19)      # the 2.7inch HAT's, as buttons to ground
    assert (session.keys.detector.long_after, session.keys.detector.debounce) == (0.5, 0.02)
    presses = session.presses()
    tap(mock_factory, clock, 6, at=1.0, hold=0.1)
    assert next(presses) == KeyEvent(1)
    tap(mock_factory, clock, 19, at=2.0, hold=0.6)
    assert next(presses) == KeyEvent(3, long=True)
    session.close()
    assert w.opens == w.closes == 1


def test_a_size_the_panel_does_not_have_is_refused_in_one_line(sessions, wire):
    wire("4in2_V2")
    with pytest.raises(pi.PiUnavailable, match="4.2inch panel is 400x300"):
        sessions(config(display_driver="builtin", display_model="4in2_V2")).open()  # 264x176 left in


def test_presses_calls_idle_while_the_keys_rest(sessions, monkeypatch, clock):
    monkeypatch.setattr(pi, "MAX_WAIT", 0.01)
    session = sessions(config(display_model="none"), clock=clock).open()
    calls = []

    def idle():
        calls.append(clock())
        if len(calls) == 3:
            session.stop()

    assert list(session.presses(idle=idle)) == []
    assert len(calls) == 3
