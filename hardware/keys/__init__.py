"""The four keys: a pure press detector and its gpiozero adapter.

``from hardware.keys import GpioKeys, KeyEvent`` is all the entry point
needs; importing this package does not import gpiozero.
"""

from companion.ui.key_event import KeyEvent
from hardware.keys.detector import KEY_COUNT, PressDetector
from hardware.keys.gpio import DEFAULT_PINS, GpioKeys, KeysUnavailable

__all__ = ["DEFAULT_PINS", "KEY_COUNT", "GpioKeys", "KeyEvent", "KeysUnavailable", "PressDetector"]
