"""A 2.7" e-paper panel in simulated time: what is on the glass, and from when.

For the burst benchmark and for tests of timing-dependent behaviour: it
implements :class:`~hardware.display.Panel`, takes the datasheet's time for
each refresh by moving a :class:`~hardware.sim.clock.SimClock` forward (so a
``show`` "blocks" for 0.3 s or 6 s of simulated time, instantly), and keeps
a history of every refresh. Like the real panel it refuses frames while
asleep, and the V1 refreshes fully whatever it is asked.

Timings: partial 0.3 s (V2 only), full 6 s (the datasheets' upper figure),
sleep 2 s (the Waveshare driver's fixed delay in ``sleep()``), wake 0.4 s
(the hardware reset's fixed delays in ``init()``), plus the time to send the
pixels: ``transfer_s`` per RAM write and ``byte_s`` per byte (both 0 unless
given). A partial refresh writes one RAM (5,808 bytes), a full one two (the
V2's ``display_Base`` fills both RAMs; the V1 sends old and new data), and
:meth:`SimulatedPanel.write_base` (the partial panels, when ``base_write``)
``base_rams`` without a refresh. All adjustable; ``busy`` adds up the panel's time.

The driver's own delays (all 0 unless given): ``reset_s``, the fixed
delays of a hardware reset, paid before every partial refresh when
``reset_partial`` (as Waveshare's drivers and ours do) and in the re-init
before a full refresh that follows partials (the driver's ``init()``,
which also waits for BUSY twice: after the reset and the software reset);
``busy_s``, how late the driver sees BUSY clear, once per refresh and per
wait in a re-init (about half the poll interval when it polls; next to
nothing when it waits for the edge).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from hardware.display.framebuffer import frame_size
from hardware.display.large import NATIVE
from hardware.display.panel import PanelError, check_frame
from hardware.sim.clock import SimClock


@dataclass(frozen=True)
class GlassChange:
    """One refresh: ``image`` was on the glass from ``end`` on."""

    start: float
    end: float
    full: bool
    image: Image.Image


class SimulatedPanel:
    """A Panel whose refreshes take simulated time on ``clock``."""

    def __init__(self, clock: SimClock, *, model: str = "v2", rotation: int = 0,
                 partial_s: float = 0.3, full_s: float = 6.0, sleep_s: float = 2.0, wake_s: float = 0.4,
                 transfer_s: float = 0.0, byte_s: float = 0.0, base_write: bool = False,
                 reset_s: float = 0.0, reset_partial: bool = False, busy_s: float = 0.0,
                 partial_init_s: float = 0.0, base_rams: int = 2, doze: bool = False):
        if model not in ("v1", "v2", *NATIVE):
            raise ValueError(f"unknown model {model!r}: use 'v2', 'v1', " + " or ".join(map(repr, NATIVE)))
        self.clock = clock
        self.model = model
        if model in NATIVE:  # the larger panels are landscape in their memory
            width, height = NATIVE[model]
            self.size = (width, height) if rotation in (0, 180) else (height, width)
        else:
            self.size = frame_size(rotation)
        self.supports_partial = model != "v1"
        #: Seconds a partial refresh right after a full one (or a wake) costs first: the 7.5inch's init_part().
        self.partial_init_s = partial_init_s
        self._part_mode = False
        self.partial_s, self.full_s, self.sleep_s, self.wake_s = partial_s, full_s, sleep_s, wake_s
        self.transfer_s, self.byte_s = transfer_s, byte_s
        self.reset_s, self.reset_partial, self.busy_s = reset_s, reset_partial, busy_s
        self._needs_init = False  # a partial changed the controller's registers: a full re-inits first
        self.frame_bytes = self.size[0] * self.size[1] // 8
        self.base_rams = base_rams  # RAMs a base write fills: 2 (the SSD panels), 1 (the 7.5inch's "old" RAM)
        if base_write and self.supports_partial:
            self.write_base = self._write_base  # only a panel that can has the method (the loop looks)
        if doze:  # sleep in two halves, as our bulk adapters do (hardware/display/wake.py)
            self.doze, self.power_down = self._doze, self._power_down
            self.settle_s = sleep_s
        self.dozing = False
        self.power_downs = 0
        self.history: list[GlassChange] = []
        self.busy = 0.0        # seconds spent refreshing, writing, sleeping and waking
        self.base_writes = 0
        self.asleep = False
        self.closed = False
        self.sleeps = 0
        self.wakes = 0

    @property
    def on_glass(self) -> Image.Image | None:
        """The picture the panel shows now (None before the first refresh)."""
        return self.history[-1].image if self.history else None

    def shown_at(self, image: Image.Image) -> float | None:
        """When ``image`` (this very object) was first completely on the glass."""
        return next((change.end for change in self.history if change.image is image), None)

    def show(self, image: Image.Image, full: bool) -> None:
        check_frame(image, self.size)
        if self.closed:
            raise PanelError("the simulated panel is closed")
        if self.asleep:
            raise PanelError("the simulated panel is asleep: wake() it first")
        full = full or not self.supports_partial
        start = self.clock()
        first_partial = not full and not self._part_mode
        self._take(self.driver_s(full) + self.ram_write_s(2 if full else 1)
                   + (self.full_s if full else self.partial_s) + (self.partial_init_s if first_partial else 0.0))
        self._needs_init = self._part_mode = not full
        self.history.append(GlassChange(start, self.clock(), full, image))

    def driver_s(self, full: bool) -> float:
        """The driver's own delays around the next refresh: resets and BUSY latency."""
        if not full:
            return (self.reset_s if self.reset_partial else 0.0) + self.busy_s
        if self._needs_init:  # init() again: a hardware reset, BUSY waits after it and the software reset
            return self.reset_s + 3 * self.busy_s
        return self.busy_s

    def ram_write_s(self, rams: int = 1) -> float:
        """Seconds to send ``rams`` frames of pixels to the panel's memory."""
        return rams * (self.transfer_s + self.frame_bytes * self.byte_s)

    def _write_base(self, image: Image.Image) -> None:
        """Write ``image`` into both RAMs as what the glass shows; the glass does not change."""
        check_frame(image, self.size)
        if self.asleep or self.closed:
            raise PanelError("the simulated panel is asleep or closed")
        self._take(self.ram_write_s(self.base_rams))
        self.base_writes += 1

    def _take(self, seconds: float) -> None:
        self.clock.sleep(seconds)
        self.busy += seconds

    def sleep(self) -> None:
        if not self.asleep:
            self._take(self.sleep_s)
            self.asleep = True
            self.sleeps += 1

    def _doze(self) -> None:
        """The deep sleep command: no time of the panel's (the settle passes while the loop waits)."""
        if not self.asleep:
            self.asleep = self.dozing = True
            self.sleeps += 1

    def _power_down(self) -> None:
        self.dozing = False
        self.power_downs += 1

    def wake(self) -> None:
        self.dozing = False
        if self.asleep:
            self._take(self.wake_s)
            self.asleep = False
            self._needs_init = self._part_mode = False  # waking is the init
            self.wakes += 1

    def close(self) -> None:
        self.sleep()
        self.closed = True
