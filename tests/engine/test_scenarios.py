"""Whole games through the Python API, with scores checked by hand."""

import pytest

from companion.engine import steps as s
from companion.engine.settings import Player, Settings
from companion.measure import sample, script
from companion.play.game import Game

FOUR = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"), Player("Di", "yellow"))


def four_player_game(**settings) -> Game:
    game = Game.new(Settings(players=FOUR, seed=7, **settings))
    game.send(s.SetupDone(king="castilla", first="red",
                          homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "valencia"))))
    return game


FIRST_SCORING = {
    "galicia": {"red": 2, "yellow": 1},  # red 4 + Grande 2 = 6, yellow 2
    "navarra": {"red": 1, "green": 2},  # green 5, red 3
    "aragon": {"blue": 3, "green": 2, "red": 1},  # blue 5 + Grande 2 = 7, green 4, red 1
    "toledo": {"yellow": 3, "blue": 1},  # King's region: yellow 7 + 2 = 9, blue 4
    "sevilla": {"green": 2},  # green 4 + Grande 2 = 6
    "granada": {"red": 2, "blue": 2, "yellow": 1},  # 8/4/0 tile: tied 1st -> 4 each, yellow 3rd: 0
    "valencia": {"yellow": 2, "red": 3},  # red 5, yellow 3 (yellow's Grande, but 2nd)
}


def test_four_player_2023_game_with_tiles_and_special_scorings():
    game = four_player_game()
    # Round 1: turn order red 9, yellow 8, green 5, blue 3
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5, "yellow": 8})
    assert game.state.turn_order == ["red", "yellow", "green", "blue"]
    assert game.prompt.headline == "Round 1 · Turn 1/4 · Ann"
    script.turn(game, 4, s.TileMoved("8/4/0", "granada"), s.CastilloThrow("red", 2))
    script.turn(game, 5, s.KingMoved("toledo"), s.CastilloThrow("yellow", 1))
    script.turn(game, 3, *script.special_scoring(game, "group5", [
        ("navarra", {"red": 1, "green": 2}),  # green 5, red 3
        ("aragon", {"blue": 2, "green": 2, "red": 1}),  # blue's Grande, but tied: 4, 4; red 1
        ("valencia", {"yellow": 2, "red": 3}),  # red 5, yellow 3
    ]))
    script.turn(game, 1)
    assert game.state.scores == {"red": 9, "blue": 4, "green": 9, "yellow": 3}
    assert game.state.first_player == "blue"  # lowest card

    script.power_cards(game, {"blue": 13, "green": 1, "yellow": 9, "red": 12})
    assert game.state.turn_order == ["blue", "red", "yellow", "green"]
    script.quiet_turns(game)
    script.quiet_round(game)
    assert game.phase == "secret_discs" and game.state.round == 3

    # General scoring 1: red's disc on the King's region sends red's Castillo Caballeros to the Court
    script.general_scoring(game, {"red": "toledo", "yellow": "galicia", "blue": "navarra"},
                           castillo={"red": 2, "yellow": 1}, regions=FIRST_SCORING)
    assert game.state.scores == {"red": 33, "blue": 19, "green": 24, "yellow": 20}
    assert game.state.castillo == {}
    assert game.phase == "power_cards" and game.state.round == 4

    # Rounds 4-9: nothing changes on the board, every scoring confirms the known counts.
    for _ in range(3):
        script.quiet_round(game)
    assert game.state.counts["galicia"] == {"red": 2, "yellow": 1}
    script.general_scoring(game, {})  # red 19, yellow 14, blue 15, green 15 again
    for _ in range(3):
        script.quiet_round(game)
    script.general_scoring(game, {})
    assert game.over
    assert game.state.scores == {"red": 71, "blue": 49, "green": 54, "yellow": 48}
    assert game.state.standings() == [(1, "red", 71), (2, "green", 54), (3, "blue", 49), (4, "yellow", 48)]
    assert game.prompt.asks == "Ann wins with 71"


def test_equal_points_share_a_place():
    game = four_player_game()
    game.send(s.ScoreCorrected("blue", 5, "forgot Aragón"))
    game.send(s.ScoreCorrected("green", 5, "forgot Sevilla"))
    assert game.state.standings()[:2] == [(1, "blue", 5), (1, "green", 5)]
    assert game.state.standings()[2][0] == 3


