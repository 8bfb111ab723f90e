"""The display thread: newest frame wins, panel errors never reach the game.

The game calls :meth:`DisplayLoop.submit` and carries on at once. A thread
takes the newest frame from a one-slot :class:`Mailbox`, asks the
:class:`RefreshPolicy` full or partial, and shows it. Frames that came while
the panel was busy are dropped unseen except the newest (pwnagotchi's
pipeline, with tests).

Full refreshes against ghosting wait for the keys to be quiet: when the
policy says one is due and no frame has come for its ``quiet_after``
seconds, the loop refreshes the frame on the glass fully. The thread also
puts the panel to sleep when nothing has been shown for a while (after a
due full refresh, if one is), and wakes it for the next frame. A panel with a
``write_base(image)`` method (writes a picture into the controller's memory
as what the glass shows, without refreshing: the V2's two RAMs) gets the
frame on the glass written back after waking, so the next frame can be a
partial refresh instead of a flash; without it the next frame is full. A panel with
``doze()`` and ``power_down()`` (our bulk adapters, hardware/display/wake.py) sleeps in two
halves: the deep sleep command at once, the power off ``settle_s`` later unless a frame came
first, so a press never waits for the sleep's 2 s settle.

A panel error is logged and the frame retried after a back-off that doubles
up to a cap; a newer frame replaces the failed one but does not skip the
back-off (each try can cost a busy-wait timeout). The game never sees the
error; :attr:`DisplayLoop.last_error` lets it show one if it wants.

All the decisions are in :meth:`DisplayLoop.step`, which does one piece of
work at the injected clock's time and says when it wants to run again: the
thread only calls it and waits, and tests call it directly with a fake
clock, no thread and no sleeping.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from PIL import Image

from hardware.display.mailbox import Mailbox
from hardware.display.panel import Panel
from hardware.display.policy import Refresh, RefreshPolicy

log = logging.getLogger(__name__)


class Frame:
    """One picture for the panel, the family of screens it belongs to, and when it came.

    A plain class, not a dataclass: those compile their methods at import (issue 23)."""

    __slots__ = ("image", "family", "at")

    def __init__(self, image: Image.Image, family: str = "", at: float = 0.0):
        self.image, self.family, self.at = image, family, at

    def __repr__(self) -> str:
        return f"Frame(image={self.image!r}, family={self.family!r}, at={self.at!r})"


class DisplayLoop:
    """Shows submitted frames on ``panel`` from its own thread (after :meth:`start`).

    ``full_every``: partial refreshes since the last full one after which a
    full one is due (done when the keys are quiet; see :class:`RefreshPolicy`,
    which ``policy`` replaces whole). ``idle_sleep_after``: seconds without
    a new frame before the panel sleeps (None: never). ``retry_after`` /
    ``retry_cap``: first and longest wait before trying a failed frame again.
    """

    def __init__(self, panel: Panel, *, full_every: int = 20, idle_sleep_after: float | None = 120.0,
                 retry_after: float = 1.0, retry_cap: float = 60.0,
                 clock: Callable[[], float] = time.monotonic, policy: RefreshPolicy | None = None):
        self.panel = panel
        self.policy = policy or RefreshPolicy(partial=getattr(panel, "supports_partial", True),
                                              full_every=full_every)
        self._write_base = getattr(panel, "write_base", None) if self.policy.partial else None
        self._doze = getattr(panel, "doze", None)
        self._power_down = getattr(panel, "power_down", None) if self._doze is not None else None
        self._power_down_at: float | None = None  # dozing: when the panel's power goes off
        self.idle_sleep_after = idle_sleep_after
        self.retry_after = retry_after
        self.retry_cap = retry_cap
        self.clock = clock
        self._mailbox: Mailbox[Frame] = Mailbox()
        self._frame: Frame | None = None   # taken, not on the glass yet
        self._on_glass: Frame | None = None  # the last frame shown (None: the glass is unknown)
        self._last_frame_at = clock()        # when the newest frame came: the keys are quiet since
        self._shown_at = self._last_frame_at  # when the newest frame was on the glass
        self._retry_at: float | None = None
        self._failures = 0
        self._asleep = False
        self._thread: threading.Thread | None = None
        self._finished = False
        self.refreshes = 0
        self.fulls = 0
        self.cleanups = 0     # full refreshes of the frame already on the glass
        self.forced = 0       # new frames refreshed fully only because the policy's cap was reached
        self.base_writes = 0  # frames written back into the panel's memory after waking
        self.errors = 0
        self.last_error: Exception | None = None

    # -- the game's side -------------------------------------------------

    def submit(self, image: Image.Image, family: str = "") -> None:
        """Show ``image`` (a screen of ``family``) as soon as the panel can. Never blocks.

        Don't draw on ``image`` afterwards: it is shown as it is then.
        """
        self._mailbox.put(Frame(image, family, self.clock()))

    def start(self) -> DisplayLoop:
        """Run on a daemon thread named "display"."""
        if self._thread is not None:
            raise RuntimeError("the display loop is already started")
        self._thread = threading.Thread(target=self._run, name="display", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float | None = 30.0) -> None:
        """Show the frame still waiting (one try), put the panel to sleep, end the thread."""
        self._mailbox.close()
        if self._thread is None:
            self._finish()
        else:
            self._thread.join(timeout)
            if self._thread.is_alive():
                log.warning("the display thread did not end within %s s", timeout)

    def __enter__(self) -> DisplayLoop:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    @property
    def pending(self) -> bool:
        """A frame is waiting to be shown (new, or failed and to be retried)."""
        return self._frame is not None or self._mailbox.full

    @property
    def asleep(self) -> bool:
        return self._asleep

    @property
    def dropped(self) -> int:
        """Frames replaced by a newer one before the panel got to them."""
        return self._mailbox.replaced

    # -- the display thread's side ---------------------------------------

    def step(self) -> float | None:
        """Do what is due now; return when to be called again (None: when a frame comes)."""
        newer = self._mailbox.take()
        if newer is not None:
            self._frame = newer
            self._last_frame_at = max(self._last_frame_at, newer.at)
        if self._frame is None and self._power_down_at is not None and self.clock() >= self._power_down_at:
            self._power_off()
        elif self._frame is not None:
            if self._retry_at is None or self.clock() >= self._retry_at:
                self._refresh(self._frame)
        elif self._cleanup_due():
            self._cleanup()
        elif self._idle_due():
            if self._on_glass is not None and self.policy.due:
                self._cleanup()  # a due full refresh goes first: the glass sleeps clean
            if self._frame is None:  # (a failed clean-up is retried first)
                self._sleep()
        return self._next_time()

    def _run(self) -> None:
        while not self._mailbox.closed:
            try:
                wake_at = self.step()
            except Exception:  # a bug here must not end the thread silently
                log.exception("display loop step failed")
                wake_at = self.clock() + self.retry_after
            if wake_at is None:
                self._mailbox.wait()
            else:
                timeout = wake_at - self.clock()
                if timeout > 0:
                    self._mailbox.wait(timeout)
        self._finish()

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        newer = self._mailbox.take()
        frame = newer or self._frame
        # The picture the glass keeps once the companion stops (Menu › Switch off's standby picture, or
        # the last page when the service stops) stays for hours or weeks without power: refreshed fully,
        # so no partial's ghost is left burnt in with it (Waveshare's precautions: a full refresh before
        # the panel is left for long). A stop costs one full refresh (STOP_TIMEOUT allows for it).
        if frame is not None:
            self._refresh(frame, full=True)
        elif self._on_glass is not None and self.policy.partials and not self._asleep:
            self._cleanup()
        if not self._asleep:
            self._sleep(whole=True)  # stopping: the panel's own sleep, its settle and power off included
        if self._power_down_at is not None:
            self._power_off()  # the panel waits out what is left of its settle itself

    def _refresh(self, frame: Frame, full: bool = False) -> None:
        try:
            if self._asleep:
                self._wake()
            refresh = Refresh.FULL if full else self.policy.choose(frame.family)
            forced = not full and self.policy.capped
            self.panel.show(frame.image, full=refresh is Refresh.FULL)
        except Exception as error:
            self._on_glass = None
            self._failed(error)
            return
        self.policy.shown(frame.family, refresh)
        self.refreshes += 1
        self.fulls += refresh is Refresh.FULL
        self.forced += forced
        self._on_glass = frame
        if not full:
            self._shown_at = self.clock()
        self._frame, self._retry_at, self._failures = None, None, 0
        self.last_error = None

    def _wake(self) -> None:
        self._power_down_at = None  # a dozing panel wakes with its power still on
        self.panel.wake()
        self._asleep = False
        if self._write_base is not None and self._on_glass is not None:
            self._write_base(self._on_glass.image)  # what the glass shows, back in the panel's memory
            self.base_writes += 1
            self.policy.rebase()

    def _cleanup(self) -> None:
        """A full refresh of the frame on the glass (the keys are quiet): the ghosts go."""
        frame = self._on_glass
        if frame is None:  # nothing on the glass to clean
            return
        self.cleanups += 1
        self._refresh(frame, full=True)
        if self._on_glass is None:  # it failed: try again like any frame (a newer one replaces it)
            self._frame = frame

    def _cleanup_at(self) -> float | None:
        """When the glass wants a full refresh (None: it does not), as an absolute time.

        Always ``_last_frame_at + after``, the very sum :meth:`_next_time` hands out, so once the
        clock has come to it the clean-up is due (never a rounding error short of it, waited for
        again and again without time moving)."""
        if self._asleep or self._on_glass is None:
            return None
        after = self.policy.cleanup_after()
        return None if after is None else self._last_frame_at + after

    def _cleanup_due(self) -> bool:
        at = self._cleanup_at()
        return at is not None and self.clock() >= at

    def _failed(self, error: Exception) -> None:
        self.errors += 1
        self._failures += 1
        self.last_error = error
        self.policy.forget()
        delay = min(self.retry_cap, self.retry_after * 2 ** (self._failures - 1))
        self._retry_at = self.clock() + delay
        log.warning("e-paper panel failed (%s: %s); trying again in %.1f s",
                    type(error).__name__, error, delay, exc_info=self._failures == 1)

    def _idle_due(self) -> bool:
        return (not self._asleep and self.idle_sleep_after is not None
                and self.clock() >= self._last_activity() + self.idle_sleep_after)

    def _last_activity(self) -> float:
        """When the panel last had a new frame to show (or the loop began)."""
        return max(self._last_frame_at, self._shown_at)

    def _sleep(self, whole: bool = False) -> None:
        try:
            if self._doze is not None and not whole:
                self._doze()
                self._power_down_at = self.clock() + getattr(self.panel, "settle_s", 2.0)
            else:
                self.panel.sleep()
        except Exception as error:
            self.errors += 1
            self.last_error = error
            log.warning("e-paper panel failed to sleep (%s: %s)", type(error).__name__, error)
        self._asleep = True  # either way: the next frame wakes (re-initialises) it
        self.policy.forget()

    def _power_off(self) -> None:
        self._power_down_at = None
        try:
            assert self._power_down is not None, "only a dozing panel is powered down"
            self._power_down()
        except Exception as error:
            self.errors += 1
            self.last_error = error
            log.warning("e-paper panel failed to power down (%s: %s)", type(error).__name__, error)

    def _next_time(self) -> float | None:
        if self._frame is not None or self._mailbox.full:
            return self._retry_at if self._retry_at is not None else self.clock()
        times = []
        cleanup = self._cleanup_at()
        if cleanup is not None:
            times.append(cleanup)
        if not self._asleep and self.idle_sleep_after is not None:
            times.append(self._last_activity() + self.idle_sleep_after)
        if self._power_down_at is not None:
            times.append(self._power_down_at)
        return min(times, default=None)
