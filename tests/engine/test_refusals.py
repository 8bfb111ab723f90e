"""Every refusal: one line saying why, and nothing changes."""

import copy

import pytest

from companion.engine import steps as s
from companion.engine.settings import Player, Settings
from companion.measure import script
from companion.play.game import Game

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))


@pytest.fixture
def game() -> Game:
    game = Game.new(Settings(players=PLAYERS, seed=2))
    game.send(s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"))))
    return game


def refused(game: Game, step: s.Step, message: str) -> None:
    before = copy.deepcopy(game.state), game.phase, len(game.steps)
    with pytest.raises(s.StepRefused, match=message) as info:
        game.send(step)
    assert "\n" not in str(info.value)
    assert (game.state, game.phase, len(game.steps)) == before


def test_a_repeated_power_value(game):
    game.send(s.PowerCardPlayed("red", 9))
    refused(game, s.PowerCardPlayed("blue", 9), r"9 is already played this round \(by Ann\)")


def test_a_power_card_no_longer_in_hand(game):
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    script.quiet_turns(game)
    assert game.prompt.colour == "blue"  # lowest card: First Player
    game.send(s.PowerCardPlayed("blue", 4))
    refused(game, s.PowerCardPlayed("green", 5), "Cy has already used Power card 5")
    assert 5 not in game.prompt.choices


def test_power_cards_in_seat_order(game):
    refused(game, s.PowerCardPlayed("green", 9), "it is Ann's turn to play a Power card")


def test_an_unknown_region(game):
    refused(game, s.KingMoved("madrid"), "'madrid' is not a region")
    refused(game, s.GrandeMoved("red", "portugal"), "'portugal' is not a region")


def test_a_count_that_would_exceed_thirty(game):
    game.send(s.CountsCorrected("cataluna", (("blue", 20),)))
    refused(game, s.CountsCorrected("valencia", (("blue", 9),)),
            "Bo would have 31 Caballeros on the board, only 30 exist")
    refused(game, s.CastilloCorrected("blue", 9), "Bo would have 31")


def test_a_step_in_the_wrong_phase(game):
    refused(game, s.TurnEnded("red"), "TurnEnded is not possible now: Round 1 · Power · Ann")
    refused(game, s.Scored("galicia", (("red", 2),)), "Scored is not possible now")
    refused(game, s.SetupDone(king="toledo", first="red", homes=()), "SetupDone is not possible now")


def test_turn_steps_belong_to_the_active_player(game):
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    refused(game, s.ActionCardTaken("blue", 1), "it is Ann's turn, not Bo's")
    refused(game, s.TurnEnded("red"), "Ann takes an action card first")
    for step in (s.CastilloThrow("red", 1), s.PowerCardReturned("red", 9), s.SpecialScoringStarted("castillo", ("castillo",))):
        refused(game, step, "Ann takes an action card first")  # the phase chart: choose a card, then act
    game.send(s.ActionCardTaken("red", 1))
    refused(game, s.ActionCardTaken("red", 2), "Ann has already taken an action card this turn")
    game.send(s.TurnEnded("red"))
    refused(game, s.ActionCardTaken("green", 1), "the card of stack 1 is gone; left: 2, 3, 4, 5")


def test_the_kings_region_is_taboo(game):
    refused(game, s.TileMoved("8/4/0", "toledo"), "never goes into or out of the King's region")
    refused(game, s.GrandeMoved("red", "toledo"), "never moves into or out of the King's region")
    game.send(s.TileMoved("8/4/0", "granada"))
    refused(game, s.TileMoved("4/0/0", "granada"), "one tile per region")
    refused(game, s.TileMoved("9/9/9", "navarra"), "the scoring tiles are 8/4/0 and 4/0/0")


def test_scoring_refusals(game):
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    game.send(s.ActionCardTaken("red", 3))
    refused(game, s.SpecialScoringStarted("castles", ("galicia",)), "unknown special scoring 'castles'")
    refused(game, s.SpecialScoringStarted("region", ()), "scores nothing")
    game.send(s.SpecialScoringStarted("region", ("galicia",)))
    refused(game, s.Scored("aragon", (("red", 1),)), "aragon is not to be scored now; left: galicia")
    refused(game, s.Scored("galicia", (("purple", 1),)), "unknown colour 'purple'")
    refused(game, s.Scored("galicia", (("red", -1),)), "must be a whole number >= 0")


def test_setup_refusals():
    game = Game.new(Settings(players=PLAYERS))
    refused(game, s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "galicia"),
                                                                 ("green", "sevilla"))), "same home region")
    refused(game, s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"),)), "every player a home")


@pytest.mark.parametrize(
    "settings,message",
    [
        (Settings(players=PLAYERS[:1]), "2 to 5 players"),
        (Settings(players=(Player("A", "red"), Player("B", "Red"))), "a colour of their own"),
        (Settings(players=PLAYERS, dummy="white"), "only in a 2-player game of the 2023"),
        (Settings(players=PLAYERS[:2]), "needs a colour for the dummy"),
        (Settings(edition="classic", players=PLAYERS[:2], dummy="white"), "only in a 2-player game of the 2023"),
        (Settings(edition="classic", players=PLAYERS, new_regency=True), "New Regency: mini expansions of the 2023"),
        (Settings(edition="classic", players=PLAYERS, old_hands=("veto",)), "Old Hands: mini expansions of the 2023"),
        (Settings(players=PLAYERS, old_hands=("vето",)), "is not an Old Hands card; they are: ambush, veto"),
        (Settings(players=PLAYERS, old_hands=("veto", "veto")), "an Old Hands card is added once"),
        (Settings(players=PLAYERS + (Player("Di", "yellow"),), four_stacks=True), "4 action stacks is for 2 or 3"),
    ],
)
def test_settings_refusals(settings, message):
    with pytest.raises(s.StepRefused, match=message):
        Game.new(settings)


def test_undo_of_nothing():
    game = Game.new(Settings(players=PLAYERS))
    with pytest.raises(s.StepRefused, match="nothing to undo"):
        game.undo()


def test_a_castillo_count_for_a_player_whose_disc_was_never_asked(game):
    """Discs are asked of those in the tally: raising another's count must not send them to Court silently."""
    for _ in range(3):
        script.quiet_round(game)
    assert game.phase == "secret_discs"
    game.send(s.SecretDiscs((("red", None), ("blue", None), ("green", None))))
    refused(game, s.Scored("castillo", (("blue", 2),)),
            "Bo had none in the Castillo tally, so no secret disc was set: undo to the secret discs")
    game.undo()
    game.send(s.CastilloCorrected("blue", 2))
    game.send(s.SecretDiscs((("red", None), ("blue", "valencia"), ("green", None))))
    game.send(s.Scored("castillo", (("blue", 2),)))
    assert game.state.counts["valencia"] == {"blue": 2}


def test_a_special_scoring_scores_the_regions_its_card_names(game):
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    game.send(s.ActionCardTaken("red", 3))
    refused(game, s.SpecialScoringStarted("group4", ("toledo",)),
            "all 4-point regions scores .* here")
    refused(game, s.SpecialScoringStarted("region", ("galicia", "toledo")), "scores one region")
    refused(game, s.SpecialScoringStarted("first_only", ("galicia",)), "scores Galicia, Navarra, .* here")
    refused(game, s.SpecialScoringStarted("most", ("navarra",)), "correct them first if the board differs")
    game.send(s.SpecialScoringStarted("first_only", tuple(reversed(game.state.rules.regions))))  # any order


def test_a_home_region_is_never_the_kings_region():
    game = Game.new(Settings(players=PLAYERS))
    refused(game, s.SetupDone(king="galicia", first="red", homes=(("red", "galicia"), ("blue", "aragon"),
                                                                  ("green", "sevilla"))), "never the King's region")


def test_a_throw_beyond_what_the_card_places(game):
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    game.send(s.ActionCardTaken("red", 2))  # stack 2: two Caballeros
    refused(game, s.CastilloThrow("red", 3), "Ann's card places at most 2 Caballeros this turn")
    game.send(s.CastilloThrow("red", 1))
    refused(game, s.CastilloThrow("red", 2), "at most 2 Caballeros this turn, 1 thrown already")
    game.send(s.CastilloThrow("red", 1))
    game.send(s.CastilloCorrected("red", 5))  # a card that lets more in: the menu's correction
    assert game.state.castillo == {"red": 5}


def test_one_special_scoring_a_turn(game):
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    game.send(s.ActionCardTaken("red", 3))
    game.send(s.SpecialScoringStarted("region", ("galicia",)))
    game.send(s.Scored("galicia", (("red", 2),)))
    refused(game, s.SpecialScoringStarted("region", ("galicia",)), "this turn has had its special scoring")
    game.send(s.TurnEnded("red"))
    game.send(s.ActionCardTaken("green", 4))
    game.send(s.SpecialScoringStarted("region", ("galicia",)))  # the next player's turn may score again
