"""One key grammar on every screen (companion/ui/grammar.py, docs/ui.md).

KEY1 ▲ previous, KEY2 ▼ next, KEY3 less/back, KEY4 more/OK; held, KEY1 is
the menu, KEY2 half-way round and KEY4 undo. Every screen of the tour is held to it, and each
page shape is pressed to show the keys do what their labels say.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.measure.catalogue import tour
from companion.ui.controller import Controller
from companion.ui.grammar import BACK, DOWN, FAR_KEY, HELD, KEY1, LABELS, OK, UP, held, keys_to_fill, keys_to_set, ring_keys
from companion.ui.pages import CountsPage, LinesPage, ListPage
from companion.ui.view import Choices, Lines, Screen, Spinners

SCREENS = list(tour())


def test_the_tour_shows_every_page_shape():
    bodies = {type(screen.body) for _, screen in SCREENS}
    assert {Choices, Spinners, Lines} <= bodies


@pytest.mark.parametrize("name, screen", SCREENS, ids=[name for name, _ in SCREENS])
def test_every_screen_labels_its_keys_by_the_grammar(name, screen):
    for key, label in enumerate(screen.keys):
        assert label in LABELS[key], f"{name}: KEY{key + 1} says {label!r}; the grammar allows {sorted(LABELS[key])}"
    if isinstance(screen.body, Spinners):
        on_counter = screen.body.cursor < len(screen.body.rows)
        assert screen.keys[2:] == (("−", "+") if on_counter else screen.keys[2:])
        assert on_counter or screen.keys[3] == "OK"


class Calls(list):
    """A callback that keeps its calls (and is a callback even before it is called)."""

    def __call__(self, *args):
        self.append(args)

    def __bool__(self):
        return True


def test_a_list_moves_with_the_arrows_goes_back_with_key3_and_confirms_with_key4():
    ok, back = Calls(), Calls()
    page = ListPage("x", "h", "p", ok, items=[("a", 1), ("b", 2), ("c", 3)], third="Back", on_third=back)
    page.press(UP)
    assert page.cursor == 2  # wraps round
    page.press(DOWN)
    page.press(DOWN)
    assert page.cursor == 1
    page.press(BACK)
    page.press(OK)
    assert back == [()] and ok == [(2,)]
    assert page.screen().keys == ("▲", "▼", "Back", "OK")


def pressed(page, key: int):
    """One press of a list of presses (keys_to_set, keys_to_fill) on ``page``: a held FAR_KEY is ``far``."""
    return page.far() if key == held(FAR_KEY) else page.press(key)


def test_holding_key2_takes_the_cursor_half_way_round_past_the_rows_passed_over():
    ui = Controller(lambda settings: None)
    page = ListPage("x", "h", "p", Calls(), items=[(str(i), i) for i in range(13)], third="Back", on_third=Calls())
    ui.push(page)
    ui.press(FAR_KEY, long=True)
    assert ui.screen().body.cursor == 6  # (13 Power cards: the 7th, one press, not six)
    ui.press(FAR_KEY, long=True)
    assert ui.screen().body.cursor == 12  # (half-way again: a ring of 13)
    passed = ListPage("x", "h", "p", Calls(), items=[(str(i), i) for i in range(6)], passed=frozenset({1, 2}))
    passed.far()
    assert passed.cursor == 4  # (of the rows it stops on, 0 3 4 5, two on)
    counts = CountsPage("x", "h", "p", Calls(), rows=[[str(i), i, 0, 0, 5] for i in range(5)])
    counts.far()
    assert counts.cursor == 2  # (the ring of the five rows and the OK row, from the OK row)
    lines = LinesPage("x", "h", "p", Calls(), lines=[str(i) for i in range(20)], third="Back", on_third=Calls())
    lines.far()
    assert lines.top == 10


def test_the_fewest_presses_to_a_row_hold_key2_where_that_is_fewer():
    assert ring_keys(0, 6, 13) == [held(FAR_KEY)]
    assert ring_keys(0, 5, 13) == [held(FAR_KEY), UP]
    assert ring_keys(0, 2, 13) == [DOWN, DOWN]
    assert ring_keys(0, 11, 13) == [UP, UP]
    assert ring_keys(3, 1, 4) == [held(FAR_KEY)]
    assert ring_keys(0, 3, 10) == [DOWN, DOWN, DOWN]  # (a tie, ▼ held ▲ ▲: the arrows)
    assert held(FAR_KEY) == DOWN + HELD


def test_counts_start_on_the_ok_row_and_keys_3_and_4_are_less_and_more_on_a_counter():
    ok, back = Calls(), Calls()
    page = CountsPage("x", "h", "p", ok, rows=[["Red", "red", 2, 0, 5], ["Blue", "blue", 0, 0, 5]],
                      third="Back", on_third=back)
    assert page.screen().body.cursor == 2 and page.screen().keys == ("▲", "▼", "Back", "OK")
    page.press(UP)  # onto Blue
    assert page.screen().keys == ("▲", "▼", "−", "+")
    page.press(OK)  # +
    page.press(OK)
    page.press(BACK)  # −
    page.press(DOWN)  # back to the OK row
    page.press(BACK)
    page.press(OK)
    assert back == [()] and ok == [({"red": 2, "blue": 1},)]


def test_a_counter_stops_at_its_bounds():
    page = CountsPage("x", "h", "p", Calls(), rows=[["Red", "red", 0, 0, 1]], cursor=0)
    page.press(BACK)
    assert page.rows[0][2] == 0
    page.press(OK)
    page.press(OK)
    assert page.rows[0][2] == 1


def test_lines_scroll_with_the_arrows_only_when_they_do_not_fit():
    short = LinesPage("x", "h", "p", Calls(), lines=["one"], third="")
    long = LinesPage("x", "h", "p", Calls(), lines=[str(i) for i in range(20)], third="Back", on_third=Calls())
    assert short.screen().keys == ("", "", "", "OK")
    assert long.screen().keys == ("▲", "▼", "Back", "OK")
    long.press(DOWN)
    assert long.screen().body.top == 1


def test_holding_key1_in_the_menu_does_not_open_a_second_menu():
    ui = Controller(lambda settings: None)
    ui.press(KEY1, long=True)
    depth = len(ui.stack)
    assert ui.screen().kind == "menu"
    ui.press(KEY1, long=True)
    assert len(ui.stack) == depth and ui.screen().kind == "menu"


@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=1, max_size=7), st.data())
def test_the_fewest_presses_reach_any_counts_and_end_on_the_ok_row(pairs, data):
    values, targets = [v for v, _ in pairs], [t for _, t in pairs]
    cursor = data.draw(st.integers(0, len(values)))
    confirmed = Calls()
    page = CountsPage("x", "h", "p", confirmed, rows=[[str(i), i, v, 0, 6] for i, v in enumerate(values)],
                      cursor=cursor)
    keys = keys_to_set(values, targets, cursor)
    for key in keys:
        pressed(page, key)
    page.press(OK)
    assert confirmed == [({i: t for i, t in enumerate(targets)},)]
    changes = sum(abs(v - t) for v, t in zip(values, targets))
    assert len(keys) <= changes + 2 * len(values) + 1


def _placements(values: list[int], total: int, default: int, cursor: int, confirmed,
                given: list[int] | None = None) -> CountsPage:
    """A page pre-filled as a turn's placements are: ``total`` in the ``default`` row (or spread
    over ``given``, the classic Intrigue's place-2), + elsewhere taking one from it, then from the other rows pre-filled."""
    page = CountsPage("placements", "h", "p", confirmed, rows=[[str(i), i, v, 0, total, "why"] for i, v in enumerate(values)],
                      cursor=cursor, total=total, default=default, over="over")
    page.given = tuple(given if given is not None else values)
    return page


