"""The idle sleep in two halves, so that a press during its settle never waits for it.

Waveshare's ``sleep()`` (every driver file in tests/fixtures/vendor/waveshare_epd) sends the deep
sleep command (the 2.7"/4.2": 0x10 0x01; the 7.5": 0x50 0xF7, 0x02 power off waited, 0x07 0xA5),
then waits 2 s (``delay_ms(2000)``; its C demos: "important, at least 2s") and only then calls
``module_exit()`` (SPI closed, RST/DC low, the panel's power off). A press in those 2 s waited for
them, then for the wake: the worst press of the table's pace (hardware/bench/table.py).

Our bulk adapters split it: :meth:`DozingSleep.doze` sends the deep sleep command and returns;
:meth:`DozingSleep.power_down`, which the display loop calls ``settle_s`` later, does the
``module_exit()`` part (waiting out what is left of the 2 s if it is early). A frame before then
wakes the panel the only way deep sleep is left: a hardware reset and the init sequence (SSD1680 /
SSD1683 datasheets: "to exit deep sleep mode, HWRESET"; UC8179: "return to standby by hardware
reset"), the power still on, so the wake's bytes are upstream's ``sleep()`` then ``init()`` with
the power left on (tests/hardware/test_wake.py). The glass keeps its picture either way; the
controller's registers are lost and re-sent by ``init()``; its RAM is written again by the base
write (:meth:`hardware.display.loop.DisplayLoop` after a wake), so nothing depends on deep sleep
keeping it. (The deep sleep "mode 1" of the SSD controllers retains RAM by their datasheets;
the UC8179's is not documented to: we rely on neither.)

Waveshare's own module behind the fallback adapter sleeps in one piece, as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: Seconds between the deep sleep command and the power off (upstream's ``delay_ms(2000)``).
SETTLE_S = 2.0


class DozingSleep:
    """Mixed into an :class:`~hardware.display.refresh.Epd27Panel` whose controller has
    ``deep_sleep()`` and ``power_down()`` (hardware/display/bulk_driver.py's ``_Controller``)."""

    settle_s = SETTLE_S
    _doze_at: float | None = None  # when the deep sleep command went, the power still on
    _epd: Any
    _asleep: bool
    _closed: bool
    _needs_init: bool
    _base: bool
    _busy: dict
    _call: Callable

    @property
    def dozing(self) -> bool:
        """In deep sleep with the power still on (until :meth:`power_down`)."""
        return self._doze_at is not None

    def doze(self) -> None:
        """The deep sleep command now; the power off is :meth:`power_down`'s, ``settle_s`` later."""
        if self._epd is None or self._asleep or self._closed:
            return
        self._call("deep_sleep")
        self._asleep = True
        self._needs_init, self._base = True, False
        self._doze_at = self._busy["clock"]()

    def power_down(self) -> None:
        """SPI closed and the panel's power off, once ``settle_s`` has passed since :meth:`doze`."""
        if self._doze_at is None:
            return
        wait = self._doze_at + self.settle_s - self._busy["clock"]()
        if wait > 0:
            self._busy["sleep"](wait)
        self._doze_at = None
        self._call("power_down")

    def sleep(self) -> None:
        if self._doze_at is not None:
            self.power_down()
            return
        super().sleep()  # type: ignore[misc]

    def wake(self) -> None:
        self._doze_at = None  # the reset in init() wakes it; the power was never off
        super().wake()  # type: ignore[misc]
