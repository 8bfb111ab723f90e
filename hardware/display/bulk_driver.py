"""Our own driver for the Waveshare 2.7inch e-Paper HAT (V2 and V1): the same bytes, sent in bulk.

Waveshare's Python driver sends each of a frame's 5,808 bytes as a GPIO
write for the DC pin, a one-byte ``spidev.writebytes`` and two no-op
chip-select writes: ~20 ms of Python per full frame on a PC with mock pins,
several times that on a Pi Zero 2 W, against ~0.1 ms here.
This module sends the same command and data bytes as Waveshare's
``epd2in7_V2.py`` / ``epd2in7.py`` (``init``, ``display``,
``display_Base``, ``display_Partial``, ``sleep``; the integration tests in
tests/hardware/test_upstream_driver.py compare the byte streams), but sets
the DC pin once per command and writes each block of data with one
``spidev.writebytes2`` call (which splits it into the kernel's buffer size).

Differences from the upstream Python driver, on purpose:

* The V2's hardware reset waits 20 ms / 2 ms / 20 ms, as Waveshare's C
  driver for the same panel does, instead of the Python driver's 200 ms /
  2 ms / 200 ms: a partial refresh resets the controller every time (both
  upstream drivers do), so this saves ~0.36 s per press. The V1 keeps the
  Python driver's 200 / 5 / 200 ms.
* That reset before each partial is a setting, ``partial_reset`` (default
  True, as upstream). Every Waveshare driver for the panel (Python, C,
  Arduino) does it, none says why, and nothing after it depends on it: the
  partial sequence sets the border, RAM window and counters itself, the
  0xFF update loads the temperature and waveform itself, and the RAMs
  survive it (upstream's own base-then-partials relies on that). Without
  it a partial is 42 ms shorter; whether the glass agrees needs a real
  panel: ``elgrande-companion bench --panel`` times both.
* BUSY waits give up after ``busy_timeout`` (:class:`~hardware.display.busy.BusyWait`),
  and wait for the line's edge (gpiozero's ``wait_for_inactive`` / ``wait_for_active``,
  edge callbacks under lgpio) instead of polling it every 10 ms.
* SPI is opened when the panel powers up and closed when it powers down
  (sleep, close), never opened twice: no leaked descriptors.

Pins (BCM): RST 17, DC 25, BUSY 24, PWR 18 (newer driver boards switch the
panel's power with it); CS is SPI0 CE0, driven by the kernel.
gpiozero and spidev are imported by :meth:`Bus.open` only.
"""

from __future__ import annotations

from collections.abc import Callable

from hardware.display.busy import BusyWait
from hardware.display.framebuffer import to_buffer
from hardware.display.panel import PanelError, PanelUnavailable, check_frame
from hardware.display.refresh import BUSY_LEVEL, Epd27Panel
from hardware.display.wake import DozingSleep

WIDTH, HEIGHT = 176, 264            # the controller's native portrait frame
FRAME_BYTES = WIDTH // 8 * HEIGHT   # 5,808
WHITE = b"\xFF" * FRAME_BYTES
SPI_BUS, SPI_DEVICE = 0, 0          # /dev/spidev0.0 (CE0)
SPI_HZ, SPI_MODE = 4_000_000, 0     # as Waveshare's epdconfig sets them


class Pins:
    """The panel's control pins, BCM numbers (a plain class: a dataclass compiles its methods at import)."""

    __slots__ = ("rst", "dc", "busy", "pwr")

    def __init__(self, rst: int = 17, dc: int = 25, busy: int = 24, pwr: int = 18):
        self.rst, self.dc, self.busy, self.pwr = rst, dc, busy, pwr

    def __eq__(self, other: object) -> bool:
        return type(other) is Pins and self._values() == other._values()  # type: ignore[union-attr]

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return f"Pins(rst={self.rst}, dc={self.dc}, busy={self.busy}, pwr={self.pwr})"

    def _values(self) -> tuple[int, int, int, int]:
        return self.rst, self.dc, self.busy, self.pwr


#: The HAT's wiring (Waveshare's epdconfig), the drivers' default.
HAT_PINS = Pins()


