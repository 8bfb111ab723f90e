"""The renderer: golden frames for every body kind and edge case, and the
outcomes every frame must have whatever the pixels (size, mode, headline,
key labels in their band, truncation, the cursor in view)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.ui.draw import fonts
from companion.ui.draw import render as render_module
from companion.ui.draw.lists import line_rows
from companion.ui.draw.render import DEFAULT_KEYS_EDGE, EDGES, PANEL_SIZE, ROW_H, fit, layout, render, text_width, window
from companion.ui.view import Chart, Choices, Line, Lines, Screen, Series, Spinner, Spinners

REGIONS = ("Galicia", "País Vasco", "Navarra", "Aragón", "Cataluña", "Castilla la Vieja",
           "Castilla la Nueva", "Valencia", "Sevilla", "Granada", "Castillo")
NAV = ("OK", "Up", "Down", "Menu")

POWER = Screen(
    "power_cards", "Round 4 · Turn 2/4 · BLUE", "BLUE: play a Power card",
    Choices(("1", "5", "7", "9", "11", "13"), cursor=3, marks=("", "played", "", "", "✓", "")),
    keys=NAV)

SCREENS = {
    "choices": POWER,
    "choices_long_end": Screen(
        "region", "Round 6 · General scoring", "Which region is scored next?",
        Choices(REGIONS, cursor=9), keys=("OK", "Up", "Down", "Back")),
    "choices_long_middle": Screen(
        "region", "Round 6 · General scoring", "Which region is scored next?",
        Choices(REGIONS, cursor=5, marks=("✓", "✓", "✓", "✓", "", "", "", "", "", "", "")),
        keys=("OK", "Up", "Down", "Back")),
    "spinners": Screen(
        "counts", "Round 3 · Scoring · Aragón", "Caballeros in Aragón",
        Spinners((Spinner("BLUE", 3, 0, 12), Spinner("RED", 0, 0, 12), Spinner("GREEN", 5, 0, 12),
                  Spinner("YELLOW", 12, 0, 12), Spinner("BLACK", 2, 0, 12)), cursor=1),
        keys=("OK", "Next", "+1", "-1")),
    "spinners_long_end": Screen(
        "discs", "Round 6 · Secret discs", "Castillo Caballeros to each region",
        Spinners(tuple(Spinner(name, i % 4, 0, 30) for i, name in enumerate(REGIONS[:-1])), cursor=8),
        keys=("OK", "Next", "+1", "-1")),
    "lines": Screen(
        "results", "Round 3 · Aragón scored", "Why each player scored",
        Lines((Line("BLUE 1st: 5 Caballeros against 3, and the King's bonus", "+7", strong=True),
               Line("RED 2nd: 3 Caballeros", "+4"),
               "GREEN and BLACK tie for 3rd with 2 each: both score the 4th place value",
               Line("BLACK", "+1"))),
        keys=("OK", "", "", "Menu")),
    "lines_scrolled": Screen(
        "standings", "Game over · BLUE wins", "Standings",
        Lines(tuple(Line(f"{i + 1}. {name}", f"{120 - 7 * i}", strong=i == 0)
                    for i, name in enumerate(REGIONS)), top=4),
        keys=("OK", "Up", "Down", "Menu")),
    "chart": Screen(
        "game_over", "Game over · BLUE wins", "Scores over the game",
        Chart((Series("BLUE", (0, 31, 38, 72, 80, 112)), Series("RED", (0, 24, 35, 58, 71, 104)),
               Series("GREEN", (0, 35, 41, 61, 64, 96)), Series("YELLOW", (0, 18, 30, 49, 60, 83)),
               Series("BLACK", (0, 27, 27, 55, 69, 101))),
              x_labels=("", "R3", "R5", "R6", "R8", "R9")),
        keys=("New", "", "Log", "Menu")),
    "chart_no_prompt": Screen(
        "game_over", "Game over · RED wins", "",
        Chart((Series("RED", (0, 20, 44, 70)), Series("dummy", (0, 25, 41, 66)))),
        keys=("New", "", "", "Menu")),
    "error": Screen(
        "power_cards", "Round 4 · Turn 2/4 · BLUE", "BLUE: play a Power card",
        Choices(("1", "5", "7", "9", "11", "13"), cursor=2),
        error="9 was already played by RED this round", keys=NAV),
    "truncated": Screen(
        "long", "Round 9 · Special scoring · Castilla la Nueva · YELLOW",
        "Choose the region that the card names, then confirm with OK",
        Choices(("Castilla la Vieja and Castilla la Nueva together", "Galicia"), cursor=0,
                marks=("both", "a very long mark")),
        error="That region was already scored by the Special scoring card this round",
        keys=("Confirm", "Previous", "Hold for menu", "Undo last step")),
    "headline_only": Screen("idle", "El Grande", keys=("", "", "", "Menu")),
}


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_golden(golden, name):
    golden(render(SCREENS[name]), name)


@pytest.mark.parametrize("edge", EDGES)
def test_golden_key_edges(golden, edge):
    screen = Screen("turn", "Round 2 · Turn 1/3 · RED", "RED: Castillo, card effects, then end the turn",
                    Choices(("Castillo throw", "Action card effect", "Special scoring", "End the turn"),
                            cursor=3), keys=("OK", "Up", "Down", "Hold: menu"))
    golden(render(screen, keys_edge=edge), f"keys_{edge}")


def test_golden_400x300(golden):
    screen = Screen("region", "Round 6 · General scoring", "Which region is scored next?",
                    Choices(REGIONS, cursor=9), error="Castillo is scored first",
                    keys=("OK", "Up", "Down", "Back"))
    golden(render(screen, size=(400, 300)), "size_400x300")


# --- outcomes ----------------------------------------------------------------

SIZES = [(264, 176), (400, 300), (296, 128), (250, 122), (176, 264)]


def ink_box(image, box):
    """The bounding box of the ink inside ``box`` (x0, y0, x1, y1), or None."""
    from PIL import ImageOps
    crop = ImageOps.invert(image.crop(box).convert("L"))  # ink -> white for getbbox
    inner = crop.getbbox()
    if inner is None:
        return None
    return (box[0] + inner[0], box[1] + inner[1], box[0] + inner[2], box[1] + inner[3])


def diff_box(a, b):
    from PIL import ImageChops
    return ImageChops.logical_xor(a, b).getbbox()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("edge", EDGES)
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_frame_is_1_bit_of_the_panel_size(name, edge, size):
    image = render(SCREENS[name], size=size, keys_edge=edge)
    assert image.mode == "1"
    assert image.size == size
    # White paper: most of a frame is blank (but for a long refusal, inverted over the body).
    if not SCREENS[name].error:
        histogram = image.convert("L").histogram()
        assert histogram[255] > histogram[0]


def test_default_is_the_waveshare_27_panel_with_keys_on_the_left():
    assert PANEL_SIZE == (264, 176)
    assert DEFAULT_KEYS_EDGE == "left"
    assert render(POWER).tobytes() == render(POWER, (264, 176), "left").tobytes()


def test_rendering_is_deterministic():
    for screen in SCREENS.values():
        assert render(screen).tobytes() == render(screen).tobytes()


@pytest.mark.parametrize("edge", EDGES)
def test_headline_is_drawn_in_the_first_content_row(edge):
    lay = layout(PANEL_SIZE, edge)
    c = lay.content
    image = render(Screen("x", "Round 1 · Setup"), keys_edge=edge)
    # The inverted bar: its first row is ink from edge to edge of the content.
    assert all(image.getpixel((x, c.y0)) == 0 for x in range(c.x0 + 1, c.x1 - 1))
    # ... and the headline's letters are paper inside it.
    bar = image.crop((c.x0, c.y0, c.x1, c.y0 + 22)).convert("L")
    assert 0 < bar.histogram()[255] < bar.width * bar.height // 2


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("edge", EDGES)
def test_each_key_label_is_inside_its_own_cell(edge, size):
    lay = layout(size, edge)
    blank = render(Screen("x", "Headline", "Prompt", Choices(("a", "b"))), size, edge)
    for index in range(4):
        keys = ["", "", "", ""]
        keys[index] = "Menu"
        image = render(Screen("x", "Headline", "Prompt", Choices(("a", "b")), keys=tuple(keys)),
                       size, edge)
        changed = diff_box(blank, image)
        assert changed is not None, f"KEY{index + 1} drew nothing"
        cell = lay.keys[index]
        assert cell.x0 <= changed[0] and cell.y0 <= changed[1], (index, changed, cell)
        assert changed[2] <= cell.x1 and changed[3] <= cell.y1, (index, changed, cell)
        assert lay.band.contains(cell)


def test_keys_run_top_to_bottom_or_left_to_right_and_can_be_reversed():
    left = layout(PANEL_SIZE, "left")
    assert [c.y0 for c in left.keys] == sorted(c.y0 for c in left.keys)
    assert left.band.x0 == 0
    right = layout(PANEL_SIZE, "right")
    assert right.band.x1 == PANEL_SIZE[0]
    bottom = layout(PANEL_SIZE, "bottom", keys_reversed=True)
    assert [c.x0 for c in bottom.keys] == sorted((c.x0 for c in bottom.keys), reverse=True)
    assert bottom.band.y1 == PANEL_SIZE[1]
    for lay in (left, right, bottom, layout(PANEL_SIZE, "top")):
        # The cells tile the band; the content does not overlap it.
        assert sum(c.width * c.height for c in lay.keys) == lay.band.width * lay.band.height
        c, b = lay.content, lay.band
        assert c.x1 <= b.x0 or b.x1 <= c.x0 or c.y1 <= b.y0 or b.y1 <= c.y0


def test_bad_edge_or_tiny_panel_is_refused():
    with pytest.raises(ValueError, match="keys_edge"):
        render(POWER, keys_edge="middle")
    with pytest.raises(ValueError, match="smaller"):
        render(POWER, size=(100, 60))


def test_fit_ends_with_an_ellipsis_and_never_overflows():
    text = "Castilla la Nueva, Castilla la Vieja and the Castillo"
    for width in range(0, 400, 7):
        cut = fit(text, fonts.BODY, width)
        assert text_width(cut, fonts.BODY) <= width
        assert cut == text or cut.endswith("…") or cut == ""
    assert fit("OK", fonts.BODY, 100) == "OK"


@pytest.mark.parametrize("edge", EDGES)
def test_long_text_stays_inside_the_content(edge):
    lay = layout(PANEL_SIZE, edge)
    long = "Castilla la Nueva " * 10
    image = render(Screen("x", long, long, Lines((long, Line(long, right=long))), error=long,
                          keys=(long, long, long, long)), keys_edge=edge)
    blank_keys = render(Screen("x", long, long, Lines((long, Line(long, right=long))), error=long),
                        keys_edge=edge)
    # Nothing outside the band changes with the labels ...
    changed = diff_box(blank_keys, image)
    assert lay.band.contains(type(lay.band)(*changed))
    # ... and the text rows leave the right padding of the content blank
    # (the headline and error bars are ink there by design).
    # The lines wrap and scroll: the scroll bar has the right edge, the text stops before it.
    body = render_module._frame(Screen("x", long, long, error=long), lay)[2]
    assert body.height >= 18  # a long refusal still leaves a row of the body
    bar = 4 + 2
    assert ink_box(image, (body.x1 - bar - 3, body.y0, body.x1 - bar, body.y1)) is None
    assert ink_box(image, (body.x1 - 4, body.y0, body.x1, body.y1)) is not None  # the scroll bar


def cursor_rows(image, box):
    """y of rows inside ``box`` whose first three pixels are ink (the cursor bar)."""
    return [y for y in range(box.y0, box.y1)
            if all(image.getpixel((x, y)) == 0 for x in range(box.x0, box.x0 + 3))]


@pytest.mark.parametrize("size", [(264, 176), (250, 122), (400, 300)])
def test_cursor_stays_visible_while_scrolling_a_long_list(size):
    lay = layout(size)
    body = type(lay.content)(lay.content.x0, lay.content.y0 + 22, lay.content.x1, lay.content.y1)
    items = tuple(f"Item {i}" for i in range(40))
    for cursor in range(len(items)):
        image = render(Screen("x", "List", "Pick one", Choices(items, cursor=cursor)), size)
        bar = cursor_rows(image, body)
        assert len(bar) == ROW_H, (cursor, bar)
        assert bar == list(range(bar[0], bar[0] + ROW_H))


def test_spinner_cursor_stays_visible_at_the_end_of_a_long_list():
    lay = layout(PANEL_SIZE)
    body = type(lay.content)(lay.content.x0, lay.content.y0 + 22, lay.content.x1, lay.content.y1)
    rows = tuple(Spinner(f"Region {i}", i, 0, 20) for i in range(12))
    for cursor in (0, 5, 11):
        image = render(Screen("x", "Counts", "Set", Spinners(rows, cursor=cursor)))
        assert cursor_rows(image, body), cursor


@given(count=st.integers(0, 200), visible=st.integers(1, 30), data=st.data())
def test_window_always_shows_the_cursor(count, visible, data):
    cursor = data.draw(st.integers(0, max(0, count - 1)))
    first = window(count, cursor, visible)
    assert 0 <= first
    if count:
        assert first <= cursor < first + visible
        assert first + min(visible, count) <= count  # no blank rows at the end


def test_chart_draws_one_marker_style_per_player_and_survives_odd_data():
    for series in [(), (Series("solo", ()),), (Series("a", (5,)),),
                   (Series("a", (0, 0, 0)), Series("b", (0, 0, 0))),
                   tuple(Series(f"p{i}", (0, -3, 10 * i)) for i in range(7))]:
        image = render(Screen("x", "Chart", "", Chart(series)))
        assert image.size == PANEL_SIZE


def test_empty_bodies_render():
    for body in (Choices(()), Spinners(()), Lines(()), Chart(()), None):
        assert render(Screen("x", "", "", body)).size == PANEL_SIZE


# --- the golden comparison itself ---------------------------------------------

def test_a_changed_pixel_fails_the_golden_with_a_count_and_the_actual_frame(golden, monkeypatch):
    monkeypatch.delenv("ELGRANDE_REGENERATE_GOLDENS", raising=False)
    image = render(POWER)
    for xy in ((100, 100), (101, 100), (200, 150)):
        image.putpixel(xy, 0 if image.getpixel(xy) else 1)
    with pytest.raises(pytest.fail.Exception, match=r"choices: 3 pixels differ") as failure:
        golden(image, "choices")
    actual = str(failure.value).split("actual frame ")[1].split(",")[0]
    from PIL import Image
    with Image.open(actual) as saved:
        assert saved.convert("L").tobytes() == image.convert("L").tobytes()


def test_regenerating_writes_the_golden_and_never_passes(golden, monkeypatch, tmp_path):
    golden.folder = tmp_path
    monkeypatch.setenv("ELGRANDE_REGENERATE_GOLDENS", "1")
    with pytest.raises(pytest.fail.Exception, match="regenerated"):
        golden(render(POWER), "new")
    assert (tmp_path / "new.png").exists()
    monkeypatch.delenv("ELGRANDE_REGENERATE_GOLDENS")
    golden(render(POWER), "new")  # now it matches
    with pytest.raises(pytest.fail.Exception, match="no golden"):
        golden(render(POWER), "missing")


def test_a_long_name_in_the_headline_is_kept_whole_by_shortening_the_rest():
    from companion.ui.draw.bars import _shortest_needed
    from companion.ui.draw.render import layout

    room = layout(PANEL_SIZE).content.width - 2 * 3
    assert _shortest_needed("Round 4 · Turn 2/4 · Red", room) == "Round 4 · Turn 2/4 · Red"  # fits: unchanged
    assert _shortest_needed("Round 4 · Turn 2/4 · Maximiliana", room) == "R4 · 2/4 · Maximiliana"
    image = render(Screen("x", "Round 4 · Turn 2/4 · Maximiliana"))
    assert image == render(Screen("x", "R4 · 2/4 · Maximiliana"))


# --- paragraphs: the renderer wraps lines to the panel it draws on ------------------

GALICIA = "Galicia: Annabel 3, Bartholomew 2, Clementine 2 and the King"


def _rows(screen, size, edge="left"):
    box = render_module._frame(screen, layout(size, edge))[2]
    return line_rows(screen.body, render_module.Box(0, 0, box.width, box.height))[0]


@pytest.mark.parametrize("size", [(264, 176), (176, 264), (400, 300), (250, 122)])
def test_a_long_line_wraps_whole_on_every_panel_and_rotation(size):
    screen = Screen("x", "Corrected", body=Lines([Line(GALICIA, hang="  ")]))
    rows = [text for _, text in _rows(screen, size)]
    assert len(rows) >= 2
    assert not any(row.endswith("…") for row in rows)  # nothing cut: every word shows
    assert " ".join(row.strip() for row in rows) == GALICIA
    assert all(row.startswith("  ") for row in rows[1:])  # the hang
    assert render(screen, size).size == size


def test_portrait_wraps_narrower_than_landscape():
    screen = Screen("x", "Corrected", body=Lines([GALICIA]))
    assert len(_rows(screen, (176, 264))) > len(_rows(screen, (264, 176)))


def test_the_right_column_is_on_a_paragraphs_first_row_only():
    lines = Lines([Line("BLUE 1st: 5 Caballeros against 3, and the King's bonus", right="+7")])
    image = render(Screen("x", "h", body=lines))
    lay = layout()
    first_row = ink_box(image, (lay.content.x1 - 30, lay.content.y0 + 24, lay.content.x1, lay.content.y0 + 24 + ROW_H))
    second_row = ink_box(image, (lay.content.x1 - 30, lay.content.y0 + 24 + ROW_H,
                                 lay.content.x1, lay.content.y0 + 24 + 2 * ROW_H))
    assert first_row is not None and second_row is None


def test_scroll_end_counts_the_wrapped_rows_and_the_frame_stops_there():
    few = Screen("x", "h", body=Lines(["Red 12", "Blue 9"]))
    assert render_module.scroll_end(few) == 0
    many = Screen("x", "h", "Why", body=Lines([GALICIA] * 6))
    end = render_module.scroll_end(many)
    rows = _rows(many, PANEL_SIZE)
    assert end == len(rows) - 7 > 0  # seven rows show under a headline and a one-line prompt
    # Past the end the frame shows the last screenful, as at the end itself.
    last = Screen("x", "h", "Why", body=Lines([GALICIA] * 6, top=end))
    assert render(Screen("x", "h", "Why", body=Lines([GALICIA] * 6, top=end + 5))) == render(last)
    # Turned to portrait, the same lines take more rows.
    assert render_module.scroll_end(many, (176, 264)) > end


#: The longest refusals the keys can meet (tests/game, tests/ui), up to 140 characters.
LONG_REFUSALS = (
    "Ann's card places at most 3 Caballeros this turn, 3 thrown already (if a card lets more in, "
    "correct the Castillo from the menu)",
    "the region(s) with the most Caballeros scores Galicia, Aragón, Sevilla here (from the counts "
    "known: correct them first if the board differs)",
    "Bo had none in the Castillo tally, so no secret disc was set: undo to the secret discs and "
    "correct the Castillo there first",
)


@pytest.mark.parametrize("size", [(264, 176), (176, 264)])
def test_a_refusal_shows_whole_on_the_27_inch_panel_either_way_round(size):
    lay = layout(size)
    for error in LONG_REFUSALS:
        for prompt in ("", "Ann: take an action card or end the turn now"):
            screen = Screen("x", "Round 4 · Turn 2/4 · Ann", prompt, Choices(("a", "b")), error=error)
            lines, _, body = render_module._frame(screen, lay)[0], None, render_module._frame(screen, lay)[2]
            assert " ".join(lines) == error  # every word, nothing cut
            assert body.height >= ROW_H  # the row the cursor is on stays in view


def test_a_short_refusal_takes_what_it_needs_and_a_small_panel_shows_what_fits():
    error = "Bo has already taken an action card"
    lines = render_module._frame(Screen("x", "h", "p", Choices(("a",)), error=error), layout())[0]
    assert " ".join(lines) == error and len(lines) == 2
    errors, prompt, body = render_module._frame(Screen("x", "h", "p", error=LONG_REFUSALS[0]),
                                                layout((296, 128), "top"))
    assert errors[-1].endswith("…") and not prompt  # as much as fits, over the prompt
    assert body.height >= ROW_H
