"""The 2.7inch e-Paper HAT driven by Waveshare's own driver module (the fallback).

``display.driver = "waveshare"`` selects this adapter; the default is our
own :class:`~hardware.display.bulk_driver.FastEpd27`, which sends the same bytes
in bulk. Waveshare's driver sends every byte as a separate GPIO write plus
a one-byte SPI write, so a frame takes far longer than the glass needs.

What this adapter adds to the driver (the refresh rules are in
:mod:`hardware.display.refresh`):

* The current driver's signature is ``display_Partial(buf, Xstart, Ystart,
  Xend, Yend)`` in native portrait coordinates; older copies took
  ``display_Partial(buf)``. Both are handled.
* ``ReadBusy`` never gives up: it is replaced by a bounded wait
  (:mod:`hardware.display.busy`).
* ``init()`` calls ``epdconfig.module_init()``, which opens SPI again
  without closing it (spidev overwrites its descriptor): before every
  re-init that is not a wake from sleep (sleep closed SPI already) the
  adapter closes ``epdconfig.SPI`` itself, so no descriptor leaks.
* Importing the driver claims pins and picks a board: done in :meth:`open`.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable
from types import ModuleType

from hardware.display import busy, driver
from hardware.display.panel import PanelUnavailable
from hardware.display.refresh import BUSY_LEVEL, Epd27Panel

__all__ = ["BUSY_LEVEL", "WaveshareEpd27"]


class WaveshareEpd27(Epd27Panel):
    """The panel through Waveshare's ``epd2in7_V2`` / ``epd2in7`` module.

    ``load``: how the driver module is found (tests pass a fake); the other
    arguments are :class:`~hardware.display.refresh.Epd27Panel`'s.
    """

    def __init__(self, model: str = "v2", *, rotation: int = 0, busy_timeout: float = 15.0,
                 busy_poll: float = 0.01, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep,
                 load: Callable[[str], ModuleType] = driver.load):
        super().__init__(model, rotation=rotation, busy_timeout=busy_timeout, busy_poll=busy_poll,
                         clock=clock, sleep=sleep)
        self._load = load
        self._config = None

    def _connect(self):
        module = self._load(self.model)
        try:
            epd = module.EPD()
            config = module.epdconfig
        except Exception as error:
            raise PanelUnavailable(f"the e-paper driver could not start ({type(error).__name__}: {error})") from error
        busy.install(epd, config, self.LEVELS[self.model], what=f"{self.what()} e-paper {self.model.upper()}",
                     **self._busy)
        self._config = config
        if self.supports_partial:
            self._windowed_partial = len(inspect.signature(epd.display_Partial).parameters) >= 5
        return epd

    def _before_init(self) -> None:
        if self._asleep:
            return  # sleep() -> module_exit() closed SPI already
        spi = getattr(self._config, "SPI", None)
        if spi is not None and hasattr(spi, "close"):
            spi.close()  # module_init() is about to open it again

    def _release(self) -> None:
        if self._config is None:
            return
        try:
            self._config.module_exit(cleanup=True)  # current epdconfig: also closes its gpiozero pins
        except TypeError:
            pass  # older epdconfig: sleep() already released everything
