"""The 4.2inch V2 and 7.5inch V2 e-Paper panels: our bulk driver and Waveshare's as the fallback.

Both panels are landscape in the controller's memory (400x300, 800x480: a frame's rows as
they are, 1 bit a pixel), unlike the 2.7inch's portrait. What the upstream drivers
(``epd4in2_V2.py``, ``epd7in5_V2.py``; tests/hardware/test_upstream_large.py compares the
byte streams on mock pins) dictate, and the refresh rules that follow:

* **4.2inch V2** (SSD1683-type, BUSY high while busy): ``init()`` then ``display(buf)`` writes
  both RAMs (0x24, 0x26) and refreshes fully (0x22 0xF7); ``display_Partial(buf)`` rewrites the
  border, update control and RAM window, writes RAM 0x24 only and refreshes partially
  (0x22 0xFF), without a reset. After partials the next full refresh runs ``init()`` again.
  Reset 100/2/100 ms. Sleep: 0x10 0x01.
* **7.5inch V2** (UC8179-type, BUSY *low* while busy): every BUSY wait sends 0x71 (get status)
  before each read of the line, as upstream's ``ReadBusy`` does, so our wait polls with it too.
  ``display(buf)`` writes the "old" RAM 0x10 with the frame inverted and the "new" RAM 0x13, then
  0x12 (refresh). Partial refreshes need ``init_part()`` (a reset, power on, 0xE0/0xE5) once after
  a full one; ``display_Partial(buf, 0, 0, 800, 480)`` enters partial mode (0x50 0xA9 0x07,
  0x91, window 0x90) and writes RAM 0x13 with the frame inverted. Upstream inverts with Python's
  ``~`` (negative ints that spidev casts to a byte): the same bytes. Reset 20/2/20 ms. Sleep:
  0x50 0xF7, 0x02 (power off, waited), 0x07 0xA5.

The pins are the 2.7inch HAT's (RST 17, DC 25, BUSY 24, PWR 18, SPI0 CE0): Waveshare's driver
boards for these panels use the same. They have no keys: four buttons on ``keys.pins``.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from hardware.display.bulk_driver import Bus, Pins, _Controller
from hardware.display.busy import BusyWait
from hardware.display.frame_bytes import FrameBytes
from hardware.display.framebuffer import ROTATIONS
from hardware.display.panel import PanelError, PanelUnavailable, check_frame
from hardware.display.refresh import Epd27Panel
from hardware.display.wake import DozingSleep
from hardware.display.waveshare import WaveshareEpd27

#: Model -> the controller's landscape size.
NATIVE = {"4in2_V2": (400, 300), "7in5_V2": (800, 480)}
LEVELS = {"4in2_V2": 1, "7in5_V2": 0}
TITLES = {"4in2_V2": "4.2inch", "7in5_V2": "7.5inch"}
_INVERT = bytes(range(255, -1, -1))  # bytes.translate table: every bit flipped

# frame -> landscape: undo the clockwise turn (Pillow's ROTATE_n turn counter-clockwise)
_TO_LANDSCAPE = {0: None, 90: Image.Transpose.ROTATE_90, 180: Image.Transpose.ROTATE_180,
                 270: Image.Transpose.ROTATE_270}


def landscape_buffer(image: Image.Image, rotation: int = 0, invert: bool = False) -> bytearray:
    """The controller's bytes for ``image`` turned by ``rotation`` (1 = white; ``invert``: 1 = black)."""
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation!r}")
    native = image.convert("1") if image.mode != "1" else image
    transpose = _TO_LANDSCAPE[rotation]
    if transpose is not None:
        native = native.transpose(transpose)
    data = native.tobytes()
    return bytearray(data.translate(_INVERT) if invert else data)


class Epd42V2(_Controller):
    """The 4.2inch V2 on our :class:`~hardware.display.bulk_driver.Bus`: upstream's bytes in bulk."""

    width, height = NATIVE["4in2_V2"]
    RESET_MS = (100, 2, 100)
    _WINDOW = ((0x44, b"\x00\x31"), (0x45, b"\x00\x00\x2B\x01"), (0x4E, b"\x00"), (0x4F, b"\x00\x00"))

    def init(self) -> int:
        command = self.bus.command
        self.bus.power_on()
        self.reset()
        self.wait()
        command(0x12)                              # software reset
        self.wait()
        command(0x21, b"\x40\x00")                 # display update control
        command(0x3C, b"\x05")                     # border waveform
        command(0x11, b"\x03")                     # data entry: x then y increasing
        for register, data in self._WINDOW:
            command(register, data)
        self.wait()
        return 0

    def display(self, buffer) -> None:
        self._check(buffer)
        self.bus.command(0x24, buffer)
        self.bus.command(0x26, buffer)
        self._update(0xF7)

    def display_Partial(self, buffer) -> None:
        self._check(buffer)
        command = self.bus.command
        command(0x3C, b"\x80")
        command(0x21, b"\x00\x00")
        command(0x3C, b"\x80")
        for register, data in self._WINDOW:
            command(register, data)
        command(0x24, buffer)
        self._update(0xFF)

    def write_base(self, buffer) -> None:
        """The picture the glass still shows, into both RAMs without an update (upstream's
        ``display`` without its 0x22/0x20 activation): after a wake's ``init()``, partials compare
        against it as they do after upstream's ``init()`` + ``display()``, with no flash."""
        self._check(buffer)
        self.bus.command(0x24, buffer)
        self.bus.command(0x26, buffer)

    def _update(self, mode: int) -> None:
        self.bus.command(0x22, bytes((mode,)))
        self.bus.command(0x20)
        self.wait()

    def _deep_sleep(self) -> None:
        self.bus.command(0x10, b"\x01")

    def _check(self, buffer) -> None:
        if len(buffer) != self.width * self.height // 8:
            raise ValueError(f"a {self.width}x{self.height} frame is {self.width * self.height // 8} bytes, "
                             f"not {len(buffer)}")


