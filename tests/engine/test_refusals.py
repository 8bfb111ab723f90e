"""Every refusal of the rules: one line saying why, and nothing changes. On (state, step) alone
(tests/engine/states.py); the phase chart's refusals ("not possible now", a card first) and undo's
are a Game's: tests/play/test_phase_refusals.py."""

import pytest

from companion.engine import rules
from companion.engine import steps as s
from companion.engine.settings import Player, Settings
from companion.engine.settings_check import check_settings
from companion.engine.state import GameState
from tests.engine import states
from tests.engine.states import PLAYERS, refused


@pytest.fixture
def state() -> GameState:
    return states.set_up(Settings(players=PLAYERS, seed=2))


def on_anns_turn(state: GameState, stack: int) -> GameState:
    states.power_cards(state, {"red": 9, "blue": 3, "green": 5})
    return states.take(state, s.ActionCardTaken("red", stack))


def test_a_repeated_power_value(state):
    states.take(state, s.PowerCardPlayed("red", 9))
    refused(state, s.PowerCardPlayed("blue", 9), r"9 is already played this round \(by Ann\)")


def test_a_power_card_no_longer_in_hand(state):
    states.power_cards(state, {"red": 9, "blue": 3, "green": 5})
    states.next_round(states.quiet_turns(state))
    assert state.next_to_play_power() == "blue"  # lowest card: First Player
    states.take(state, s.PowerCardPlayed("blue", 4))
    refused(state, s.PowerCardPlayed("green", 5), "Cy has already used Power card 5")


def test_power_cards_in_seat_order(state):
    refused(state, s.PowerCardPlayed("green", 9), "it is Ann's turn to play a Power card")


def test_an_unknown_region(state):
    refused(state, s.KingMoved("madrid"), "'madrid' is not a region")
    refused(state, s.GrandeMoved("red", "portugal"), "'portugal' is not a region")


def test_a_count_that_would_exceed_thirty(state):
    states.take(state, s.CountsCorrected("cataluna", (("blue", 20),)))
    refused(state, s.CountsCorrected("valencia", (("blue", 9),)),
            "Bo would have 31 Caballeros on the board, only 30 exist")
    refused(state, s.CastilloCorrected("blue", 9), "Bo would have 31")


def test_turn_steps_belong_to_the_active_player(state):
    states.power_cards(state, {"red": 9, "blue": 3, "green": 5})
    refused(state, s.ActionCardTaken("blue", 1), "it is Ann's turn, not Bo's")
    states.take(state, s.ActionCardTaken("red", 1), s.TurnEnded("red"))
    refused(state, s.ActionCardTaken("green", 1), "the card of stack 1 is gone; left: 2, 3, 4, 5")


def test_the_kings_region_is_taboo(state):
    refused(state, s.TileMoved("8/4/0", "toledo"), "never goes into or out of the King's region")
    refused(state, s.GrandeMoved("red", "toledo"), "never moves into or out of the King's region")
    states.take(state, s.TileMoved("8/4/0", "granada"))
    refused(state, s.TileMoved("4/0/0", "granada"), "one tile per region")
    refused(state, s.TileMoved("9/9/9", "navarra"), "the scoring tiles are 8/4/0 and 4/0/0")


def test_scoring_refusals(state):
    on_anns_turn(state, 3)
    refused(state, s.SpecialScoringStarted("castles", ("galicia",)), "unknown special scoring 'castles'")
    refused(state, s.SpecialScoringStarted("region", ()), "scores nothing")
    states.take(state, s.SpecialScoringStarted("region", ("galicia",)))
    refused(state, s.Scored("aragon", (("red", 1),)), "aragon is not to be scored now; left: galicia")
    refused(state, s.Scored("galicia", (("purple", 1),)), "unknown colour 'purple'")
    refused(state, s.Scored("galicia", (("red", -1),)), "must be a whole number >= 0")


def test_setup_refusals():
    state = GameState(Settings(players=PLAYERS))
    refused(state, s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "galicia"),
                                                                  ("green", "sevilla"))), "same home region")
    refused(state, s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"),)), "every player a home")


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
        check_settings(settings)  # (what Game.new checks first)


def test_a_castillo_count_for_a_player_whose_disc_was_never_asked(state):
    """Discs are asked of those in the tally: raising another's count must not send them to Court silently."""
    for _ in range(2):
        states.next_round(states.quiet_turns(states.quiet_power_cards(state)))
    states.general_scoring(states.quiet_turns(states.quiet_power_cards(state)))
    before_discs = rules.after(state)  # (a copy: where an undo of the discs would stand)
    states.take(state, s.SecretDiscs((("red", None), ("blue", None), ("green", None))))
    refused(state, s.Scored("castillo", (("blue", 2),)),
            "Bo had none in the Castillo tally, so no secret disc was set: undo to the secret discs")
    state = states.take(before_discs, s.CastilloCorrected("blue", 2))
    states.take(state, s.SecretDiscs((("red", None), ("blue", "valencia"), ("green", None))))
    states.take(state, s.Scored("castillo", (("blue", 2),)))
    assert state.counts["valencia"] == {"blue": 2}


def test_a_special_scoring_scores_the_regions_its_card_names(state):
    on_anns_turn(state, 3)
    refused(state, s.SpecialScoringStarted("group4", ("toledo",)),
            "all 4-point regions scores .* here")
    refused(state, s.SpecialScoringStarted("region", ("galicia", "toledo")), "scores one region")
    refused(state, s.SpecialScoringStarted("first_only", ("galicia",)), "scores Galicia, Navarra, .* here")
    refused(state, s.SpecialScoringStarted("most", ("navarra",)), "correct them first if the board differs")
    states.take(state, s.SpecialScoringStarted("first_only", tuple(reversed(state.rules.regions))))  # any order


def test_a_home_region_is_never_the_kings_region():
    state = GameState(Settings(players=PLAYERS))
    refused(state, s.SetupDone(king="galicia", first="red", homes=(("red", "galicia"), ("blue", "aragon"),
                                                                   ("green", "sevilla"))), "never the King's region")


def test_a_throw_beyond_what_the_card_places(state):
    on_anns_turn(state, 2)  # stack 2: two Caballeros
    refused(state, s.CastilloThrow("red", 3), "Ann's card places at most 2 Caballeros this turn")
    states.take(state, s.CastilloThrow("red", 1))
    refused(state, s.CastilloThrow("red", 2), "at most 2 Caballeros this turn, 1 thrown already")
    states.take(state, s.CastilloThrow("red", 1))
    states.take(state, s.CastilloCorrected("red", 5))  # a card that lets more in: the menu's correction
    assert state.castillo == {"red": 5}


def test_one_special_scoring_a_turn(state):
    on_anns_turn(state, 3)
    states.take(state, s.SpecialScoringStarted("region", ("galicia",)), s.Scored("galicia", (("red", 2),)))
    states.special_scoring_done(state)
    refused(state, s.SpecialScoringStarted("region", ("galicia",)), "this turn has had its special scoring")
    states.take(state, s.TurnEnded("red"), s.ActionCardTaken("green", 4))
    states.take(state, s.SpecialScoringStarted("region", ("galicia",)))  # the next player's turn may score again
