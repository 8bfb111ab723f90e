"""A drawn frame out of the program: as terminal art (the simulator's text mode) or as a PNG file."""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image

_HALF_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def to_text(image: Image.Image, scale: int = 1) -> str:
    """The frame as terminal art: one character per pixel column and two rows.

    Ink is drawn with '▀', '▄', '█'; paper is a space. ``scale`` > 1 shrinks
    the frame first (a ``scale`` x ``scale`` block is ink when at least half
    of it is), e.g. ``scale=2`` shows 264x176 in 132 columns by 44 lines.
    """
    if scale < 1:
        raise ValueError("scale must be 1 or more")
    frame = image.convert("1")
    width, height = frame.size
    pixels = frame.load()
    assert pixels is not None

    def ink(x: int, y: int) -> bool:
        if scale == 1:
            return 0 <= y < height and pixels[x, y] == 0
        xs = range(x * scale, min((x + 1) * scale, width))
        ys = range(y * scale, min((y + 1) * scale, height))
        cells = [pixels[i, j] == 0 for j in ys for i in xs]
        return bool(cells) and 2 * sum(cells) >= len(cells)

    columns = math.ceil(width / scale)
    rows = math.ceil(height / scale)
    lines = []
    for y in range(0, rows, 2):
        lines.append("".join(_HALF_BLOCKS[ink(x, y), ink(x, y + 1)] for x in range(columns)).rstrip())
    return "\n".join(lines) + "\n"


def save_png(image: Image.Image, path: str | Path) -> Path:
    """Write the frame as a 1-bit PNG (folders made as needed); returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="PNG")
    return path
