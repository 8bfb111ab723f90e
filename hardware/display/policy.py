"""When to refresh the whole panel and when only the changes: pure, no clock.

A partial refresh (≈0.3 s on the 2.7" V2) keeps the game snappy but leaves
ghosts behind; a full refresh (up to ≈6 s, flashing) clears them, and
blocks the panel for that long: a press during it waits. So a full refresh
is something to do while nobody is pressing keys, never in a burst:

* a new frame is refreshed partially whenever the panel can: the same
  screen, another screen of the same *family* (turn pages, scoring and
  results, list sub-pages, the menu, setup — the UI names a frame's family,
  see ``companion/ui/families.py``), or another family;
* a full refresh becomes *due* when the glass has taken ``full_every``
  partials since the last full one (ghosting), or when a frame leaves its
  family after ``leave_after`` partials (the whole picture changed anyway);
  it is done, of the frame on the glass, once the keys have been quiet for
  ``quiet_after`` seconds;
* after ``idle_after`` quiet seconds any partial at all is cleaned up the
  same way (a picture left on the glass for long should be clean);
* a new frame is full only when there is no choice: the glass (or the
  controller's memory of it) is unknown — the first frame, after a panel
  error, after waking without a base write — or a panel without partial
  refresh (the V1), or ``full_every`` is 0, or, only if a ``cap`` is given,
  the glass has taken ``cap`` partials.

There is no cap by default: Waveshare's precautions for its e-Paper
panels ask for a full refresh "after refreshing partially several times"
and name no number; the 2.7" V2 drivers count nothing, and their demos
stop after 10 (Python) or 14 (C) partials of a clock, a demo's length, not
a stated limit. So nothing documented demands a flash in the middle of
pressing keys: the due full refresh waits for the first pause, however
many partials that takes. A ``cap`` is for a panel whose documentation
gives a number.

The display loop (:mod:`hardware.display.loop`) owns the clock: it asks
:meth:`RefreshPolicy.cleanup_after` how many quiet seconds a clean-up
waits for, and counts them from the newest frame itself (an absolute
time: no sum of differences that rounding can keep a hair short of it).
"""

from __future__ import annotations

from enum import Enum


class Refresh(Enum):
    FULL = "full"
    PARTIAL = "partial"


class RefreshPolicy:
    """Chooses FULL or PARTIAL for each frame, and when the glass needs a full refresh.

    ``full_every``: partials since the last full refresh after which one is
    due (0: every refresh is full). ``leave_after``: partials after which
    leaving a family makes one due (default: half of ``full_every``).
    ``cap``: partials after which the next frame is full even in a burst
    (default None: never; see the module's doc). ``quiet_after`` / ``idle_after``:
    seconds without a new frame before a due full refresh is done / before
    any partial is cleaned up (None: never).
    """

    def __init__(self, *, partial: bool = True, full_every: int = 20, leave_after: int | None = None,
                 cap: int | None = None, quiet_after: float = 2.0, idle_after: float | None = 60.0):
        if full_every < 0:
            raise ValueError("full_every must be >= 0")
        self.partial = partial
        self.full_every = full_every
        self.leave_after = max(1, full_every // 2) if leave_after is None else leave_after
        self.cap = cap
        if self.leave_after < 1 or (cap is not None and cap < full_every):
            raise ValueError("need leave_after >= 1 and cap >= full_every")
        self.quiet_after = quiet_after
        self.idle_after = idle_after
        self._family: str | None = None
        self._partials = 0   # partial refreshes since the last full one
        self._known = False  # the panel's memory holds what the glass shows
        self._due = False    # a full refresh is wanted when the keys are quiet

    @property
    def partials(self) -> int:
        """Partial refreshes the glass has taken since its last full one."""
        return self._partials

    @property
    def due(self) -> bool:
        """A full refresh is wanted as soon as the keys are quiet."""
        return self._due or (self._partials >= self.full_every and self._partials > 0)

    @property
    def capped(self) -> bool:
        """The next frame is full only because the glass has taken ``cap`` partials (never without a cap)."""
        return (self.cap is not None and self._partials >= self.cap and self.partial and self._known
                and self.full_every > 0)

    def choose(self, family: str) -> Refresh:
        """How to show the next frame, of screen family ``family``."""
        if not self.partial or not self._known or self.full_every == 0 or self.capped:
            return Refresh.FULL
        return Refresh.PARTIAL

    def shown(self, family: str, refresh: Refresh) -> None:
        """A frame of ``family`` is on the glass, by ``refresh``."""
        if refresh is Refresh.FULL:
            self._partials, self._due = 0, False
        else:
            if self._family is not None and family != self._family and self._partials >= self.leave_after:
                self._due = True
            self._partials += 1
        self._family, self._known = family, True

    def cleanup_after(self) -> float | None:
        """Seconds of quiet since the newest frame after which the glass wants a full refresh
        (None: it does not)."""
        if not self.partial or not self._known or self._partials == 0:
            return None
        if self.due:
            return self.quiet_after
        return self.idle_after

    def cleanup_in(self, quiet_for: float) -> float | None:
        """Seconds of more quiet after which the glass wants a full refresh (0: now; None: it does not).

        ``quiet_for``: seconds since the newest frame came.
        """
        after = self.cleanup_after()
        return None if after is None else max(0.0, after - quiet_for)

    def forget(self) -> None:
        """The panel's memory of the glass is lost (asleep, panel error): the next frame is full."""
        self._known = False

    def rebase(self) -> None:
        """The panel's memory holds the glass's picture again (a base write after waking).

        Partials go on from there; the ghosts they left are still counted.
        """
        self._known = self._family is not None
