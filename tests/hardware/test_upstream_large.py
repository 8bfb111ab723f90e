"""Waveshare's real 4.2inch V2 and 7.5inch V2 driver files (tests/fixtures/vendor/waveshare_epd)
against our bulk driver and behind our fallback adapter, on gpiozero's MockFactory and a fake
spidev: the same bytes reach the panel (as tests/hardware/test_upstream_driver.py does for the
2.7inch)."""

import importlib
import subprocess
import sys

import pytest
from PIL import Image

from hardware.display.large import FastEpdLarge, WaveshareEpdLarge, landscape_buffer
from tests.hardware.test_upstream_driver import PACKAGE, RaspberryPiCpuinfo, picture

MODULES = {"4in2_V2": "epd4in2_V2", "7in5_V2": "epd7in5_V2"}
SIZES = {"4in2_V2": (400, 300), "7in5_V2": (800, 480)}
TURN_BACK = {0: None, 90: Image.Transpose.ROTATE_90, 180: Image.Transpose.ROTATE_180,
             270: Image.Transpose.ROTATE_270}


@pytest.fixture
def upstream(monkeypatch):
    def load(model):
        for name in list(sys.modules):
            if name == PACKAGE or name.startswith(f"{PACKAGE}."):  # the package too: its attributes hold the old modules
                monkeypatch.delitem(sys.modules, name)
        with monkeypatch.context() as patched:
            patched.setattr(subprocess, "Popen", RaspberryPiCpuinfo)
            rpi = type(sys)("RPi")  # epd4in2_V2 imports RPi.GPIO and never uses it
            rpi.GPIO = type(sys)("RPi.GPIO")
            patched.setitem(sys.modules, "RPi", rpi)
            patched.setitem(sys.modules, "RPi.GPIO", rpi.GPIO)
            module = importlib.import_module(f"{PACKAGE}.{MODULES[model]}")
        monkeypatch.setattr(module.epdconfig, "delay_ms", lambda ms: None)
        return module

    return load


def frames(model, rotation, seeds=(1, 5)):
    width, height = SIZES[model]
    size = (width, height) if rotation in (0, 180) else (height, width)
    return [picture(size, seed) for seed in seeds]


def landscape(image, rotation):
    """The frame as upstream's getbuffer takes it, landscape (its own portrait path aside)."""
    return image.transpose(TURN_BACK[rotation]) if TURN_BACK[rotation] else image


@pytest.mark.parametrize("model", ["4in2_V2", "7in5_V2"])
@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_full_and_partial_frames_send_the_bytes_upstream_sends(wire, upstream, clock, model, rotation):
    first, second = frames(model, rotation)

    w = wire(model)
    epd = upstream(model).EPD()
    assert epd.init() == 0
    epd.display(epd.getbuffer(landscape(first, rotation)))
    if model == "7in5_V2":
        assert epd.init_part() == 0
        epd.display_Partial(epd.getbuffer(landscape(second, rotation)), 0, 0, epd.width, epd.height)
    else:
        epd.display_Partial(epd.getbuffer(landscape(second, rotation)))
    theirs = list(w.trace)

    w = wire(model)
    panel = FastEpdLarge(model, rotation=rotation, clock=clock, sleep=clock.sleep).open()
    panel.show(first, full=True)
    panel.show(second, full=False)
    ours = list(w.trace)

    assert ours == theirs
    new_ram = 0x24 if model == "4in2_V2" else 0x13
    partial = bytes(landscape_buffer(second, rotation, invert=False))  # 1 = white, as drawn
    assert ("spi", 1, partial) in ours or any(e[:2] == ("spi", 1) and partial in e[2] for e in ours)
    assert ours.count(("ready",)) >= 3
    assert new_ram in w.commands()


@pytest.mark.parametrize("model", ["4in2_V2", "7in5_V2"])
def test_upstream_portrait_frames_agree_with_our_rotation(upstream, wire, model):
    """Upstream's own portrait path (a 300x400 / 480x800 image) is our rotation 90."""
    image = frames(model, 90)[0]
    wire(model)
    epd = upstream(model).EPD()
    assert bytes(b & 0xFF for b in epd.getbuffer(image)) == bytes(
        landscape_buffer(image, 90, invert=model == "7in5_V2"))


@pytest.mark.parametrize("model", ["4in2_V2", "7in5_V2"])
def test_a_whole_session_behind_both_adapters_sends_the_same_bytes(wire, upstream, clock, model):
    """open, full, partials, full again (re-init), sleep, wake by a frame, close."""
    images = [picture(SIZES[model], seed) for seed in range(5)]

    def session(panel):
        panel.open()
        panel.show(images[0], full=True)
        panel.show(images[1], full=False)
        panel.show(images[2], full=False)
        panel.show(images[3], full=True)
        panel.sleep()
        panel.show(images[4], full=False)
        panel.close()

    w = wire(model)
    module = upstream(model)
    session(WaveshareEpdLarge(model, clock=clock, sleep=clock.sleep, load=lambda _: module))
    theirs = list(w.trace)
    assert w.most_open == 1  # the fallback closes SPI before upstream's init() / init_part() open it again

    w = wire(model)
    session(FastEpdLarge(model, clock=clock, sleep=clock.sleep))
    ours = list(w.trace)

    assert ours == theirs
    assert w.opens == w.closes and w.most_open == 1  # SPI never opened twice, closed at the end
