"""A whole game on the glass: press-to-glass latency and panel time, in a panel model.

The frames of a game (one per key press, each with its screen family, as
the UI submits them) are played at a steady rate through the real
:class:`~hardware.display.DisplayLoop` and :class:`RefreshPolicy` onto a
:class:`~hardware.sim.panel.SimulatedPanel` in simulated time, so the
figures are the same on every machine; they are as good as the model:

* a partial refresh: ``partial_s`` (0.3 s, Waveshare's figure for the 2.7"
  V2) plus one RAM write; a full one: ``full_s`` (6 s, the datasheet's)
  plus two RAM writes (the V2's base goes to both RAMs; the V1 sends old and
  new data); waking: ``wake_s`` (0.4 s: the hardware reset's fixed delays);
* a RAM write of 5,808 bytes costs ``transfer_s`` + 5,808 x ``byte_s``:
  by default 1 ms (command bytes, pin changes, the Python call) and 2 us a
  byte (8 bits at the drivers' 4 MHz SPI clock) = 12.6 ms: a bulk transfer.
  A driver sending one byte per call costs far more per byte: measure it.

``elgrande-companion bench --panel`` measures these on a Pi with the panel
(:func:`measure_panel`) and plays the game again with the measured times.
Latency runs from the press to its frame (or a newer one) completely on the
glass; drawing the frame (the bench's "key presses" figures) is not in it.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from PIL import Image

from hardware.display.loop import DisplayLoop
from hardware.sim.clock import SimClock
from hardware.sim.panel import SimulatedPanel


@dataclass(frozen=True)
class PanelModel:
    """What each panel operation costs, in seconds."""

    label: str = "V2"
    model: str = "v2"
    partial_s: float = 0.3
    full_s: float = 6.0
    transfer_s: float = 0.001
    byte_s: float = 2e-6
    wake_s: float = 0.4
    sleep_s: float = 2.0
    base_write: bool = True

    def panel(self, clock: SimClock) -> SimulatedPanel:
        return SimulatedPanel(clock, model=self.model, partial_s=self.partial_s, full_s=self.full_s,
                              wake_s=self.wake_s, sleep_s=self.sleep_s, transfer_s=self.transfer_s,
                              byte_s=self.byte_s, base_write=self.base_write)

    def describe(self) -> str:
        ram = self.transfer_s + 5808 * self.byte_s
        kinds = f"partial {self.partial_s:g} s + 1 RAM write, " if self.model == "v2" else ""
        return (f"{self.label}: {kinds}full {self.full_s:g} s + 2 RAM writes; a RAM write "
                f"{self.transfer_s * 1000:g} ms + 5808 x {self.byte_s * 1e6:g} us = {ram * 1000:.1f} ms")


V2 = PanelModel()
V1 = PanelModel("V1", "v1", base_write=False)


@dataclass(frozen=True)
class GameRun:
    """One game through the display loop: what the panel did, what the presses waited."""

    label: str
    presses: int
    fulls: int
    partials: int
    cleanups: int      # full refreshes of a frame already on the glass (when the keys were quiet)
    latencies: tuple[float, ...]
    busy: float        # seconds the panel refreshed (and woke, wrote, slept)

    @property
    def median(self) -> float:
        return statistics.median(self.latencies)

    @property
    def p95(self) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]

    @property
    def fulls_per_20(self) -> float:
        return self.fulls * 20 / max(1, self.presses)


def play(families: Sequence[str], times: Sequence[float], model: PanelModel = V2, label: str = "",
         **loop_options) -> GameRun:
    """Frame 0 (the first screen) at t=0, frame i at ``times[i-1]``; run until the panel has nothing to do.

    ``loop_options`` go to :class:`DisplayLoop` (``idle_sleep_after`` defaults to None here).
    """
    if len(times) != len(families) - 1:
        raise ValueError("need one press time per frame after the first")
    clock = SimClock()
    panel = model.panel(clock)
    loop = DisplayLoop(panel, clock=clock, **{"idle_sleep_after": None, **loop_options})
    frames = [Image.new("1", panel.size, 1) for _ in families]
    index = {id(frame): i for i, frame in enumerate(frames)}
    loop.submit(frames[0], families[0])
    wake_at = loop.step()
    start = clock()
    times = [start + t for t in times]
    i = 0
    while True:
        while i < len(times) and times[i] <= clock():
            loop.submit(frames[i + 1], families[i + 1])  # pressed while the panel was busy, or now
            i += 1
        upcoming = times[i] if i < len(times) else None
        if loop.pending:
            wake_at = loop.step()
        elif wake_at is not None and (upcoming is None or wake_at <= upcoming):
            clock.advance_to(wake_at)
            wake_at = loop.step()
        elif upcoming is not None:
            clock.advance_to(upcoming)
        else:
            break
    shown = sorted((change.end, index[id(change.image)]) for change in panel.history)
    latencies = []
    for i, t in enumerate(times, start=1):
        latencies.append(next(end for end, j in shown if j >= i) - t)
    fulls = sum(change.full for change in panel.history)
    return GameRun(label or model.label, len(times), fulls, len(panel.history) - fulls, loop.cleanups,
                   tuple(latencies), panel.busy)


def steady(presses: int, rate_hz: float, first: float = 1.0) -> list[float]:
    """Press times at ``rate_hz``, the first ``first`` seconds after the first screen is up."""
    return [first + i / rate_hz for i in range(presses)]


def at_the_table(groups: Sequence[int], rate_hz: float = 1.0, pause: float = 10.0,
                 seed: int = 12) -> list[float]:
    """Presses in groups (one step each) at ``rate_hz``, with a pause of 0.5 to 1.5 x ``pause`` between."""
    rng = random.Random(seed)
    times, t = [], 1.0
    for g, size in enumerate(groups):
        if g:
            t += pause * rng.uniform(0.5, 1.5)
        for _ in range(size):
            times.append(t)
            t += 1 / rate_hz
        t -= 1 / rate_hz
    return times


def report(families: Sequence[str], groups: Sequence[int] | None = None, models: Sequence[PanelModel] = (V2, V1),
           out: Callable[[str], None] = print, note: str = "", **loop_options) -> list[GameRun]:
    """Print the game's display figures for each panel model at 1 and 4 presses/s (and at the table)."""
    presses = len(families) - 1
    out(f"display: the sample game, {presses} presses, through the display loop onto a panel model "
        "(simulated time; press -> its frame on the glass, drawing not included)")
    for model in models:
        out(f"  model {model.describe()}")
    if note:
        out(f"  {note}")
    runs = []
    for model in models:
        scenarios = [(f"{model.label} 1 press/s", steady(presses, 1.0)),
                     (f"{model.label} 4 presses/s", steady(presses, 4.0))]
        if groups and model.model == "v2":
            scenarios.append((f"{model.label} at the table", at_the_table(groups)))
        for label, times in scenarios:
            run = play(families, times, model, label, **loop_options)
            runs.append(run)
            out(f"  {label:<18} {run.fulls:3d} full ({run.cleanups} when quiet), {run.partials:3d} partial "
                f"refreshes ({run.fulls_per_20:.1f} full per 20 presses); press -> glass median "
                f"{run.median:.2f} s, 95th percentile {run.p95:.2f} s, worst {max(run.latencies):.2f} s; "
                f"panel busy {run.busy / 60:.1f} min")
    if groups:
        out("  'at the table': 1 press/s within a step (a line of the key script), "
            "5 to 15 s between steps (seeded)")
    return runs