class Bus:
    """The panel's wires: RST, DC, PWR outputs and the BUSY input (gpiozero), and SPI (spidev)."""

    def __init__(self, spi, rst, dc, pwr, busy):
        self.spi, self.rst, self.dc, self.pwr, self.busy = spi, rst, dc, pwr, busy
        self.spi_open = False
        self.closed = False

    @classmethod
    def open(cls, pins: Pins = HAT_PINS, *, pin_factory=None) -> Bus:
        """Claim the pins (SPI is opened by :meth:`power_on`). Raises ImportError or gpiozero's errors."""
        import spidev

        from hardware.gpiozero_import import import_gpiozero

        gpiozero = import_gpiozero()

        made = []
        try:
            for pin in (pins.rst, pins.dc, pins.pwr):
                made.append(gpiozero.DigitalOutputDevice(pin, initial_value=False, pin_factory=pin_factory))
            made.append(gpiozero.DigitalInputDevice(pins.busy, pull_up=False, pin_factory=pin_factory))
            return cls(spidev.SpiDev(), *made)
        except BaseException:
            for device in made:
                device.close()
            raise

    def power_on(self) -> None:
        """Panel power on and SPI open (epdconfig's ``module_init``); SPI is opened only if closed."""
        self.pwr.on()
        if self.spi_open:
            return
        try:
            self.spi.open(SPI_BUS, SPI_DEVICE)
        except OSError as error:
            raise PanelUnavailable(f"cannot open /dev/spidev{SPI_BUS}.{SPI_DEVICE} ({error}): is SPI on, and "
                                   "is the user in the spi group?") from error
        self.spi_open = True
        self.spi.max_speed_hz = SPI_HZ
        self.spi.mode = SPI_MODE

    def power_off(self) -> None:
        """SPI closed, RST and DC low, panel power off (epdconfig's ``module_exit``)."""
        if self.spi_open:
            self.spi_open = False
            self.spi.close()
        self.rst.off()
        self.dc.off()
        self.pwr.off()

    def command(self, command: int, data=b"") -> None:
        """One command byte (DC low), then its data in one transfer (DC high)."""
        self.dc.off()
        self.spi.writebytes2(bytes((command,)))
        if data:
            self.dc.on()
            self.spi.writebytes2(data)

    def close(self) -> None:
        """Power off if on, release SPI and every pin; a second call does nothing."""
        if self.closed:
            return
        self.closed = True
        try:
            self.power_off()
        finally:
            for device in (self.rst, self.dc, self.pwr, self.busy):
                device.close()


class _Controller:
    """What the two controllers share: reset, the bounded BUSY wait, the EPD-like size."""

    width, height = WIDTH, HEIGHT
    RESET_MS = (200, 2, 200)

    def __init__(self, bus: Bus, wait: Callable[[], None], sleep: Callable[[float], None]):
        self.bus, self.wait, self.delay = bus, wait, sleep

    def reset(self) -> None:
        high, low, settle = self.RESET_MS
        self.bus.rst.on()
        self.delay(high / 1000)
        self.bus.rst.off()
        self.delay(low / 1000)
        self.bus.rst.on()
        self.delay(settle / 1000)

    def _check(self, buffer) -> None:
        if len(buffer) != FRAME_BYTES:
            raise ValueError(f"a 2.7inch frame is {FRAME_BYTES} bytes, not {len(buffer)}")

    def sleep(self) -> None:
        """Deep sleep, then power off and close SPI (upstream's ``sleep()``)."""
        if self.bus.spi_open:  # else the panel was never powered up (SPI would not open)
            self._deep_sleep()
            self.delay(2.0)  # as the upstream driver waits before module_exit()
        self.bus.power_off()

    def deep_sleep(self) -> None:
        """The deep sleep command only, the power left on (hardware/display/wake.py's first half)."""
        if self.bus.spi_open:
            self._deep_sleep()

    def power_down(self) -> None:
        """SPI closed, the panel's power off (upstream's ``module_exit()``; wake.py's second half)."""
        self.bus.power_off()

    def _deep_sleep(self) -> None:
        raise NotImplementedError


