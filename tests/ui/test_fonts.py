"""The shipped bitmap fonts: every character the game shows has a glyph."""

import pytest
from PIL import Image, ImageDraw

from companion.ui.draw import fonts, glyphs
from tools import make_fonts

#: Every region name of both editions (and the Castillo).
REGION_NAMES = ("Galicia", "Navarra", "Aragón", "Cataluña", "Castilla", "Toledo", "Valencia",
                "Sevilla", "Granada", "País Vasco", "Castilla la Vieja", "Castilla la Nueva",
                "Castillo")
#: Other text the screens use.
SYMBOLS = "·×→…✓▲▼◄►–—’"
LETTERS = "áéíóúñüÁÉÍÓÚÑÜ¿¡"


def ink_pixels(text: str, font_name: str) -> int:
    font = fonts.load(font_name)
    encoded = glyphs.encode(text)
    image = Image.new("L", (int(font.getlength(encoded)) + 4, fonts.line_height(font_name) + 4), 255)
    ImageDraw.Draw(image).text((2, 2), encoded, font=font, fill=0)
    return image.histogram()[0]


@pytest.mark.parametrize("font_name", fonts.ALL)
def test_every_character_of_every_region_name_has_a_glyph(font_name):
    for name in REGION_NAMES:
        for ch in name:
            if ch == " ":
                continue
            assert glyphs.drawable(ch), (name, ch)
            assert ink_pixels(ch, font_name) > 0, f"{ch!r} of {name!r} is blank in {font_name}"


@pytest.mark.parametrize("font_name", fonts.ALL)
def test_symbols_and_accents_have_their_own_glyphs(font_name):
    for ch in SYMBOLS + LETTERS:
        assert glyphs.drawable(ch), ch
        assert ink_pixels(ch, font_name) > 0, f"{ch!r} is blank in {font_name}"
        # ... a glyph of its own, not the "?" stand-in.
        assert glyphs.encode(ch) != "?"


@pytest.mark.parametrize("font_name", fonts.ALL)
def test_accented_letters_differ_from_plain_ones(font_name):
    def pixels(ch):
        font = fonts.load(font_name)
        image = Image.new("L", (16, 30), 255)
        ImageDraw.Draw(image).text((0, 0), glyphs.encode(ch), font=font, fill=0)
        return image.tobytes()

    for plain, accented in zip("aeiounAEIOUN", "áéíóúñÁÉÍÓÚÑ"):
        assert pixels(plain) != pixels(accented)


def test_every_font_slot_is_filled():
    for font_name in fonts.ALL:
        for ch in glyphs.CHARSET - {" ", "\u00a0", "\u00ad"}:
            assert ink_pixels(ch, font_name) > 0, (font_name, ch)


def test_unknown_characters_become_a_stand_in_never_a_blank():
    assert glyphs.encode("⇒") == "=>"
    assert glyphs.encode("ő") == "o"          # base letter kept
    assert glyphs.encode("中") == "?"
    assert glyphs.encode("a\nb\tc") == "a b c"
    assert ink_pixels("中", fonts.BODY) > 0
    # C1 control codes are not passed through to the extra slots.
    assert glyphs.encode("\x85") == "?"


def test_fonts_are_monospaced_with_the_documented_sizes():
    expected = {fonts.SMALL: (6, 12), fonts.KEYS: (8, 14), fonts.BODY: (8, 16),
                fonts.BODY_BOLD: (8, 16), fonts.LARGE: (10, 20)}
    for name, (width, height) in expected.items():
        assert fonts.char_width(name) == width
        assert fonts.line_height(name) == height
        font = fonts.load(name)
        assert font.getlength("iiii") == font.getlength("WWWW") == 4 * width


def test_fonts_ship_small_and_with_their_licence():
    folder = fonts.FONT_DIR
    total = sum(p.stat().st_size for p in folder.iterdir() if p.is_file())
    assert total < 300_000
    for name in fonts.ALL:
        assert (folder / f"{name}.pil").exists() and (folder / f"{name}.pbm").exists()
    licence = (folder / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Dimitar Toshkov Zhekov" in licence
    assert "Terminus Font" in (folder / "FONTS.md").read_text(encoding="utf-8")


SOURCE = make_fonts.DEFAULT_SOURCE


@pytest.mark.skipif(not (SOURCE / "ter-u16n_unicode.pcf.gz").exists(),
                    reason="Terminus Font PCF files not installed (apt-get install xfonts-terminus)")
def test_make_fonts_reproduces_the_committed_fonts(tmp_path):
    assert make_fonts.main(["--out", str(tmp_path)]) == 0
    for name in make_fonts.FONTS:
        assert (tmp_path / f"{name}.pil").read_bytes() == (fonts.FONT_DIR / f"{name}.pil").read_bytes()
        with Image.open(tmp_path / f"{name}.pbm") as new, Image.open(fonts.FONT_DIR / f"{name}.pbm") as old:
            assert new.convert("L").tobytes() == old.convert("L").tobytes()


def test_make_fonts_reports_a_missing_source(tmp_path, capsys):
    assert make_fonts.main(["--source", str(tmp_path), "--out", str(tmp_path / "out")]) == 1
    assert "xfonts-terminus" in capsys.readouterr().err


def test_make_fonts_names_only_fonts_the_renderer_uses():
    assert set(make_fonts.FONTS) == set(fonts.ALL)
