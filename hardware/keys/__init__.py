"""The four keys: a pure press detector and its gpiozero adapter.

``from hardware.keys import GpioKeys, KeyEvent`` is all the entry point
needs; importing this package does not import gpiozero.
"""

from hardware.keys.detector import KEY_COUNT, KeyEvent, PressDetector
from hardware.keys.gpio import DEFAULT_PINS, GpioKeys, KeysUnavailable

__all__ = ["DEFAULT_PINS", "KEY_COUNT", "GpioKeys", "KeyEvent", "KeysUnavailable", "PressDetector"]
