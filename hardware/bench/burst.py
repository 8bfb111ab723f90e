"""Burst latency: what the newest-frame mailbox buys over a queue of refreshes.

A player taps a key ten times at 8 Hz (scrolling a list, setting a count);
each press draws a frame of the same screen. How long after the last press
is its frame on the glass? Compared:

* ``mailbox`` — :class:`~hardware.display.DisplayLoop`: frames that come
  while the panel is busy replace each other; only the newest is shown;
* ``fifo`` — the naive way: every frame queued, one refresh per press.

Both use the same refresh policy on a
:class:`~hardware.sim.panel.SimulatedPanel` in simulated time. The
burst starts at a random (seeded) point of a game in progress: after a full
refresh and then a random number of partials (below 10 x the policy's
``full_every``). The policy has no cap by default, so no burst pays a full
refresh; with a ``cap`` (a documented limit of some other panel) one that
reaches it does. The figures are the same on every machine for a seed. It
prints figures and asserts nothing.

Run: ``python -m hardware.bench.burst [--presses 10] [--rate 8] [--seed 12]``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from hardware.display.loop import DisplayLoop
from hardware.display.policy import Refresh, RefreshPolicy
from hardware.sim.clock import SimClock
from hardware.sim.panel import SimulatedPanel

KIND = "spinner"
STRATEGIES = ("mailbox", "fifo")


@dataclass(frozen=True)
class BurstResult:
    strategy: str
    model: str
    presses: int
    refreshes: int
    last_latency: float   # last press -> its frame completely on the glass
    worst_latency: float  # the longest any press waited for a frame at least as new
    partials_before: int = 0  # partial refreshes since the last full one when the burst began


def start_point(seed: int, full_every: int = 20) -> int:
    """Partials since the last full refresh when the burst begins: a random point below 10 x ``full_every``."""
    return random.Random(seed).randrange(max(1, 10 * full_every))


def burst(strategy: str, model: str = "v2", *, presses: int = 10, rate_hz: float = 8.0,
          full_every: int = 20, partial_s: float = 0.3, full_s: float = 6.0,
          partials_before: int = 0, cap: int | None = None) -> BurstResult:
    """Simulate one burst, ``partials_before`` partial refreshes after a full one, and measure it.

    ``cap``: the policy's cap (None, the default: none)."""
    clock = SimClock()
    panel = SimulatedPanel(clock, model=model, partial_s=partial_s, full_s=full_s)
    frames = [Image.new("1", panel.size, 1) for _ in range(presses)]
    warm_up = [Image.new("1", panel.size, 1) for _ in range(1 + partials_before)]
    run = {"mailbox": _mailbox, "fifo": _fifo}[strategy]

    def policy() -> RefreshPolicy:
        return RefreshPolicy(partial=panel.supports_partial, full_every=full_every, cap=cap)

    times = run(clock, panel, warm_up, frames, rate_hz, policy)
    result = _measure(strategy, model, panel, frames, times)
    return BurstResult(**{**result.__dict__, "partials_before": partials_before})


def _mailbox(clock, panel, warm_up, frames, rate_hz, policy) -> list[float]:
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=None, policy=policy())
    for image in warm_up:  # the game so far: one full refresh, then partials, no pause long enough to clean up
        loop.submit(image, KIND)
        loop.step()
    times = _press_times(clock() + 1.0, len(frames), rate_hz)
    i = 0
    while i < len(frames) or loop.pending:
        while i < len(frames) and times[i] <= clock():
            loop.submit(frames[i], KIND)  # presses that came while the panel was busy
            i += 1
        if loop.pending:
            loop.step()  # the display thread's work; moves the clock by the refresh time
        else:
            clock.advance_to(times[i])
    return times


def _fifo(clock, panel, warm_up, frames, rate_hz, policy) -> list[float]:
    rules = policy()
    for image in warm_up:
        _show(panel, rules, image)
    times = _press_times(clock() + 1.0, len(frames), rate_hz)
    for t, frame in zip(times, frames):
        clock.advance_to(t)  # the next refresh starts when the frame exists and the panel is free
        _show(panel, rules, frame)
    return times


def _show(panel, policy, image) -> None:
    refresh = policy.choose(KIND)
    panel.show(image, full=refresh is Refresh.FULL)
    policy.shown(KIND, refresh)


def _press_times(start: float, presses: int, rate_hz: float) -> list[float]:
    return [start + i / rate_hz for i in range(presses)]


def _measure(strategy, model, panel, frames, times) -> BurstResult:
    index = {id(frame): i for i, frame in enumerate(frames)}
    shown = [(change.end, index[id(change.image)]) for change in panel.history if id(change.image) in index]
    waits = []
    for i, t in enumerate(times):
        on_glass = min(end for end, j in shown if j >= i)
        waits.append(on_glass - t)
    return BurstResult(strategy, model, len(frames), len(shown), waits[-1], max(waits))


#: (label, model, partial_s, full_s): the datasheet figures, then the V2 as Waveshare's driver
#: drives it (display_Partial hardware-resets the controller first: 2 x 200 ms of fixed delays).
SCENARIOS = (
    ("V2", "v2", 0.3, 6.0),
    ("V1", "v1", 0.3, 6.0),
    ("V2 +reset", "v2", 0.7, 6.0),
)


def print_report(out: Callable[[str], None] = print, *, presses: int = 10, rate_hz: float = 8.0,
                 seed: int = 12) -> list[BurstResult]:
    """Print the burst figures for each panel scenario and both strategies; return them."""
    before = start_point(seed)
    out(f"display burst: {presses} key presses at {rate_hz:g} Hz, one frame each, same screen, starting "
        f"{before} partial refreshes after the last full one (a random point of a game, seed {seed}; the policy "
        "has no cap, so no full refresh in a burst) "
        "(simulated panel: partial 0.3 s, full 6 s; '+reset': partial 0.7 s as the Waveshare driver does it)")
    results = []
    for label, model, partial_s, full_s in SCENARIOS:
        for strategy in STRATEGIES:
            result = burst(strategy, model, presses=presses, rate_hz=rate_hz, partial_s=partial_s, full_s=full_s,
                           partials_before=before if model == "v2" else 0)
            results.append(result)
            name = "newest-frame mailbox" if strategy == "mailbox" else "FIFO, refresh per press"
            out(f"  {label:<9} {name:<24} last press -> on glass {result.last_latency:6.2f} s, "
                f"worst press {result.worst_latency:6.2f} s, {result.refreshes:2d} refreshes")
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hardware.bench.burst", description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=10, help="key presses in the burst (default 10)")
    parser.add_argument("--rate", type=float, default=8.0, help="presses per second (default 8)")
    parser.add_argument("--seed", type=int, default=12, help="picks where in the refresh cycle the burst starts")
    args = parser.parse_args(argv)
    if args.presses < 1 or args.rate <= 0:
        parser.error("need --presses >= 1 and --rate > 0")
    print_report(presses=args.presses, rate_hz=args.rate, seed=args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
