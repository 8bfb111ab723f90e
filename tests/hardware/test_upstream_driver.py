"""Waveshare's real driver files (kept unchanged in tests/fixtures/vendor/waveshare_epd, with their
licence and source: its README) against our fast driver, both on gpiozero's MockFactory and a fake
spidev: the same bytes reach the panel.

The upstream ``epdconfig`` picks a board at import time by grepping /proc/cpuinfo for
"Raspberry": the import runs with ``subprocess.Popen`` answering "Raspberry Pi", so it takes
the Raspberry Pi path (gpiozero pins, ``import spidev``), which then meets the fakes. Its
``delay_ms`` is made instant. If Waveshare change a command sequence, a byte here differs.

The files are the test's own (the PyPI package waveshare-epaper bundles the same bytes, but it pulls
RPi.GPIO and spidev, which build from source: the README's install would then need a C compiler);
tests/hardware/test_vendored_driver.py holds them to upstream's bytes.
"""

import importlib
import subprocess
import sys

import pytest
from PIL import Image

from hardware.display import to_buffer
from hardware.display.bulk_driver import FastEpd27
from hardware.display.driver import MODULES
from hardware.display.framebuffer import frame_size
from hardware.display.waveshare import WaveshareEpd27

PACKAGE = "tests.fixtures.vendor.waveshare_epd"


class RaspberryPiCpuinfo:
    """What ``cat /proc/cpuinfo | grep Raspberry`` prints on a Pi."""

    def __init__(self, *args, **kwargs):
        self.text = kwargs.get("text") or kwargs.get("universal_newlines")

    def communicate(self, *args, **kwargs):
        out = "Model\t\t: Raspberry Pi Zero 2 W Rev 1.0\n"
        return (out if self.text else out.encode()), None


@pytest.fixture
def upstream(monkeypatch):
    """``upstream("v2")``: a fresh import of Waveshare's epd2in7_V2 (or epd2in7 for "v1") module."""
    def load(model):
        for name in list(sys.modules):
            if name == PACKAGE or name.startswith(f"{PACKAGE}."):  # the package too: its attributes hold the old modules
                monkeypatch.delitem(sys.modules, name)
        with monkeypatch.context() as patched:
            patched.setattr(subprocess, "Popen", RaspberryPiCpuinfo)
            module = importlib.import_module(f"{PACKAGE}.{MODULES[model]}")
        assert type(module.epdconfig.implementation).__name__ == "RaspberryPi"
        monkeypatch.setattr(module.epdconfig, "delay_ms", lambda ms: None)
        return module

    return load


def picture(size, seed):
    """A frame with a pattern no rotation maps onto itself."""
    image = Image.new("1", size, 1)
    width, height = size
    for x in range(width):
        for y in range(height):
            if (x * 7 + y * 3 + seed) % 11 == 0 or (x < 20 and y < 10):
                image.putpixel((x, y), 0)
    return image


def as_upstream_sees_it(image, rotation):
    """The frame turned back to one of the two orientations Waveshare's getbuffer() takes."""
    back = rotation if rotation in (0, 180) else rotation - 270  # to landscape 0 / portrait 270
    return image.rotate(back) if back else image


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_v2_full_and_partial_frames_send_the_bytes_upstream_sends(wire, upstream, clock, rotation):
    size = frame_size(rotation)
    first, second = picture(size, 1), picture(size, 5)

    w = wire("v2")
    module = upstream("v2")
    epd = module.EPD()
    assert epd.init() == 0
    epd.display_Base(epd.getbuffer(as_upstream_sees_it(first, rotation)))
    epd.display_Partial(epd.getbuffer(as_upstream_sees_it(second, rotation)), 0, 0, epd.width, epd.height)
    theirs = list(w.trace)

    w = wire("v2")
    panel = FastEpd27("v2", rotation=rotation, clock=clock, sleep=clock.sleep).open()
    panel.show(first, full=True)
    panel.show(second, full=False)
    ours = list(w.trace)

    assert ours == theirs
    assert ("spi", 1, bytes(to_buffer(second, rotation))) in ours  # the partial's frame is in there
    assert ours.count(("ready",)) == 4  # reset, software reset, full and partial refresh waited for


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_v1_full_frames_send_the_bytes_upstream_sends(wire, upstream, clock, rotation):
    size = frame_size(rotation)
    frames = [picture(size, 2), picture(size, 3)]

    w = wire("v1")
    epd = upstream("v1").EPD()
    assert epd.init() == 0
    for image in frames:
        epd.display(epd.getbuffer(as_upstream_sees_it(image, rotation)))
    epd.sleep()
    theirs = list(w.trace)

    w = wire("v1")
    panel = FastEpd27("v1", rotation=rotation, clock=clock, sleep=clock.sleep).open()
    for image in frames:
        panel.show(image, full=True)
    panel.sleep()
    ours = list(w.trace)

    assert ours == theirs
    assert ours[-2:] == [("rst", 0), ("pwr", 0)]


