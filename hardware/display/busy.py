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
"""

from __future__ import annotations

import time
from collections.abc import Callable

from hardware.display.panel import PanelTimeout


class BusyWait:
    """Calls ``read()`` until it stops returning ``busy_level``, for ``timeout`` seconds at most."""

    def __init__(self, read: Callable[[], int], busy_level: int, *, timeout: float = 15.0,
                 poll: float = 0.01, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep, what: str = "e-paper panel"):
        self.read = read
        self.busy_level = busy_level
        self.timeout = timeout
        self.poll = poll
        self.clock = clock
        self.sleep = sleep
        self.what = what

    def __call__(self) -> None:
        deadline = self.clock() + self.timeout
        while self.read() == self.busy_level:
            if self.clock() >= deadline:
                raise PanelTimeout(f"{self.what} still busy after {self.timeout:g} s "
                                   "(BUSY line stuck: check the HAT is seated and the cable)")
            self.sleep(self.poll)


def install(epd, epdconfig, busy_level: int, **options) -> BusyWait:
    """Replace ``epd.ReadBusy`` by a bounded wait reading the driver's own BUSY pin."""
    wait = BusyWait(lambda: epdconfig.digital_read(epd.busy_pin), busy_level, **options)
    epd.ReadBusy = wait
    return wait
