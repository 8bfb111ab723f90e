"""The board across what the phase chart plays (a general scoring with its secret discs, a special
scoring's end, an undo, the dummy's turns): in a game that records placements the companion knows
where every Caballero is. The board's rules on (state, step) alone: tests/engine/test_board.py.
"""

import pytest

from companion.engine import board
from companion.engine import steps as s
from companion.engine.settings import Player, Settings
from companion.measure import script
from companion.play.game import Game

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETUP = s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")))


def board_game(edition: str = "2023", **settings) -> Game:
    game = Game.new(Settings(edition=edition, players=PLAYERS, seed=5, board=True, **settings))
    game.send(SETUP)
    return game


def test_secret_discs_move_the_castillo_to_a_region_or_back_to_the_court():
    game = board_game()
    script.power_cards(game, {"red": 13, "blue": 12, "green": 11})
    script.turn(game, 4, s.CastilloThrow("red", 3))
    script.turn(game, 3, s.CastilloThrow("blue", 2))
    script.quiet_turns(game)
    for _ in range(2):
        script.quiet_round(game)
    assert game.phase == "secret_discs"
    court = game.state.court["blue"]
    script.general_scoring(game, {"red": "navarra", "blue": "toledo"})  # Toledo: the King's region
    assert game.state.counts["navarra"]["red"] == 3
    assert game.state.court["blue"] == court + 2
    assert game.state.castillo == {}
    for colour in ("red", "blue", "green"):
        assert board.total(game.state, colour) == 30


def test_a_count_changed_at_a_scoring_corrects_the_board():
    game = board_game()
    for _ in range(3):
        script.quiet_round(game)
    court, province = game.state.court["red"], game.state.province["red"]
    blue_province = game.state.province["blue"]
    script.general_scoring(game, {}, regions={"galicia": {"red": 2 + court + 1}, "aragon": {"blue": 1}})
    # More in Galicia than recorded: the Court first, then the Province; fewer: back to the Province.
    assert game.state.counts["galicia"]["red"] == 2 + court + 1
    assert (game.state.court["red"], game.state.province["red"]) == (0, province - 1)
    assert game.state.province["blue"] == blue_province + 1
    for colour in ("red", "blue", "green"):
        assert board.total(game.state, colour) == 30


def test_undo_restores_the_board():
    game = board_game()
    script.power_cards(game, {"red": 13, "blue": 1, "green": 8})
    before = (dict(game.state.court), dict(game.state.province), {r: dict(c) for r, c in game.state.counts.items()})
    game.send(s.ActionCardTaken("red", 3))
    game.send(s.Placed("red", "aragon", 2), s.CastilloThrow("red", 1))
    game.undo()
    game.undo()
    assert (game.state.court, game.state.province, game.state.counts) == before


def test_the_dummy_places_from_its_province_and_keeps_its_thirty():
    game = Game.new(Settings(players=PLAYERS[:2], dummy="green", seed=3, board=True))
    game.send(s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"))))
    state = game.state
    assert "green" not in state.court or state.court["green"] == 0
    on_board = sum(c.get("green", 0) for c in state.counts.values())
    assert on_board > 0 and state.province["green"] == 30 - on_board  # its round 1 placements
    for _ in range(3):
        script.quiet_round(game)
    for colour in ("red", "blue", "green"):
        assert board.total(state, colour) == 30


def test_a_most_scoring_follows_a_count_changed_at_its_first_region():
    # Issue 11: lowering/raising a count at a scoring so that another region is now the fullest
    # must not score the old one ("Red got 7 for the wrong region").
    game = board_game()
    script.power_cards(game, {"red": 13, "blue": 1, "green": 8})
    game.send(s.ActionCardTaken("red", 3))
    regions = ("galicia", "aragon", "sevilla")  # 2 Caballeros each: all three have the most
    game.send(s.SpecialScoringStarted("most", regions))
    game.send(s.Scored("galicia", (("red", 5),)))  # the board had 2: Galicia alone is the fullest
    assert game.phase == "turns" and game.state.to_score == []
    assert [line.where for line in game.state.sheet] == ["galicia"]
    assert game.state.scoring_notes == [
        "Aragón no longer qualifies after the count of Galicia: not scored",
        "Sevilla no longer qualifies after the count of Galicia: not scored"]
    assert game.state.counts["galicia"] == {"red": 5}


def test_a_most_scoring_adds_the_regions_that_now_qualify():
    game = board_game()
    script.power_cards(game, {"red": 13, "blue": 1, "green": 8})
    game.send(s.CountsCorrected("navarra", (("blue", 3),)))  # Navarra 3: alone the fullest
    game.send(s.ActionCardTaken("red", 3))
    game.send(s.SpecialScoringStarted("most", ("navarra",)))
    game.send(s.Scored("navarra", (("blue", 1),)))  # only 1 there: the 2s are the fullest now
    assert game.phase == "special_scoring"
    assert game.state.to_score == ["galicia", "aragon", "sevilla"]
    assert game.state.scoring_notes[0].startswith("Galicia now qualifies") and len(game.state.scoring_notes) == 3
    for region, colour in (("galicia", "red"), ("aragon", "blue"), ("sevilla", "green")):
        game.send(s.Scored(region, ((colour, 2),)))
    assert game.phase == "turns"
    assert [line.where for line in game.state.sheet if line.points] == ["navarra", "galicia", "aragon", "sevilla"]


@pytest.mark.parametrize("seat", [0, 1, 2])
@pytest.mark.parametrize("revision", [4, 5])
def test_a_player_who_plays_black_leaves_the_castillo_by_his_disc_in_any_seat(seat, revision):
    """000 l.362, l.380: after the Castillo is scored its Caballeros go to the region on their owner's
    secret disc. The Grand Inquisitor's rule for black (S:248) belongs to the Big Box mode that has him,
    not to a player who chose black: revisions 3 and 4 kept his Caballeros in the Castillo for ever
    (issue 32), and their game logs replay as they were played."""
    colours = ["red", "blue", "green"]
    colours[seat] = "black"
    players = tuple(Player(c.title(), c) for c in colours)
    homes = tuple(zip(colours, ("galicia", "aragon", "sevilla")))
    game = Game.new(Settings(players=players, seed=5, board=True, revision=revision))
    game.send(s.SetupDone(king="toledo", first=colours[0], homes=homes))
    script.power_cards(game, dict(zip(colours, (13, 12, 11))))
    script.turn(game, 4, s.CastilloThrow(colours[0], 3))
    script.turn(game, 3, s.CastilloThrow(colours[1], 2))
    script.quiet_turns(game)
    for _ in range(2):
        script.quiet_round(game)
    thrown = {colours[0]: 3, colours[1]: 2}
    script.general_scoring(game, dict(zip(colours[:2], ("navarra", "valencia"))))
    stays = {"black": thrown["black"]} if revision == 4 and "black" in thrown else {}
    assert game.state.castillo == stays
    for colour, region in zip(colours[:2], ("navarra", "valencia")):
        assert game.state.counts[region].get(colour, 0) == (0 if colour in stays else thrown[colour])
    for colour in colours:
        assert board.total(game.state, colour) == 30
