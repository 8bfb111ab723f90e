"""The wake after the idle sleep, per panel, against Waveshare's own driver files byte for byte.

The display loop sleeps the panel when the game rests (deep sleep: the controller keeps no
registers, only a hardware reset and the init sequence wake it), and on the next press wakes it,
writes the picture the glass still shows back into the controller's RAM as the base (no refresh,
no flash) and refreshes that press's frame *partially*. Each panel's wake must be what upstream's
own sequences send: its ``init()``, then the RAM writes of its full ``display`` without the
refresh command, then (the 7.5inch) its ``init_part()``, then its ``display_Partial``; so the
controller is where upstream's own full-then-partial leaves it. The glass was not refreshed by
the base write: it already shows that picture. Simulated clock, gpiozero's MockFactory, a fake
spidev (tests/hardware/conftest.py), no timing.
"""

import pytest

from hardware.display.bulk_driver import FastEpd27
from hardware.display.large import FastEpdLarge, landscape_buffer
from hardware.display.loop import DisplayLoop
from hardware.display.policy import RefreshPolicy
from tests.hardware.test_upstream_driver import picture
from tests.hardware.test_upstream_driver import upstream as upstream_27  # noqa: F401 (a fixture)
from tests.hardware.test_upstream_large import upstream  # noqa: F401 (a fixture)

SIZES = {"v2": (264, 176), "4in2_V2": (400, 300), "7in5_V2": (800, 480)}
IDLE = 120.0


def _upstream_session(module, model, images, power_left_on=False):
    """Upstream's calls for: a full frame, a partial, sleep, then the wake with the glass's picture
    as the base and a partial of the next frame. ``power_left_on``: its sleep() without the
    module_exit() at its end (SPI closed, RST low, power off)."""
    epd = module.EPD()
    buffers = [epd.getbuffer(image) for image in images]  # landscape, as our rotation 0
    width, height = epd.width, epd.height

    def partial(buffer):
        if model in ("v2", "7in5_V2"):
            epd.display_Partial(buffer, 0, 0, width, height)
        else:
            epd.display_Partial(buffer)

    def base_without_refresh(buffer):
        if model == "v2":
            epd.TurnOnDisplay = lambda: None  # display_Base's RAM writes, not its refresh
            epd.display_Base(buffer)
            del epd.TurnOnDisplay
        elif model == "4in2_V2":
            epd.TurnOnDisplay = lambda: None  # display's two RAM writes, not its refresh
            epd.display(buffer)
            del epd.TurnOnDisplay
        else:  # display()'s "old" RAM write, as its own lines build it (~ of each byte)
            epd.send_command(0x10)
            epd.send_data2([~byte for byte in buffer])

    assert epd.init() == 0
    (epd.display_Base if model == "v2" else epd.display)(buffers[0])
    if model == "7in5_V2":
        assert epd.init_part() == 0
    partial(buffers[1])
    if power_left_on:
        exit_, module.epdconfig.module_exit = module.epdconfig.module_exit, lambda *a, **k: None
        epd.sleep()
        module.epdconfig.module_exit = exit_
    else:
        epd.sleep()
    assert epd.init() == 0                     # the wake: a hardware reset and the init sequence
    base_without_refresh(buffers[1])            # what the glass shows, back in the RAM
    if model == "7in5_V2":
        assert epd.init_part() == 0
    partial(buffers[2])


def _our_session(model, images, clock, press_after):
    """Our loop: the same frames, the third ``press_after`` seconds after the idle sleep began."""
    panel = (FastEpd27("v2", clock=clock, sleep=clock.sleep) if model == "v2"
             else FastEpdLarge(model, clock=clock, sleep=clock.sleep))
    panel.open()
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=IDLE, policy=RefreshPolicy(idle_after=None))
    loop.submit(images[0], "turn")
    loop.step()
    clock.sleep(1.0)
    loop.submit(images[1], "turn")
    loop.step()
    clock.sleep(IDLE + 1.0)
    loop.step()
    assert loop.asleep and panel.dozing  # the deep sleep command went; the power is still on
    clock.sleep(press_after)
    if press_after >= panel.settle_s:
        loop.step()
        assert not panel.dozing  # powered down, as upstream's sleep() ends
    loop.submit(images[2], "turn")
    loop.step()
    assert not loop.asleep and loop.base_writes == 1
    return loop


@pytest.mark.parametrize("model", ["v2", "4in2_V2", "7in5_V2"])
@pytest.mark.parametrize("press_after", [0.5, 3.0])
def test_the_wake_sends_upstreams_init_the_base_and_a_partial(wire, upstream, upstream_27, clock, model,  # noqa: F811
                                                              press_after):
    """A press 0.5 s into the idle sleep (its 2 s settle) or 3 s (powered down): the same bytes as
    upstream's sleep (without its module_exit, or with it), init, base and partial."""
    images = [picture(SIZES[model], seed) for seed in (1, 5, 9)]

    w = wire(model)
    _upstream_session(upstream_27("v2") if model == "v2" else upstream(model), model, images,
                      power_left_on=press_after < 2.0)
    theirs = list(w.trace)

    w = wire(model)
    loop = _our_session(model, images, clock, press_after)
    ours = list(w.trace)
    assert w.most_open == 1  # SPI never opened twice

    assert ours == theirs
    assert loop.fulls == 1  # the first frame only: the press after the rest was a partial refresh
    refreshes = {"v2": (0x20,), "4in2_V2": (0x20,), "7in5_V2": (0x12,)}[model]
    assert sum(w.commands().count(c) for c in refreshes) == 3  # full, partial, partial: no refresh for the base


def test_the_7in5s_base_is_the_old_ram_of_a_full_refresh(wire, clock):
    """The 7.5inch's base write is the "old" RAM (0x10) with the picture as a full refresh leaves it."""
    image = picture(SIZES["7in5_V2"], 3)
    w = wire("7in5_V2")
    panel = FastEpdLarge("7in5_V2", clock=clock, sleep=clock.sleep).open()
    before = len(w.trace)
    panel.write_base(image)
    written = w.trace[before:]
    raw = bytes(landscape_buffer(image, 0, invert=False))  # 1 = white: the old RAM's polarity
    assert written == [("spi", 0, b"\x10"), ("spi", 1, raw)]


def test_the_fallback_adapter_has_no_base_write_so_its_wake_is_a_full_refresh(upstream, wire, clock):  # noqa: F811
    """Behind Waveshare's own module (display.driver = "waveshare") there is nothing to write the base
    with: the loop sees no ``write_base`` and refreshes the first frame after a wake fully."""
    from hardware.display.large import WaveshareEpdLarge

    assert not hasattr(WaveshareEpdLarge("4in2_V2"), "write_base")
    assert hasattr(FastEpdLarge("4in2_V2"), "write_base")


def test_stopping_while_dozing_powers_down_after_the_settle(wire, clock):  # the loop's stop() after a doze
    """The loop stopped during the settle: the panel waits out the rest of the 2 s, then powers off."""
    from tests.hardware.test_upstream_driver import picture as frame

    w = wire("v2")
    panel = FastEpd27("v2", clock=clock, sleep=clock.sleep).open()
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=IDLE, policy=RefreshPolicy(idle_after=None))
    loop.submit(frame(SIZES["v2"], 1), "turn")
    loop.step()
    clock.sleep(IDLE + 1.0)
    loop.step()
    dozed_at = clock()
    assert panel.dozing and ("pwr", 0) not in w.trace
    loop.stop()
    assert not panel.dozing and w.trace[-1] == ("pwr", 0)
    assert clock() == pytest.approx(dozed_at + panel.settle_s)
