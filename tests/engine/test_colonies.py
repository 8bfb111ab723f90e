"""Grand Inquisitor & the Colonies in a game (scores only): setup, stacks 6 and 7, the new regions'
seats, the Limit table, the black Caballeros and gold and wares. Seed 004 lines as "S:n";
facts and confidence: ../shared/RULES-EXPANSIONS.md §2."""

import pytest

from companion.engine import queries, referee
from companion.engine.modes import steps as s
from companion.engine.modes.own_state import own
from companion.engine.settings import REVISION, Player, Settings
from companion.engine.settings_check import check_settings
from companion.measure import script
from companion.play.game import Game
from companion.record.journal import read_only
from companion.rules import modes
from tests.engine.big_box_steps import points, score_until, to_the_regions

FIVE = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"), Player("Di", "yellow"),
        Player("Ed", "orange"))
SETTINGS = Settings(edition="classic", players=FIVE, seed=5, revision=REVISION, expansion="colonies")
SETUP = s.SetupDone(king="castilla", first="red", homes=(
    ("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "granada"), ("orange", "navarra")),
    black=("valencia", "toledo"), limit_table="cataluna")


def colonies_game(path=None, settings: Settings = SETTINGS) -> Game:
    game = Game.new(settings, path)
    game.send(SETUP)
    return game








@pytest.mark.parametrize("change,why", [
    ({"edition": "2023"}, "played with the classic deck"),
    ({"expansion": "nosuch"}, "unknown way to play 'nosuch'"),
    ({"kc_placement": "action_card"}, "is The King & the Colonies' choice"),
    ({"players": FIVE[:4] + (Player("Ed", "black"),)}, "black is the Grand Inquisitor's colour"),
])
def test_settings_the_companion_cannot_play_are_refused_in_one_line(change, why):
    import dataclasses

    with pytest.raises(s.StepRefused, match=why):
        check_settings(dataclasses.replace(SETTINGS, **change))


def test_setup_puts_2_black_in_each_of_2_drawn_regions_and_the_limit_table_in_another():
    """S:198: "draw 2 more region cards ... put 2 black Caballeros in each"; S:199: 1 more for the
    Limit table. The companion draws them from the seed's region deck after the King and homes."""
    game = Game.new(SETTINGS)
    drawn = referee.draw_setup(game.state)
    assert len(drawn.black) == 2 and drawn.limit_table is not None
    assert len({drawn.king, *dict(drawn.homes).values(), *drawn.black, drawn.limit_table}) == 9  # 5 players: all 9
    game.send(drawn)
    assert all(game.state.counts[r] == {"black": 2} for r in drawn.black)
    assert own(game.state).limit_table == drawn.limit_table
    assert game.settings.stacks == (1, 2, 3, 4, 5, 6, 7)


@pytest.mark.parametrize("setup,why", [
    (s.SetupDone(king="castilla", first="red", homes=SETUP.homes, limit_table="cataluna"), "2 drawn region"),
    (s.SetupDone(king="castilla", first="red", homes=SETUP.homes, black=("valencia", "toledo")), "Limit table"),
    (s.SetupDone(king="castilla", first="red", homes=SETUP.homes, black=("valencia", "galicia"),
                 limit_table="cataluna"), "Galicia was drawn already"),
])
def test_a_setup_without_the_big_box_pieces_is_refused(setup, why):
    with pytest.raises(s.StepRefused, match=why):
        Game.new(SETTINGS).send(setup)


def test_the_base_game_has_no_black_caballeros_and_writes_its_lines_as_before():
    game = Game.new(Settings(edition="classic", players=FIVE[:3], seed=1, revision=REVISION))
    with pytest.raises(s.StepRefused, match="no black Caballeros"):
        game.send(s.SetupDone(king="castilla", first="red", homes=SETUP.homes[:3], black=("valencia", "toledo")))
    assert "black" not in SETUP.homes and "black" not in s.SetupDone("castilla", (), "red").to_json()
    assert "seats" not in s.Scored("castillo", ()).to_json()
    assert "expansion" not in game.settings.to_json()


def test_stack_6_is_the_grand_inquisitor_card_and_its_taker_holds_him():
    """S:243-245: 3 Caballeros; the Grand Inquisitor stays in the taker's Court until another takes the card;
    his holder places one more on his turns (S:247), the turn he takes him included (assumed)."""
    game = colonies_game()
    script.power_cards(game, {"red": 13, "blue": 12, "green": 11, "yellow": 10, "orange": 9})
    assert game.prompt.choices == (1, 2, 3, 4, 5, 6, 7)
    game.send(s.ActionCardTaken("red", 6))
    assert own(game.state).grand_inquisitor == "red"
    assert queries.card_room(game.state, "red") == 4
    game.send(s.CastilloThrow("red", 3))  # the one more goes to a region next to the King (S:247): not thrown
    with pytest.raises(s.StepRefused, match="throws at most the card's 3"):
        game.send(s.CastilloThrow("red", 1))


def test_t1_nobody_holds_the_grand_inquisitor_his_black_caballeros_take_second_place():
    """S:251: Valencia 5/3/2, red 3, black 2, green 1 -> red 5, green 2; the 3 for 2nd are lost."""
    game = colonies_game()
    to_the_regions(game)
    score_until(game, "valencia")
    game.send(s.Scored("valencia", (("red", 3), ("black", 2), ("green", 1))))
    assert points(game, "valencia") == {"red": 5, "green": 2}


def test_d1_derived_the_holder_counts_the_black_caballeros_as_his_colour():
    """S:246 "treated in every way as your colour": green 1 + black 2 = 3 ties red 3 -> 3 each."""
    game = colonies_game()
    script.power_cards(game, {"red": 13, "blue": 12, "green": 11, "yellow": 10, "orange": 9})
    script.turn(game)
    script.turn(game)
    script.turn(game, 6)  # green takes the Grand Inquisitor
    script.quiet_turns(game)
    script.quiet_round(game)
    script.quiet_round(game)
    game.send(s.SecretDiscs(tuple((c, None) for c in game.state.colours)))
    game.send(s.Scored("castillo", ()))
    score_until(game, "valencia")
    game.send(s.Scored("valencia", (("red", 3), ("black", 2), ("green", 1))))
    assert points(game, "valencia") == {"red": 3, "green": 3}


def test_the_new_regions_are_scored_after_valencia_with_their_seats():
    """S:263: France, the ship, America, the Mediterranean after Valencia. T2 (S:209): both French
    seats and 2 of 3 -> 3 + 2 + 1 = 6. D4 (derived): America, red Viceroy + 1, blue 2 -> blue 4,
    red 5. D7 (derived): only the Captain scores on the ship."""
    game = colonies_game()
    to_the_regions(game)
    score_until(game, "france")
    assert game.state.to_score == ["france", "ship", "america", "mediterranean"]
    game.send(s.Scored("france", (("red", 2), ("blue", 1)), seats=(("Ambassador", "red"), ("Envoy", "red"))))
    game.send(s.Scored("ship", (("blue", 1), ("red", 3)), seats=(("Captain", "blue"),)))
    game.send(s.Scored("america", (("blue", 2), ("red", 2)), seats=(("Viceroy", "red"),)))
    game.send(s.Scored("mediterranean", (("red", 2), ("blue", 1), ("green", 1))))
    assert points(game, "france") == {"red": 6, "blue": 1}
    assert points(game, "ship") == {"blue": 3, "red": 0}
    assert points(game, "america") == {"blue": 4, "red": 5}
    assert points(game, "mediterranean") == {"red": 4, "blue": 1, "green": 1}  # D6: b, c tie for 2nd -> 3rd's 1
    assert own(game.state).seats == {"Ambassador": "red", "Envoy": "red", "Captain": "blue", "Viceroy": "red"}
    assert game.phase == "power_cards"


@pytest.mark.parametrize("scored,why", [
    (s.Scored("france", (("red", 2), ("blue", 2))), "France has room for 3 Caballeros, not 4"),
    (s.Scored("france", (("red", 1),), seats=(("Viceroy", "red"),)), "France's seats: Ambassador, Envoy"),
    (s.Scored("france", (("red", 1), ("blue", 1)), seats=(("Ambassador", "red"), ("Envoy", "red"))),
     "Ann sits on Ambassador and Envoy but has 1 Caballeros counted in France"),
])
def test_a_seat_or_room_that_does_not_fit_is_refused(scored, why):
    game = colonies_game()
    to_the_regions(game)
    score_until(game, "france")
    with pytest.raises(s.StepRefused, match=why):
        game.send(scored)


def test_the_limit_tables_region_counts_only_the_caballeros_on_its_spaces():
    """S:253; 10 spaces with 4-5 players (S:199). D10 (derived): on the table red 6, blue 4."""
    game = colonies_game()
    to_the_regions(game)
    score_until(game, "cataluna")
    with pytest.raises(s.StepRefused, match="on the Limit table in Cataluña: it has 10 spaces, not 11"):
        game.send(s.Scored("cataluna", (("red", 6), ("blue", 5))))
    game.send(s.Scored("cataluna", (("red", 6), ("blue", 4))))
    assert points(game, "cataluna") == {"red": 4, "blue": 2}


def test_gold_and_wares_score_at_once_whenever_they_reach_spain():
    """S:222 / S:233: gold 6, wares 4, at once (T3)."""
    game = colonies_game()
    game.send(s.Delivered("red", "gold"))
    game.send(s.Delivered("blue", "wares"))
    assert (game.state.scores["red"], game.state.scores["blue"]) == (6, 4)
    assert game.state.sheet[-1].occasion == "wares delivered"
    with pytest.raises(s.StepRefused, match="gold or wares, not 'silk'"):
        game.send(s.Delivered("red", "silk"))
    base = Game.new(Settings(edition="classic", players=FIVE[:3], seed=1, revision=REVISION))
    base.send(s.SetupDone(king="castilla", first="red", homes=SETUP.homes[:3]))
    with pytest.raises(s.StepRefused, match="not in this game"):
        base.send(s.Delivered("red", "gold"))


def test_a_colonies_journal_replays_to_the_same_scores(tmp_path):
    game = colonies_game(tmp_path / "game.jsonl")
    game.send(s.Delivered("red", "gold"))
    to_the_regions(game)
    score_until(game, "france")
    game.send(s.Scored("france", (("red", 2), ("blue", 1)), seats=(("Ambassador", "red"), ("Envoy", "blue"))))
    scores = dict(game.state.scores)
    game.close()
    again = Game.from_record(read_only(tmp_path / "game.jsonl"))
    assert again.settings.expansion == "colonies" and again.state.scores == scores
    assert again.state.counts["valencia"] == {"black": 2} and own(again.state).limit_table == "cataluna"
    assert modes.BLACK == "black"


def test_the_4_point_regions_include_america_and_the_mediterranean_and_first_places_all_of_them():
    """S:263: "all 4 regions ... America and the Mediterranean"; "only the first places" scores every
    region, the Big Box's too, without the Viceroy's and Captain's bonuses (S:264)."""
    from companion.engine import scorings

    game = colonies_game()
    assert scorings.special_regions(game.state, "group4") == (
        "galicia", "cataluna", "sevilla", "america", "mediterranean")
    assert scorings.special_regions(game.state, "first_only")[-4:] == ("france", "ship", "america", "mediterranean")
    assert "france" not in scorings.special_regions(game.state, "group5")  # France (3) is in no group
    script.power_cards(game, {"red": 13, "blue": 12, "green": 11, "yellow": 10, "orange": 9})
    game.send(s.ActionCardTaken("red", 1))
    game.send(s.SpecialScoringStarted("first_only", scorings.special_regions(game.state, "first_only")))
    while game.prompt.choices[0] != "america":
        game.send(s.Scored(game.prompt.choices[0], ()))
    game.send(s.Scored("america", (("blue", 2), ("red", 1)), seats=(("Viceroy", "red"),)))
    assert points(game, "america") == {"blue": 4, "red": 0}  # D9: no Viceroy's +5 under first places only