class Epd75V2(Epd42V2):
    """The 7.5inch V2 on our Bus: upstream's bytes in bulk, its status command before each BUSY read."""

    width, height = NATIVE["7in5_V2"]
    RESET_MS = (20, 2, 20)

    def init(self) -> int:
        command = self.bus.command
        self.bus.power_on()
        self.reset()
        command(0x06, b"\x17\x17\x28\x17")         # booster soft start
        command(0x01, b"\x07\x07\x28\x17")         # power setting
        command(0x04)                              # power on
        self.delay(0.1)
        self.wait()
        command(0x00, b"\x1F")                     # panel setting
        command(0x61, b"\x03\x20\x01\xE0")         # resolution 800 x 480
        command(0x15, b"\x00")
        command(0x50, b"\x10\x07")                 # VCOM and data interval
        command(0x60, b"\x22")                     # TCON
        return 0

    def init_part(self) -> int:
        command = self.bus.command
        self.bus.power_on()
        self.reset()
        command(0x00, b"\x1F")
        command(0x04)
        self.delay(0.1)
        self.wait()
        command(0xE0, b"\x02")
        command(0xE5, b"\x6E")
        return 0

    def display(self, buffer) -> None:
        self._check(buffer)
        self.bus.command(0x10, bytes(buffer).translate(_INVERT))  # "old": the frame inverted
        self.bus.command(0x13, buffer)
        self._refresh()

    def write_base(self, buffer) -> None:
        """The picture the glass still shows, into the "old" RAM 0x10 without a refresh: the very
        bytes upstream's ``display()`` writes there (the frame inverted, 1 = white). Its partials,
        after ``init_part()``'s hardware reset, compare against this RAM as it was left by the full
        refresh; so after a wake's ``init()`` this write, then ``init_part()``, puts the controller
        where upstream's own full-then-partial sequence has it (the RAM kept through that reset is
        upstream's assumption, and ours)."""
        self._check(buffer)
        self.bus.command(0x10, bytes(buffer).translate(_INVERT))

    def display_Partial(self, buffer, x0: int = 0, y0: int = 0, x1: int | None = None,
                        y1: int | None = None) -> None:
        """The whole panel (upstream's window 0, 0, 800, 480; other windows are refused)."""
        if (x0, y0, x1 or self.width, y1 or self.height) != (0, 0, self.width, self.height):
            raise ValueError("the built-in driver refreshes the whole 7.5inch panel only")
        self._check(buffer)
        command = self.bus.command
        last_x, last_y = self.width - 1, self.height - 1
        command(0x50, b"\xA9\x07")
        command(0x91)                              # partial mode in
        command(0x90, bytes((0, 0, last_x >> 8, last_x & 0xFF, 0, 0, last_y >> 8, last_y & 0xFF, 1)))
        command(0x13, bytes(buffer).translate(_INVERT))
        self._refresh()

    def _refresh(self) -> None:
        self.bus.command(0x12)
        self.delay(0.1)
        self.wait()

    def _deep_sleep(self) -> None:
        command = self.bus.command
        command(0x50, b"\xF7")
        command(0x02)                              # power off
        self.wait()
        command(0x07, b"\xA5")                     # deep sleep


CONTROLLERS = {"4in2_V2": Epd42V2, "7in5_V2": Epd75V2}


