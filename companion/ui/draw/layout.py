"""Where things go on the panel: its size, the key band along one edge with a cell for each of
the four keys, and the content beside it; and the heights and widths of the frame's rows and bars.
Pure arithmetic (see render.py for the picture)."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from companion.settings.panel import MIN_SIZE, PANEL_SIZE
from companion.ui.draw.ink import Box
from companion.ui.view import KEY_COUNT

#: Where the four keys sit relative to the image. On the Waveshare 2.7inch
#: e-Paper HAT (landscape, as its examples draw it) KEY1..KEY4 (GPIO 5, 6,
#: 13, 19) run top to bottom along the left edge of the panel; see docs/ui.md
#: "Where the keys are" for the sources.
DEFAULT_KEYS_EDGE = "left"
EDGES = ("left", "right", "top", "bottom")

# --- geometry ---------------------------------------------------------------

SIDE_BAND = 50      # key band width on the left/right edge: 5 characters of KEYS
END_BAND = 22       # key band height on the top/bottom edge
NOTCH = 4           # the triangle pointing at a key
HEAD_H = 22         # headline bar
ERROR_H = 20        # error bar
ROW_H = 18          # a list row (16 px text)
SPIN_ROW_H = 24     # the spinner row being set (20 px value)
SCROLLBAR_W = 4
PROMPT_LINES = 2    # a long prompt wraps once, then ends in "…"


class Layout(NamedTuple):
    size: tuple[int, int]
    keys_edge: str
    band: Box                 # the whole key band
    keys: tuple[Box, ...]     # KEY1..KEY4 cells, inside the band
    content: Box              # everything else


@lru_cache(maxsize=32)
def layout(size: tuple[int, int] = PANEL_SIZE, keys_edge: str = DEFAULT_KEYS_EDGE,
           keys_reversed: bool = False) -> Layout:
    """Where the key band, the four key cells and the content go.

    ``keys_reversed`` puts KEY1 at the bottom (left/right edge) or at the
    right (top/bottom edge), for a panel mounted the other way round.
    """
    width, height = size
    if keys_edge not in EDGES:
        raise ValueError(f"keys_edge must be one of {EDGES}, not {keys_edge!r}")
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        raise ValueError(f"panel {width}x{height} is smaller than {MIN_SIZE[0]}x{MIN_SIZE[1]}")

    if keys_edge in ("left", "right"):
        x0 = 0 if keys_edge == "left" else width - SIDE_BAND
        band = Box(x0, 0, x0 + SIDE_BAND, height)
        cuts = [round(i * height / KEY_COUNT) for i in range(KEY_COUNT + 1)]
        cells = [Box(band.x0, cuts[i], band.x1, cuts[i + 1]) for i in range(KEY_COUNT)]
        content = (Box(SIDE_BAND, 0, width, height) if keys_edge == "left"
                   else Box(0, 0, width - SIDE_BAND, height))
    else:
        y0 = 0 if keys_edge == "top" else height - END_BAND
        band = Box(0, y0, width, y0 + END_BAND)
        cuts = [round(i * width / KEY_COUNT) for i in range(KEY_COUNT + 1)]
        cells = [Box(cuts[i], band.y0, cuts[i + 1], band.y1) for i in range(KEY_COUNT)]
        content = (Box(0, END_BAND, width, height) if keys_edge == "top"
                   else Box(0, 0, width, height - END_BAND))
    if keys_reversed:
        cells.reverse()
    return Layout((width, height), keys_edge, band, tuple(cells), content)
