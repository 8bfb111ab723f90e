"""The e-paper display: the Panel interface, the two 2.7inch adapters, the display loop.

Typical use by the entry point::

    from hardware.display import ADAPTERS, DisplayLoop, PanelError

    panel = ADAPTERS["builtin"]("v2").open()  # PanelUnavailable: use the simulator
    display = DisplayLoop(panel).start()
    display.submit(image, family)            # never blocks; family: companion/ui/families.py
    ...
    display.stop(); panel.close()

``ADAPTERS`` maps the config's ``display.driver`` to the adapter class:
"builtin" is :class:`FastEpd27` (our driver, bulk SPI transfers),
"waveshare" is :class:`WaveshareEpd27` (Waveshare's driver module).
Importing this package imports Pillow only; gpiozero, spidev and the
Waveshare driver are imported by the adapters' ``open()``.
"""

from hardware.display.bulk_driver import FastEpd27
from hardware.display.framebuffer import frame_size, to_buffer
from hardware.display.loop import DisplayLoop, Frame
from hardware.display.mailbox import Mailbox
from hardware.display.panel import Panel, PanelError, PanelTimeout, PanelUnavailable
from hardware.display.policy import Refresh, RefreshPolicy
from hardware.display.waveshare import WaveshareEpd27

#: ``display.driver`` -> the panel adapter class (both take model, rotation=, busy_timeout=).
ADAPTERS = {"builtin": FastEpd27, "waveshare": WaveshareEpd27}

__all__ = [
    "ADAPTERS", "DisplayLoop", "FastEpd27", "Frame", "Mailbox", "Panel", "PanelError", "PanelTimeout",
    "PanelUnavailable", "Refresh", "RefreshPolicy", "WaveshareEpd27", "frame_size", "to_buffer",
]
