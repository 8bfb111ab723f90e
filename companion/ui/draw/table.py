"""The table view drawn as large as the panel lets it: no key band, the game's first line
inverted, what happens next, then the standings and the Castillo (companion/ui/table_view.py).

Each candidate is a layout scale (each layout pixel a ``scale`` x ``scale`` block, as
``render(scale=...)`` draws pages read across the table) and a font for the rows; the one
whose rows come out tallest on the glass and still fit wins, so a 2.7inch panel gets 20 px
rows and the 7.5inch 48 px ones. Pure: the same Screen and size give the same pixels.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from companion.ui.draw import fonts
from companion.ui.draw.ink import INK, PAD, PAPER, draw_text, draw_text_right, fit, paragraph_rows, text_width, wrap
from companion.ui.view import Line, Lines, Screen

#: Row fonts, larger first: the bold 20 px, then the body's 16 px.
ROW_FONTS = (fonts.LARGE, fonts.BODY_BOLD)
#: The narrowest layout the standings are drawn in: a 12-character name and its points.
MIN_WIDTH = 150


def render_table(screen: Screen, size: tuple[int, int]) -> Image.Image:
    """``screen`` (a table view) as a mode "1" image of ``size``, as large as it fits."""
    rows = screen.body.rows if isinstance(screen.body, Lines) else ()
    scale, font, prompt = choose(screen, size)
    width, height = size[0] // scale, size[1] // scale
    canvas = Image.new("1", (width, height), PAPER)
    draw = ImageDraw.Draw(canvas)
    step = fonts.line_height(font) + 1
    head = font if text_width(screen.headline, font) <= width - 2 * PAD else fonts.BODY_BOLD
    draw.rectangle([0, 0, width - 1, step], fill=INK)
    draw_text(draw, (PAD, 1), screen.headline, head, fill=PAPER, width=width - 2 * PAD)
    y = step + 2
    for line in prompt:
        draw_text(draw, (PAD, y), line, font)
        y += step
    draw.line([0, y + 1, width - 1, y + 1], fill=INK)
    y += 4
    for row in _rows(rows, font, width - 2 * PAD):
        ink = PAPER if row.strong else INK
        if row.strong:  # the leaders: inverted, points and all
            draw.rectangle([0, y - 1, width - 1, y + step - 2], fill=INK)
        right = draw_text_right(draw, width - PAD, y, row.right, font, fill=ink) if row.right else 0
        room = width - 2 * PAD - right - (PAD if right else 0)
        draw_text(draw, (PAD, y), row.text, font, fill=ink, width=room)
        y += step
    if scale == 1:
        return canvas
    big = canvas.resize((width * scale, height * scale), Image.Resampling.NEAREST)
    page = Image.new("1", size, PAPER)
    page.paste(big, (0, 0))
    return page


def choose(screen: Screen, size: tuple[int, int]) -> tuple[int, str, list[str]]:
    """The scale, the row font and the prompt's lines of the tallest table view that fits."""
    rows = screen.body.rows if isinstance(screen.body, Lines) else ()
    candidates = sorted(((scale, font) for scale in range(1, 9) for font in ROW_FONTS),
                        key=lambda c: (-c[0] * fonts.line_height(c[1]), -c[0]))
    for scale, font in candidates:
        width, height = size[0] // scale, size[1] // scale
        room = width - 2 * PAD
        if width < MIN_WIDTH or any(text_width(f"{row.text}  {row.right}", font) > room for row in rows if row.right):
            continue  # every standing whole, never cut
        step = fonts.line_height(font) + 1
        count = len(_rows(rows, font, room))
        for most in (2, 1):
            prompt = wrap(screen.prompt, font, room, most) if screen.prompt else []
            if (1 + len(prompt) + count) * step + 8 <= height:
                return scale, font, prompt
    return 1, fonts.BODY_BOLD, [fit(screen.prompt, fonts.BODY_BOLD, size[0] - 2 * PAD)] if screen.prompt else []


def _rows(rows, font: str, room: int) -> list[Line]:
    """The rows as drawn: a standing (text and points) on one row, a line without points (the
    Castillo) wrapped at its spaces, its later rows indented."""
    out: list[Line] = []
    for row in rows:
        if row.right:
            out.append(row)
        else:
            out.extend(Line(text, strong=row.strong) for text in _packed(row.text, row.hang, font, room))
    return out


def _packed(text: str, hang: str, font: str, room: int) -> list[str]:
    """``text``'s parts between ", " on as few rows as fit (a part is never split: "Yellow 1"
    stays together); a part too long for a row is wrapped at its spaces."""
    rows: list[str] = []
    parts = text.split(", ")
    for number, part in enumerate(parts):
        trial = f"{rows[-1]}, {part}" if rows else part
        if rows and text_width(trial + ("," if number < len(parts) - 1 else ""), font) <= room:
            rows[-1] = trial
        elif rows:
            rows[-1] += ","
            rows.append(hang + part)
        else:
            rows.append(part)
    return [row for whole in rows for row in paragraph_rows(whole, hang, font, room, room)]