class _LargeRules:
    """The refresh rules of the two larger panels, shared by both adapters (mixed into Epd27Panel)."""

    LEVELS = LEVELS
    PARTIAL = tuple(LEVELS)
    model: str
    rotation: int
    _needs_init: bool
    _base: bool
    _part_mode = False  # the 7.5inch is in partial mode (init_part done since the last init)
    _frames: FrameBytes | None = None  # the conversion to the controller's bytes, made at the first frame
    _call: Callable
    _init: Callable
    _before_init: Callable

    def what(self) -> str:
        return TITLES.get(self.model, "large")

    def _frame_size(self, rotation: int) -> tuple[int, int]:
        if rotation not in ROTATIONS:
            raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation!r}")
        width, height = NATIVE[self.model]
        return (width, height) if rotation in (0, 180) else (height, width)

    def _buffer(self, image: Image.Image) -> bytearray:
        """landscape_buffer's bytes, converting only what changed since the last frame (frame_bytes.py):
        on these panels a press changes a small part of a large frame (the bench: a navigation press's
        conversion 1.68 M -> 0.60 M on the 4.2inch, 5.77 M -> 1.16 M on the 7.5inch)."""
        if self._frames is None:
            self._frames = FrameBytes(NATIVE[self.model], _TO_LANDSCAPE[self.rotation], invert=self.model == "7in5_V2")
        return self._frames(image)

    def _full(self, buffer: bytearray) -> None:
        if self._needs_init:
            self._init()
        self._part_mode = False
        self._call("display", buffer)  # both RAMs: the base later partials compare with
        self._base = True

    def _partial(self, buffer: bytearray) -> None:
        width, height = NATIVE[self.model]
        if self.model == "7in5_V2":
            if not self._part_mode:
                self._before_init()  # the fallback: upstream's init_part opens SPI again, so close it first
                if self._call("init_part") not in (0, None):
                    raise PanelError("the e-paper driver's init_part() failed (SPI could not be opened?)")
                self._part_mode = True
            self._call("display_Partial", buffer, 0, 0, width, height)
        else:
            self._call("display_Partial", buffer)
        self._needs_init = True  # the registers are the partial ones: a full refresh starts with init()

    def _lost(self) -> None:
        self._needs_init, self._base, self._part_mode = True, False, False


class FastEpdLarge(_LargeRules, DozingSleep, Epd27Panel):
    """A 4.2inch V2 or 7.5inch V2 through our bulk controllers (``display.driver = "builtin"``)."""

    def __init__(self, model: str = "4in2_V2", *, pins: Pins | None = None, pin_factory=None,
                 partial_reset: bool = True, **options):
        super().__init__(model, **options)
        self._pins, self._pin_factory = pins or Pins(), pin_factory  # partial_reset: the 2.7inch V2's only
        self._bus: Bus | None = None
        self.busy_wait: BusyWait | None = None

    def _connect(self):
        try:
            bus = Bus.open(self._pins, pin_factory=self._pin_factory)
        except ModuleNotFoundError as error:
            raise PanelUnavailable(f"the e-paper panel needs the module {(error.name or '').split('.')[0]!r} "
                                   "(on a Pi: pip install 'elgrande-companion[pi]')") from error
        except Exception as error:
            raise PanelUnavailable(f"cannot claim the e-paper panel's pins "
                                   f"({type(error).__name__}: {error})") from error
        self._bus = bus
        level = LEVELS[self.model]
        if self.model == "7in5_V2":  # upstream asks for the status before every read: so do we, polling
            def read() -> int:
                bus.command(0x71)
                return bus.busy.value
            wait = BusyWait(read, level, what=f"{self.what()} e-paper", **self._busy)
        else:
            wait = BusyWait(lambda: bus.busy.value, level, what=f"{self.what()} e-paper",
                            edge=bus.busy.wait_for_inactive, **self._busy)
        self.busy_wait = wait
        return CONTROLLERS[self.model](bus, wait, self._busy["sleep"])

    def write_base(self, image: Image.Image) -> None:
        """After a wake: what the glass shows written back as the base partials compare with, no
        flash (the display loop calls it, then refreshes partially; see :mod:`hardware.display.wake`)."""
        check_frame(image, self.size)
        self._usable()
        if self._asleep:
            self.wake()
        if self._needs_init:
            self._init()
        self._part_mode = False  # the 7.5inch: init_part() comes before the next partial, as upstream's
        self._call("write_base", self._buffer(image))
        self._base = True

    def _release(self) -> None:
        if self._bus is not None:
            self._bus.close()


class WaveshareEpdLarge(_LargeRules, WaveshareEpd27):
    """A 4.2inch V2 or 7.5inch V2 through Waveshare's own driver module (``display.driver = "waveshare"``)."""

    def __init__(self, model: str = "4in2_V2", **options):
        super().__init__(model, **options)

    def _connect(self):
        epd = super()._connect()
        if self.model == "7in5_V2":  # the bounded wait must also send the status command before each read
            config, send = self._config, epd.send_command
            assert config is not None
            epd.ReadBusy = BusyWait(lambda: (send(0x71), config.digital_read(epd.busy_pin))[1], LEVELS[self.model],
                                    what=f"{self.what()} e-paper", **self._busy)
        self._windowed_partial = False  # _LargeRules._partial passes the window itself
        return epd