# ------------------------------------------------------------ the real panel


@dataclass(frozen=True)
class PanelTimes:
    """Median seconds of each operation of a real panel, as :meth:`Panel.show` etc. return."""

    full: float
    partial: float | None
    wake: float
    sleep: float


def measure_panel(panel, repeat: int = 5, clock: Callable[[], float] = time.perf_counter) -> PanelTimes:
    """Time an opened panel's full and partial refreshes (transfer included), sleep and wake."""
    width, height = panel.size
    frames = [Image.new("1", (width, height), 1) for _ in range(2)]
    for x in range(0, width, 8):  # something to change: stripes on one frame
        frames[1].paste(0, (x, 0, x + 4, height))

    def timed(action) -> float:
        start = clock()
        action()
        return clock() - start

    full = [timed(lambda i=i: panel.show(frames[i % 2], full=True)) for i in range(2)]
    partial = None
    if panel.supports_partial:
        partial = statistics.median(timed(lambda i=i: panel.show(frames[i % 2], full=False))
                                    for i in range(repeat))
    sleep = timed(panel.sleep)
    wake = timed(panel.wake)
    panel.show(frames[0], full=True)
    return PanelTimes(statistics.median(full), partial, wake, sleep)


def measured_model(times: PanelTimes, model: str, base_write: bool) -> PanelModel:
    """A panel model with the measured times, transfers included in them."""
    base = V2 if model == "v2" else V1
    return replace(base, label=f"{model.upper()} measured", partial_s=times.partial or base.partial_s,
                   full_s=times.full, wake_s=times.wake, sleep_s=times.sleep, transfer_s=0.0, byte_s=0.0,
                   base_write=base_write)
