"""Finding and importing a Waveshare driver module (the 2.7", 4.2" V2, 7.5" V2), with one-line errors.

Two distributions carry the same driver code:

* ``waveshare_epd`` — Waveshare's own package, from their e-Paper
  repository (not on PyPI);
* ``epaper`` — the PyPI package ``waveshare-epaper``, a repackaging:
  ``epaper.epaper("epd2in7_V2")`` returns the module.

Importing either runs ``epdconfig``, which picks a board and claims the
panel's GPIO pins and SPI at import time. On a PC that fails (OSError,
RuntimeError or ImportError, depending on the version), and on a Pi it
fails if the pins are taken. So this module is imported lazily, and every
failure becomes :class:`PanelUnavailable` with one line saying what to do.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from hardware.display.panel import PanelUnavailable

#: Our model names -> the drivers' module names.
MODULES = {"v2": "epd2in7_V2", "v1": "epd2in7", "4in2_V2": "epd4in2_V2", "7in5_V2": "epd7in5_V2"}

#: What the drivers import on a Raspberry Pi (a missing one of these is an install problem;
#: any other, such as Jetson.GPIO, means the driver took this machine for another board).
PI_MODULES = {"spidev", "gpiozero", "lgpio", "RPi"}

INSTALL_HINT = ("install the Waveshare driver: pip install waveshare-epaper "
                "(or Waveshare's waveshare_epd from their e-Paper repository)")


def load(model: str) -> ModuleType:
    """The driver module for ``model`` ("v2" or "v1"): the official one, else ``epaper``."""
    try:
        name = MODULES[model]
    except KeyError:
        raise ValueError(f"unknown 2.7inch panel model {model!r}: use one of {sorted(MODULES)}") from None
    try:
        return importlib.import_module(f"waveshare_epd.{name}")
    except ModuleNotFoundError as error:
        if error.name not in ("waveshare_epd", f"waveshare_epd.{name}"):
            raise _cannot_start("waveshare_epd", error) from error
    except Exception as error:
        raise _cannot_start("waveshare_epd", error) from error
    try:
        epaper = importlib.import_module("epaper")
    except ModuleNotFoundError as error:
        if error.name != "epaper":
            raise _cannot_start("epaper", error) from error
        raise PanelUnavailable(f"no e-paper driver found: {INSTALL_HINT}") from None
    try:
        return epaper.epaper(name)
    except Exception as error:
        raise _cannot_start("epaper", error) from error


def _cannot_start(package: str, error: Exception) -> PanelUnavailable:
    detail = str(error).strip().splitlines()[0] if str(error).strip() else ""
    missing = error.name.split(".")[0] if isinstance(error, ModuleNotFoundError) and error.name else ""
    if missing in PI_MODULES:
        hint = f"it needs the module {missing!r} (on a Pi: pip install 'elgrande-companion[pi]')"
    else:
        hint = "is this a Raspberry Pi with SPI enabled, and no other program using the panel?"
    return PanelUnavailable(f"the {package} driver could not start ({type(error).__name__}: {detail}); {hint}")
