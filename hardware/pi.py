"""The Raspberry Pi as one object: the four keys, the e-paper panel, systemd.

``elgrande-companion run`` on a Pi does::

    session = PiSession(load_config()).stop_on_signals().open()  # PiUnavailable: one line, nothing left open
    try:
        loop = Loop(ui, session.show, session.size)
        loop.run(session.presses())             # until session.stop(), SIGTERM or SIGINT
    finally:
        session.close()                         # STOPPING=1, last frame, panel asleep, pins and SPI released

:meth:`PiSession.open` opens :class:`~hardware.keys.GpioKeys` on
``keys.pins`` and, unless ``display.model`` is "none", the Waveshare panel
inside a started :class:`~hardware.display.DisplayLoop`. :meth:`show` hands a
frame to the display thread (never blocks); the first one also tells
systemd ``READY=1``. :meth:`presses` yields the key presses and pings the
systemd watchdog while it waits, so a hung main loop gets restarted.

Stopping (``systemctl stop``/``restart`` send SIGTERM; Ctrl+C is SIGINT):
after :meth:`stop_on_signals` the handler only sets a flag and wakes the
key wait (:meth:`GpioKeys.wake`); :meth:`presses` then returns, the caller's
loop ends after the press it was handling, and its ``finally`` runs the one
normal shutdown, :meth:`close`: ``STOPPING=1``, the display thread finishes
its refresh and the newest frame and puts the panel to sleep (abandoned
after ``STOP_TIMEOUT`` s, well inside the unit's ``TimeoutStopSec=``), the
panel's pins and SPI are closed, then the key pins. The caller closes the
journal last.

gpiozero and the Waveshare driver are imported only by ``open()`` (inside
``GpioKeys`` and ``WaveshareEpd27.open``), so this module loads anywhere.
"""

from __future__ import annotations

import logging
import signal
import time
from collections.abc import Callable, Iterator
from typing import Any

from PIL import Image

from companion.ui.key_event import KeyEvent
from hardware.display import make_panel, version
from hardware.display.framebuffer import frame_size
from hardware.display.ghosting import idle_sleep_for, policy_for
from hardware.display.loop import DisplayLoop
from hardware.display.panel import check_frame
from hardware.display.refresh import Epd27Panel
from hardware.keys.detector import PressDetector
from hardware.keys.gpio import GpioKeys
from hardware.sd_notify import Notifier

log = logging.getLogger(__name__)

#: Longest single wait for a key, in seconds: how soon :meth:`PiSession.presses` notices stop().
MAX_WAIT = 1.0
#: Longest wait for the display thread to end its refresh, show the last frame and put the panel to
#: sleep on close; then it is abandoned. Keep it 10 s under the unit's TimeoutStopSec= (30 s), which
#: must also cover closing the pins and the journal (a test reads the unit).
STOP_TIMEOUT = 20.0
#: What stops the companion cleanly: ``systemctl stop``/``restart`` (SIGTERM) and Ctrl+C (SIGINT).
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class PiUnavailable(RuntimeError):
    """The keys or the panel cannot be opened; ``str()`` is one line saying why (and what to do)."""