class EpdV2(_Controller):
    """The 2.7inch V2 (SSD1680-type): partial refresh, BUSY high while busy.

    ``reset_partial``: a hardware reset before every partial refresh, as upstream does."""

    RESET_MS = (20, 2, 20)  # Waveshare's C driver for this panel
    reset_partial = True

    def init(self) -> int:
        command = self.bus.command
        self.bus.power_on()
        self.reset()
        self.wait()
        command(0x12)                              # software reset
        self.wait()
        command(0x45, b"\x00\x00\x07\x01")         # RAM y window 0..263
        command(0x4F, b"\x00\x00")                 # RAM y counter 0
        command(0x11, b"\x03")                     # data entry: x then y increasing
        return 0

    def display(self, buffer) -> None:
        self._check(buffer)
        self.bus.command(0x24, buffer)             # black/white RAM
        self._update(0xF7)

    def display_Base(self, buffer) -> None:
        self._check(buffer)
        self.bus.command(0x24, buffer)             # black/white RAM
        self.bus.command(0x26, buffer)             # the "previous" RAM partials compare with
        self._update(0xF7)

    def write_base(self, buffer) -> None:
        """The picture the glass still shows, into both RAMs without an update: after a wake,
        partial refreshes compare against it again, with no full refresh's flash. (Upstream's
        ``display_Base`` without its 0x22/0x20 activation; the RAMs survive the hardware reset
        that ``display_Partial`` does, as upstream's own base-then-partials relies on.)"""
        self._check(buffer)
        self.bus.command(0x24, buffer)
        self.bus.command(0x26, buffer)

    def display_Partial(self, buffer) -> None:
        """The whole panel as a partial refresh (upstream's window 0, 0, 176, 264)."""
        self._check(buffer)
        command = self.bus.command
        last_x, last_y = WIDTH // 8 - 1, HEIGHT - 1
        if self.reset_partial:
            self.reset()
        command(0x3C, b"\x80")                     # border waveform
        command(0x44, bytes((0, last_x)))          # RAM x window, in bytes
        command(0x45, bytes((0, 0, last_y & 0xFF, (last_y >> 8) & 0x01)))
        command(0x4E, b"\x00")                     # RAM x counter
        command(0x4F, b"\x00\x00")                 # RAM y counter
        command(0x24, buffer)
        self._update(0xFF)

    def _deep_sleep(self) -> None:
        self.bus.command(0x10, b"\x01")            # deep sleep mode 1

    def _update(self, mode: int) -> None:
        self.bus.command(0x22, bytes((mode,)))     # display update control
        self.bus.command(0x20)                     # activate
        self.wait()


def _lut(phases: str, length: int) -> bytes:
    data = bytes.fromhex(phases)
    return data + bytes(length - len(data))


_LUT_WHITE = _lut("40 08 00 00 00 02 90 28 28 00 00 01 40 14 00 00 00 01 a0 12 12 00 00 01", 42)
_LUT_BLACK = _lut("80 08 00 00 00 02 90 28 28 00 00 01 80 14 00 00 00 01 50 12 12 00 00 01", 42)
#: The V1 driver's full-refresh waveform: (register, table) in the order it sends them.
V1_LUTS = (
    (0x20, _lut("00 00 00 08 00 00 00 02 60 28 28 00 00 01 00 14 00 00 00 01 00 12 12 00 00 01", 44)),
    (0x21, _LUT_WHITE), (0x22, _LUT_WHITE), (0x23, _LUT_BLACK), (0x24, _LUT_BLACK),
)
#: The V1 driver's power setting, booster and "power optimization" registers, in order.
V1_POWER = (
    (0x01, "03 00 2b 2b 09"), (0x06, "07 07 17"),
    (0xF8, "60 a5"), (0xF8, "89 a5"), (0xF8, "90 00"), (0xF8, "93 2a"),
    (0xF8, "a0 a5"), (0xF8, "a1 00"), (0xF8, "73 41"), (0x16, "00"),
)


