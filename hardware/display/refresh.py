"""The 2.7inch panel's refresh rules, shared by both ways of driving it.

Both adapters talk to an object with the methods of Waveshare's ``EPD``
class (``init``, ``display``, ``display_Base``, ``display_Partial``,
``sleep``): :class:`~hardware.display.waveshare.WaveshareEpd27` to
Waveshare's own driver module, :class:`~hardware.display.bulk_driver.FastEpd27`
to our bulk-transfer controller. What the drivers' source dictates (see
docs/hardware-notes.md):

* V2 partial refresh only works against a base picture written by
  ``display_Base`` (it fills both of the controller's RAMs) after a full
  ``init()``. ``display_Partial`` hardware-resets the controller on every
  call, so after partials the next full refresh starts with ``init()``
  again.
* V1 has ``display(buf)`` only: every refresh is full.
* ``sleep()`` sends deep sleep, waits 2 s and powers the panel off (SPI
  closed); only ``init()`` (a hardware reset) wakes it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from PIL import Image

from hardware.display.framebuffer import frame_size, to_buffer
from hardware.display.panel import PanelError, check_frame

log = logging.getLogger(__name__)

#: The level of the BUSY line while the controller works, from each driver's ReadBusy loop.
BUSY_LEVEL = {"v2": 1, "v1": 0}


class Epd27Panel:
    """The 264x176 black/white panel as a :class:`~hardware.display.panel.Panel`.

    Subclasses say how the controller object is made (:meth:`_connect`) and
    how its devices are released (:meth:`_release`). ``model``: "v2"
    (partial refresh) or "v1" (full only); ``rotation``: 0, 90, 180 or 270;
    ``busy_timeout``: seconds any single wait for the panel may take before
    :class:`~hardware.display.panel.PanelTimeout`; ``clock``/``sleep`` time
    the waits (injectable).
    """

    #: The models this class drives -> the BUSY line's level while busy; those with partial refresh.
    LEVELS = BUSY_LEVEL
    PARTIAL: tuple[str, ...] = ("v2",)

    def __init__(self, model: str = "v2", *, rotation: int = 0, busy_timeout: float = 15.0,
                 busy_poll: float = 0.01, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep):
        if model not in self.LEVELS:
            raise ValueError(f"unknown {self.what()} panel model {model!r}: use "
                             + " or ".join(repr(m) for m in self.LEVELS))
        self.model = model
        self.rotation = rotation
        self.size = self._frame_size(rotation)
        self.supports_partial = model in self.PARTIAL
        self._busy = dict(timeout=busy_timeout, poll=busy_poll, clock=clock, sleep=sleep)
        self._epd = None
        self._windowed_partial = False  # display_Partial(buf, x0, y0, x1, y1) rather than (buf)
        self._needs_init = True  # the controller must be (re)initialised before a full refresh
        self._base = False      # a display_Base picture is in the controller (V2)
        self._asleep = False
        self._closed = False
        self._inits = 0

    # ------------------------------------------------------------ for subclasses

    def what(self) -> str:
        """The panel in messages."""
        return "2.7inch"

    def _frame_size(self, rotation: int) -> tuple[int, int]:
        """(width, height) of the frames :meth:`show` takes at ``rotation``."""
        return frame_size(rotation)

    def _buffer(self, image: Image.Image) -> bytearray:
        """The bytes the controller's ``display*`` methods take for ``image``."""
        return to_buffer(image, self.rotation)

    def _connect(self):
        """Make the ``EPD``-like controller object. Raises PanelUnavailable."""
        raise NotImplementedError

    def _release(self) -> None:
        """Release pins and SPI for good (after the panel was put to sleep)."""

    def _before_init(self) -> None:
        """Called before every ``init()`` but the first (a re-init)."""

    # ------------------------------------------------------------ the Panel interface

    def open(self):
        """Take the pins, initialise the panel. Raises PanelUnavailable/PanelError."""
        if self._epd is not None:
            return self
        self._epd = self._connect()
        self._init()
        return self

    def show(self, image: Image.Image, full: bool) -> None:
        """Refresh the panel with ``image``; a partial refresh only where the panel can."""
        check_frame(image, self.size)
        self._usable()
        buffer = self._buffer(image)
        if self._asleep:
            self.wake()
        if full or not self.supports_partial or not self._base:
            self._full(buffer)
        else:
            self._partial(buffer)

    def sleep(self) -> None:
        """Deep sleep (the driver also closes SPI); the glass keeps its picture."""
        if self._epd is None or self._asleep or self._closed:
            return
        self._call("sleep")
        self._asleep = True
        self._needs_init, self._base = True, False

    def wake(self) -> None:
        """Re-initialise after :meth:`sleep`: a hardware reset and the init sequence."""
        self._usable()
        if self._asleep:
            self._init()
            self._asleep = False

    def close(self) -> None:
        """Sleep, then release the pins and SPI. The panel cannot be reopened after."""
        if self._epd is None or self._closed:
            self._closed = True
            return
        try:
            self.sleep()
        except PanelError as error:
            log.warning("e-paper panel did not go to sleep on close: %s", error)
        try:
            self._release()
        except Exception as error:
            log.debug("releasing the e-paper panel's devices failed: %s", error)
        self._closed = True

    def __enter__(self):
        return self.open()

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------ inside

    def _full(self, buffer: bytearray) -> None:
        if self._needs_init:
            self._init()
        if self.supports_partial:
            self._call("display_Base", buffer)  # both RAMs: the base later partials compare with
            self._base = True
        else:
            self._call("display", buffer)

    def _partial(self, buffer: bytearray) -> None:
        if self._windowed_partial:
            epd = self._epd
            assert epd is not None, "the panel is open"
            self._call("display_Partial", buffer, 0, 0, epd.width, epd.height)
        else:
            self._call("display_Partial", buffer)
        self._needs_init = True  # display_Partial reset the controller and changed its registers

    def _usable(self) -> None:
        if self._closed:
            raise PanelError("the e-paper panel is closed")
        if self._epd is None:
            raise PanelError("the e-paper panel is not open: call open() first")

    def _init(self) -> None:
        if self._inits:
            self._before_init()
        self._inits += 1
        result = self._call("init")
        if result not in (0, None):
            self._lost()
            raise PanelError(f"the e-paper driver's init() returned {result} (SPI could not be opened?)")
        self._needs_init, self._base = False, False

    def _call(self, name: str, *args):
        try:
            return getattr(self._epd, name)(*args)
        except PanelError:
            self._lost()
            raise
        except Exception as error:
            self._lost()
            raise PanelError(f"e-paper {name}() failed: {type(error).__name__}: {error}") from error

    def _lost(self) -> None:
        """After a failure the controller's state is unknown: start over with init()."""
        self._needs_init, self._base = True, False