class PiSession:
    """Keys + panel + systemd notifier, opened from a :class:`companion.settings.file.Config`.

    ``notifier``: where READY/WATCHDOG/STOPPING go (None: ``Notifier.from_env()``,
    a no-op outside systemd). ``clock`` stamps key edges and times the
    watchdog pings (tests pass a fake one; the display thread always runs on
    real time). ``pin_factory``: gpiozero's pin factory for the keys (None:
    gpiozero's default, e.g. lgpio on Bookworm, or a ``MockFactory`` in tests).
    """

    def __init__(self, config, *, notifier: Notifier | None = None,
                 clock: Callable[[], float] = time.monotonic, pin_factory=None):
        self.config = config
        self.notifier = notifier if notifier is not None else Notifier.from_env()
        self.clock = clock
        self.pin_factory = pin_factory
        display = config.display
        #: (width, height) of the frames :meth:`show` takes: the panel's, turned by ``display.rotation``.
        self.size: tuple[int, int] = _turned((display.width, display.height), display.rotation)
        self.keys: GpioKeys | None = None
        self.panel: Epd27Panel | None = None
        self.display: DisplayLoop | None = None
        self._stopping = False  # a plain flag: set from a signal handler, read by presses()
        #: The signal that stopped the session (None: none did).
        self.stopped_by: signal.Signals | None = None
        self._old_handlers: dict[int, Any] = {}
        self._ready_sent = False
        self._opened = False
        self._closed = False

    # ------------------------------------------------------------ opening

    def open(self) -> PiSession:
        """Open the keys, then the panel and its display thread. Raises :class:`PiUnavailable`.

        On any failure whatever was opened is closed again before the error
        is raised. Opening an open session does nothing.
        """
        if self._closed:
            raise PiUnavailable("this Pi session is closed: make a new PiSession")
        if self._opened:
            return self
        keys_config, display = self.config.keys, self.config.display
        try:
            detector = PressDetector(len(keys_config.pins), long_after=keys_config.long_press,
                                     debounce=keys_config.debounce)
            self.keys = GpioKeys(keys_config.pins, detector=detector, clock=self.clock,
                                 pin_factory=self.pin_factory)
        except Exception as error:
            self._teardown()
            self._restore_signals()
            raise PiUnavailable(_keys_reason(error, keys_config.pins)) from error
        if display.model != "none":
            try:
                self._open_panel(display)
            except Exception as error:
                self._teardown()
                self._restore_signals()
                raise PiUnavailable(_panel_reason(error, display.model)) from error
        self._opened = True
        log.info("Pi session open: keys on GPIO %s, panel %s", ", ".join(map(str, keys_config.pins)),
                 "none" if self.panel is None else f"{self.panel.what()} {version(display.model)} {self.size[0]}x{self.size[1]}")
        return self

    def _open_panel(self, display) -> None:
        driver = getattr(display, "driver", "builtin")  # "waveshare": Waveshare's driver module
        options: dict[str, Any] = {}
        if driver == "builtin":  # our driver: the V2's reset before each partial is a setting
            options["partial_reset"] = getattr(display, "partial_reset", True)
        panel = make_panel(driver, display.model, rotation=display.rotation, busy_timeout=display.busy_timeout,
                           **options)
        if sorted(panel.size) != sorted((display.width, display.height)):
            long, short = sorted(panel.size, reverse=True)
            raise ValueError(f"display.width x display.height is {display.width}x{display.height}, but the "
                             f"{panel.what()} panel is {long}x{short}: remove width and height from the config")
        self.panel = panel
        panel.open()
        self.size = panel.size
        policy = policy_for(display.model, partial=panel.supports_partial, full_every=display.partials_before_full)
        self.display = DisplayLoop(panel, policy=policy,
                                   idle_sleep_after=idle_sleep_for(display.model, display.idle_sleep)).start()

    # ------------------------------------------------------------ the game's side

    def show(self, image: Image.Image, kind: str) -> None:
        """Show ``image`` (a screen of ``kind``) as soon as the panel can; never blocks.

        The first call after :meth:`open` also tells systemd the companion is
        up (``READY=1``). A frame of the wrong size or mode is a bug upstream:
        ``ValueError`` here, rather than a panel that retries it for ever.
        """
        if self._closed:
            log.debug("show(%r) after close: ignored", kind)
            return
        if self.display is not None:
            check_frame(image, self.size)
            self.display.submit(image, kind)
        if not self._ready_sent and self._opened:
            self._ready_sent = True
            self.notifier.ready(self._status())

    def presses(self, idle: Callable[[], None] | None = None) -> Iterator[KeyEvent]:
        """The key presses, oldest first, until :meth:`stop` (or :meth:`close`).

        ``idle`` is called after every wait that brought no key (at least once a second while
        the keys rest): the loop's table view (companion/app.py ``Loop.tick``).

        While waiting for a key it pings the systemd watchdog every
        ``watchdog_interval()`` seconds (when systemd asked for pings), so
        the pings stop only when the caller stops coming back here.
        """
        if self.keys is None:
            return
        interval = self.notifier.watchdog_interval()
        next_ping = self.clock()
        while not self._stopping:
            keys = self.keys
            if keys is None:  # closed meanwhile
                return
            if interval is not None:
                now = self.clock()
                if now >= next_ping:
                    self.notifier.watchdog()
                    next_ping = now + interval
                wait = min(MAX_WAIT, max(0.0, next_ping - now))
            else:
                wait = MAX_WAIT
            events = keys.read(timeout=wait)
            for event in events:
                if self._stopping:
                    break
                yield event
            if not events and idle is not None and not self._stopping:
                idle()
        if self.stopped_by is not None:
            log.info("%s received: stopping", self.stopped_by.name)

    def key_waiting(self) -> bool:
        """Whether a key (or a stop) is on its way to :meth:`presses`: the loop's work while the keys
        rest (companion/ui/rest_check.py) gives way at once when it is."""
        keys = self.keys
        return self._stopping or (keys is not None and keys.waiting())

    def stop(self) -> None:
        """Make :meth:`presses` return at once. Safe from a signal handler and from any thread.

        It only sets a flag and wakes the key wait (``SimpleQueue.put``, which
        is reentrant): the shutdown itself is :meth:`close`, on the main loop.
        """
        self._stopping = True
        keys = self.keys
        if keys is not None:
            keys.wake()

    def stop_on_signals(self, signals=STOP_SIGNALS) -> PiSession:
        """Until :meth:`close`, each of ``signals`` calls :meth:`stop` (and nothing else).

        Call it from the main thread (Python runs signal handlers there),
        before :meth:`open`, so a ``systemctl stop`` while the panel starts
        also ends in a clean :meth:`close`. A second signal changes nothing:
        the shutdown already under way is bounded by ``STOP_TIMEOUT``.
        """
        for signum in signals:
            previous = signal.signal(signum, self._on_signal)
            self._old_handlers.setdefault(signum, previous)
        return self

    def _on_signal(self, signum: int, frame) -> None:
        # No work in a signal handler: a flag and a wake-up. close() does the rest on the main loop.
        if self.stopped_by is None:
            self.stopped_by = signal.Signals(signum)
        self.stop()

    def close(self) -> None:
        """Tell systemd we are stopping, show the last frame, put the panel to sleep, release the pins.

        Safe to call twice (the second call does nothing).
        """
        if self._closed:
            return
        self._closed = True
        self._stopping = True
        try:
            if self._opened:
                self.notifier.stopping()
            self._teardown()
            self.notifier.close()
        finally:
            self._restore_signals()  # last: a signal during the shutdown must not kill it half-way

    def __enter__(self) -> PiSession:
        return self.open()

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------ inside

    def _teardown(self) -> None:
        display, self.display = self.display, None
        panel, self.panel = self.panel, None
        keys, self.keys = self.keys, None
        panel_free = True
        if display is not None:
            try:
                display.stop(timeout=STOP_TIMEOUT)  # the waiting frame, then sleep
            except Exception:
                log.warning("stopping the display thread failed", exc_info=True)
            thread = getattr(display, "_thread", None)
            panel_free = thread is None or not thread.is_alive()
        if panel is not None:
            if panel_free:
                try:
                    panel.close()  # asleep already; releases the driver's pins
                except Exception:
                    log.warning("closing the e-paper panel failed", exc_info=True)
            else:
                log.warning("the display thread is still busy with the panel; not closing it under it")
        if keys is not None:
            keys.close()

    def _restore_signals(self) -> None:
        handlers, self._old_handlers = self._old_handlers, {}
        for signum, previous in handlers.items():
            try:
                signal.signal(signum, previous)
            except (ValueError, TypeError):  # not the main thread, or a handler set outside Python
                log.debug("could not restore the handler of signal %s", signum)

    def _status(self) -> str:
        pins = ", ".join(map(str, self.config.keys.pins))
        panel = "no panel" if self.panel is None else f"{self.panel.what()} e-paper {version(self.config.display.model)}"
        return f"keys on GPIO {pins}; {panel}"


def _turned(size: tuple[int, int], rotation: int) -> tuple[int, int]:
    """Landscape ``size`` (long side first) as the frames of ``rotation`` take it."""
    if rotation in (90, 270):
        return frame_size(rotation, native=(min(size), max(size)))
    return size


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def _keys_reason(error: Exception, pins) -> str:
    reason = _one_line(error)
    if not reason.startswith("cannot open key pins"):
        reason = f"cannot open key pins {tuple(pins)}: {type(error).__name__}: {reason}"
    text = reason.lower()
    if "busy" in text or "in use" in text:
        reason += ("; another program holds a pin (is the companion already running? "
                   "systemctl status elgrande-companion), or change keys.pins")
    elif "permission" in text or "errno 13" in text:
        reason += "; no permission: the user must be in the gpio group"
    return reason


def _panel_reason(error: Exception, model: str) -> str:
    reason = _one_line(error) or type(error).__name__
    if "e-paper" not in reason and "driver" not in reason:
        reason = f"e-paper panel (display.model = \"{model}\"): {reason}"
    text = reason.lower()
    if ("permission" in text or "errno 13" in text) and "group" not in text:
        reason += "; no permission: the user must be in the spi and gpio groups"
    return reason