def _fewest(values: list[int], targets: list[int], total: int, default: int, cursor: int) -> int:
    """The fewest presses found by trying every key on copies of the page itself (a small page)."""
    given = list(values)
    seen = {(cursor, tuple(values))}
    frontier, depth = [(cursor, values)], 0
    while frontier:
        if any(row == len(values) and got == targets for row, got in frontier):
            return depth
        following = []
        for row, got in frontier:
            for key in (UP, DOWN, BACK, OK, held(FAR_KEY)):
                page = _placements(list(got), total, default, row, Calls(), given)
                if row == len(got) and key in (BACK, OK) or pressed(page, key) is not None:
                    continue  # (leaving the page, or a refusal)
                state = (page.cursor, tuple(r[2] for r in page.rows))
                if state not in seen:
                    seen.add(state)
                    following.append((page.cursor, [r[2] for r in page.rows]))
        frontier, depth = following, depth + 1
    raise AssertionError("unreachable")


@given(st.integers(2, 4), st.integers(1, 3), st.data())
def test_the_fewest_presses_reach_any_placement_from_the_pre_filled_page(rows, total, data):
    # Fewer than the card's count, moved rows, or both: keys_to_fill's presses are the page's fewest.
    default = data.draw(st.integers(0, rows - 1))
    cursor = data.draw(st.integers(0, rows))
    values = [total if i == default else 0 for i in range(rows)]
    targets = data.draw(st.lists(st.integers(0, total), min_size=rows, max_size=rows).filter(lambda t: sum(t) <= total))
    confirmed = Calls()
    page = _placements(list(values), total, default, cursor, confirmed)
    keys = keys_to_fill(values, targets, cursor, maxes=[total] * rows, total=total, default=default)
    for key in keys:
        assert pressed(page, key) is None  # never a refusal on the way
    page.press(OK)
    assert confirmed == [({i: t for i, t in enumerate(targets)},)]
    assert len(keys) == _fewest(values, targets, total, default, cursor)


