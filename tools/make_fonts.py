"""Build the shipped bitmap fonts from Terminus Font PCF files.

The screens draw only with Pillow's own bitmap font format (``.pil`` metrics
plus a ``.pbm`` glyph sheet, kept as a binary PBM: see :func:`binary_pbm`) so a frame is
the same on every machine: no FreeType, no hinting, no anti-aliasing. The
converted files are committed under ``companion/fonts/``; this script is
how they were made, and how to make them again::

    apt-get install xfonts-terminus          # Debian / Raspberry Pi OS
    python -m tools.make_fonts        # writes companion/fonts/
    python -m tools.make_fonts --source DIR --out DIR

It reads the Unicode (ISO-10646) PCF of each size, ``ter-u16n_unicode.pcf.gz``
and so on, and fills the 256 slots of a Pillow font with ISO-8859-1 plus the
symbols of :data:`companion.ui.draw.glyphs.EXTRA` in slots 0x80-0x9F. It stops
with an error when the source lacks a glyph the screens rely on.

Licence: Terminus Font is under the SIL Open Font License 1.1; the converted
files stay under it (``companion/fonts/OFL.txt``). They are named ``mono-*``
because the OFL reserves the name "Terminus Font" for the original.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

from companion.ui.draw import glyphs

DEFAULT_SOURCE = Path("/usr/share/fonts/X11/misc")
DEFAULT_OUT = Path(__file__).resolve().parents[1] / "companion" / "fonts"

#: Shipped font name -> Terminus Font PCF stem (size in pixels, n=normal, b=bold).
FONTS: dict[str, str] = {
    "mono-12": "ter-u12n",
    "mono-14b": "ter-u14b",
    "mono-16": "ter-u16n",
    "mono-16b": "ter-u16b",
    "mono-20b": "ter-u20b",
}


def _pcf_font_class():
    from PIL import PcfFontFile

    class UnicodePcfFont(PcfFontFile.PcfFontFile):
        """A PCF font whose 256 Pillow slots are chosen by ``slot_map``.

        Pillow's own loader maps one byte through a codec; the Unicode PCF
        is indexed by (row, column) of the code point, so the table is read
        here, the way the PCF format defines it.
        """

        def __init__(self, fp, slots: dict[int, int]):
            self._slots = slots
            self.missing: list[int] = []
            super().__init__(fp, "iso8859-1")

        def _load_encoding(self):
            fp, _format, i16, _i32 = self._getformat(PcfFontFile.PCF_BDF_ENCODINGS)
            first_col, last_col = i16(fp.read(2)), i16(fp.read(2))
            first_row, last_row = i16(fp.read(2)), i16(fp.read(2))
            i16(fp.read(2))  # default char
            cols = last_col - first_col + 1
            count = cols * (last_row - first_row + 1)
            offsets = [i16(fp.read(2)) for _ in range(count)]

            encoding: list[int | None] = [None] * 256
            for slot, code in sorted(self._slots.items()):
                row, col = divmod(code, 256)
                index = (row - first_row) * cols + (col - first_col)
                inside = first_row <= row <= last_row and first_col <= col <= last_col
                if inside and offsets[index] != 0xFFFF:
                    encoding[slot] = offsets[index]
                else:
                    self.missing.append(code)
            return encoding

    return UnicodePcfFont


def convert(pcf: Path, out_stem: Path) -> list[str]:
    """Convert one PCF (optionally gzipped) to ``out_stem``.pil/.pbm.

    Returns the characters the source lacks (the font is written anyway).
    """
    opener = gzip.open if pcf.suffix == ".gz" else open
    with opener(pcf, "rb") as fp:
        font = _pcf_font_class()(fp, glyphs.slot_map())
    out_stem.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(out_stem) + ".pil")
    binary_pbm(Path(str(out_stem) + ".pbm"))
    return [chr(code) for code in font.missing]


def binary_pbm(sheet: Path) -> None:
    """Write the glyph sheet again as a binary PBM (``P4``).

    Pillow's ``FontFile.save`` stores it as PNG data; companion/ui/draw/fonts.py
    reads a PBM's packed rows with Pillow's raw decoder, which spares a start
    the import of the PNG reader (about 20 M instructions), at about 16 KB more.
    """
    from PIL import Image

    with Image.open(sheet) as image:
        image.load()
    image.save(sheet, "PPM")  # mode "1": Pillow writes P4


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make_fonts",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE,
                        help=f"folder with ter-u*_unicode.pcf.gz (default {DEFAULT_SOURCE})")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"folder to write the fonts to (default {DEFAULT_OUT})")
    args = parser.parse_args(argv)

    status = 0
    for name, stem in FONTS.items():
        candidates = [args.source / f"{stem}_unicode.pcf.gz", args.source / f"{stem}_unicode.pcf"]
        pcf = next((p for p in candidates if p.exists()), None)
        if pcf is None:
            print(f"{name}: {candidates[0]} not found (apt-get install xfonts-terminus)", file=sys.stderr)
            status = 1
            continue
        missing = convert(pcf, args.out / name)
        if missing:
            print(f"{name}: {pcf.name} lacks {''.join(missing)!r}", file=sys.stderr)
            status = 1
        print(f"{name}: {pcf.name} -> {args.out / name}.pil")
    return status


if __name__ == "__main__":
    sys.exit(main())
