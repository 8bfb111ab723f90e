"""The table view (issue 25): after the keys rest it shows, large, whose turn it is, what happens
next, the standings and the Castillo where allowed; the next press brings back the page in hand.
Timed on a simulated clock."""

import pytest

from companion.app import Loop
from companion.measure.key_scripts import SAMPLE_TO_ROUND_2, play, sample_presses
from companion.settings.panel import PANELS
from companion.ui.draw.render import render
from companion.ui.draw.table import choose, render_table
from companion.ui.key_event import KeyEvent
from companion.ui.table_view import KIND, table_screen
from hardware.sim.clock import SimClock


@pytest.fixture(scope="module")
def presses():
    return sample_presses()


@pytest.fixture
def mid_game(tmp_path, presses):
    """The sample game at round 2's first Power card, scores on the sheet."""
    return play(presses[:SAMPLE_TO_ROUND_2], tmp_path)


def loop_of(ui, clock, size=(264, 176), table_after=90.0):
    shown = []
    loop = Loop(ui, lambda image, family: None, size, table_after=table_after, clock=clock,
                on_frame=lambda image, screen: shown.append((image.tobytes(), screen)))
    return loop, shown


def test_the_table_view_comes_after_the_rest_and_the_next_press_brings_back_the_page(mid_game):
    clock = SimClock()
    loop, shown = loop_of(mid_game, clock)
    loop.draw()
    page_image, page = shown[-1]
    clock.sleep(89.9)
    loop.tick()
    assert len(shown) == 1                               # not yet
    clock.sleep(0.1)
    loop.tick()
    assert len(shown) == 2 and shown[-1][1].kind == KIND and loop.table_shown
    view = shown[-1][1]
    game = mid_game.game
    assert view.headline == game.prompt.headline and view.prompt == game.prompt.asks
    places = [(row.text, row.right) for row in view.body.rows[:len(game.state.colours)]]
    assert places == [(f"{place}. {game.state.name(colour)}", str(points))
                      for place, colour, points in game.state.standings()]
    clock.sleep(600)
    loop.tick()
    assert len(shown) == 2                               # shown once, not again and again
    presses_before = mid_game.presses
    loop.press(KeyEvent(2))                              # a press: the page in hand, as it was
    assert mid_game.presses == presses_before            # that press did nothing else
    assert shown[-1] == (page_image, page) and not loop.table_shown
    clock.sleep(89)
    loop.tick()
    assert len(shown) == 3                               # the rest counts from that press
    clock.sleep(1)
    loop.tick()
    assert shown[-1][1].kind == KIND


def test_a_press_during_the_rest_puts_the_table_view_off(mid_game):
    clock = SimClock()
    loop, shown = loop_of(mid_game, clock)
    loop.draw()
    clock.sleep(80)
    loop.press(KeyEvent(2))                              # moves the cursor: a new frame
    clock.sleep(80)
    loop.tick()
    assert [screen.kind for _, screen in shown].count(KIND) == 0
    clock.sleep(10)
    loop.tick()
    assert shown[-1][1].kind == KIND


def test_no_table_view_when_switched_off_or_before_a_game(mid_game, tmp_path):
    clock = SimClock()
    loop, shown = loop_of(mid_game, clock, table_after=0)
    loop.draw()
    clock.sleep(10_000)
    loop.tick()
    assert len(shown) == 1
    fresh = play([], tmp_path / "new")
    loop, shown = loop_of(fresh, clock)
    loop.draw()
    clock.sleep(1000)
    loop.tick()
    assert len(shown) == 1 and table_screen(fresh) is None


def test_the_castillo_shows_only_where_the_game_lets_it(mid_game):
    screen = table_screen(mid_game)
    castillo = [row for row in screen.body.rows if row.text.startswith("Castillo")]
    assert bool(castillo) != mid_game.view.hide_castillo
    mid_game.hide_castillo = True
    assert not [row for row in table_screen(mid_game).body.rows if row.text.startswith("Castillo")]


@pytest.mark.parametrize("name", ["2in7_V2", "4in2_V2", "7in5_V2"])
def test_the_table_view_is_larger_on_larger_panels_and_matches_its_golden(golden, mid_game, name):
    size = PANELS[name].size
    screen = table_screen(mid_game)
    scale, font, _ = choose(screen, size)
    height = scale * {"mono-20b": 20, "mono-16b": 16}[font]
    assert height / PANELS[name].px_per_mm >= (6.0 if name != "2in7_V2" else 3.4)  # mm on the glass
    image = render_table(screen, size)
    assert image.size == size and image.mode == "1"
    golden(image, f"table_view_{name}")


def test_the_page_in_hand_is_unchanged_by_a_table_view_in_between(mid_game):
    before = render(mid_game.screen()).tobytes()
    table_screen(mid_game)
    assert render(mid_game.screen()).tobytes() == before
