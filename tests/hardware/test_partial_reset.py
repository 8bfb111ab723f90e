"""The V2's reset before every partial refresh, as a driver setting: on by default (upstream's bytes,
compared in test_upstream_driver.py), and off it sends the very same bytes without the reset."""

import pytest

from hardware.display.bulk_driver import FastEpd27


def partial_trace(wire, clock, make_frame, **options):
    w = wire("v2")
    slept: list[float] = []
    panel = FastEpd27("v2", clock=clock, sleep=lambda s: (slept.append(s), clock.sleep(s)), **options).open()
    panel.show(make_frame(mark=1), full=True)
    start, naps = len(w.trace), len(slept)
    panel.show(make_frame(mark=2), full=False)
    trace, delays = w.trace[start:], slept[naps:]
    panel.close()
    return trace, delays


def test_by_default_every_partial_starts_with_the_hardware_reset(wire, clock, make_frame):
    trace, delays = partial_trace(wire, clock, make_frame)
    assert trace[:2] == [("rst", 0), ("rst", 1)]
    assert delays[:3] == [0.02, 0.002, 0.02]  # (then the fixture's BUSY, polled: 10 ms naps)


def test_without_it_a_partial_sends_the_same_bytes_and_no_reset(wire, clock, make_frame):
    with_reset, _ = partial_trace(wire, clock, make_frame)
    without, delays = partial_trace(wire, clock, make_frame, partial_reset=False)
    assert without == [event for event in with_reset if event[0] != "rst"]
    assert set(delays) <= {0.01} and ("spi", 1, b"\xFF") in without  # no reset delays; still the 0xFF update


def test_the_setting_can_be_changed_on_an_open_panel_and_full_refreshes_keep_their_reset(wire, clock, make_frame):
    w = wire("v2")
    panel = FastEpd27("v2", clock=clock, sleep=clock.sleep).open()
    panel.show(make_frame(mark=1), full=True)
    panel.partial_reset = False
    start = len(w.trace)
    panel.show(make_frame(mark=2), full=False)
    assert not [e for e in w.trace[start:] if e[0] == "rst"]
    start = len(w.trace)
    panel.show(make_frame(mark=3), full=True)  # after partials: init() again, with its reset
    assert ("rst", 0) in w.trace[start:]
    panel.partial_reset = True
    start = len(w.trace)
    panel.show(make_frame(mark=4), full=False)
    assert w.trace[start:start + 2] == [("rst", 0), ("rst", 1)]
    panel.close()


@pytest.mark.parametrize("setting", [True, False])
def test_the_v1_has_no_partial_to_reset_for(wire, clock, make_frame, setting):
    wire("v1")
    panel = FastEpd27("v1", clock=clock, sleep=clock.sleep, partial_reset=setting).open()
    panel.show(make_frame(), full=False)
    assert panel.partial_reset is setting
    panel.close()


@pytest.mark.parametrize("setting", [True, False])
def test_the_settings_file_reaches_the_built_in_driver(sessions, wire, monkeypatch, setting):
    from functools import partial

    from hardware.display import ADAPTERS
    from tests.hardware.pi_fakes import config

    wire("v2")
    monkeypatch.setitem(ADAPTERS, "builtin", partial(FastEpd27, sleep=lambda seconds: None))  # no 2 s naps
    session = sessions(config(display_driver="builtin", display_partial_reset=setting)).open()
    assert isinstance(session.panel, FastEpd27) and session.panel.partial_reset is setting
    session.close()
