"""A QR code page: the play's BG Stats link, drawn pixel for pixel for a phone's camera.

    image = draw_code_page(screen, size, keys_edge)   # None: too small to read on this panel

The code is drawn on the panel's own pixels (never scaled up with the page, so its modules are
whole pixels), as large as the content beside the key band allows, up to :data:`MAX_MODULE_PX`
a module, with a quiet zone of :data:`QUIET` modules and the page's prompt in the room left
beside it. Every supported panel has 4.6 to 4.9 pixels a millimetre (companion/settings/panel.py),
so :data:`MIN_MODULE_PX` 2 is a module of 0.41 to 0.43 mm on the glass, 3 is 0.61 to 0.65 mm:
a phone reads 0.4 mm from a hand's breadth or two away, and half a millimetre or more at arm's
length. A link that needs more modules than fit at 2 pixels a module is not drawn (the page then
says so, and the BG Stats file of Menu › Export remains): docs/bgstats.md has each panel's budget.

The encoder (segno, pure Python) is imported only when such a page is drawn, so starting the
companion costs nothing for it. Error correction L: the glass is clean and still, and every
bit of room goes to a larger module (segno raises the level where that costs no more modules).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from companion.ui.draw import fonts
from companion.ui.draw.bars import draw_keys
from companion.ui.draw.ink import PAD, PAPER, Box, draw_text, wrap
from companion.ui.draw.layout import layout
from companion.ui.view import Code, Screen

#: The smallest module drawn, in panel pixels (0.41 to 0.43 mm on the supported panels).
MIN_MODULE_PX = 2
#: The largest (beyond it a larger code helps no camera, and leaves the prompt less room).
MAX_MODULE_PX = 4
#: White modules around the code (the paper beyond the content adds to it).
QUIET = 3
#: The least room kept beside the code for its prompt, in pixels.
TEXT_W = 36


@lru_cache(maxsize=4)
def matrix(text: str) -> tuple[bytes, ...]:
    """The code's modules, row by row (1 dark), without its quiet zone."""
    import segno  # (only here: the cold start never pays for it)

    code = segno.make(text, error="L", micro=False)
    return tuple(bytes(row) for row in code.matrix)


def module_px(modules: int, room: Box) -> int:
    """The largest module (pixels) at which a code of ``modules`` and its quiet zone fit in
    ``room`` with :data:`TEXT_W` beside it; 0 when even :data:`MIN_MODULE_PX` does not."""
    side = min(room.height, room.width - TEXT_W)
    for px in range(MAX_MODULE_PX, MIN_MODULE_PX - 1, -1):
        if (modules + 2 * QUIET) * px <= side:
            return px
    return 0


def draw_code_page(screen: Screen, size: tuple[int, int], keys_edge: str,
                   keys_reversed: bool = False) -> Image.Image | None:
    """The page with its code, or None where the code would be drawn smaller than readable."""
    assert isinstance(screen.body, Code)
    rows = matrix(screen.body.text)
    lay = layout(size, keys_edge, keys_reversed)
    area = lay.content
    px = module_px(len(rows), area)
    if not px:
        return None
    image = Image.new("1", lay.size, PAPER)
    draw = ImageDraw.Draw(image)
    draw_keys(draw, lay, screen.keys)
    n = len(rows)
    side = (n + 2 * QUIET) * px
    # The code against the content's far edge (from the keys), centred across.
    x0 = area.x1 - side if keys_edge != "right" else area.x0
    y0 = area.y0 + (area.height - side) // 2
    modules = Image.frombytes("L", (n, n), bytes(0 if dark else 255 for row in rows for dark in row))
    image.paste(modules.resize((n * px, n * px), Image.Resampling.NEAREST).convert("1"),
                (x0 + QUIET * px, y0 + QUIET * px))
    column = Box(area.x0, area.y0, x0, area.y1) if keys_edge != "right" else Box(x0 + side, area.y0, area.x1, area.y1)
    _draw_words(draw, column, screen)
    return image


def _draw_words(draw: ImageDraw.ImageDraw, column: Box, screen: Screen) -> None:
    """The headline and the prompt, a word or two a row, in the room beside the code."""
    font = fonts.BODY_BOLD if column.width >= 120 else fonts.SMALL
    width = column.width - 2 * PAD
    y = column.y0 + PAD
    height = fonts.line_height(font)
    for text in (screen.headline, screen.prompt):
        for line in wrap(text, font, width, max(1, (column.y1 - y) // height)) if text else []:
            if y + height > column.y1:
                return
            draw_text(draw, (column.x0 + PAD, y), line, font)
            y += height
        y += height // 2
