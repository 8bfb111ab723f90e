"""FastEpd27, our own 2.7inch driver, on gpiozero's MockFactory and a fake spidev: the bytes it
sends, bulk transfers, BUSY timeouts, and SPI/GPIO released exactly once."""

import random
import sys

import pytest

from hardware.display import PanelError, PanelTimeout, PanelUnavailable, to_buffer
from hardware.display.bulk_driver import FRAME_BYTES, FastEpd27


def open_fast(model, clock, **options):
    return FastEpd27(model, clock=clock, sleep=clock.sleep, **options).open()


def test_v2_full_then_partial_sends_the_frame_in_one_write_per_ram(wire, clock, make_frame):
    w = wire("v2")
    panel = open_fast("v2", clock)
    assert w.commands() == [0x12, 0x45, 0x4F, 0x11]
    assert w.settings == [("max_speed_hz", 4_000_000), ("mode", 0)]
    assert w.trace[:4] == [("pwr", 1), ("rst", 1), ("rst", 0), ("rst", 1)]
    start = len(w.trace)
    writes = w.writes
    image = make_frame(mark=7)
    panel.show(image, full=True)
    buffer = bytes(to_buffer(image))
    assert w.trace[start:] == [("spi", 0, b"\x24"), ("spi", 1, buffer), ("spi", 0, b"\x26"), ("spi", 1, buffer),
                               ("spi", 0, b"\x22"), ("spi", 1, b"\xF7"), ("spi", 0, b"\x20"), ("ready",)]
    assert w.writes - writes == 7  # the 2 x 5,808 pixel bytes in two writes, not 11,616
    assert w.methods == {"writebytes2"}  # which splits long blocks into the kernel's buffer size itself
    start = len(w.trace)
    panel.show(make_frame(mark=9), full=False)
    partial = w.trace[start:]
    assert partial[:3] == [("rst", 0), ("rst", 1), ("spi", 0, b"\x3C")]  # a hardware reset first, as upstream
    assert ("spi", 1, bytes(to_buffer(make_frame(mark=9)))) in partial
    assert partial[-3:] == [("spi", 1, b"\xFF"), ("spi", 0, b"\x20"), ("ready",)]


def test_v1_sends_white_then_the_frame_and_never_partial(wire, clock, make_frame):
    w = wire("v1")
    panel = open_fast("v1", clock)
    assert not panel.supports_partial
    start = len(w.trace)
    panel.show(make_frame(mark=3), full=False)
    assert w.trace[start:] == [("spi", 0, b"\x10"), ("spi", 1, b"\xFF" * FRAME_BYTES), ("spi", 0, b"\x13"),
                               ("spi", 1, bytes(to_buffer(make_frame(mark=3)))), ("spi", 0, b"\x12"), ("ready",)]


@pytest.mark.parametrize("model", ["v2", "v1"])
def test_a_stuck_busy_line_times_out_and_the_next_frame_starts_over(wire, clock, make_frame, model):
    w = wire(model)
    panel = open_fast(model, clock, busy_timeout=3.0)
    busy_pin = w.factory.pin(24)
    busy_pin.arm = lambda: setattr(busy_pin, "busy_reads", 10**9)  # the panel never answers
    start = clock()
    with pytest.raises(PanelTimeout, match="still busy after 3 s"):
        panel.show(make_frame(), full=True)
    assert 3.0 <= clock() - start < 3.1
    del busy_pin.arm
    busy_pin.busy_reads = 0
    before = w.commands()
    panel.show(make_frame(), full=True)
    assert w.commands()[len(before):len(before) + 1] == [0x12 if model == "v2" else 0x01]  # init again
    panel.close()
    assert (w.opens, w.closes) == (1, 1)


def test_sleep_powers_down_closes_spi_and_a_frame_wakes_it(wire, clock, make_frame):
    w = wire("v2")
    panel = open_fast("v2", clock)
    panel.show(make_frame(), full=True)
    start = len(w.trace)
    panel.sleep()
    assert w.trace[start:] == [("spi", 0, b"\x10"), ("spi", 1, b"\x01"), ("rst", 0), ("pwr", 0)]
    assert (w.opens, w.closes) == (1, 1)
    panel.show(make_frame(mark=2), full=False)  # wakes: init, then a full refresh (no base any more)
    assert w.opens == 2 and w.commands()[-4:] == [0x24, 0x26, 0x22, 0x20]
    panel.close()
    panel.close()
    assert (w.opens, w.closes, w.most_open) == (2, 2, 1)
    assert all(not w.factory.pin(pin).state for pin in (17, 25, 18))  # RST, DC, PWR left low
    with pytest.raises(PanelError, match="closed"):
        panel.show(make_frame(), full=True)


