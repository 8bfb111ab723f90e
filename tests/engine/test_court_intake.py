"""The Power card's Caballeros to the Court, as the player takes them (a game that records the board).

000 l.249: "Special case: If there are not enough of your Caballeros left in the Province, you may
take your Caballeros from the regions on the map (not from the Castillo) to your Court."
RULES.md "Power cards": "A player may take fewer Caballeros".
"""

import pytest

from companion.engine import board, queries
from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.measure import script
from companion.play.game import Game
from companion.record.journal import read_only

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETUP = s.SetupDone(king="toledo", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")),
                    first="red")


def greens_turn(path=None, *, drained: int = 0, tracked: bool = True) -> Game:
    """Green plays the 1 (6 to the Court) and takes a card, after Ann and Bo's quiet turns;
    ``drained``: Caballeros moved from green's Province to Castilla first (a correction)."""
    game = Game.new(Settings(players=PLAYERS, seed=3, revision=REVISION, board=tracked), path)
    game.send(SETUP)
    if drained:
        game.send(s.CaballerosMoved("green", board.PROVINCE, "castilla", drained))
    script.power_cards(game, {"red": 13, "blue": 12, "green": 1})
    script.turn(game)
    script.turn(game)
    game.send(s.ActionCardTaken("green", 3))
    return game


def where(game: Game, *places: str) -> tuple[int, ...]:
    return tuple(board.held(game.state, "green", place) for place in places)


def test_the_power_card_brings_its_number_at_once_and_the_player_may_take_fewer():
    game = greens_turn()
    assert where(game, board.COURT, board.PROVINCE) == (7 + 6, 21 - 6)
    game.send(s.CourtIntake("green", 2))
    assert where(game, board.COURT, board.PROVINCE) == (7 + 2, 21 - 2)
    game.send(s.CourtIntake("green", 6))  # changed again: the intake is set, not added
    assert where(game, board.COURT, board.PROVINCE) == (13, 15)
    assert board.total(game.state, "green") == 30


def test_more_than_the_power_card_shows_is_refused():
    game = greens_turn()
    with pytest.raises(s.StepRefused, match="Cy's card brings at most 6 Caballeros to the Court, not 7"):
        game.send(s.CourtIntake("green", 7))


def test_with_the_province_empty_the_rest_come_from_own_regions_never_the_castillo():
    game = greens_turn(drained=20)  # 1 left in the Province
    state = game.state
    assert state.intake["green"] == (1, ()) and board.intake_short(state, "green", queries.intake_room(state, "green")) == 5
    game.send(s.CourtIntake("green", 1, (("castilla", 3), ("sevilla", 2))))
    assert where(game, board.COURT, board.PROVINCE, "castilla", "sevilla") == (7 + 6, 0, 17, 0)
    assert board.intake_short(state, "green", queries.intake_room(state, "green")) == 0 and board.total(state, "green") == 30
    with pytest.raises(s.StepRefused, match="never from the Castillo"):
        game.send(s.CourtIntake("green", 1, (("castillo", 1),)))


def test_regions_only_when_the_province_runs_out():
    game = greens_turn(drained=10)  # 11 left: the 6 came from the Province
    with pytest.raises(s.StepRefused, match=r"only when the Province runs out \(Cy's holds 11\)"):
        game.send(s.CourtIntake("green", 4, (("castilla", 2),)))


def test_nothing_leaves_the_kings_region():
    game = greens_turn(drained=20)
    game.send(s.KingMoved("castilla"))
    with pytest.raises(s.StepRefused, match=r"nothing leaves the King's region \(Castilla\)"):
        game.send(s.CourtIntake("green", 1, (("castilla", 2),)))


def test_caballeros_already_placed_cannot_go_back_to_the_province():
    game = greens_turn()
    game.send(s.CourtIntake("green", 1))  # Court 8
    game.send(s.CaballerosMoved("green", board.COURT, "navarra", 8))  # (a correction empties the Court)
    with pytest.raises(s.StepRefused, match="already placed them"):
        game.send(s.CourtIntake("green", 0))


def test_a_scores_only_game_does_not_track_the_court():
    game = greens_turn(tracked=False)
    with pytest.raises(s.StepRefused, match="scores only"):
        game.send(s.CourtIntake("green", 2))


def test_only_the_active_player_sets_their_intake():
    game = greens_turn()
    with pytest.raises(s.StepRefused, match="it is Cy's turn, not Ann's"):
        game.send(s.CourtIntake("red", 0))


def test_the_step_is_journaled_replayed_and_undone(tmp_path):
    game = greens_turn(tmp_path / "game.jsonl", drained=20)
    game.send(s.CourtIntake("green", 1, (("castilla", 5),)))
    before = board.everywhere(game.state, "green")
    game.close()
    replayed = Game.from_record(read_only(tmp_path / "game.jsonl"))
    assert replayed.steps[-1] == s.CourtIntake("green", 1, (("castilla", 5),))
    assert board.everywhere(replayed.state, "green") == before
    replayed.undo()
    assert board.everywhere(replayed.state, "green")["castilla"] == 20 and replayed.state.court["green"] == 8
