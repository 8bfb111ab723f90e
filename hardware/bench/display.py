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
  A driver sending one byte per call costs far more per byte: measure it;
* the built-in driver's own delays: a hardware reset (``reset_s``, 20 + 2 +
  20 ms on the V2) before every partial refresh (``reset_partial``) and in
  the re-init before a full refresh that follows partials; and ``busy_s``
  per BUSY wait, how late the driver notices the panel is done: 1 ms, an
  allowance for gpiozero's edge wait (lgpio's alert thread, then a Python
  event), where polling every 10 ms cost 5 ms on average.

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

from companion.settings.panel import PANELS
from hardware.display.loop import DisplayLoop
from hardware.display.policy import RefreshPolicy
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
    reset_s: float = 0.042
    reset_partial: bool = True
    busy_s: float = 0.001
    frame_bytes: int = 5808
    partial_init_s: float = 0.0
    base_rams: int = 2
    doze: bool = True  # the sleep's 2 s settle off the press's way (hardware/display/wake.py)

    def panel(self, clock: SimClock) -> SimulatedPanel:
        return SimulatedPanel(clock, model=self.model, partial_s=self.partial_s, full_s=self.full_s,
                              wake_s=self.wake_s, sleep_s=self.sleep_s, transfer_s=self.transfer_s,
                              byte_s=self.byte_s, base_write=self.base_write, reset_s=self.reset_s,
                              reset_partial=self.reset_partial, busy_s=self.busy_s,
                              partial_init_s=self.partial_init_s, base_rams=self.base_rams,
                              doze=self.doze)

    @property
    def partial(self) -> bool:
        return self.model != "v1"

    def describe(self) -> str:
        ram = self.transfer_s + self.frame_bytes * self.byte_s
        kinds = f"partial {self.partial_s:g} s + 1 RAM write, " if self.partial else ""
        text = (f"{self.label}: {kinds}full {self.full_s:g} s + 2 RAM writes; a RAM write "
                f"{self.transfer_s * 1000:g} ms + {self.frame_bytes} x {self.byte_s * 1e6:g} us = {ram * 1000:.1f} ms")
        if self.partial_init_s:
            text += f"; {self.partial_init_s * 1000:g} ms to enter partial mode after a full refresh"
        if self.reset_s or self.busy_s:
            where = ("before every partial and " if self.reset_partial and self.partial else "") + \
                "in a re-init"
            text += (f"; driver: a {self.reset_s * 1000:g} ms reset {where}, "
                     f"{self.busy_s * 1000:g} ms to notice BUSY clear")
        return text


V2 = PanelModel()
V1 = PanelModel("V1", "v1", base_write=False, reset_s=0.405)
#: The 4.2inch V2 (settings/panel.py: full 4 s, partial 0.4 s): no reset before a partial, 100/2/100 ms in a
#: re-init and in the wake's init() (and 20 ms assumed for BUSY after its software reset); after a wake the
#: glass's picture goes back into both RAMs (upstream's display() without its refresh), so the next press is
#: a partial (tests/hardware/test_wake.py); 15,000 bytes a RAM.
V42 = PanelModel("4in2_V2", "4in2_V2", partial_s=PANELS["4in2_V2"].partial_s, full_s=PANELS["4in2_V2"].full_s,
                 base_write=True, reset_s=0.202, reset_partial=False, frame_bytes=15_000, wake_s=0.202 + 0.02)
#: The 7.5inch V2 (settings/panel.py: full 5 s, partial 0.4 s): BUSY polled with its status command (5 ms
#: late on average), 100 ms after each refresh command, init_part() (a 42 ms reset and 100 ms after power on)
#: before the first partial after a full refresh or a wake; the wake's init() is a 42 ms reset and 100 ms
#: after power on (and 20 ms assumed for BUSY after it), then the glass's picture into the "old" RAM (one RAM,
#: upstream's display() first write); 48,000 bytes a RAM.
V75 = PanelModel("7in5_V2", "7in5_V2", partial_s=PANELS["7in5_V2"].partial_s, full_s=PANELS["7in5_V2"].full_s,
                 base_write=True, reset_s=0.142, reset_partial=False, busy_s=0.005, frame_bytes=48_000,
                 partial_init_s=0.142, wake_s=0.142 + 0.02, base_rams=1)
#: Every supported panel's model.
MODELS = (V2, V1, V42, V75)


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
    mid_burst: int = 0  # full refreshes begun less than the policy's quiet time after a press
    forced: int = 0     # full refreshes of a new frame only because the policy's cap was reached

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


class Unsettled(RuntimeError):
    """The display loop went on stepping without the game getting any further (a bug in the loop)."""