def test_a_shared_victory_is_said_so():
    whole = sample.four_player_game()
    assert whole.over and whole.prompt.asks == "Ann wins with 71"
    *steps, last = whole.steps
    for corrections, said in [([("green", 71 - 54)], "Ann and Cy share the victory with 71"),
                              ([("green", 71 - 54), ("blue", 71 - 49)], "Ann, Bo and Cy share the victory with 71")]:
        game = Game.replay(whole.settings, steps)
        for colour, points in corrections:
            game.send(s.ScoreCorrected(colour, points, "a missed scoring"))
        game.send(last)
        assert game.over and game.prompt.asks == said


def two_player_game(seed=3) -> Game:
    game = Game.new(Settings(players=(Player("Ann", "red"), Player("Bo", "blue")), dummy="white", seed=seed))
    game.send(s.SetupDone(king="castilla", homes=(("red", "galicia"), ("blue", "granada")), first="red"))
    return game


def test_the_dummy_plays_itself_and_says_why():
    game = two_player_game()
    state = game.state
    dummy_value = state.played["white"]
    assert state.dummy.moves[-1][1] == f"turned up Power card {dummy_value}: nobody may play it"
    placed = sum(n for c in state.counts.values() for colour, n in c.items() if colour == "white")
    drew = state.dummy.moves[0][1]
    assert drew.startswith("drew ")
    assert placed == (2 if "King's region" in drew else 4)
    assert state.counts["castilla"].get("white", 0) == 0  # never into the King's region
    with pytest.raises(s.StepRefused, match=f"{dummy_value} is already played this round \\(by the dummy\\)"):
        game.send(s.PowerCardPlayed("red", dummy_value))
    legal = game.prompt.choices
    assert dummy_value not in legal and len(legal) == 12


def test_the_dummy_takes_the_card_with_the_most_caballeros():
    game = two_player_game()
    assert game.state.played["white"] == 7  # seed 3 turns up a 7 first: the dummy plays second
    script.power_cards(game, {"red": 13, "blue": 1})
    assert game.state.turn_order == ["red", "white", "blue"]
    script.turn(game, 5)  # red takes the King's card: the dummy takes stack 4
    assert game.state.taken[1][:2] == ("white", 4)
    assert game.state.dummy.moves[-1][1] == "took the card of stack 4, discarded: it shows the most Caballeros left (4)"
    assert game.prompt.colour == "blue" and game.prompt.choices == (1, 2)  # 2 and 3 merged: four stacks
    script.turn(game, 2)
    assert game.phase == "power_cards" and game.state.first_player == "blue"


def test_two_player_dummy_game_to_the_end():
    game = two_player_game(seed=3)
    for _ in range(3):
        script.quiet_round(game)
    dummy_counts = {r: c.get("white", 0) for r, c in game.state.counts.items() if c.get("white")}
    assert sum(dummy_counts.values()) > 0
    # General scoring: Castillo: red 3 vs the dummy 3 (moved in by an Intrigue): red tied 1st -> 3 points
    game.send(s.CastilloCorrected("white", 3))
    script.general_scoring(game, {"red": "aragon", "blue": None}, castillo={"red": 3, "white": 3, "blue": 0})
    first = game.state.sheet[0]
    assert (first.where, first.colour, first.points) == ("castillo", "red", 3)
    assert "tied for 1st -> 2nd place" in first.reason
    assert game.state.counts["aragon"].get("red") == 3 + 0  # red's disc
    assert any("Castillo Caballeros" in m for m in game.state.dummy.moves_in(3))
    for _ in range(2):
        for _ in range(3):
            script.quiet_round(game)
        script.general_scoring(game, {})
    assert game.over
    assert all(c in ("red", "blue") for c in game.state.scores)


def test_the_dummy_in_a_region_scoring():
    game = two_player_game()
    script.power_cards(game, {"red": 13, "blue": 12})
    script.turn(game, 2, *script.special_scoring(game, "region", [("toledo", {"red": 2, "white": 3, "blue": 1})]))
    # Toledo 7/4/2 with 2 columns: the dummy 1st (no points), red 2nd: 4, blue 3rd: 0
    assert game.state.scores == {"red": 4, "blue": 0}


