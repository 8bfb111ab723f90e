"""A simulated clock, so timing behaviour is tested and benchmarked without sleeping.

Every timed thing in ``hardware`` takes its clock as a parameter (a callable
returning seconds, ``time.monotonic`` by default). :class:`SimClock` is that
callable for tests and for the burst benchmark: time moves only when someone
moves it, so results are the same on every machine and every run.
"""

from __future__ import annotations


class SimClock:
    """Seconds that pass only when told to: ``clock()`` reads, ``sleep()`` advances."""

    def __init__(self, start: float = 0.0):
        self.now = float(start)

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        """Let ``seconds`` pass (a stand-in for ``time.sleep``)."""
        if seconds < 0:
            raise ValueError(f"cannot go back in time ({seconds} s)")
        self.now += seconds

    def advance_to(self, t: float) -> None:
        """Move to time ``t`` if it is later than now."""
        self.now = max(self.now, float(t))

    def __repr__(self) -> str:
        return f"SimClock({self.now:.3f})"