@pytest.mark.parametrize("model", ["v2", "v1"])
def test_a_thousand_frames_open_spi_once_at_a_time_and_close_it_as_often(wire, clock, make_frame, model):
    w = wire(model)
    w.record = False
    rng = random.Random(12)
    frames = [make_frame(mark=i) for i in range(8)]
    panel = open_fast(model, clock)
    sleeps = 0
    for i in range(1000):
        panel.show(frames[i % 8], full=rng.random() < 0.2)
        if rng.random() < 0.05:
            panel.sleep()
            sleeps += 1
            if rng.random() < 0.5:
                panel.wake()
    panel.close()
    assert sleeps > 20
    assert w.opens == sleeps + 1  # once at open, once per wake
    assert w.closes == w.opens and w.open_now == 0 and w.most_open == 1
    # gpiozero's pins were released: they can be claimed again
    from gpiozero import DigitalOutputDevice

    for pin in (17, 25, 18, 24):
        DigitalOutputDevice(pin).close()


def test_closing_after_a_failed_sleep_still_releases_spi_and_pins(wire, clock, make_frame):
    w = wire("v2")
    panel = open_fast("v2", clock)
    w.factory.pin(24).arm = lambda: (_ for _ in ()).throw(OSError(5, "Input/output error"))
    panel.close()  # the sleep command fails; close goes on
    assert (w.opens, w.closes) == (1, 1)


def test_no_spidev_is_a_one_line_panel_unavailable(wire, clock, monkeypatch):
    wire("v2")
    monkeypatch.setitem(sys.modules, "spidev", None)
    with pytest.raises(PanelUnavailable, match="needs the module 'spidev'"):
        open_fast("v2", clock)


def test_spi_switched_off_says_so(wire, clock, mocker):
    w = wire("v2")
    spi = mocker.patch.object(sys.modules["spidev"], "SpiDev").return_value
    spi.open.side_effect = FileNotFoundError(2, "No such file or directory")
    panel = FastEpd27("v2", clock=clock, sleep=clock.sleep)
    with pytest.raises(PanelUnavailable, match=r"cannot open /dev/spidev0.0 .*is SPI on"):
        panel.open()
    spi.open.assert_called_once_with(0, 0)
    panel.close()
    spi.close.assert_not_called()  # never opened, so never closed
    from gpiozero import DigitalOutputDevice

    DigitalOutputDevice(17).close()  # the pins were released
    assert w.opens == 0


def test_pins_taken_by_another_program_are_panel_unavailable_and_nothing_stays_claimed(wire, clock):
    wire("v2")
    from gpiozero import DigitalOutputDevice

    holder = DigitalOutputDevice(24)  # BUSY is claimed elsewhere
    try:
        with pytest.raises(PanelUnavailable, match="cannot claim the e-paper panel's pins"):
            open_fast("v2", clock)
        DigitalOutputDevice(17).close()  # RST, claimed before BUSY failed, was given back
    finally:
        holder.close()


def test_after_a_wake_the_v2_gets_its_base_back_without_a_flash_and_refreshes_partially(wire, clock, make_frame):
    w = wire("v2")
    panel = open_fast("v2", clock)
    shown = make_frame(mark=3)
    panel.show(shown, full=True)
    panel.sleep()
    start = len(w.trace)
    panel.write_base(shown)  # the loop does this on waking: the glass kept the picture
    base = w.trace[start:]
    buffer = bytes(to_buffer(shown))
    assert ("spi", 1, buffer) in base and base[-4:] == [("spi", 0, b"\x24"), ("spi", 1, buffer),
                                                       ("spi", 0, b"\x26"), ("spi", 1, buffer)]
    assert ("spi", 0, b"\x20") not in base  # no update activated: nothing changes on the glass
    start = len(w.trace)
    panel.show(make_frame(mark=4), full=False)
    assert ("spi", 1, b"\xFF") in w.trace[start:]  # a partial refresh, not a full one
    assert ("spi", 1, b"\xF7") not in w.trace[start:]
    panel.close()


def test_the_v1_has_no_base_to_write(wire, clock, make_frame):
    wire("v1")
    panel = open_fast("v1", clock)
    with pytest.raises(PanelError, match="only the V2"):
        panel.write_base(make_frame())
    panel.close()
