"""One renderer: any :class:`~companion.ui.view.Screen` -> a 1-bit panel image.

Layout (264x176, keys on the left as on the Waveshare 2.7" HAT)::

    +------+--------------------------------------+
    |◄ OK  |█ Round 4 · Turn 2/4 · BLUE ██████████|  headline, inverted, bold
    |------|BLUE: play a Power card               |  prompt, bold (wraps once)
    |◄ Up  |  7                                  :|
    |------|█ 9 █████████████████████████████████▐|  body: cursor inverted,
    |◄ Down|  11                                 ▐|  scroll bar at the right
    |------|  13                                 :|
    |◄ Menu|█ ! 9 was played by RED █████████████|  error, inverted
    +------+--------------------------------------+

The four soft-key cells divide the key edge in four equal parts, KEY1 first
(top or left), each with a notch pointing at its key. Text that does not
fit ends in "…"; lists scroll so the cursor stays in view. Pure: the same
Screen and size give the same pixels, on every machine (bitmap fonts only).

The parts: layout.py (where the key band, the key cells and the content
go), bars.py (the key band, headline and error bar), lists.py (the list
bodies), chart.py and map.py (the other bodies), ink.py (text and boxes)
and output.py (terminal art, PNG). What callers used from here before the
parts were apart still imports from here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from companion import language
from companion.ui.draw import fonts
from companion.ui.draw.bars import draw_error, draw_headline, draw_keys, error_lines
from companion.ui.draw.chart import draw_chart
from companion.ui.draw.ink import ELLIPSIS, PAD, PAPER, Box, draw_text, fit, text_width, wrap
from companion.ui.draw.layout import (
    DEFAULT_KEYS_EDGE,
    EDGES,
    ERROR_H,
    HEAD_H,
    MIN_SIZE,
    PANEL_SIZE,
    PROMPT_LINES,
    ROW_H,
    SCROLLBAR_W,
    Layout,
    layout,
)
from companion.ui.draw.lists import draw_choices, draw_lines, draw_spinners, line_rows, window
from companion.ui.draw.map import draw_map
from companion.ui.draw.output import save_png, to_text
from companion.ui.view import Chart, Choices, Code, Line, Lines, Map, Screen, Spinners

__all__ = ["DEFAULT_KEYS_EDGE", "EDGES", "MIN_SIZE", "PAD", "PANEL_SIZE", "ROW_H", "SCROLLBAR_W", "Box", "Layout",
           "fit", "laid_out", "layout", "render", "save_png", "scroll_end", "text_width", "to_text", "window"]


def render(screen: Screen, size: tuple[int, int] = PANEL_SIZE,
           keys_edge: str = DEFAULT_KEYS_EDGE, *, keys_reversed: bool = False, scale: int = 1) -> Image.Image:
    """Draw ``screen`` as a mode "1" image of ``size``: white paper, black ink.

    ``scale`` > 1 (a larger panel read across the table, companion/settings/panel.py
    ``scale_for``) lays the screen out for ``size`` divided by ``scale`` and draws each of its
    pixels as a ``scale`` x ``scale`` block: the same page, larger on the glass.

    A QR code (:class:`~companion.ui.view.Code`) is drawn on the panel's own pixels at any
    ``scale`` (companion/ui/draw/code.py); where it would be too small to read, its note instead.
    """
    if isinstance(screen.body, Code):
        from companion.ui.draw.code import draw_code_page  # (with the first code: the start never pays)

        image = draw_code_page(screen, size, keys_edge, keys_reversed)
        if image is not None:
            return image
        note = Lines(tuple(Line(row) for row in screen.body.note))
        screen = Screen(screen.kind, screen.headline, screen.prompt, note, screen.error, screen.keys)
    scale = page_scale(screen, size, scale)
    if scale != 1:
        return _scaled(render(screen, laid_out(size, scale), keys_edge, keys_reversed=keys_reversed), size, scale)
    lay = layout(size, keys_edge, keys_reversed)
    image = _keyed_paper(lay, screen.keys, language.current()).copy()
    draw = ImageDraw.Draw(image)

    area = lay.content
    errors, prompt, body = _frame(screen, lay)
    y = draw_headline(draw, area, screen.headline)
    if errors:
        draw_error(draw, Box(area.x0, body.y1 + 1, area.x1, area.y1), errors)
    if prompt:
        y += 2
        for line in prompt:
            draw_text(draw, (area.x0 + PAD, y), line, fonts.BODY_BOLD)
            y += fonts.line_height(fonts.BODY_BOLD)
    if body.height > 0 and screen.body is not None:
        # Drawn on its own canvas, so nothing a body does can spill outside it.
        canvas = Image.new("1", (body.width, body.height), PAPER)
        _BODIES[type(screen.body)](ImageDraw.Draw(canvas), Box(0, 0, body.width, body.height),
                                   screen.body)
        image.paste(canvas, (body.x0, body.y0))
    return image


@lru_cache(maxsize=16)
def _keyed_paper(lay: Layout, keys: tuple[str, str, str, str], spoken: str) -> Image.Image:
    """White paper of the layout's size with the key band drawn on it, the first thing a frame draws:
    made once for each layout, labels and language ``spoken`` (a navigation press draws the same four
    keys again; the band was a third of its frame) and copied for each frame, never drawn on itself."""
    image = Image.new("1", lay.size, PAPER)
    draw_keys(ImageDraw.Draw(image), lay, keys)
    return image


def page_scale(screen: Screen, size: tuple[int, int], scale: int) -> int:
    """The map is drawn no smaller than on the 2.7inch panel, whose room its cells are made for: at
    the table the 4.2inch draws it at 1 (the 7.5inch at 2); every other page at ``scale``."""
    if isinstance(screen.body, Map):
        while scale > 1 and (size[0] // scale < PANEL_SIZE[0] or size[1] // scale < PANEL_SIZE[1]):
            scale -= 1
    return scale


def laid_out(size: tuple[int, int], scale: int) -> tuple[int, int]:
    """The size a page is laid out for on a panel of ``size`` drawn at ``scale``."""
    if scale < 1:
        raise ValueError(f"scale must be 1 or more, not {scale}")
    return size[0] // scale, size[1] // scale


def _scaled(image: Image.Image, size: tuple[int, int], scale: int) -> Image.Image:
    """``image`` with each pixel a ``scale`` x ``scale`` block, on paper of ``size`` (the rest of
    a size ``scale`` does not divide is a paper margin, right and bottom)."""
    big = image.resize((image.width * scale, image.height * scale), Image.Resampling.NEAREST)
    if big.size == tuple(size):
        return big
    page = Image.new("1", size, PAPER)
    page.paste(big, (0, 0))
    return page


def _frame(screen: Screen, lay: Layout) -> tuple[list[str], list[str], Box]:
    """Where a frame's parts go: the error's rows, the prompt's rows and the body's box.
    A refusal too long for the room under the prompt covers the prompt too (it says what
    went wrong with what the prompt asked)."""
    area = lay.content
    prompt = wrap(screen.prompt, fonts.BODY_BOLD, area.width - 2 * PAD, PROMPT_LINES) if screen.prompt else []
    errors: list[str] = []
    if screen.error:
        errors = error_lines(screen.error, area.width, area.y1 - _under(area, prompt))
        if prompt and errors[-1].endswith(ELLIPSIS):
            prompt, errors = [], error_lines(screen.error, area.width, area.y1 - _under(area, []))
    bottom = area.y1
    if errors:
        bottom -= ERROR_H + (len(errors) - 1) * fonts.line_height(fonts.BODY_BOLD)
    return errors, prompt, Box(area.x0, _under(area, prompt) + 2, area.x1, bottom - 1)


def _under(area: Box, prompt: list[str]) -> int:
    """Where the body may begin: under the headline and the prompt's rows."""
    return area.y0 + HEAD_H + (2 + len(prompt) * fonts.line_height(fonts.BODY_BOLD) if prompt else 0)


def scroll_end(screen: Screen, size: tuple[int, int] = PANEL_SIZE,
               keys_edge: str = DEFAULT_KEYS_EDGE, *, keys_reversed: bool = False, scale: int = 1) -> int:
    """The last ``Lines.top`` worth scrolling to on this panel: 0 when everything shows.

    Lines are wrapped to the panel's width here, so only the renderer knows
    how many rows they take; the controller asks before it moves ▼.
    """
    if not isinstance(screen.body, Lines):
        return 0
    size = laid_out(size, scale)
    box = _frame(screen, layout(size, keys_edge, keys_reversed))[2]
    rows, _, visible = line_rows(screen.body, Box(0, 0, box.width, max(0, box.height)))
    return max(0, len(rows) - visible)


_BODIES: dict[type, Callable[[ImageDraw.ImageDraw, Box, Any], None]] = {
    Choices: draw_choices,
    Spinners: draw_spinners,
    Lines: draw_lines,
    Chart: draw_chart,
    Map: draw_map,
}
