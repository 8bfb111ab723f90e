"""A whole game of Intrigue & the King with the board recorded, through the four keys alone: the
scripted game (tests/fixtures/games/sample_intrigue_board.py) entered key by key - the setup's discs,
each turn's special action, Court intake and placements, card 20's placement "anywhere" but the
King's region (S:177), card 145 scoring a region that is neither the King's nor the Castillo (S:190),
card 90 putting a mobile scoreboard on Navarra - its standings checked, also on a replay of its game
log, and its presses shipped as a key script."""

import pytest

from companion.engine import board
from companion.engine.modes import steps as s
from companion.measure.key_scripts import SAMPLE_INTRIGUE_BOARD_KEYS
from companion.play.game import Game
from companion.record.journal import read_only
from tests.fixtures.games import sample_intrigue_board
from tests.ui.big_box_keys import play_by_keys
from tests.ui.test_intrigue_by_keys import MODE, IntrigueKeys

STANDINGS = [("1. Red", "86"), ("2. Blue", "51"), ("3. Green", "49")]


def test_the_scripted_game_exercises_the_big_box_places():
    game = sample_intrigue_board.intrigue_board_game()
    steps = list(game.steps)
    first = steps.index(s.SpecialActionChosen("red", "own"))  # Ann's own card 20 in round 1
    placed = next(step for step in steps[first:] if isinstance(step, s.Placed))
    assert placed == s.Placed("red", "galicia", 3)  # not beside the King in Toledo (S:177)
    started = steps.index(s.SpecialScoringStarted("region", ("galicia",)))  # her 145 in round 2 (S:190)
    assert game.steps[started - 2] == s.IntrigueCardPlayed("green", 30)
    assert game.steps[started - 1] == s.SpecialActionChosen("red", "own")
    assert s.TileMoved("8/4/0", "navarra", by_card=True) in steps  # Bo's own card 90 in round 5
    assert any(line.where == "navarra" and line.round == 6 and line.points == 8 for line in game.state.sheet)


def test_an_intrigue_game_with_the_board_recorded_by_keys_alone(tmp_path):
    wanted = sample_intrigue_board.intrigue_board_game(tmp_path / "sample.jsonl")
    keys = IntrigueKeys(tmp_path / "keys.jsonl", seed=wanted.settings.seed, board=True)
    game = play_by_keys(keys, wanted, MODE, STANDINGS, SAMPLE_INTRIGUE_BOARD_KEYS,
                        "Intrigue & the King with the board recorded "
                        "(tests/fixtures/games/sample_intrigue_board.py)")
    assert game.state.counts == wanted.state.counts  # the board, Caballero for Caballero
    assert game.state.court == wanted.state.court
    assert all(board.total(game.state, c) == game.state.supply(c) for c in game.state.colours)
    replayed = Game.from_record(read_only(tmp_path / "keys.jsonl"))
    assert replayed.over and replayed.state.standings() == game.state.standings()
    assert [(n, c, p) for n, c, p in replayed.state.standings()] == [(1, "red", 86), (2, "blue", 51), (3, "green", 49)]


def test_the_card_145_in_the_scripted_game_scores_neither_the_kings_region_nor_the_castillo():
    """At Ann's 145 in round 2 the King stands in Toledo: "You cannot choose the King's region or the
    Castillo for this special scoring" (S:190); Galicia is hers to choose. Her 150 in round 4 scores
    the King's region, Castilla ("You can choose the Castillo or the King's region, as well")."""
    wanted = sample_intrigue_board.intrigue_board_game()
    started = wanted.steps.index(s.SpecialScoringStarted("region", ("galicia",)))
    game = Game.new(wanted.settings)
    game.send(*wanted.steps[:started])
    assert game.state.king == "toledo" and game.state.played["red"] == 145
    with pytest.raises(s.StepRefused, match="King's region"):
        game.send(s.SpecialScoringStarted("region", ("toledo",)))
    with pytest.raises(s.StepRefused, match="145"):
        game.send(s.SpecialScoringStarted("castillo", ("castillo",)))
    game.send(s.SpecialScoringStarted("region", ("galicia",)))
    fifty = wanted.steps.index(s.SpecialScoringStarted("region", ("castilla",)))
    before = Game.new(wanted.settings)
    before.send(*wanted.steps[:fifty])
    assert before.state.king == "castilla" and before.state.played["red"] == 150
