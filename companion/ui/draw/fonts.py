"""The bitmap fonts shipped in ``companion/fonts/`` and the role of each.

Pillow's own ``.pil`` bitmap format, loaded without FreeType, so a frame is
pixel-identical on every machine. See ``companion/fonts/FONTS.md``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parents[2] / "fonts"

#: Role -> shipped font name (Terminus Font sizes: 6x12, 8x14, 8x16, 10x20).
SMALL = "mono-12"      # chart axes and labels
KEYS = "mono-14b"      # soft-key labels
BODY = "mono-16"       # list items, lines
BODY_BOLD = "mono-16b"  # prompt, cursor row, values, error
LARGE = "mono-20b"     # headline (when it fits), the value being set

ALL = (SMALL, KEYS, BODY, BODY_BOLD, LARGE)


@cache
def load(name: str) -> ImageFont.ImageFont:
    """One shipped font by name (``"mono-16"``)."""
    path = FONT_DIR / f"{name}.pil"
    if not path.exists():
        raise FileNotFoundError(f"font {name!r} not found at {path}")
    try:
        return _load_sheet(path)
    except Exception:  # a Pillow whose internals differ: its own loader, only slower to import
        return ImageFont.load(str(path))


def _load_sheet(path: Path) -> ImageFont.ImageFont:
    """What ``ImageFont.load`` does, reading the glyph sheet without an image plugin.

    ``ImageFont.load`` finds the sheet with ``Image.open``, whose first call
    imports every image format Pillow registers at start (BMP, GIF, JPEG, PPM,
    PNG and what they import: ≈20 M instructions of a cold start, and the PNG
    reader alone ≈20 M more); the sheet is a binary PBM (``P4``, see
    companion/fonts/FONTS.md): a two-line header, then the packed rows, which
    Pillow's raw decoder takes as they are (``1;I``: a set bit is black).
    """
    from PIL import Image

    sheet = path.with_suffix(".pbm")
    magic, size, pixels = sheet.read_bytes().split(b"\n", 2)
    width, height = map(int, size.split())
    if magic != b"P4" or len(pixels) != (width + 7) // 8 * height:
        raise ValueError(f"{sheet} is not a binary PBM as make_fonts writes it")
    with open(path, "rb") as metrics:
        font = ImageFont.ImageFont()
        font.file = str(sheet)
        font._load_pilfont_data(metrics, Image.frombytes("1", (width, height), pixels, "raw", "1;I"))
    return font


@cache
def line_height(name: str) -> int:
    """The height of one text line of the font (its cell height)."""
    return load(name).getbbox("Ág")[3]


@cache
def char_width(name: str) -> int:
    """The advance of one character (the fonts are monospaced)."""
    return int(load(name).getlength("M"))


@cache
def advances(name: str) -> dict[str, int]:
    """Slot character -> its advance in pixels; filled as characters are met.

    A bitmap font's line is as wide as the sum of its glyphs' advances
    (Pillow adds them up; no kerning), so a text can be cut to a width one
    character at a time without measuring every prefix again.
    """
    return _Advances(load(name))


class _Advances(dict):
    def __init__(self, font: ImageFont.ImageFont):
        super().__init__()
        self.font = font

    def __missing__(self, ch: str) -> int:
        width = self[ch] = int(self.font.getlength(ch))
        return width
