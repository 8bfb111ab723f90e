"""Fixtures for the hardware adapters: gpiozero's MockFactory, a fake clock, a fake
Waveshare driver module. Nothing here needs a Pi, a panel or real time."""

from __future__ import annotations

import types

import pytest
from PIL import Image

from hardware.clock import SimClock


@pytest.fixture
def notify_socket(tmp_path):
    """systemd's end of sd_notify: a bound AF_UNIX datagram socket; yields (socket, its path)."""
    import os
    import socket
    import tempfile
    from pathlib import Path

    path = tmp_path / "notify"
    if len(os.fsencode(path)) > 100:  # sun_path holds 108 bytes
        path = Path(tempfile.mkdtemp(prefix="sdn")) / "notify"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(str(path))
    server.settimeout(5)
    yield server, str(path)
    server.close()
    path.unlink(missing_ok=True)


@pytest.fixture
def clock() -> SimClock:
    return SimClock()


@pytest.fixture
def mock_factory():
    """gpiozero's own MockFactory as the pin factory; every device closed and pins reset after."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    opened = []
    Device.pin_factory.opened = opened  # tests register what they open, to be closed here
    try:
        yield Device.pin_factory
    finally:
        for device in opened:
            device.close()
        Device.pin_factory.reset()
        Device.pin_factory = saved


def frame(size=(264, 176), mark: int = 0) -> Image.Image:
    """A blank mode "1" frame with ``mark`` black pixels along the top row (to tell frames apart)."""
    image = Image.new("1", size, 1)
    for x in range(mark):
        image.putpixel((x, 0), 0)
    return image


@pytest.fixture
def make_frame():
    return frame


class FakeDriver:
    """A stand-in for a Waveshare ``epd2in7*`` module: ``EPD`` and ``epdconfig``, recording calls.

    ``busy`` is what the BUSY pin reads while the panel works (and ``stuck``
    keeps it there for good). ``fail`` maps a method name to an exception
    raised by its next call. The driver's own ``ReadBusy`` fails the test:
    the adapter must have replaced it.
    """

    def __init__(self, model: str = "v2", *, windowed_partial: bool = True):
        self.calls: list = []
        self.fail: dict[str, Exception] = {}
        self.stuck = False
        self.busy_level = 1 if model == "v2" else 0
        self.busy_reads = 0
        driver = self
        config = types.SimpleNamespace(RST_PIN=17, DC_PIN=25, CS_PIN=8, BUSY_PIN=24, PWR_PIN=18)

        def digital_read(pin):
            assert pin == 24
            driver.busy_reads += 1
            if driver.stuck:
                return driver.busy_level
            return 1 - driver.busy_level

        def module_exit(cleanup=False):
            driver.calls.append(("module_exit", cleanup))

        config.digital_read = digital_read
        config.module_exit = module_exit

        class EPD:
            def __init__(self):
                self.width, self.height = 176, 264
                self.busy_pin = config.BUSY_PIN
                driver.calls.append("EPD()")
                driver.epd = self

            def ReadBusy(self):
                raise AssertionError("the driver's own endless ReadBusy was called")

            def _do(self, name, *args):
                driver.calls.append((name, *args) if args else name)
                if name in driver.fail:
                    raise driver.fail.pop(name)
                self.ReadBusy()

            def init(self):
                self._do("init")
                return 0

            def display(self, image):
                self._do("display", bytes(image))

            def sleep(self):
                self._do("sleep")
                module_exit()

        if model == "v2":
            def display_Base(self, image):
                self._do("display_Base", bytes(image))

            if windowed_partial:
                def display_Partial(self, Image, Xstart, Ystart, Xend, Yend):
                    self._do("display_Partial", bytes(Image), (Xstart, Ystart, Xend, Yend))
            else:
                def display_Partial(self, Image):
                    self._do("display_Partial", bytes(Image))

            EPD.display_Base = display_Base
            EPD.display_Partial = display_Partial

        self.module = types.ModuleType(f"fake_{'epd2in7_V2' if model == 'v2' else 'epd2in7'}")
        self.module.EPD = EPD
        self.module.epdconfig = config

    def names(self) -> list[str]:
        """The calls' names only, in order."""
        return [c if isinstance(c, str) else c[0] for c in self.calls]


@pytest.fixture
def fake_driver():
    return FakeDriver