class EpdV1(_Controller):
    """The 2.7inch V1 (IL91874/UC8151-type): full refresh only, BUSY low while busy."""

    RESET_MS = (200, 5, 200)  # Waveshare's Python driver

    def init(self) -> int:
        command = self.bus.command
        self.bus.power_on()
        self.reset()
        for register, data in V1_POWER:
            command(register, bytes.fromhex(data))
        command(0x04)                              # power on
        self.wait()
        command(0x00, b"\xAF")                     # panel setting
        command(0x30, b"\x3A")                     # PLL 100 Hz
        command(0x50, b"\x57")                     # VCOM and data interval
        command(0x82, b"\x12")                     # VCOM DC
        for register, table in V1_LUTS:
            command(register, table)
        return 0

    def display(self, buffer) -> None:
        self._check(buffer)
        self.bus.command(0x10, WHITE)                   # old data: white
        self.bus.command(0x13, buffer)                  # new data
        self.bus.command(0x12)                          # refresh
        self.wait()

    def _deep_sleep(self) -> None:
        command = self.bus.command
        command(0x50, b"\xF7")
        command(0x02)                              # power off
        command(0x07, b"\xA5")                     # deep sleep


CONTROLLERS = {"v2": EpdV2, "v1": EpdV1}


class FastEpd27(DozingSleep, Epd27Panel):
    """The panel through :class:`EpdV2` / :class:`EpdV1` on our :class:`Bus` (the default adapter).

    ``pins``/``pin_factory``: where the panel is wired and gpiozero's pin
    factory (None: gpiozero's default); ``partial_reset``: the V2's hardware
    reset before every partial refresh (upstream's; may be changed while
    open); the other arguments are :class:`~hardware.display.refresh.Epd27Panel`'s.
    """

    def __init__(self, model: str = "v2", *, pins: Pins = HAT_PINS, pin_factory=None, partial_reset: bool = True,
                 **options):
        super().__init__(model, **options)
        self._pins, self._pin_factory = pins, pin_factory
        self._bus: Bus | None = None
        self._partial_reset = partial_reset

    @property
    def partial_reset(self) -> bool:
        return self._partial_reset

    @partial_reset.setter
    def partial_reset(self, value: bool) -> None:
        self._partial_reset = value
        if isinstance(self._epd, EpdV2):
            self._epd.reset_partial = value
        self.busy_wait: BusyWait | None = None  # the BUSY wait, once open (its counts: edge waits, polls)

    def _connect(self):
        try:
            bus = Bus.open(self._pins, pin_factory=self._pin_factory)
        except ModuleNotFoundError as error:
            missing = (error.name or "").split(".")[0]
            raise PanelUnavailable(f"the e-paper panel needs the module {missing!r} "
                                   "(on a Pi: pip install 'elgrande-companion[pi]')") from error
        except Exception as error:
            raise PanelUnavailable(f"cannot claim the e-paper panel's pins "
                                   f"({type(error).__name__}: {error})") from error
        self._bus = bus
        level = BUSY_LEVEL[self.model]  # the line's level while busy: wait for the other one
        edge = bus.busy.wait_for_inactive if level else bus.busy.wait_for_active
        wait = BusyWait(lambda: bus.busy.value, level, what=f"2.7inch e-paper {self.model.upper()}",
                        edge=edge, **self._busy)
        self.busy_wait = wait
        controller = CONTROLLERS[self.model](bus, wait, self._busy["sleep"])
        if isinstance(controller, EpdV2):
            controller.reset_partial = self._partial_reset
        return controller

    def write_base(self, image) -> None:
        """After a wake (the V2): what the glass shows written back as the base, no flash; the
        display loop calls it (hardware/display/loop.py), then refreshes partially."""
        check_frame(image, self.size)
        self._usable()
        if not self.supports_partial:
            raise PanelError("only the V2 keeps a base for partial refreshes")
        if self._asleep:
            self.wake()
        if self._needs_init:
            self._init()
        self._call("write_base", to_buffer(image, self.rotation))
        self._base = True

    def _release(self) -> None:
        if self._bus is not None:
            self._bus.close()
