"""The refusals that are the phase chart's and the game's, not the rules' (those are on (state, step):
tests/engine/test_refusals.py): a step the phase does not take now, a card first, nothing to undo.
One line saying why, and nothing changes."""

import copy

import pytest

from companion.engine import steps as s
from companion.engine.settings import Settings
from companion.measure import script
from companion.play.game import Game
from tests.engine.states import PLAYERS, SETUP


@pytest.fixture
def game() -> Game:
    game = Game.new(Settings(players=PLAYERS, seed=2))
    game.send(SETUP)
    return game


def refused(game: Game, step: s.Step, message: str) -> None:
    before = copy.deepcopy(game.state), game.phase, len(game.steps)
    with pytest.raises(s.StepRefused, match=message) as info:
        game.send(step)
    assert "\n" not in str(info.value)
    assert (game.state, game.phase, len(game.steps)) == before


def test_a_step_in_the_wrong_phase(game):
    refused(game, s.TurnEnded("red"), "TurnEnded is not possible now: Round 1 · Power · Ann")
    refused(game, s.Scored("galicia", (("red", 2),)), "Scored is not possible now")
    refused(game, s.SetupDone(king="toledo", first="red", homes=()), "SetupDone is not possible now")


def test_a_card_first_and_one_card_a_turn(game):
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    refused(game, s.TurnEnded("red"), "Ann takes an action card first")
    for step in (s.CastilloThrow("red", 1), s.PowerCardReturned("red", 9), s.SpecialScoringStarted("castillo", ("castillo",))):
        refused(game, step, "Ann takes an action card first")  # the phase chart: choose a card, then act
    game.send(s.ActionCardTaken("red", 1))
    refused(game, s.ActionCardTaken("red", 2), "Ann has already taken an action card this turn")


def test_a_power_card_no_longer_offered(game):
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    script.quiet_turns(game)
    game.send(s.PowerCardPlayed("blue", 4))
    assert 5 not in game.prompt.choices  # (the rules' refusal: tests/engine/test_refusals.py)


def test_undo_of_nothing():
    game = Game.new(Settings(players=PLAYERS))
    with pytest.raises(s.StepRefused, match="nothing to undo"):
        game.undo()
