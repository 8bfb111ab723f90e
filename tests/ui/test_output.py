"""Frames out of the renderer: terminal art for the simulator, PNG files."""

from PIL import Image

from companion.ui.draw.render import render, save_png, to_text
from companion.ui.view import Choices, Screen

SCREEN = Screen("power_cards", "Round 4 · Turn 2/4 · BLUE", "BLUE: play a Power card",
                Choices(("1", "5", "7"), cursor=1), keys=("OK", "Up", "Down", "Menu"))


def frame(rows: list[str]) -> Image.Image:
    """A small 1-bit image from rows of '#' (ink) and '.' (paper)."""
    image = Image.new("1", (len(rows[0]), len(rows)), 1)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "#":
                image.putpixel((x, y), 0)
    return image


def test_half_blocks_draw_two_pixel_rows_per_line():
    image = frame(["#.#.",
                   "##..",
                   "...#"])
    assert to_text(image) == "█▄▀\n   ▀\n"


def test_scale_shrinks_by_blocks_inked_at_least_half():
    image = frame(["##..##",
                   "#...##",
                   "......",
                   "#....."])
    # Blocks: (ink 3/4, ink 0, ink 4/4) then (ink 1/4, 0, 0)
    assert to_text(image, scale=2) == "▀ ▀\n"


def test_a_panel_frame_fits_a_terminal_at_scale_2():
    text = to_text(render(SCREEN), scale=2)
    lines = text.splitlines()
    assert len(lines) == 44
    assert max(len(line) for line in lines) <= 132
    assert set(text) <= set("▀▄█ \n")
    assert "█" in lines[0]  # the inverted headline bar


def test_to_text_is_deterministic_and_full_size_at_scale_1():
    image = render(SCREEN)
    text = to_text(image)
    assert text == to_text(image)
    assert len(text.splitlines()) == 88


def test_save_png_round_trips_the_pixels(tmp_path):
    image = render(SCREEN)
    path = save_png(image, tmp_path / "frames" / "power.png")
    assert path.exists()
    with Image.open(path) as saved:
        assert saved.mode == "1"
        assert saved.convert("L").tobytes() == image.convert("L").tobytes()