def test_three_player_short_game():
    game = Game.new(Settings(players=FOUR[:3], short_game=True, seed=5))
    game.send(s.SetupDone(king="aragon", homes=(("red", "toledo"), ("blue", "granada"), ("green", "galicia")),
                          first="green"))
    assert game.state.round == 2  # the short game starts on round 2
    script.quiet_round(game)
    script.quiet_round(game)
    assert game.phase == "secret_discs" and game.state.round == 3
    # 3 players: two columns. Toledo 7/4/2: red 3, blue 2, green 1 -> 7 + 2 (Grande), 4, 0.
    # The homes as set up: Galicia green 2 alone -> 4 + 2; Granada blue 2 alone -> 6 + 2.
    script.general_scoring(game, {}, castillo={}, regions={"toledo": {"red": 3, "blue": 2, "green": 1}})
    assert game.state.scores == {"red": 9, "blue": 4 + 8, "green": 6}
    rounds = []
    while not game.over:
        if game.phase == "secret_discs":
            script.general_scoring(game, {})
        else:
            rounds.append(game.state.round)
            script.quiet_round(game)
    assert rounds == [5, 6, 8, 9]  # rounds 4 and 7 are skipped
    assert game.state.general_scorings == 3


def test_five_player_classic_game():
    players = FOUR + (Player("Ed", "black"),)
    game = Game.new(Settings(edition="classic", players=players, seed=1))
    game.send(s.SetupDone(king="navarra", first="black", homes=(
        ("red", "galicia"), ("blue", "aragon"), ("green", "cataluna"), ("yellow", "castilla"), ("black", "toledo"))))
    assert game.state.settings.stacks == (1, 2, 3, 4, 5)
    for _ in range(3):
        script.quiet_round(game)
    # Castillo 5/3/1: red 4, blue 4, green 4, yellow 3 -> 3, 3, 3, 1 (004 example 1)
    script.general_scoring(game, {c: "valencia" for c in ("red", "blue", "green", "yellow")},
                           castillo={"red": 4, "blue": 4, "green": 4, "yellow": 3, "black": 0},
                           regions={"valencia": {"red": 4, "blue": 4, "green": 4, "yellow": 3}})
    # Valencia 5/3/2: same counts -> 3, 3, 3, 2; homes: each alone with 2 -> first value + 2 Grande
    homes = {"red": 4 + 2, "blue": 5 + 2, "green": 4 + 2, "yellow": 6 + 2, "black": 7 + 2}
    expected = {"red": 3 + 3 + homes["red"], "blue": 3 + 3 + homes["blue"], "green": 3 + 3 + homes["green"],
                "yellow": 1 + 2 + homes["yellow"], "black": homes["black"]}
    assert game.state.scores == expected


def test_the_sample_game_ends_as_checked_by_hand():
    game = sample.four_player_game()
    assert game.over and game.state.scores == {"red": 71, "blue": 49, "green": 54, "yellow": 48}


def test_the_dummy_draws_nothing_once_its_30_are_on_the_board():
    game = two_player_game()
    state = game.state
    more = 30 - state.on_board("white")
    game.send(s.CountsCorrected("valencia", (("white", state.counts["valencia"].get("white", 0) + more),)))
    assert state.on_board("white") == 30
    deck = list(state.dummy.region_deck)
    script.quiet_round(game)
    assert game.state.dummy.moves_in(2)[0] == "all 30 of its Caballeros are on the board: no region cards drawn"
    assert game.state.on_board("white") == 30 and game.state.dummy.region_deck == deck


def test_the_dummys_region_deck_is_whole_again_after_each_general_scoring():
    game = two_player_game()
    for _ in range(3):
        script.quiet_round(game)
    assert len(game.state.dummy.region_deck) == 9 - 2 * 3  # two cards a round
    script.general_scoring(game, {})
    assert game.state.round == 4
    assert len(game.state.dummy.region_deck) == 9 - 2  # reshuffled: all nine, then round 4's two draws
