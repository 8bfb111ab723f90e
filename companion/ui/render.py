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
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from companion.ui import fonts
from companion.ui.chart import draw_chart
from companion.ui.ink import (ELLIPSIS, INK, PAD, PAPER, Box, centred_y, draw_text, draw_text_right, fit,
                              text_width)
from companion.ui.map import draw_map
from companion.ui.view import KEY_COUNT, Chart, Choices, Lines, Map, Screen, Spinners

#: The Waveshare 2.7inch e-Paper HAT in landscape.
PANEL_SIZE = (264, 176)

#: Where the four keys sit relative to the image. On the Waveshare 2.7inch
#: e-Paper HAT (landscape, as its examples draw it) KEY1..KEY4 (GPIO 5, 6,
#: 13, 19) run top to bottom along the left edge of the panel; see docs/ui.md
#: "Where the keys are" for the sources.
DEFAULT_KEYS_EDGE = "left"
EDGES = ("left", "right", "top", "bottom")

#: The smallest panel the layout is made for.
MIN_SIZE = (160, 96)

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


# --- the frame --------------------------------------------------------------

def render(screen: Screen, size: tuple[int, int] = PANEL_SIZE,
           keys_edge: str = DEFAULT_KEYS_EDGE, *, keys_reversed: bool = False) -> Image.Image:
    """Draw ``screen`` as a mode "1" image of ``size``: white paper, black ink."""
    lay = layout(size, keys_edge, keys_reversed)
    image = Image.new("1", lay.size, PAPER)
    draw = ImageDraw.Draw(image)

    _draw_keys(draw, lay, screen.keys)

    area = lay.content
    errors, prompt, body = _frame(screen, lay)
    y = _draw_headline(draw, area, screen.headline)
    if errors:
        _draw_error(draw, Box(area.x0, body.y1 + 1, area.x1, area.y1), errors)
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


def _frame(screen: Screen, lay: Layout) -> tuple[list[str], list[str], Box]:
    """Where a frame's parts go: the error's rows, the prompt's rows and the body's box.
    A refusal too long for the room under the prompt covers the prompt too (it says what
    went wrong with what the prompt asked)."""
    area = lay.content
    prompt = _wrap(screen.prompt, fonts.BODY_BOLD, area.width - 2 * PAD, PROMPT_LINES) if screen.prompt else []
    errors: list[str] = []
    if screen.error:
        errors = _error_lines(screen.error, area.width, area.y1 - _under(area, prompt))
        if prompt and errors[-1].endswith(ELLIPSIS):
            prompt, errors = [], _error_lines(screen.error, area.width, area.y1 - _under(area, []))
    bottom = area.y1
    if errors:
        bottom -= ERROR_H + (len(errors) - 1) * fonts.line_height(fonts.BODY_BOLD)
    return errors, prompt, Box(area.x0, _under(area, prompt) + 2, area.x1, bottom - 1)


def _under(area: Box, prompt: list[str]) -> int:
    """Where the body may begin: under the headline and the prompt's rows."""
    return area.y0 + HEAD_H + (2 + len(prompt) * fonts.line_height(fonts.BODY_BOLD) if prompt else 0)


def scroll_end(screen: Screen, size: tuple[int, int] = PANEL_SIZE,
               keys_edge: str = DEFAULT_KEYS_EDGE, *, keys_reversed: bool = False) -> int:
    """The last ``Lines.top`` worth scrolling to on this panel: 0 when everything shows.

    Lines are wrapped to the panel's width here, so only the renderer knows
    how many rows they take; the controller asks before it moves ▼.
    """
    if not isinstance(screen.body, Lines):
        return 0
    box = _frame(screen, layout(size, keys_edge, keys_reversed))[2]
    rows, _, visible = _line_rows(screen.body, Box(0, 0, box.width, max(0, box.height)))
    return max(0, len(rows) - visible)


def _draw_keys(draw, lay: Layout, labels) -> None:
    band, edge = lay.band, lay.keys_edge
    # The rule between the key band and the content.
    if edge == "left":
        draw.line([(band.x1 - 1, band.y0), (band.x1 - 1, band.y1 - 1)], fill=INK)
    elif edge == "right":
        draw.line([(band.x0, band.y0), (band.x0, band.y1 - 1)], fill=INK)
    elif edge == "top":
        draw.line([(band.x0, band.y1 - 1), (band.x1 - 1, band.y1 - 1)], fill=INK)
    else:
        draw.line([(band.x0, band.y0), (band.x1 - 1, band.y0)], fill=INK)

    for index, (cell, label) in enumerate(zip(lay.keys, labels)):
        # Short ticks between the cells.
        if index:
            previous = lay.keys[index - 1]
            if edge in ("left", "right"):
                y = max(cell.y0, previous.y0)
                draw.line([(band.x0 + 6, y), (band.x1 - 7, y)], fill=INK)
            else:
                x = max(cell.x0, previous.x0)
                draw.line([(x, band.y0 + 4), (x, band.y1 - 5)], fill=INK)
        if label:
            _draw_key(draw, cell, edge, label)


