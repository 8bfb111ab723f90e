"""The four keys of the HAT through gpiozero: edges into a queue, presses out.

gpiozero calls ``when_pressed`` / ``when_released`` on its own thread (lgpio's
callback thread on a Pi). Those callbacks only put ``(key, pressed, time)``
into a :class:`queue.SimpleQueue`; the main loop calls :meth:`GpioKeys.read`,
which drains the queue through a :class:`PressDetector`. :meth:`GpioKeys.wake`
puts a marker in the same queue, so a signal handler can end a waiting read
at once (``SimpleQueue.put`` is reentrant, unlike ``queue.Queue.put``). So no game code ever runs
on gpiozero's thread, and timing is decided by one pure, tested object.

gpiozero is imported only in :meth:`GpioKeys.__init__`, which opens the pins (by
:func:`hardware.gpiozero_import.import_gpiozero`: without importlib.metadata).
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable, Sequence
from functools import partial

from companion.ui.key_event import KeyEvent
from hardware.keys.detector import PressDetector

log = logging.getLogger(__name__)

#: BCM numbers of KEY1..KEY4 on the Waveshare 2.7inch e-Paper HAT.
DEFAULT_PINS = (5, 6, 13, 19)


class KeysUnavailable(RuntimeError):
    """The key pins could not be opened (no GPIO here, pin busy, no permission)."""


class GpioKeys:
    """Four (or any number of) push buttons to GND on BCM pins, with pull-ups.

    ``clock`` stamps the edges (``time.monotonic`` by default; tests pass a
    fake one). ``pin_factory`` is passed to gpiozero (None: its default, or
    whatever ``Device.pin_factory`` is, e.g. a ``MockFactory`` in tests).
    """

    def __init__(self, pins: Sequence[int] = DEFAULT_PINS, *, detector: PressDetector | None = None,
                 clock: Callable[[], float] = time.monotonic, pin_factory=None):
        from hardware.gpiozero_import import import_gpiozero

        try:
            Button = import_gpiozero().Button
        except ImportError as error:
            raise KeysUnavailable(f"gpiozero is not installed ({error}); pip install gpiozero") from error
        self.pins = tuple(pins)
        self.clock = clock
        self.detector = detector or PressDetector(len(self.pins))
        self.edges: queue.SimpleQueue[tuple[int, bool, float] | None] = queue.SimpleQueue()
        self._buttons = []
        self._stuck_reported: frozenset[int] = frozenset()
        try:
            for key, pin in enumerate(self.pins):
                button = Button(pin, pull_up=True, pin_factory=pin_factory)
                self._buttons.append(button)
                button.when_pressed = partial(self._edge, key, True)
                button.when_released = partial(self._edge, key, False)
        except Exception as error:
            self.close()
            raise KeysUnavailable(f"cannot open key pins {self.pins}: {type(error).__name__}: {error}") from error

    def _edge(self, key: int, pressed: bool) -> None:
        """gpiozero's callback: record the edge, nothing else."""
        self.edges.put((key, pressed, self.clock()))

    def read(self, timeout: float | None = 0.0) -> list[KeyEvent]:
        """The key events known now, oldest first.

        Waits up to ``timeout`` seconds for the first edge (0: don't wait;
        None: until an edge comes), but never past the moment a held key
        becomes a long press, so long presses come on time.
        """
        wait = timeout
        deadline = self.detector.next_deadline()
        if deadline is not None:
            until = max(0.0, deadline - self.clock())
            wait = until if wait is None else min(wait, until)
        events: list[KeyEvent] = []
        try:
            edge = self.edges.get(timeout=wait) if wait is None or wait > 0 else self.edges.get_nowait()
        except queue.Empty:
            pass
        else:
            while True:
                if edge is not None:  # None: wake()
                    events += self.detector.edge(*edge)
                try:
                    edge = self.edges.get_nowait()
                except queue.Empty:
                    break
        events += self.detector.poll(self.clock())
        self._report_stuck()
        return events

    def waiting(self) -> bool:
        """Whether a key is on its way: an edge not read yet, or a key down whose press is not known
        yet. Cheap: the loop's work while the keys rest gives way when it says so."""
        return not self.edges.empty() or self.detector.next_deadline() is not None

    def wake(self) -> None:
        """Make a waiting :meth:`read` return now. Safe from a signal handler and any thread."""
        self.edges.put(None)

    def _report_stuck(self) -> None:
        stuck = self.detector.stuck
        for key in sorted(stuck - self._stuck_reported):
            log.warning("KEY%d (GPIO %d) has been down for over %.0f s: ignored until released",
                        key + 1, self.pins[key], self.detector.stuck_after)
        self._stuck_reported = stuck

    def close(self) -> None:
        """Release the pins (safe to call twice)."""
        buttons, self._buttons = self._buttons, []
        for button in buttons:
            try:
                button.close()
            except Exception:  # closing must not fail the shutdown
                log.debug("closing %r failed", button, exc_info=True)

    def __enter__(self) -> GpioKeys:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
