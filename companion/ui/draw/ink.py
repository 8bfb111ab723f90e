"""Ink on paper: the rectangles and the text drawing every part of a frame shares.

Text is drawn from the shipped bitmap fonts through cached 1-bit masks, and
measured, fitted (cut with "…") and wrapped in pixels. Nothing here knows a Screen.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from companion.ui.draw import fonts, glyphs

INK, PAPER = 0, 1

PAD = 4             # inner text padding

ELLIPSIS = "…"


class Box(NamedTuple):
    """A rectangle; ``x1``/``y1`` are exclusive."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def width(self) -> int:
        return self.x1 - self.x0

    @property
    def height(self) -> int:
        return self.y1 - self.y0

    def contains(self, other: Box) -> bool:
        return (self.x0 <= other.x0 and self.y0 <= other.y0
                and other.x1 <= self.x1 and other.y1 <= self.y1)


# --- text -------------------------------------------------------------------

# A frame draws the same few dozen strings as the frame before it, and each is
# measured several times (to fit it, to centre it, to place the next one): the
# slot string, the width and the fitted text of each are kept, not remade.

def text_width(text: str, font_name: str) -> int:
    """Width in pixels of ``text`` drawn with a shipped font."""
    return _encoded(text, font_name)[1]


@lru_cache(maxsize=4096)
def _encoded(text: str, font_name: str) -> tuple[str, int]:
    """The slot string that draws ``text``, and its width in pixels."""
    encoded = glyphs.encode(text)
    return encoded, int(fonts.load(font_name).getlength(encoded))


@lru_cache(maxsize=4096)
def fit(text: str, font_name: str, width: int) -> str:
    """``text``, cut and ended with "…" when it is wider than ``width``."""
    if text_width(text, font_name) <= width:
        return text
    room = width - text_width(ELLIPSIS, font_name)
    if room < 0:
        return ""
    if text.isascii() and text.isprintable():
        # Each character is its own glyph: a prefix is as wide as its glyphs' advances.
        advance, used, count = fonts.advances(font_name), 0, 0
        for ch in text:
            used += advance[ch]
            if used > room:
                break
            count += 1
        return text[:count].rstrip() + ELLIPSIS
    font = fonts.load(font_name)
    cut = ""
    for ch in text:  # encoding may join or replace characters: measure every prefix as drawn
        if font.getlength(glyphs.encode(cut + ch)) > room:
            break
        cut += ch
    return cut.rstrip() + ELLIPSIS


#: Where a word too wide for its line may break, with a hyphen (a key's German word: grammar.said).
SOFT_HYPHEN = "\u00ad"


def wrap(text: str, font_name: str, width: int, max_lines: int) -> list[str]:
    """Words of ``text`` on at most ``max_lines`` lines; the last one fitted. A word wider than
    ``width`` breaks at its soft hyphens (each piece but the last ends in "-"); elsewhere a soft
    hyphen is not drawn."""
    words = [piece for word in text.split() for piece in _pieces(word, font_name, width)]
    lines: list[str] = []
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and text_width(line + " " + words[0], font_name) <= width:
            line += " " + words.pop(0)
        lines.append(line)
    if words:
        lines[-1] = lines[-1] + " " + " ".join(words)
    return [fit(line, font_name, width) for line in lines] or [""]


def _pieces(word: str, font_name: str, width: int) -> list[str]:
    """``word`` whole when it fits (its soft hyphens dropped), else its parts between soft hyphens,
    as many on a line as fit, each but the last ending in "-"."""
    whole = word.replace(SOFT_HYPHEN, "")
    if SOFT_HYPHEN not in word or text_width(whole, font_name) <= width:
        return [whole]
    pieces: list[str] = []
    for part in word.split(SOFT_HYPHEN):
        if pieces and text_width(pieces[-1] + part + "-", font_name) <= width:
            pieces[-1] += part
        else:
            pieces.append(part)
    return [piece + "-" for piece in pieces[:-1]] + pieces[-1:]


@lru_cache(maxsize=1024)
def paragraph_rows(text: str, hang: str, font_name: str, first: int, rest: int) -> tuple[str, ...]:
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


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, font_name: str,
          fill: int = INK, width: int | None = None) -> int:
    """Draw one line (fitted to ``width`` when given); returns its width."""
    if width is not None:
        text = fit(text, font_name, width)
    encoded, text_w = _encoded(text, font_name)
    if text:
        draw.bitmap((int(xy[0]), int(xy[1])), _mask(encoded, font_name), fill=fill)
    return text_w


@lru_cache(maxsize=1024)
def _mask(encoded: str, font_name: str) -> Image.Image:
    """The glyphs of a slot string as a 1-bit mask, made once.

    ``draw.bitmap(xy, mask, fill)`` then sets exactly the pixels that
    ``draw.text(xy, encoded, font=..., fill=fill)`` sets: the same mask from
    the font, drawn with the same ink at the same place, without Pillow's
    per-call text layout.
    """
    font = fonts.load(font_name)
    mask = Image.new("1", font.getmask(encoded, "1").size, 0)
    ImageDraw.Draw(mask).text((0, 0), encoded, font=font, fill=1)
    return mask


def draw_text_right(draw, right: int, y: int, text: str, font_name: str, fill: int = INK,
                max_width: int | None = None) -> int:
    """Draw one line ending at ``right`` (fitted to ``max_width``); returns its width."""
    if max_width is not None:
        text = fit(text, font_name, max_width)
    w = text_width(text, font_name)
    draw_text(draw, (right - w, y), text, font_name, fill)
    return w


def centred_y(box_y0: int, box_h: int, font_name: str) -> int:
    """Top of a text line so its capitals and descenders sit centred in a box."""
    return box_y0 + (box_h - fonts.line_height(font_name) + 1) // 2
