"""Does gpiozero's lgpio pin factory open here? The proof the installer and ``--check`` ask for.

``import lgpio`` proves nothing: on Python 3.13 (Debian trixie) pip once resolved a bare ``lgpio``
to 0.0.0.2, a placeholder wheel whose ``lgpio.py`` is empty, and the import passed while the keys
had no pin factory. So this constructs what the service's keys get first, gpiozero's
``LGPIOFactory`` (its own choice of chip: gpiochip4 on a Pi 5 with the old numbering, else 0),
and closes it again (no pin is claimed).

    python -m hardware.pin_factory [DEV]    one line; exit status OPENED, NOT_THE_LIBRARY or NO_CHIP
                                            (DEV: where the chips are, /dev unless told)

What a machine without a GPIO chip (a PC, an emulated root) can prove is only that lgpio is the
real library: its C part answers ``gpiochip_open`` with its own error (NO_CHIP). Only a Pi opens
the factory (OPENED).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

__all__ = ["NOT_THE_LIBRARY", "NO_CHIP", "OPENED", "open_factory"]

#: The factory opened a GPIO chip (and was closed again).
OPENED = 0
#: lgpio is missing, or not the real library (the empty placeholder): the keys would have no pins.
NOT_THE_LIBRARY = 1
#: The real library, but no chip would open: none here (a PC, a chroot), or not allowed to.
NO_CHIP = 2

#: What the real library has and the placeholder lacks.
LIBRARY_FUNCTIONS = ("gpiochip_open", "gpiochip_close", "gpio_claim_input", "gpio_claim_alert")


def _lgpio_factory() -> Callable[[], Any]:
    return import_module("gpiozero.pins.lgpio").LGPIOFactory  # type: ignore[no-any-return]


def open_factory(factory: Callable[[], Callable[[], Any]] = _lgpio_factory,
                 dev: Path | str = "/dev") -> tuple[int, str]:
    """(status, one line): lgpio checked, then the factory constructed and closed.

    ``factory``: returns the factory class (gpiozero's ``LGPIOFactory``; tests give their own).
    ``dev``: where the GPIO chips are looked for, to say why none opened.
    """
    try:
        lgpio = import_module("lgpio")
    except Exception as error:  # an ImportError, or a C part that fails to load
        return NOT_THE_LIBRARY, f"lgpio does not import ({type(error).__name__}: {error})"
    lacks = [name for name in LIBRARY_FUNCTIONS if not hasattr(lgpio, name)]
    if lacks:
        where = getattr(lgpio, "__file__", None) or "?"
        return NOT_THE_LIBRARY, (f"lgpio ({where}) is not the real library: no {', '.join(lacks)} "
                                 "(the empty placeholder 0.0.0.2?)")
    try:
        made = factory()()
    except Exception as error:
        chips = sorted(path.name for path in Path(dev).glob("gpiochip*"))
        why = f"{type(error).__name__}: {error}".strip()
        if not chips:
            # "lgpio is the real library," first: scripts/check-on-arm.sh reads the line by that.
            return NO_CHIP, (f"lgpio is the real library, but there is no {dev}/gpiochip* to open ({why}; "
                             f"{_answer(lgpio)})")
        return NO_CHIP, f"gpiozero's lgpio pin factory does not open {', '.join(chips)} ({why})"
    chip = getattr(made, "chip", "?")
    made.close()
    return OPENED, f"gpiozero's lgpio pin factory opens gpiochip{chip}"


def _answer(lgpio: Any) -> str:
    """What lgpio's own gpiochip_open says to chip 0 where the factory could not get that far (gpiozero
    asks the board's revision first: under qemu-user /proc/cpuinfo is the host's)."""
    try:
        handle = lgpio.gpiochip_open(0)
    except Exception as error:
        return f"gpiochip_open(0): {type(error).__name__}: {error}"
    lgpio.gpiochip_close(handle)
    return "gpiochip_open(0) opened"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    status, line = open_factory(dev=args[0] if args else "/dev")
    print(line)
    return status


if __name__ == "__main__":
    sys.exit(main())