def play(families: Sequence[str], times: Sequence[float], model: PanelModel = V2, label: str = "",
         max_rounds: int | None = None, panel_seen: dict | None = None, **loop_options) -> GameRun:
    """Frame 0 (the first screen) at t=0, frame i at ``times[i-1]``; run until the panel has nothing to do.

    ``loop_options`` go to :class:`DisplayLoop` (``idle_sleep_after`` defaults to None here).
    ``max_rounds``: rounds of this loop (a press, a step of the display loop or a move of the clock
    each) after which it gives up with :class:`Unsettled` (default: 10 per frame, and 100); a count,
    not a timer, so a loop that stops moving simulated time cannot spin for ever. ``panel_seen``: a dict
    that gets the simulated panel and the loop ("panel", "loop") for a caller's own counts.
    """
    if len(times) != len(families) - 1:
        raise ValueError("need one press time per frame after the first")
    limit = max_rounds if max_rounds is not None else 10 * len(families) + 100
    clock = SimClock()
    panel = model.panel(clock)
    loop = DisplayLoop(panel, clock=clock, **{"idle_sleep_after": None, **loop_options})
    if panel_seen is not None:
        panel_seen.update(panel=panel, loop=loop)
    frames = [Image.new("1", panel.size, 1) for _ in families]
    index = {id(frame): i for i, frame in enumerate(frames)}
    loop.submit(frames[0], families[0])
    wake_at = loop.step()
    start = clock()
    times = [start + t for t in times]
    i = rounds = 0
    while True:
        rounds += 1
        if rounds > limit:
            raise Unsettled(f"the display loop did not settle after {limit} rounds "
                            f"(simulated clock at {clock():.6f} s, {i} of {len(times)} presses made)")
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
    quiet = loop.policy.quiet_after
    mid_burst = sum(1 for change in panel.history if change.full
                    and any(change.start - quiet < t <= change.start for t in times))
    return GameRun(label or model.label, len(times), fulls, len(panel.history) - fulls, loop.cleanups,
                   tuple(latencies), panel.busy, mid_burst, loop.forced)


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
        if groups and model.model != "v1":
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


def scripts_report(scripts: Sequence[tuple[str, Sequence[str]]], model: PanelModel = V2,
                   rates: Sequence[float] = (1.0, 4.0), out: Callable[[str], None] = print,
                   target_p95: float = 1.0, cap: int | None = None) -> list[GameRun]:
    """Each key script's frames (name, the family of each frame) at each steady rate: press-to-glass
    p50/p95, full refreshes and those begun mid-burst; then whether every p95 at the fastest rate is
    within ``target_p95``. ``cap``: the refresh policy's (None: none, the default)."""
    out(f"display, every shipped key script at {' and '.join(f'{r:g}' for r in rates)} presses/s on the model "
        f"{model.describe()}")
    out("  the refresh policy " + ("has no cap: a due full refresh waits for 2 s without a press, however many "
                                   "partials that takes (Waveshare names no limit, only 'several')"
                                   if cap is None else f"forces a full refresh after {cap} partials without a pause"))
    runs = []
    for name, families in scripts:
        parts = []
        for rate in rates:
            run = play(families, steady(len(families) - 1, rate), model, f"{name} {rate:g}/s",
                       policy=RefreshPolicy(partial=model.partial, cap=cap))
            runs.append(run)
            forced = f", {run.forced} forced by the cap" if cap is not None else ""
            parts.append(f"{rate:g}/s p50 {run.median:.2f} p95 {run.p95:.2f} s, {run.fulls} full "
                         f"({run.mid_burst} mid-burst{forced})")
        out(f"  {name:<32} {len(families) - 1:5d} presses; " + "; ".join(parts))
    fastest = [run for run in runs if run.label.endswith(f" {max(rates):g}/s")]
    worst = max(fastest, key=lambda run: run.p95, default=None)
    if worst is not None:
        verdict = "met" if worst.p95 <= target_p95 else "NOT met"
        whose = "" if model.model in ("v2", "2in7_V2") else " (issue 23's target, set for the 2.7\" V2; on this panel a figure)"
        out(f"  target p95 <= {target_p95:g} s at {max(rates):g} presses/s on every script{whose}: {verdict} "
            f"(worst {worst.p95:.2f} s, {worst.label})")
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
    partial = time_partials(panel, repeat, clock) if panel.supports_partial else None
    sleep = timed(panel.sleep)
    wake = timed(panel.wake)
    panel.show(frames[0], full=True)
    return PanelTimes(statistics.median(full), partial, wake, sleep)


def time_partials(panel, repeat: int = 5, clock: Callable[[], float] = time.perf_counter) -> float:
    """Median seconds of ``repeat`` partial refreshes of an opened panel (alternating two pictures)."""
    width, height = panel.size
    frames = [Image.new("1", (width, height), 1) for _ in range(2)]
    frames[1].paste(0, (0, 0, width // 2, height))
    times = []
    for i in range(repeat):
        start = clock()
        panel.show(frames[i % 2], full=False)
        times.append(clock() - start)
    return statistics.median(times)


def measured_model(times: PanelTimes, model: str, base_write: bool, doze: bool = True) -> PanelModel:
    """A panel model with the measured times, transfers included in them (``doze``: the adapter sleeps
    in two halves, hardware/display/wake.py; Waveshare's module behind the fallback does not)."""
    from hardware.display import version

    base = {"v2": V2, "v1": V1, "2in7_V2": V2, "2in7": V1, "4in2_V2": V42, "7in5_V2": V75}.get(model, V2)
    return replace(base, label=f"{version(model)} measured", partial_s=times.partial or base.partial_s,
                   full_s=times.full, wake_s=times.wake, sleep_s=times.sleep, transfer_s=0.0, byte_s=0.0,
                   base_write=base_write, reset_s=0.0, reset_partial=False, busy_s=0.0, doze=doze)
