"""The referee's state builder (tests/engine/states.py) stands where a Game stands after the same
steps: what it does by name for the phase chart (a round begun and ended, a general scoring begun,
a special scoring ended) is what the chart does."""

from companion.engine import steps as s
from companion.engine.settings import Settings
from companion.measure import script
from companion.play.game import Game
from tests.engine import states
from tests.engine.states import PLAYERS, SETUP


def test_rounds_turns_and_scorings_as_the_chart_plays_them():
    settings = Settings(players=PLAYERS, seed=2)
    game, state = Game.new(settings), states.set_up(settings, SETUP)
    game.send(SETUP)
    assert game.state == state
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    states.power_cards(state, {"red": 9, "blue": 3, "green": 5})
    special = (s.ActionCardTaken("red", 3), s.SpecialScoringStarted("region", ("galicia",)),
               s.Scored("galicia", (("red", 2),)))
    for step in special:
        game.send(step)
    states.special_scoring_done(states.take(state, *special))
    assert game.state == state and game.phase == "turns"
    game.send(s.TurnEnded("red"))
    script.quiet_turns(game)
    states.next_round(states.quiet_turns(states.take(state, s.TurnEnded("red"))))
    assert game.state == state and game.phase == "power_cards"
    script.quiet_round(game)
    states.next_round(states.quiet_turns(states.quiet_power_cards(state)))
    script.quiet_round(game)
    states.general_scoring(states.quiet_turns(states.quiet_power_cards(state)))
    assert game.state == state and game.phase == "secret_discs"
