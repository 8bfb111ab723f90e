"""The board: in a game that records placements the companion knows where every Caballero is.

RULES.md "Setup numbers": 30 Caballeros per colour in play; the Grande + 2 in the home region,
7 in the Court, the rest in the Province. A Power card brings its intake to the Court; a turn
places from the Court into regions next to the King's region or into the Castillo. On (state, step)
alone (tests/engine/states.py); the board across a general scoring, an undo and the dummy's turns,
which the phase chart plays: tests/play/test_board_games.py.
"""

import pytest

from companion.engine import board
from companion.engine import steps as s
from companion.engine.settings import Settings
from companion.engine.state import GameState
from tests.engine import states
from tests.engine.states import PLAYERS, SETUP, power_cards, refused, set_up, take


def board_game(edition: str = "2023", **settings) -> GameState:
    """A board game set up, the King in Toledo (rules revision 0, as these tests always ran)."""
    return states.board_game(edition, revision=0, setup=SETUP, **settings)


def where(state: GameState, colour: str) -> dict[str, int]:
    return {place: n for place, n in board.everywhere(state, colour).items() if n}


@pytest.mark.parametrize("edition", ["2023", "classic"])
def test_setup_puts_two_at_home_seven_in_the_court_and_the_rest_in_the_province(edition):
    state = board_game(edition)
    assert where(state, "red") == {"galicia": 2, "court": 7, "province": 21}
    assert where(state, "blue") == {"aragon": 2, "court": 7, "province": 21}
    for colour in ("red", "blue", "green"):
        assert board.total(state, colour) == 30 == state.rules.caballeros_per_colour


def test_a_power_card_brings_its_intake_from_the_province_to_the_court():
    state = board_game()
    power_cards(state, {"red": 1, "blue": 13, "green": 8})  # intake 6, 0, 2
    assert (state.court["red"], state.province["red"]) == (13, 15)
    assert (state.court["blue"], state.province["blue"]) == (7, 21)
    assert (state.court["green"], state.province["green"]) == (9, 19)


def test_a_turn_places_from_the_court_next_to_the_kings_region_within_the_cards_number():
    state = board_game()
    power_cards(state, {"red": 13, "blue": 1, "green": 8})
    take(state, s.ActionCardTaken("red", 3))  # stack 3: 3 Caballeros
    refused(state, s.Placed("red", "toledo", 1), "Toledo is the King's region: nobody places there")
    refused(state, s.Placed("red", "galicia", 1), "Galicia is not next to the King's region")
    take(state, s.Placed("red", "aragon", 2))
    refused(state, s.CastilloThrow("red", 2), "at most 3 Caballeros this turn, 2 placed already")
    take(state, s.CastilloThrow("red", 1))  # a throw is a placement into the Castillo
    assert where(state, "red") == {"galicia": 2, "aragon": 2, "castillo": 1, "court": 4, "province": 21}
    refused(state, s.Placed("red", "valencia", 1), "at most 0 more")


def test_a_court_cannot_place_more_than_it_holds():
    state = board_game()
    power_cards(state, {"red": 13, "blue": 1, "green": 8})
    take(state, s.CaballerosMoved("red", "court", "province", 6))  # the table's own ruling: 1 left
    take(state, s.ActionCardTaken("red", 3))
    refused(state, s.Placed("red", "aragon", 2), "Ann's Court holds 1 Caballeros, not 2")
    refused(state, s.CastilloThrow("red", 2), "Ann's Court holds 1 Caballeros, not 2")


def test_a_scores_only_game_refuses_placements_and_moves():
    state = set_up(Settings(players=PLAYERS, seed=5))
    assert state.court == {} and state.province == {}
    power_cards(state, {"red": 13, "blue": 1, "green": 8})
    take(state, s.ActionCardTaken("red", 3))
    refused(state, s.Placed("red", "aragon", 1), "scores only")
    refused(state, s.CaballerosMoved("red", "aragon", "castillo", 1), "scores only")


def test_nothing_moves_into_or_out_of_the_kings_region_and_a_source_must_hold_them():
    state = board_game()
    refused(state, s.CaballerosMoved("red", "court", "toledo", 1), "nothing moves into or out of the King's region")
    refused(state, s.CaballerosMoved("red", "aragon", "castillo", 1), "Aragón holds 0 of Ann's Caballeros, not 1")
    refused(state, s.CaballerosMoved("red", "madrid", "castillo", 1), "'madrid' is not a place")


def test_a_correction_cannot_raise_a_count_beyond_court_and_province():
    state = board_game()
    refused(state, s.CountsCorrected("navarra", (("red", 29),)), "Ann has only 28 Caballeros in Court and Province")
    take(state, s.CountsCorrected("navarra", (("red", 28),)))
    assert where(state, "red") == {"galicia": 2, "navarra": 28}
