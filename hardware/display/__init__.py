"""The e-paper display: the Panel interface, the Waveshare adapter, the display loop.

Typical use by the entry point::

    from hardware.display import DisplayLoop, PanelError, WaveshareEpd27

    panel = WaveshareEpd27("v2").open()      # PanelUnavailable: use the simulator
    display = DisplayLoop(panel).start()
    display.submit(image, family)            # never blocks; family: companion/ui/families.py
    ...
    display.stop(); panel.close()

Importing this package imports Pillow only; the driver is imported by
:meth:`WaveshareEpd27.open`.
"""

from hardware.display.framebuffer import frame_size, to_buffer
from hardware.display.loop import DisplayLoop, Frame
from hardware.display.mailbox import Mailbox
from hardware.display.panel import Panel, PanelError, PanelTimeout, PanelUnavailable
from hardware.display.policy import Refresh, RefreshPolicy
from hardware.display.waveshare import WaveshareEpd27

__all__ = [
    "DisplayLoop", "Frame", "Mailbox", "Panel", "PanelError", "PanelTimeout", "PanelUnavailable",
    "Refresh", "RefreshPolicy", "WaveshareEpd27", "frame_size", "to_buffer",
]
