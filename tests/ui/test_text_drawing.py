"""The renderer's kept measurements and glyph masks give exactly what measuring and drawing afresh gives.

The golden images hold whole frames; these compare the fast paths with the plain
Pillow calls they replace, on any text, so a frame can never differ by a pixel.
"""

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from companion.ui.draw import fonts, glyphs
from companion.ui.draw.ink import ELLIPSIS, draw_text, fit, text_width
from tests.hypothesis_budget import examples

ASCII = st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=40)
TEXT = st.one_of(ASCII, st.text(alphabet=st.one_of(st.characters(min_codepoint=0x20, max_codepoint=0x7E),
                                                   st.sampled_from("·…×→►◄éÁñßłő\u0301\t ⇒★€"),
                                                   st.characters()), max_size=40))
FONT = st.sampled_from(fonts.ALL)


def encode_afresh(text: str) -> str:
    return "".join(glyphs._encode_char(ch) for ch in unicodedata.normalize("NFC", text))


def fit_afresh(text: str, font_name: str, width: int) -> str:
    """The fitting as it was: measure every prefix as drawn."""
    font = fonts.load(font_name)
    if int(font.getlength(encode_afresh(text))) <= width:
        return text
    room = width - int(font.getlength(encode_afresh(ELLIPSIS)))
    cut = ""
    for ch in text:
        if font.getlength(encode_afresh(cut + ch)) > room:
            break
        cut += ch
    return cut.rstrip() + ELLIPSIS if room >= 0 else ""


@given(TEXT)
def test_encode_is_the_character_by_character_encoding(text):
    assert glyphs.encode(text) == encode_afresh(text)


@settings(max_examples=examples(300))
@given(TEXT, FONT, st.integers(-5, 260))
def test_fit_and_width_are_what_measuring_afresh_gives(text, font_name, width):
    assert text_width(text, font_name) == int(fonts.load(font_name).getlength(encode_afresh(text)))
    assert fit(text, font_name, width) == fit_afresh(text, font_name, width)


@settings(max_examples=examples(200))
@given(TEXT, FONT, st.integers(-30, 120), st.integers(-20, 40), st.sampled_from([0, 1]),
       st.sampled_from([0, 1]))
def test_a_line_has_the_pixels_pillow_draws_for_it(text, font_name, x, y, fill, paper):
    ours = Image.new("1", (160, 40), paper)
    width = draw_text(ImageDraw.Draw(ours), (x, y), text, font_name, fill=fill)
    theirs = Image.new("1", (160, 40), paper)
    if text:
        ImageDraw.Draw(theirs).text((x, y), encode_afresh(text), font=fonts.load(font_name), fill=fill)
    assert ours.tobytes() == theirs.tobytes()
    assert width == int(fonts.load(font_name).getlength(encode_afresh(text)))


def test_line_height_and_advances_are_the_fonts_own():
    for name in fonts.ALL:
        font = fonts.load(name)
        assert fonts.line_height(name) == font.getbbox("Ág")[3]
        assert fonts.char_width(name) == int(font.getlength("M"))
        assert all(fonts.advances(name)[chr(c)] == int(font.getlength(chr(c))) for c in range(0x20, 0x7F))


def test_the_fonts_read_without_an_image_plugin_are_pillows_own():
    from PIL import ImageFont

    every_slot = "".join(chr(c) for c in glyphs.slot_map())
    for name in fonts.ALL:
        path = fonts.FONT_DIR / f"{name}.pil"
        ours, pillows = fonts._load_sheet(path), ImageFont.load(str(path))
        assert ours.info == pillows.info
        for text in (every_slot, "Ág", encode_afresh("Round 4 · Turn 2/4 · BLUE…")):
            assert ours.getbbox(text) == pillows.getbbox(text)
            mine, theirs = ours.getmask(text, "1"), pillows.getmask(text, "1")
            assert mine.size == theirs.size
            assert bytes(Image.Image()._new(mine).tobytes()) == bytes(Image.Image()._new(theirs).tobytes())


def test_a_pillow_without_that_path_still_loads_the_fonts(monkeypatch):
    def gone(path):
        raise AttributeError("_load_pilfont_data")

    monkeypatch.setattr(fonts, "_load_sheet", gone)
    fonts.load.cache_clear()
    try:
        assert fonts.load(fonts.BODY).getlength("M") == 8
    finally:
        fonts.load.cache_clear()
