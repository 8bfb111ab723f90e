"""The Power card's Caballeros to the Court, as the player takes them (a game that records the board).

000 l.249: "Special case: If there are not enough of your Caballeros left in the Province, you may
take your Caballeros from the regions on the map (not from the Castillo) to your Court."
RULES.md "Power cards": "A player may take fewer Caballeros".
"""

from companion.engine import board, queries
from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.engine.state import GameState
from tests.engine import states

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETUP = s.SetupDone(king="toledo", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")),
                    first="red")

def greens_turn(*, drained: int = 0, tracked: bool = True) -> GameState:
    """Green plays the 1 (6 to the Court) and takes a card, after Ann and Bo's quiet turns;
    ``drained``: Caballeros moved from green's Province to Castilla first (a correction)."""
    state = states.set_up(Settings(players=PLAYERS, seed=3, revision=REVISION, board=tracked), SETUP)
    if drained:
        states.take(state, s.CaballerosMoved("green", board.PROVINCE, "castilla", drained))
    states.power_cards(state, {"red": 13, "blue": 12, "green": 1})
    states.turn(states.turn(state))
    return states.take(state, s.ActionCardTaken("green", 3))

def where(state: GameState, *places: str) -> tuple[int, ...]:
    return tuple(board.held(state, "green", place) for place in places)

def test_the_power_card_brings_its_number_at_once_and_the_player_may_take_fewer():
    state = greens_turn()
    assert where(state, board.COURT, board.PROVINCE) == (7 + 6, 21 - 6)
    states.take(state, s.CourtIntake("green", 2))
    assert where(state, board.COURT, board.PROVINCE) == (7 + 2, 21 - 2)
    states.take(state, s.CourtIntake("green", 6))  # changed again: the intake is set, not added
    assert where(state, board.COURT, board.PROVINCE) == (13, 15)
    assert board.total(state, "green") == 30

def test_more_than_the_power_card_shows_is_refused():
    state = greens_turn()
    states.refused(state, s.CourtIntake("green", 7), "Cy's card brings at most 6 Caballeros to the Court, not 7")

def test_with_the_province_empty_the_rest_come_from_own_regions_never_the_castillo():
    state = greens_turn(drained=20)  # 1 left in the Province
    assert state.intake["green"] == (1, ()) and board.intake_short(state, "green", queries.intake_room(state, "green")) == 5
    states.take(state, s.CourtIntake("green", 1, (("castilla", 3), ("sevilla", 2))))
    assert where(state, board.COURT, board.PROVINCE, "castilla", "sevilla") == (7 + 6, 0, 17, 0)
    assert board.intake_short(state, "green", queries.intake_room(state, "green")) == 0 and board.total(state, "green") == 30
    states.refused(state, s.CourtIntake("green", 1, (("castillo", 1),)), "never from the Castillo")

def test_regions_only_when_the_province_runs_out():
    state = greens_turn(drained=10)  # 11 left: the 6 came from the Province
    states.refused(state, s.CourtIntake("green", 4, (("castilla", 2),)), r"only when the Province runs out \(Cy's holds 11\)")

def test_nothing_leaves_the_kings_region():
    state = greens_turn(drained=20)
    states.take(state, s.KingMoved("castilla"))
    states.refused(state, s.CourtIntake("green", 1, (("castilla", 2),)), r"nothing leaves the King's region \(Castilla\)")

def test_caballeros_already_placed_cannot_go_back_to_the_province():
    state = greens_turn()
    states.take(state, s.CourtIntake("green", 1))  # Court 8
    states.take(state, s.CaballerosMoved("green", board.COURT, "navarra", 8))  # (a correction empties the Court)
    states.refused(state, s.CourtIntake("green", 0), "already placed them")

def test_a_scores_only_game_does_not_track_the_court():
    state = greens_turn(tracked=False)
    states.refused(state, s.CourtIntake("green", 2), "scores only")

def test_only_the_active_player_sets_their_intake():
    state = greens_turn()
    states.refused(state, s.CourtIntake("red", 0), "it is Cy's turn, not Ann's")