@pytest.mark.parametrize("model", ["v2", "v1"])
def test_a_whole_session_matches_the_upstream_driver_behind_our_fallback_adapter(wire, upstream, clock, model):
    """open, full, partials, full again (re-init), sleep, wake by a frame, close: the same wire."""
    frames = [picture((264, 176), seed) for seed in range(5)]

    def session(panel):
        panel.open()
        panel.show(frames[0], full=True)
        panel.show(frames[1], full=False)
        panel.show(frames[2], full=False)
        panel.show(frames[3], full=True)
        panel.sleep()
        panel.show(frames[4], full=False)
        panel.close()

    w = wire(model)
    module = upstream(model)
    session(WaveshareEpd27(model, load=lambda name: module, clock=clock, sleep=clock.sleep))
    theirs, their_spi = list(w.trace), (w.opens, w.closes, w.most_open)

    w = wire(model)
    session(FastEpd27(model, clock=clock, sleep=clock.sleep))
    ours, our_spi = list(w.trace), (w.opens, w.closes, w.most_open)

    assert ours == theirs
    assert our_spi == (2, 2, 1)
    assert their_spi[1:] == (their_spi[0], 1)  # the fallback closes what the driver opens, one at a time


def test_the_upstream_driver_alone_leaks_an_spi_descriptor_on_every_re_init(wire, upstream):
    """Why the adapters manage SPI themselves: epdconfig.module_init() opens it on every init()."""
    w = wire("v2")
    epd = upstream("v2").EPD()
    for _ in range(3):
        epd.init()
    assert (w.opens, w.closes, w.open_now) == (3, 0, 3)


def test_the_fallback_adapter_over_the_upstream_driver_does_not_leak(wire, upstream, clock, make_frame):
    w = wire("v2")
    w.record = False
    module = upstream("v2")
    panel = WaveshareEpd27("v2", load=lambda name: module, clock=clock, sleep=clock.sleep).open()
    for i in range(30):
        panel.show(make_frame(mark=i), full=i % 3 == 0)  # a re-init before every full after partials
        if i % 10 == 9:
            panel.sleep()
    panel.close()
    assert w.opens > 10
    assert w.closes == w.opens and w.most_open == 1


def test_our_fast_driver_writes_far_fewer_times_than_upstream(wire, upstream, clock, make_frame):
    """One write per command and per block of data, against one per byte."""
    counts = {}
    for name in ("upstream", "fast"):
        w = wire("v2")
        if name == "upstream":
            module = upstream("v2")
            panel = WaveshareEpd27("v2", load=lambda model, module=module: module, clock=clock, sleep=clock.sleep)
        else:
            panel = FastEpd27("v2", clock=clock, sleep=clock.sleep)
        panel.open()
        before = w.writes
        panel.show(make_frame(mark=1), full=True)
        panel.show(make_frame(mark=2), full=False)
        counts[name] = w.writes - before
        panel.close()
    assert counts["upstream"] > 3 * 5808
    assert counts["fast"] < 30
