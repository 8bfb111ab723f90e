"""Pages laid out for each supported panel and reading distance (issue 25): one golden page per
new size, the 2.7inch pages unchanged at either distance, a table page as the arm page's
pixels doubled on the glass."""

import pytest

from companion.settings.panel import PANELS, scale_for
from companion.ui.draw.render import laid_out, page_scale, render, scroll_end
from companion.ui.view import Choices, Line, Lines, Map, Place, Screen

TURN = Screen("turn", "Round 2 · Turn 1/4 · Red", "Red: what else happens?",
              Choices(("End the turn", "Throw into the Castillo", "Special scoring", "King moved",
                       "Scoring tile", "Grande moved"), cursor=0, marks=("", "2 in", "", "", "", "")),
              keys=("OK", "Up", "Down", "Menu"))


@pytest.mark.parametrize("name", ["4in2_V2", "7in5_V2"])
@pytest.mark.parametrize("distance", ["arm", "table"])
def test_a_page_for_each_new_panel_size_and_distance(golden, name, distance):
    spec = PANELS[name]
    image = render(TURN, spec.size, scale=scale_for(spec.size, name, distance))
    assert image.size == spec.size
    golden(image, f"panel_{name}_{distance}")


@pytest.mark.parametrize("name", ["2in7_V2", "2in7"])
def test_the_2in7_pages_are_the_same_at_the_table(name):
    size = PANELS[name].size
    assert scale_for(size, name, "table") == 1
    assert render(TURN, size, scale=scale_for(size, name, "table")).tobytes() == render(TURN).tobytes()


def test_a_table_page_is_the_half_size_page_doubled():
    size = PANELS["4in2_V2"].size
    half = render(TURN, laid_out(size, 2))
    doubled = render(TURN, size, scale=2)
    assert doubled.size == size
    for x, y in [(0, 0), (51, 7), (199, 149), (120, 33)]:
        assert doubled.getpixel((2 * x, 2 * y)) == doubled.getpixel((2 * x + 1, 2 * y + 1)) == half.getpixel((x, y))


def test_lines_wrap_and_scroll_to_the_scaled_layout():
    screen = Screen("sheet", "Scores", "", Lines(tuple(Line(f"line {n} " + "word " * 12) for n in range(30))))
    size = PANELS["7in5_V2"].size
    assert scroll_end(screen, size, scale=2) == scroll_end(screen, laid_out(size, 2))
    assert scroll_end(screen, size, scale=2) > scroll_end(screen, size)


def test_the_screens_command_draws_the_tour_for_a_panel_at_a_distance(cli, tmp_path):
    from PIL import Image

    status, stdout, stderr = cli("screens", str(tmp_path / "t"), "--panel", "4in2_V2", "--distance", "table")
    assert status == 0, stderr
    assert "(4in2_V2 400x300, keys left, drawn 2x for the table)" in stdout
    with Image.open(tmp_path / "t" / "21-turn.png") as image:
        assert image.size == (400, 300) and image.mode == "1"
        pixels = image.load()
        assert all(pixels[x, y] == pixels[x + 1, y + 1] for x in range(0, 400, 2) for y in range(0, 300, 2))


@pytest.mark.parametrize("args, message", [
    (["--panel", "9in7"], "--panel must be one of 2in7_V2, 2in7, 4in2_V2, 7in5_V2, not '9in7'"),
    (["--panel", "4in2_V2", "--size", "400x300"], "give --panel or --size, not both"),
])
def test_the_screens_command_refuses_a_panel_it_does_not_know(cli, tmp_path, args, message):
    status, stdout, stderr = cli("screens", str(tmp_path / "out"), *args)
    assert status == 2 and stdout == ""
    assert stderr == f"elgrande-companion screens: {message}\n"


MAP = Screen("map", "Round 1 · The board", "", Map((Place("Galicia", (0, 0), (("R", 2),)),
                                                    Place("Aragón", (2, 0), (("R", 2), ("B", 2))))),
             keys=("", "", "Back", "OK"))


@pytest.mark.parametrize("name, scale", [("4in2_V2", 1), ("7in5_V2", 2)])
def test_the_map_is_never_laid_out_smaller_than_on_the_2in7(name, scale):
    """Its cells are made for the 2.7inch panel's room: at the table the 4.2inch draws the map at
    1 (laid out at 200 x 150 its counts fell out of their cells), the 7.5inch at 2; other pages at 2."""
    spec = PANELS[name]
    table = scale_for(spec.size, name, "table")
    assert table == 2 and page_scale(TURN, spec.size, table) == 2
    assert page_scale(MAP, spec.size, table) == scale
    assert render(MAP, spec.size, scale=table).tobytes() == render(MAP, spec.size, scale=scale).tobytes()