def test_placing_one_of_three_elsewhere_takes_the_fewest_presses():
    # 3 pre-filled in Aragón (row 1 of Castillo, Aragón, Castilla, Sevilla), the cursor on the OK
    # row; 1 wanted in Castilla, none elsewhere: ▼ held (half-way round the five rows: Aragón),
    # − − − (Aragón emptied), ▼ to Castilla, +, ▼ held back to the OK row: 7 (▲▲ + ▲ − − ▲▲ without
    # the hold, 8; the wrap, − on the empty Castilla, takes the cursor to the OK row since issue 35).
    keys = keys_to_fill([0, 3, 0, 0], [0, 0, 1, 0], 4, maxes=[3] * 4, total=3, default=1)
    assert keys == [held(FAR_KEY), BACK, BACK, BACK, DOWN, OK, held(FAR_KEY)]


def test_all_of_them_elsewhere_is_one_minus_on_the_empty_counter():
    # − on an empty counter wraps round to its most, as + pressed until it stops: the pre-filled
    # row's Caballeros all come there, and the cursor to the OK row (issue 35: nothing is left to
    # take, the way back is not walked): all 4 into row 3 of five is ▲▲ − OK, 4 presses (6 before).
    page = _placements([0, 4, 0, 0, 0], 4, 1, 5, confirmed := Calls())
    for key in (UP, UP, BACK):
        assert page.press(key) is None
    assert page.on_ok_row
    page.press(OK)
    assert confirmed == [({0: 0, 1: 0, 2: 0, 3: 4, 4: 0},)]
    assert len(keys_to_fill([0, 4, 0, 0, 0], [0, 0, 0, 4, 0], 5, maxes=[4] * 5, total=4, default=1)) == 3
    page = _placements([0, 0, 0], 0, 1, 0, Calls())
    page.press(BACK)
    assert page.cursor == 0  # (a wrap that moves none leaves the cursor where it is)
    page = _placements([1, 3, 0], 4, 1, 1, Calls())
    page.press(BACK)
    assert [r[2] for r in page.rows] == [1, 2, 0]  # a counter holding some: − one less, as ever


