"""Grandissimo in a game (scores only): Portugal, the black Caballeros ignored (or taking places for
nobody, the table's choice), stacks 6 and 7, the Queen, the Jester, the ship tokens and the Grand
Inquisitor held. Seed 004 lines as "S:n"; facts and confidence: ../shared/RULES-EXPANSIONS.md §4."""

import dataclasses

import pytest

from companion.engine import referee
from companion.engine.modes import steps as s
from companion.engine.modes.own_state import own
from companion.engine.settings import REVISION, Player, Settings
from companion.engine.settings_check import check_settings
from companion.measure import script
from companion.play.game import Game
from tests.engine.big_box_steps import points, score_until, to_the_regions

THREE = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETTINGS = Settings(edition="classic", players=THREE, seed=4, revision=REVISION, expansion="grandissimo")
SETUP = s.SetupDone(king="castilla", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")),
                    black=("valencia",))


def grandissimo_game(settings: Settings = SETTINGS) -> Game:
    game = Game.new(settings)
    game.send(SETUP)
    return game








def test_setup_puts_the_2_black_caballeros_in_one_drawn_region():
    """S:294: "draw a region card and put the 2 black Caballeros there"."""
    game = Game.new(SETTINGS)
    drawn = referee.draw_setup(game.state)
    assert len(drawn.black) == 1 and drawn.limit_table is None
    game.send(drawn)
    assert game.state.counts[drawn.black[0]] == {"black": 2}
    assert game.settings.stacks == (1, 2, 3, 4, 5, 6, 7)
    with pytest.raises(s.StepRefused, match="1 drawn region"):
        Game.new(SETTINGS).send(dataclasses.replace(SETUP, black=("valencia", "toledo")))


def test_portugal_is_scored_last_5_0_0_and_a_tie_for_first_scores_nothing():
    """S:308: Portugal 5 for the most, nothing else (D8, derived: 3-3 -> 0, 0; 2-1 -> 5)."""
    game = grandissimo_game()
    to_the_regions(game)
    score_until(game, "portugal")
    assert game.state.to_score == ["portugal"]
    game.send(s.Scored("portugal", (("red", 3), ("blue", 3))))
    assert points(game, "portugal") == {"red": 0, "blue": 0}


def test_d2_derived_the_black_caballeros_are_ignored_at_every_scoring():
    """S:398: "belong to no one and are never considered in scoring a region": Valencia 5/3/2,
    red 3, black 2, green 1 -> red 5, green 3."""
    game = grandissimo_game()
    to_the_regions(game)
    score_until(game, "valencia")
    game.send(s.Scored("valencia", (("red", 3), ("black", 2), ("green", 1))))
    assert points(game, "valencia") == {"red": 5, "green": 3}


def test_the_table_may_let_them_take_places_for_nobody_instead():
    """The GI&C reading (S:306), a setting: as T1, black takes 2nd place; with 3 players only two
    columns score, so green's 3rd place scores nothing (red 5, green 0; ignored it was 3)."""
    game = grandissimo_game(dataclasses.replace(SETTINGS, black_invisible=True))
    to_the_regions(game)
    score_until(game, "valencia")
    game.send(s.Scored("valencia", (("red", 3), ("black", 2), ("green", 1))))
    assert points(game, "valencia") == {"red": 5, "green": 0}
    with pytest.raises(s.StepRefused, match="a Grandissimo choice"):
        check_settings(dataclasses.replace(SETTINGS, expansion="colonies", black_invisible=True))


def test_the_king_may_go_to_portugal():
    """S:308: "the King and the Grandes may go there"."""
    game = grandissimo_game()
    game.send(s.KingMoved("portugal"))
    assert game.state.king == "portugal"
    with pytest.raises(s.StepRefused):
        Game.new(dataclasses.replace(SETTINGS, expansion="")).send(s.KingMoved("portugal"))


def test_figures_and_tokens_change_hands_and_the_grand_inquisitor_leaves_before_a_general_scoring():
    """S:309: the Queen or the Jester into the taker's Court; S:398: the Grand Inquisitor "leaves
    your Court just before the next general scoring"."""
    game = grandissimo_game()
    game.send(s.HoldingMoved("Queen", "red"))
    game.send(s.HoldingMoved("Ship token 1", "blue"))
    game.send(s.HoldingMoved("Grand Inquisitor", "green"))
    game.send(s.HoldingMoved("Queen", "blue"))
    assert own(game.state).holdings == {"Queen": "blue", "Ship token 1": "blue", "Grand Inquisitor": "green"}
    with pytest.raises(s.StepRefused, match="'Viceroy' is not held in this game"):
        game.send(s.HoldingMoved("Viceroy", "red"))
    to_the_regions(game)
    assert "Grand Inquisitor" not in own(game.state).holdings and own(game.state).holdings["Queen"] == "blue"


def test_stack_7_is_the_queen_and_jester_card_and_stack_6_cards_place_up_to_5():
    game = grandissimo_game()
    script.power_cards(game, {"red": 13, "blue": 12, "green": 11})
    game.send(s.ActionCardTaken("red", 6))
    game.send(s.CastilloThrow("red", 5))
    with pytest.raises(s.StepRefused, match="places at most 5"):
        game.send(s.CastilloThrow("red", 1))
    assert own(game.state).grand_inquisitor is None  # (Grandissimo's Grand Inquisitor is a holding)
