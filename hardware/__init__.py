"""Adapters to the outside world: the e-paper panel, the four keys, simulators.

Importing this package (or any module in it) never imports gpiozero, spidev,
lgpio, RPi.GPIO or a Waveshare driver: those are imported only inside the
function that opens the device, so every module loads on a PC and in tests.

:func:`detect` tells the entry point whether to open the real hardware or
start the simulator, by looking at device files only.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["detect", "missing"]

#: SPI bus 0, chip-select 0: where the Waveshare HAT's panel is wired.
SPI_DEVICE = "spidev0.0"


def missing(dev: Path | str = "/dev") -> list[str]:
    """What keeps the Pi hardware from being used, one line each ([] = none).

    Looks at device files only: ``/dev/spidev0.0`` (SPI enabled) and a
    ``/dev/gpiochip*`` (GPIO character device, what gpiozero uses through
    lgpio on Bookworm). Permissions are not checked here: opening the
    device says so.
    """
    dev = Path(dev)
    reasons = []
    if not (dev / SPI_DEVICE).exists():
        reasons.append(f"no {dev / SPI_DEVICE}: SPI is off or this is not a Raspberry Pi "
                       "(sudo raspi-config -> Interface Options -> SPI)")
    if not any(dev.glob("gpiochip*")):
        reasons.append(f"no {dev}/gpiochip*: no GPIO character device (not a Raspberry Pi?)")
    return reasons


def detect(dev: Path | str = "/dev") -> bool:
    """True when the Pi's SPI and GPIO devices are there (no library is imported)."""
    return not missing(dev)
