"""The scorings' data as the engine offers it to their pages (engine/offers/scorings.py)."""

from companion.engine import scorings
from companion.engine.offers import scorings as asks
from companion.rules import spain
from tests.engine import states


def test_the_region_offered_first_brings_the_active_player_most():
    state = states.board_game()
    states.power_cards(state, {"red": 13, "blue": 1, "green": 6})
    best = asks.best_region(state)
    colour = state.active or ""
    points = {r: scorings.points_if(state, r, dict(state.counts[r])).get(colour, 0) for r in state.regions}
    assert best in state.regions and points[best] == max(points.values())
    assert best == next(r for r in state.regions if points[r] == max(points.values()))  # the first among equals


def test_no_disc_is_likeliest_with_nobody_in_the_castillo():
    state = states.board_game()
    assert not any(state.castillo.values())
    assert [asks.likeliest_disc(state, colour) for colour in state.colours] == [None] * len(state.colours)


def test_a_veto_never_stops_a_scoring_of_one_region():
    state = states.board_game()
    assert not asks.veto_may_stop(state, "region", (spain.SCORING_ORDER[0],))


def test_the_castillo_is_no_region_s_choice_outside_a_1995_game():
    assert not asks.castillo_choosable(states.board_game())
