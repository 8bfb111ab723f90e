"""The e-paper display: the Panel interface, the panel adapters, the display loop.

Typical use by the entry point::

    from hardware.display import ADAPTERS, DisplayLoop, PanelError

    panel = ADAPTERS["builtin"]("v2").open()  # PanelUnavailable: use the simulator
    display = DisplayLoop(panel).start()
    display.submit(image, family)            # never blocks; family: companion/ui/families.py
    ...
    display.stop(); panel.close()

``make_panel(display.driver, display.model, rotation=..., busy_timeout=...)`` gives the adapter for
any supported panel (the 2.7inch V2/V1, the 4.2inch and 7.5inch V2: hardware/display/large.py).
``ADAPTERS`` maps the config's ``display.driver`` to the 2.7inch adapter class:
"builtin" is :class:`FastEpd27` (our driver, bulk SPI transfers),
"waveshare" is :class:`WaveshareEpd27` (Waveshare's driver module).
Importing this package imports Pillow only; gpiozero, spidev and the
Waveshare driver are imported by the adapters' ``open()``.
"""

from hardware.display.bulk_driver import FastEpd27
from hardware.display.framebuffer import frame_size, to_buffer
from hardware.display.large import NATIVE, FastEpdLarge, WaveshareEpdLarge
from hardware.display.loop import DisplayLoop, Frame
from hardware.display.mailbox import Mailbox
from hardware.display.panel import Panel, PanelError, PanelTimeout, PanelUnavailable
from hardware.display.policy import Refresh, RefreshPolicy
from hardware.display.waveshare import WaveshareEpd27

#: ``display.driver`` -> the 2.7inch panel adapter class (both take model, rotation=, busy_timeout=).
ADAPTERS = {"builtin": FastEpd27, "waveshare": WaveshareEpd27}
#: The same for the 4.2inch V2 and 7.5inch V2 (hardware/display/large.py).
LARGE_ADAPTERS = {"builtin": FastEpdLarge, "waveshare": WaveshareEpdLarge}
#: Each panel name's version as its sticker says it, for messages after its size ("2.7inch e-paper V2").
VERSIONS = {"2in7_V2": "V2", "v2": "V2", "2in7": "V1", "v1": "V1", "4in2_V2": "V2", "7in5_V2": "V2"}


def version(model: str) -> str:
    """The panel's version ("V2", "V1") for a settings name, old names too; else the name itself."""
    return VERSIONS.get(model, model)


#: The settings' panel names (companion/settings/panel.py) -> the adapters' model names.
MODEL_NAMES = {"2in7_V2": "v2", "2in7": "v1", "v2": "v2", "v1": "v1", "4in2_V2": "4in2_V2", "7in5_V2": "7in5_V2"}


def make_panel(driver: str, model: str, **options):
    """The adapter for ``display.driver`` and ``display.model`` (not opened yet).

    ``options``: rotation=, busy_timeout=, and partial_reset= (the 2.7inch V2's only; others ignore it).
    Raises ValueError for a model no adapter drives."""
    try:
        name = MODEL_NAMES[model]
    except KeyError:
        raise ValueError(f"no driver for the panel {model!r}: use one of {', '.join(MODEL_NAMES)}") from None
    if name in NATIVE:
        return LARGE_ADAPTERS[driver](name, **options)
    if driver != "builtin":
        options.pop("partial_reset", None)
    return ADAPTERS[driver](name, **options)

__all__ = [
    "ADAPTERS", "LARGE_ADAPTERS", "MODEL_NAMES", "make_panel", "FastEpdLarge", "WaveshareEpdLarge",
    "DisplayLoop", "FastEpd27", "Frame", "Mailbox", "Panel", "PanelError", "PanelTimeout",
    "PanelUnavailable", "Refresh", "RefreshPolicy", "WaveshareEpd27", "frame_size", "to_buffer",
]
