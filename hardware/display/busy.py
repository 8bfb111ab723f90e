"""A BUSY-line wait that gives up, to replace the Waveshare drivers' endless one.

Every Waveshare ``EPD`` method that waits for the panel calls
``self.ReadBusy()``, which loops on ``epdconfig.digital_read(busy_pin)``
with no way out: an unplugged or broken panel hangs the program for good.
:func:`install` puts a :class:`BusyWait` on the ``EPD`` instance in its
place (an instance attribute wins over the class's method), so every wait
in the driver ends in :class:`PanelTimeout` after ``timeout`` seconds.

The BUSY level differs by controller: the V2 (SSD1680-type) holds BUSY
high while busy; the V1 (UC8151-type) holds it low. The drivers' comments
say otherwise in places; their loops are what count.

Our own driver (:mod:`hardware.display.bulk_driver`) gives :class:`BusyWait`
an ``edge`` wait as well: gpiozero's ``wait_for_inactive`` /
``wait_for_active`` of the BUSY line's ``DigitalInputDevice``, which
blocks on an event that the pin's edge callback sets (lgpio's alert
thread on a Pi), so the panel's "done" is seen when it happens rather than
at the next 10 ms poll. The line's level stays the judge: if the edge's
state says "done" while the line still reads busy (an edge missed or not
yet delivered), that round polls instead. Waveshare's fallback driver keeps
polling through its ``epdconfig.digital_read``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from hardware.display.panel import PanelTimeout


class BusyWait:
    """Waits until ``read()`` stops returning ``busy_level``, for ``timeout`` seconds at most.

    ``edge(seconds)``, if given, blocks until an edge of the line says it is no longer busy and
    returns True, or returns False after ``seconds`` (gpiozero's ``wait_for_inactive`` /
    ``wait_for_active``); without it, or for a round where it disagrees with the line, the
    line is read every ``poll`` seconds. ``edge_waits`` / ``polls`` count the rounds of each.
    """

    def __init__(self, read: Callable[[], int], busy_level: int, *, timeout: float = 15.0,
                 poll: float = 0.01, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep, what: str = "e-paper panel",
                 edge: Callable[[float], bool] | None = None):
        self.read = read
        self.busy_level = busy_level
        self.timeout = timeout
        self.poll = poll
        self.clock = clock
        self.sleep = sleep
        self.what = what
        self.edge = edge
        self.edge_waits = 0
        self.polls = 0

    def __call__(self) -> None:
        deadline = self.clock() + self.timeout
        while self.read() == self.busy_level:
            remaining = deadline - self.clock()
            if remaining <= 0:
                raise self._stuck()
            if self.edge is None:
                self._poll()
                continue
            self.edge_waits += 1
            if not self.edge(remaining):  # no edge in all the time left
                if self.read() == self.busy_level:
                    raise self._stuck()
                return
            if self.read() == self.busy_level:  # the edge's state says done, the line says busy
                self._poll()

    def _poll(self) -> None:
        self.polls += 1
        self.sleep(self.poll)

    def _stuck(self) -> PanelTimeout:
        return PanelTimeout(f"{self.what} still busy after {self.timeout:g} s "
                            "(BUSY line stuck: check the HAT is seated and the cable)")


def install(epd, epdconfig, busy_level: int, **options) -> BusyWait:
    """Replace ``epd.ReadBusy`` by a bounded wait reading the driver's own BUSY pin."""
    wait = BusyWait(lambda: epdconfig.digital_read(epd.busy_pin), busy_level, **options)
    epd.ReadBusy = wait
    return wait