def _draw_key(draw, cell: Box, edge: str, label: str) -> None:
    font = fonts.KEYS
    line_h = fonts.line_height(font)
    if edge in ("left", "right"):
        cy = (cell.y0 + cell.y1) // 2
        if edge == "left":
            draw.polygon([(0, cy), (NOTCH, cy - NOTCH), (NOTCH, cy + NOTCH)], fill=INK)
            text_box = Box(cell.x0 + NOTCH + 3, cell.y0, cell.x1 - 2, cell.y1)
        else:
            x = cell.x1 - 1
            draw.polygon([(x, cy), (x - NOTCH, cy - NOTCH), (x - NOTCH, cy + NOTCH)], fill=INK)
            text_box = Box(cell.x0 + 2, cell.y0, cell.x1 - NOTCH - 3, cell.y1)
        max_lines = max(1, min(2, cell.height // line_h))
        lines = _wrap(label, font, text_box.width, max_lines)
        top = cell.y0 + (cell.height - len(lines) * line_h + 1) // 2
        for i, line in enumerate(lines):
            w = text_width(line, font)
            draw_text(draw, (text_box.x0 + (text_box.width - w) // 2, top + i * line_h), line, font)
    else:
        cx = (cell.x0 + cell.x1) // 2
        if edge == "top":
            draw.polygon([(cx, 0), (cx - NOTCH, NOTCH), (cx + NOTCH, NOTCH)], fill=INK)
            text_y = cell.y0 + NOTCH + 2
        else:
            y = cell.y1 - 1
            draw.polygon([(cx, y), (cx - NOTCH, y - NOTCH), (cx + NOTCH, y - NOTCH)], fill=INK)
            text_y = cell.y1 - NOTCH - 2 - line_h
        line = fit(label, font, cell.width - 4)
        w = text_width(line, font)
        draw_text(draw, (cell.x0 + (cell.width - w) // 2, text_y), line, font)


def _wrap(text: str, font_name: str, width: int, max_lines: int) -> list[str]:
    """Words of ``text`` on at most ``max_lines`` lines; the last one fitted."""
    words = text.split()
    lines: list[str] = []
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and text_width(line + " " + words[0], font_name) <= width:
            line += " " + words.pop(0)
        lines.append(line)
    if words:
        lines[-1] = lines[-1] + " " + " ".join(words)
    return [fit(line, font_name, width) for line in lines] or [""]


def _draw_headline(draw, area: Box, headline: str) -> int:
    bar = Box(area.x0, area.y0, area.x1, area.y0 + HEAD_H)
    draw.rectangle([bar.x0, bar.y0, bar.x1 - 1, bar.y1 - 1], fill=INK)
    pad = PAD - 1
    room = bar.width - 2 * pad
    headline = _shortest_needed(headline, room)
    font = fonts.LARGE if text_width(headline, fonts.LARGE) <= room else fonts.BODY_BOLD
    draw_text(draw, (bar.x0 + pad, centred_y(bar.y0, bar.height, font)), headline, font,
          fill=PAPER, width=room)
    return bar.y1


#: Shorter forms of a headline's words, tried in turn until it fits, so that the name
#: at its end (whose turn it is) is not the part that is cut: "Round 4 · Turn 2/4 · Alexandra"
#: becomes "R4 · 2/4 · Alexandra".
_SHORTER = (("Round ", "R"), ("Turn ", ""), (" scoring", ""), ("Power · ", ""))


def _shortest_needed(headline: str, room: int) -> str:
    for long, short in _SHORTER:
        if text_width(headline, fonts.BODY_BOLD) <= room:
            break
        headline = headline.replace(long, short)
    return headline


#: A refusal is shown whole: the error bar grows over the body, row by row, as far as it needs,
#: so long as ERROR_KEEPS row of the body stays in view (past that its last line ends in "…").
ERROR_KEEPS = 1
_BADGE_W = 14


def _error_lines(error: str, width: int, below_prompt: int) -> list[str]:
    room = below_prompt - 3 - ERROR_KEEPS * ROW_H - ERROR_H  # the body's box: 2 px above, 1 below
    most = max(1, 1 + room // fonts.line_height(fonts.BODY_BOLD))
    inner = width - 2 * PAD
    first = inner - 2 - _BADGE_W  # the "!" badge is on the first line only
    rows = list(_paragraph(error, "", fonts.BODY_BOLD, first, inner))
    if len(rows) > most:
        rows = rows[:most - 1] + [fit(" ".join(rows[most - 1:]), fonts.BODY_BOLD, inner if most > 1 else first)]
    return rows


def _draw_error(draw, bar: Box, lines: list[str]) -> None:
    draw.rectangle([bar.x0, bar.y0, bar.x1 - 1, bar.y1 - 1], fill=INK)
    font = fonts.BODY_BOLD
    step = fonts.line_height(font)
    first = Box(bar.x0, bar.y0, bar.x1, bar.y0 + ERROR_H)
    y = centred_y(first.y0, first.height, font)
    # A white "!" badge, then the message in white, wrapped.
    badge = Box(bar.x0 + 2, first.y0 + 2, bar.x0 + 2 + _BADGE_W, first.y1 - 2)
    draw.rectangle([badge.x0, badge.y0, badge.x1 - 1, badge.y1 - 1], fill=PAPER)
    draw_text(draw, (badge.x0 + (badge.width - text_width("!", font)) // 2, y), "!", font)
    for number, line in enumerate(lines):
        x = badge.x1 + PAD if number == 0 else bar.x0 + PAD
        draw_text(draw, (x, y + number * step), line, font, fill=PAPER, width=bar.x1 - PAD - x)


# --- bodies -----------------------------------------------------------------

def window(count: int, cursor: int, visible: int) -> int:
    """The first row shown so that row ``cursor`` is visible.

    The cursor is kept in the middle of the window where the list allows,
    so there is always context above and below it.
    """
    if count <= visible or visible <= 0:
        return 0
    return max(0, min(cursor - (visible - 1) // 2, count - visible))


def _scrollbar(draw, box: Box, first: int, shown: int, count: int) -> None:
    """A track with a thumb at the right of ``box`` when not all rows show."""
    if count <= shown:
        return
    x = box.x1 - SCROLLBAR_W
    track = Box(x, box.y0 + 1, box.x1, box.y1 - 1)
    draw.point([(x + SCROLLBAR_W // 2, y) for y in range(track.y0, track.y1, 2)], fill=INK)
    top = track.y0 + round(track.height * first / count)
    bottom = track.y0 + round(track.height * (first + shown) / count)
    draw.rectangle([x, top, track.x1 - 1, max(top, bottom - 1)], fill=INK)


def _draw_choices(draw, box: Box, body: Choices) -> None:
    count = len(body.items)
    visible = max(1, box.height // ROW_H)
    first = window(count, body.cursor, visible)
    shown = min(visible, count - first)
    right = box.x1 - (SCROLLBAR_W + 2 if count > visible else 0)
    for row in range(shown):
        index = first + row
        y = box.y0 + row * ROW_H
        selected = index == body.cursor
        font = fonts.BODY_BOLD if selected else fonts.BODY
        fill = PAPER if selected else INK
        if selected:
            draw.rectangle([box.x0, y, right - 1, y + ROW_H - 1], fill=INK)
        text_y = centred_y(y, ROW_H, font)
        mark = body.marks[index] if body.marks else ""
        mark_w = (draw_text_right(draw, right - PAD, text_y, mark, font, fill,
                              max_width=(right - box.x0) // 2) + PAD) if mark else 0
        draw_text(draw, (box.x0 + PAD, text_y), body.items[index], font, fill,
              width=right - box.x0 - 2 * PAD - mark_w)
    _scrollbar(draw, Box(box.x0, box.y0, box.x1, box.y0 + visible * ROW_H), first, shown, count)


def _draw_spinners(draw, box: Box, body: Spinners) -> None:
    rows = body.rows
    count = len(rows) + (1 if body.ok else 0)  # the OK row after the counters
    visible = max(1, (box.height - SPIN_ROW_H) // ROW_H + 1)
    first = window(count, body.cursor, visible)
    shown = min(visible, count - first)
    right = box.x1 - (SCROLLBAR_W + 2 if count > visible else 0)
    large, bold = fonts.LARGE, fonts.BODY_BOLD
    digits = max(len(str(v)) for r in rows for v in (r.min, r.max, r.value)) if rows else 1
    arrow_w = text_width("►", large)
    value_col = digits * fonts.char_width(large) + 2 * (arrow_w + 2)
    y = box.y0
    for row in range(shown):
        index = first + row
        if index == len(rows):
            _draw_ok_row(draw, Box(box.x0, y, right, y + ROW_H), body.ok, index == body.cursor)
            y += ROW_H
            continue
        spin = rows[index]
        if index == body.cursor:
            h = SPIN_ROW_H
            draw.rectangle([box.x0, y, right - 1, y + h - 1], fill=INK)
            ty = centred_y(y, h, large)
            x1 = right - PAD
            draw_text(draw, (x1 - arrow_w, ty), "►" if spin.value < spin.max else "", large, PAPER)
            value = str(spin.value)
            vx = x1 - arrow_w - 2 - (digits * fonts.char_width(large) + text_width(value, large)) // 2
            draw_text(draw, (vx, ty), value, large, PAPER)
            draw_text(draw, (x1 - value_col, ty), "◄" if spin.value > spin.min else "", large, PAPER)
            draw_text(draw, (box.x0 + PAD, centred_y(y, h, bold)), spin.label, bold, PAPER,
                  width=right - box.x0 - 3 * PAD - value_col)
        else:
            h = ROW_H
            ty = centred_y(y, h, bold)
            value = str(spin.value)
            centre = right - PAD - value_col // 2
            draw_text(draw, (centre - text_width(value, bold) // 2, ty), value, bold)
            draw_text(draw, (box.x0 + PAD, centred_y(y, h, fonts.BODY)), spin.label, fonts.BODY,
                  width=right - box.x0 - 3 * PAD - value_col)
        y += h
    _scrollbar(draw, Box(box.x0, box.y0, box.x1, y), first, shown, count)


def _draw_ok_row(draw, row: Box, label: str, selected: bool) -> None:
    """The row that confirms the counts above it: inverted while the cursor is on it."""
    font = fonts.BODY_BOLD
    fill = PAPER if selected else INK
    if selected:
        draw.rectangle([row.x0, row.y0, row.x1 - 1, row.y1 - 1], fill=INK)
    else:
        draw.line([row.x0 + PAD, row.y0, row.x1 - PAD, row.y0], fill=INK)
    draw_text(draw, (row.x0 + PAD, centred_y(row.y0, row.height, font)), f"{label} ►", font, fill,
          width=row.width - 2 * PAD)


def _draw_lines(draw, box: Box, body: Lines) -> None:
    rows, right, visible = _line_rows(body, box)
    first = max(0, min(body.top, len(rows) - visible))
    shown = min(visible, len(rows) - first)
    for number in range(shown):
        index, text = rows[first + number]
        line = body.rows[index]
        y = box.y0 + number * ROW_H
        font = fonts.BODY_BOLD if line.strong else fonts.BODY
        ty = centred_y(y, ROW_H, font)
        opens = first + number == 0 or rows[first + number - 1][0] != index
        if line.right and opens:
            draw_text_right(draw, right - PAD, ty, line.right, fonts.BODY_BOLD, max_width=(right - box.x0) // 2)
        draw_text(draw, (box.x0 + PAD, ty), text, font)
    _scrollbar(draw, Box(box.x0, box.y0, box.x1, box.y0 + visible * ROW_H), first, shown, len(rows))


def _line_rows(body: Lines, box: Box) -> tuple[list[tuple[int, str]], int, int]:
    """The rows a Lines body takes in ``box``: (which Line, its text) each; then the right
    edge of the text and how many rows show at once. A scroll bar takes room only when needed."""
    visible = max(1, box.height // ROW_H)
    rows: list[tuple[int, str]] = []
    right = box.x1
    for right in (box.x1, box.x1 - SCROLLBAR_W - 2):
        width = right - box.x0 - 2 * PAD
        rows = []
        for index, line in enumerate(body.rows):
            font = fonts.BODY_BOLD if line.strong else fonts.BODY
            right_w = (text_width(fit(line.right, fonts.BODY_BOLD, (right - box.x0) // 2), fonts.BODY_BOLD)
                       + PAD) if line.right else 0
            rows += [(index, text) for text in _paragraph(line.text, line.hang, font, width - right_w, width)]
        if len(rows) <= visible:
            break
    return rows, right, visible


@lru_cache(maxsize=1024)
def _paragraph(text: str, hang: str, font_name: str, first: int, rest: int) -> tuple[str, ...]:
    """``text`` wrapped at its spaces: the first row ``first`` pixels wide, the rows after it
    ``rest`` wide and beginning with ``hang``; a word too long for a row ends in "…"."""
    words = text.split()
    if not words:
        return ("",)
    lead = text[:len(text) - len(text.lstrip())]
    rows: list[str] = []
    row, width = lead + words[0], first
    for word in words[1:]:
        if text_width(f"{row} {word}", font_name) <= width:
            row = f"{row} {word}"
        else:
            rows.append(fit(row, font_name, width))
            row, width = hang + word, rest
    return (*rows, fit(row, font_name, width))


_BODIES: dict[type, Callable[[ImageDraw.ImageDraw, Box, Any], None]] = {
    Choices: _draw_choices,
    Spinners: _draw_spinners,
    Lines: _draw_lines,
    Chart: draw_chart,
    Map: draw_map,
}


# --- output -----------------------------------------------------------------

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
