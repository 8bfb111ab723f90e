"""Power Shift (000 "Mini expansion Power Shift"): "deal 3 Modifier cards to each player"; "When
playing a Power card, you may also play one of your Modifier cards"; "the total value must be
different from the values that have already been played. Example: You may play a 9 + 1 (=10) if
someone already played a 9"; "After your turn, discard your played Modifier card"; Empowerment:
"You may also return one of your played Modifier cards to your hand instead"."""

import pytest

from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.measure import script
from companion.play.game import Game

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETUP = s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")))


def shifted() -> Game:
    game = Game.new(Settings(players=PLAYERS, seed=5, power_shift=True, revision=REVISION))
    game.send(SETUP)
    return game


def test_a_value_already_played_is_offered_while_a_modifier_makes_its_total_free():
    game = shifted()
    game.send(s.PowerCardPlayed("red", 9))
    assert 9 in game.prompt.choices  # Bo may play 9 + 1 (= 10)
    game.send(s.PowerCardPlayed("blue", 9, 1))
    with pytest.raises(s.StepRefused, match="10 is already played"):
        game.send(s.PowerCardPlayed("green", 11, -1))


def test_three_modifier_cards_each_discarded_when_played_and_empowerment_returns_one():
    game = shifted()
    assert game.state.modifier_cards == {"red": 3, "blue": 3, "green": 3}
    for round_ in range(3):
        while game.phase == "power_cards":
            colour = game.prompt.colour
            value = {"red": 1 + round_, "blue": 13 - round_, "green": 10 - round_}[colour]
            game.send(s.PowerCardPlayed(colour, value, 1 if colour == "red" else 0))
        script.quiet_turns(game)
        if game.phase == "secret_discs":
            script.general_scoring(game, {})
    assert game.state.modifier_cards["red"] == 0 and game.state.modifiers_played["red"] == 3
    while game.prompt.colour != "red":
        game.send(s.PowerCardPlayed(game.prompt.colour, max(game.prompt.choices)))
    with pytest.raises(s.StepRefused, match="Ann has no Modifier card left"):
        game.send(s.PowerCardPlayed("red", 4, 1))


def test_empowerment_may_return_a_played_modifier_card():
    game = shifted()
    game.send(s.ActionCardsRevealed(((4, "2023.4.empowerment"),)))
    game.send(s.PowerCardPlayed("red", 13, -1))
    script.power_cards(game, {"blue": 1, "green": 6})
    game.send(s.ActionCardTaken("red", 4))
    game.send(s.PowerCardReturned("red", 0, modifier=True))
    assert game.state.modifier_cards["red"] == 3
    with pytest.raises(s.StepRefused, match="Ann has played no Modifier card"):
        game.send(s.PowerCardReturned("red", 0, modifier=True))


def test_a_game_from_before_the_limit_replays_as_it_was_played():
    old = Game.new(Settings(players=PLAYERS, seed=5, power_shift=True))  # revision 0: a 0.1/0.2 journal
    old.send(SETUP)
    old.state.modifier_cards["red"] = 0  # as if all three were played
    old.send(s.PowerCardPlayed("red", 13, -1))  # accepted: that journal was written without the limit
