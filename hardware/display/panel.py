"""What the companion needs from a panel, and how a panel says it failed.

One small interface (like Pimoroni inky's common API) so the display loop,
the Waveshare adapter, the simulated panel and future panels are
interchangeable, and tests use a fake.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from PIL import Image


class PanelError(RuntimeError):
    """The panel did not do what it was asked (SPI error, driver error)."""


class PanelTimeout(PanelError):
    """The panel's BUSY line did not clear in time (unplugged, broken, or hung)."""


class PanelUnavailable(PanelError):
    """The panel cannot be opened here: no driver installed, or not a Pi."""


@runtime_checkable
class Panel(Protocol):
    """A black/white panel showing whole frames.

    ``size`` is (width, height) of the frames it takes: Pillow images of
    mode "1" (0 ink, 1 paper). ``supports_partial`` is False for panels
    that only do full refreshes (the 2.7" V1): ``show(image, full=False)``
    then does a full one.
    """

    size: tuple[int, int]
    supports_partial: bool

    def show(self, image: Image.Image, full: bool) -> None:
        """Put ``image`` on the glass; returns when it is there. Raises PanelError."""

    def sleep(self) -> None:
        """Power the panel down; the glass keeps the picture."""

    def wake(self) -> None:
        """Leave sleep; the next frame should be a full refresh."""

    def close(self) -> None:
        """Sleep if awake and release the devices; safe to call twice."""


def check_frame(image: Image.Image, size: tuple[int, int]) -> None:
    """Refuse a frame that is not a mode "1" image of ``size`` (a bug upstream)."""
    if image.mode != "1" or image.size != tuple(size):
        raise ValueError(f"a frame must be a mode '1' image of {size[0]}x{size[1]}, "
                         f"not mode {image.mode!r} {image.size[0]}x{image.size[1]}")