@given(st.integers(2, 5), st.data())
def test_the_fewest_presses_reach_any_spread_from_a_page_pre_filled_over_two_rows(rows, data):
    # The classic Intrigue's place-2 page: its 2 pre-filled one by one where each gains most, maybe two rows; + elsewhere
    # takes from the fuller (the first of equals), then from the other: two + move both, never a refusal.
    first = data.draw(st.integers(0, rows - 1))
    second = data.draw(st.integers(0, rows - 1))
    values = [(i == first) + (i == second) for i in range(rows)]
    default = max(range(rows), key=values.__getitem__)
    cursor = rows
    targets = data.draw(st.lists(st.integers(0, 2), min_size=rows, max_size=rows).filter(lambda t: sum(t) <= 2))
    confirmed = Calls()
    page = _placements(list(values), 2, default, cursor, confirmed)
    keys = keys_to_fill(values, targets, cursor, maxes=[2] * rows, total=2, default=default)
    for key in keys:
        assert pressed(page, key) is None  # never a refusal on the way
    page.press(OK)
    assert confirmed == [({i: t for i, t in enumerate(targets)},)]
    assert len(keys) == _fewest(values, targets, 2, default, cursor)


def test_moving_both_of_two_pre_filled_rows_elsewhere_is_one_plus_each():
    # 1 pre-filled in rows 0 and 1 of four, both wanted in rows 2 and 3: ▲ +, ▲ +, ▼▼ to the OK row
    # (the second + takes row 1's, row 0's being taken: no − first).
    page = _placements([1, 1, 0, 0], 2, 0, 4, confirmed := Calls())
    for key in (UP, OK, UP, OK, DOWN, DOWN):
        assert page.press(key) is None
    page.press(OK)
    assert confirmed == [({0: 0, 1: 0, 2: 1, 3: 1},)]
    # (fewer by the wrap: ▲ +, ▲ − (the rest, row 1's, wraps round there and the cursor to the OK row))
    assert keys_to_fill([1, 1, 0, 0], [0, 0, 1, 1], 4, maxes=[2] * 4, total=2, default=0) == [UP, OK, UP, BACK]


def test_the_controller_scrolls_a_page_of_lines_as_far_as_the_panel_needs():
    from companion.ui.draw.render import scroll_end

    paragraph = "Galicia: Annabel 3, Bartholomew 2, Clementine 2 and the King"
    for size, edge in (((264, 176), "left"), ((176, 264), "left"), ((264, 176), "bottom")):
        ui = Controller(lambda settings: None)
        ui.measure = lambda screen, size=size, edge=edge: scroll_end(screen, size, edge)
        page = LinesPage("x", "h", "p", Calls(), lines=[paragraph] * 4, third="Back", on_third=Calls())
        ui.push(page)
        end = scroll_end(ui.screen(), size, edge)
        assert end > 0 and ui.screen().keys[:2] == ("▲", "▼")
        for _ in range(end + 5):  # ▼ stops at the last screenful ...
            ui.press(DOWN)
        assert ui.screen().body.top == end
        ui.press(UP)  # ... so the first ▲ moves at once
        assert ui.screen().body.top == end - 1
    portrait, landscape = (scroll_end(Screen("x", "h", "p", Lines([paragraph] * 4)), size)
                           for size in ((176, 264), (264, 176)))
    assert portrait > landscape


def test_a_page_of_lines_that_fits_the_panel_shows_no_arrows_and_does_not_move():
    ui = Controller(lambda settings: None)
    ui.push(LinesPage("x", "h", "p", Calls(), lines=["Red 12", "Blue 9", "Green 3"], third="Back",
                      on_third=Calls()))
    assert ui.screen().keys == ("", "", "Back", "OK")
    ui.press(DOWN)
    assert ui.screen().body.top == 0
