"""The King & the Colonies with the board recorded, a whole scripted game
(tests/fixtures/games/sample_king_colonies_board.py): it plays to its standings from the board alone -
every Caballero taken into the Court, placed, sailed or moved as the rules allow, every scoring
as the board stands - and its journal replays the same. Seed 004 lines as "S:n"; facts:
../shared/RULES-EXPANSIONS.md."""

import pytest

from companion.engine import board, scorings
from companion.engine.modes import steps as s
from companion.engine.modes.own_state import own
from companion.play.game import Game
from companion.record.journal import read_only
from tests.fixtures.games.sample_colonies_board import on_the_table
from tests.fixtures.games.sample_king_colonies_board import king_colonies_board_game

STANDINGS = [(1, "blue", 81), (2, "red", 77), (3, "green", 74), (4, "yellow", 45)]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    path = tmp_path_factory.mktemp("king_colonies_board") / "game.jsonl"
    return king_colonies_board_game(path), path


def test_the_game_plays_to_distinct_standings_and_loses_no_caballero(played):
    game, _ = played
    state = game.state
    assert game.over and game.settings.board and game.settings.expansion == "king_colonies"
    assert state.standings() == STANDINGS
    assert all(board.total(state, c) == state.supply(c) for c in state.colours)  # nothing lost or made


def test_it_uses_the_board_recorded_steps_and_no_correction_of_counts(played):
    game, _ = played
    kinds = {step.kind for step in game.steps}
    assert {"SetupDiscs", "IntrigueCardPlayed", "SpecialActionChosen", "CourtIntake", "Placed", "CastilloThrow",
            "Sailed", "Delivered", "CaballerosMoved", "KingMoved", "SpecialScoringStarted"} <= kinds
    assert not kinds & {"PowerCardPlayed", "ActionCardTaken", "CountsCorrected"}
    placed = {step.region for step in game.steps if isinstance(step, s.Placed)}
    assert {"france", "ship"} <= placed  # France from Aragón or Cataluña (S:210), the ship from the coast (S:212)
    moved = [step for step in game.steps if isinstance(step, s.CaballerosMoved)]
    assert moved and all(step.colour == "black" and step.count == 2 for step in moved)  # the GI card (S:243)
    chosen = {step.action for step in game.steps if isinstance(step, s.SpecialActionChosen)}
    assert {"grand_inquisitor", "stack_7", "king", "intrigue", "own"} <= chosen


def test_every_place_scores_as_the_board_stands(played):
    """The counts at every scoring are the companion's own (the Limit table: those on its spaces,
    S:253): nothing the table corrects."""
    game, _ = played
    again = Game(game.settings)
    limited = 0
    for step in game.steps:
        if isinstance(step, s.Scored):
            state = again.state
            known = dict(state.castillo if step.where == "castillo" else state.counts[step.where])
            if step.where == own(state).limit_table:
                limited += sum(known.values()) > scorings.limit_spaces(state)
                known = on_the_table(known, scorings.limit_spaces(state))
            assert dict(step.counts) == known, (step, known)
        again.send(step)
    assert limited  # more in Cataluña than the Limit table holds, at least once


def test_the_court_intake_is_the_players_and_within_the_cards_room(played):
    """Every card's heads are unknown: nothing comes to the Court but what each player enters,
    a few each turn (S:168, at most 6 while unknown)."""
    game, _ = played
    intakes = [step for step in game.steps if isinstance(step, s.CourtIntake)]
    turns = [step for step in game.steps if isinstance(step, s.TurnEnded)]
    assert len(intakes) == len(turns) == 36 and all(0 < step.province <= 6 for step in intakes)


def test_its_journal_replays_the_same(played):
    game, path = played
    again = Game.from_record(read_only(path))
    assert again.over and again.state.scores == game.state.scores
    assert again.state.counts == game.state.counts and again.state.court == game.state.court
    assert again.state.sheet == game.state.sheet


def test_the_kings_card_takes_the_king_to_france(played):
    # S:208 "the King can only go to France" (of the four new regions); S:269 K&C plays as GI&C.
    game, _ = played
    assert s.KingMoved("france", by_card=True) in game.steps
