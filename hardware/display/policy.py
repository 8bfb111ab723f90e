"""When to refresh the whole panel and when only the changes: pure, no clock.

A partial refresh (≈0.3 s on the 2.7" V2) keeps the game snappy but leaves
ghosts behind; a full refresh (up to ≈6 s, flashing) clears them. Waveshare
asks for a full refresh every few partial ones. So:

* the first frame, and the first after waking or after a panel error: full
  (the glass and the controller's memory are not known);
* a new kind of screen: full (the whole picture changes anyway);
* the same kind again: partial, except after ``full_every`` partials in a
  row, when the next one is full;
* a panel without partial refresh (the V1): always full.
"""

from __future__ import annotations

from enum import Enum


class Refresh(Enum):
    FULL = "full"
    PARTIAL = "partial"


class RefreshPolicy:
    """Chooses FULL or PARTIAL for the next frame from what was shown before."""

    def __init__(self, *, partial: bool = True, full_every: int = 5):
        if full_every < 0:
            raise ValueError("full_every must be >= 0")
        self.partial = partial
        self.full_every = full_every
        self._kind: str | None = None
        self._partials = 0
        self._known = False

    def choose(self, kind: str) -> Refresh:
        """How to show the next frame, of screen ``kind``."""
        if (not self.partial or not self._known or kind != self._kind
                or self._partials >= self.full_every):
            return Refresh.FULL
        return Refresh.PARTIAL

    def shown(self, kind: str, refresh: Refresh) -> None:
        """A frame of ``kind`` is on the glass, by ``refresh``."""
        self._kind, self._known = kind, True
        self._partials = self._partials + 1 if refresh is Refresh.PARTIAL else 0

    def forget(self) -> None:
        """The glass is not known any more (woke up, panel error): next is full."""
        self._known = False
        self._partials = 0
