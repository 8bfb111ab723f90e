"""Fixtures for the hardware adapters: gpiozero's MockFactory, a fake clock, a fake
Waveshare driver module. Nothing here needs a Pi, a panel or real time."""

from __future__ import annotations

import sys
import types

import pytest
from PIL import Image

from hardware.sim.clock import SimClock


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


# ------------------------------------------------------------ the panel's wires, recorded

#: BCM pins of the 2.7inch HAT: reset, data/command, busy, power.
RST, DC, BUSY, PWR = 17, 25, 24, 18


class Wire:
    """What reaches the panel: SPI bytes with the DC level of each, RST/PWR edges, BUSY waits.

    ``trace`` holds ``("spi", dc, bytes)`` (consecutive bytes of one DC level
    merged, however they were split into writes), ``("rst"|"pwr", level)``
    edges and ``("ready",)`` each time a driver polled BUSY until the panel,
    busy after a command or a reset, was idle again. ``record = False`` keeps counting
    but stops tracing (long runs). SPI opens/closes are counted:
    ``opens``, ``closes``, ``open_now``, ``most_open``.
    """

    def __init__(self, busy_level: int, quiet: frozenset[int] = frozenset()):
        self.busy_level = busy_level
        self.quiet = quiet  # commands that start no work (the 7.5inch's 0x71, get status)
        self.trace: list[tuple] = []
        self.record = True
        self.opens = self.closes = self.open_now = self.most_open = 0
        self.writes = 0
        self.methods: set[str] = set()  # the SpiDev write methods used
        self.settings: list[tuple] = []
        self.factory = None

    def log(self, *event) -> None:
        if self.record:
            self.trace.append(event)

    def spi_bytes(self, data: bytes) -> None:
        self.writes += 1
        dc = int(self.factory.pin(DC).state)
        if not dc and not (len(data) == 1 and data[0] in self.quiet):
            self.factory.pin(BUSY).arm()  # every command may start work: BUSY until polled twice
        if not self.record:
            return
        last = self.trace[-1] if self.trace else None
        if last and last[0] == "spi" and last[1] == dc:
            self.trace[-1] = ("spi", dc, last[2] + data)
        else:
            self.trace.append(("spi", dc, bytes(data)))

    def commands(self) -> list[int]:
        """The command bytes, in order."""
        return [b for event in self.trace if event[:2] == ("spi", 0) for b in event[2]]


def _pin_classes(wire: Wire):
    from gpiozero.pins.mock import MockPin

    class TracePin(MockPin):
        name_in_trace = ""

        def _change_state(self, value):
            changed = super()._change_state(value)
            if changed and self.name_in_trace:
                wire.log(self.name_in_trace, int(value))
                if self.name_in_trace == "rst" and value:
                    self.factory.pin(BUSY).arm()  # the controller is busy after a hardware reset
            return changed

    class BusyPin(MockPin):
        busy_reads = 0
        waiting = False

        def arm(self):
            self.busy_reads, self.waiting = 2, True

        def _get_state(self):
            if self.busy_reads:
                self.busy_reads -= 1
                return bool(wire.busy_level)
            if self.waiting:
                self.waiting = False
                wire.log("ready")
            return not wire.busy_level

    return TracePin, BusyPin


class FakeSpiDev:
    """spidev.SpiDev as far as the drivers use it; like spidev 3.x, open() on an open one leaks."""

    def __init__(self, wire: Wire):
        self.__dict__["_wire"] = wire
        self.__dict__["fd"] = None

    def open(self, bus, device):
        wire = self._wire
        wire.opens += 1
        wire.open_now += 1  # an fd still open is not closed: it leaks, as in spidev
        wire.most_open = max(wire.most_open, wire.open_now)
        self.__dict__["fd"] = (bus, device, wire.opens)

    def close(self):
        if self.fd is not None:
            self._wire.closes += 1
            self._wire.open_now -= 1
            self.__dict__["fd"] = None

    def __setattr__(self, name, value):
        self._wire.settings.append((name, value))
        self.__dict__[name] = value

    def _write(self, method, data):
        if self.fd is None:
            raise OSError(9, "Bad file descriptor")
        self._wire.methods.add(method)
        if not isinstance(data, (bytes, bytearray)):  # ints: spidev's C code keeps each one's low byte
            data = bytes(value & 0xFF for value in data)  # (upstream's 7.5inch sends ~byte, negative)
        self._wire.spi_bytes(bytes(data))

    def writebytes(self, data):
        self._write("writebytes", data)

    def writebytes2(self, data):
        self._write("writebytes2", data)

    def xfer3(self, data, *args):
        self._write("xfer3", data)
        return [0] * len(data)


@pytest.fixture
def wire(monkeypatch):
    """``wire("v2")``: gpiozero's MockFactory with traced panel pins, a fake ``spidev`` module."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    saved = Device.pin_factory
    made = []

    def make(model: str = "v2") -> Wire:
        w = Wire(busy_level={"v2": 1, "v1": 0, "4in2_V2": 1, "7in5_V2": 0}[model],
                 quiet=frozenset({0x71}) if model == "7in5_V2" else frozenset())
        w.factory = factory = MockFactory()
        trace_pin, busy_pin = _pin_classes(w)
        for pin, name in ((RST, "rst"), (DC, "dc"), (PWR, "pwr")):
            factory.pin(pin, pin_class=trace_pin).name_in_trace = name if pin != DC else ""
        factory.pin(BUSY, pin_class=busy_pin)
        Device.pin_factory = factory
        spidev = types.ModuleType("spidev")
        spidev.SpiDev = lambda *args: FakeSpiDev(w)
        monkeypatch.setitem(sys.modules, "spidev", spidev)
        made.append(factory)
        return w

    yield make
    for factory in made:
        factory.reset()
    Device.pin_factory = saved


# ------------------------------------------------------------ PiSessions and drivers (test_pi*.py)


@pytest.fixture
def drivers(monkeypatch, fake_driver):
    """Only the fake driver is importable: ``drivers("v2")`` installs it as ``waveshare_epd``."""
    from hardware.display.driver import MODULES

    for name in list(sys.modules):
        if name.split(".")[0] in ("waveshare_epd", "epaper"):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "waveshare_epd", None)
    monkeypatch.setitem(sys.modules, "epaper", None)

    def install(model="v2"):
        driver = fake_driver(model)
        package = types.ModuleType("waveshare_epd")
        package.__path__ = []
        monkeypatch.setitem(sys.modules, "waveshare_epd", package)
        monkeypatch.setitem(sys.modules, f"waveshare_epd.{MODULES[model]}", driver.module)
        return driver

    return install


@pytest.fixture
def sessions(mock_factory):
    """Make PiSessions on the mock pins; every one is closed at the end (before the pins are reset)."""
    from hardware.pi import PiSession
    from tests.hardware.pi_fakes import Recorder, config

    made = []

    def make(cfg=None, **options):
        options.setdefault("notifier", Recorder())
        options.setdefault("pin_factory", mock_factory)
        session = PiSession(cfg or config(), **options)
        made.append(session)
        return session

    yield make
    for session in made:
        session.close()
