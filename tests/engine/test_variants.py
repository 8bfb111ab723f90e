"""Power Shift, Veto, and the New Regency King moves with their consequences."""

import pytest

from companion.engine import scorings
from companion.engine import steps as s
from companion.engine.settings import Player, Settings
from companion.measure import script
from companion.play.game import Game

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))


def game_with(**settings) -> Game:
    game = Game.new(Settings(players=PLAYERS, seed=4, **settings))
    game.send(s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"))))
    return game


def test_power_shift_totals_must_differ_and_set_the_order():
    game = game_with(power_shift=True)
    game.send(s.PowerCardPlayed("red", 9))
    game.send(s.PowerCardPlayed("blue", 9 - 1 + 1, modifier=1))  # 9 + 1 = 10: allowed
    with pytest.raises(s.StepRefused, match="10 is already played this round \\(by Bo\\): every total must differ"):
        game.send(s.PowerCardPlayed("green", 8, modifier=2))
    game.send(s.PowerCardPlayed("green", 8, modifier=-2))  # total 6
    assert game.state.turn_order == ["blue", "red", "green"]
    assert game.state.court_intake("blue") == 2  # the Power card's own Caballeros
    script.quiet_turns(game)
    assert game.state.first_player == "green"  # lowest total


def test_modifiers_need_power_shift():
    game = game_with()
    with pytest.raises(s.StepRefused, match="Power Shift"):
        game.send(s.PowerCardPlayed("red", 9, modifier=1))


def test_a_veto_is_held_until_the_end_of_the_next_round():
    game = Game.new(Settings(edition="classic", players=PLAYERS, seed=4))
    game.send(s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"))))
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    script.turn(game, 2, card="classic.2.veto")
    assert game.state.vetoes == {"red": [2]}
    script.quiet_turns(game)
    script.quiet_round(game)  # round 2: still held
    assert game.state.vetoes == {} and game.state.round == 3


def test_a_veto_used():
    game = Game.new(Settings(edition="classic", players=PLAYERS, seed=4))
    game.send(s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"))))
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    with pytest.raises(s.StepRefused, match="takes an action card first"):
        game.send(s.VetoUsed("red"))  # a Veto stops a card's action: none before a card is taken
    game.send(s.ActionCardTaken("red", 1))
    with pytest.raises(s.StepRefused, match="holds no Veto"):
        game.send(s.VetoUsed("red"))
    game.undo()
    script.turn(game, 2, s.VetoUsed("red"), card="classic.2.veto")
    assert game.state.vetoes == {}


def test_two_vetoes_held_are_two():
    game = Game.new(Settings(edition="classic", players=PLAYERS, seed=4))
    game.send(s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"))))
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    script.turn(game, 2, card="classic.2.veto")
    script.quiet_turns(game)
    script.power_cards(game, {"red": 8, "blue": 4, "green": 6})
    assert game.prompt.colour == "red"  # highest card
    script.turn(game, 2, s.VetoUsed("red"), card="classic.2.veto")
    assert game.state.vetoes == {"red": [3]}  # the round-1 Veto (good until round 2) was used


def test_exile_sends_the_king_abroad_and_nobody_gets_the_kings_bonus():
    game = game_with(new_regency=True)
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    script.turn(game, 5, s.KingMoved("france"), *script.special_scoring(game, "region", [("toledo", {"red": 2})]))
    assert game.state.king == "france"
    assert game.state.scores["red"] == 7  # Toledo is no longer the King's region
    # the taboo moves with the King: Toledo takes a scoring tile again
    game.send(s.TileMoved("8/4/0", "toledo"))


def test_france_is_refused_without_new_regency():
    game = game_with()
    with pytest.raises(s.StepRefused, match="'france' is not a region"):
        game.send(s.KingMoved("france"))


def test_rebellion_makes_the_castillo_the_kings_region():
    game = game_with(new_regency=True)
    game.send(s.KingMoved("castillo"))
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    game.send(s.ActionCardTaken("red", 1))
    with pytest.raises(s.StepRefused, match="nobody throws into the Castillo"):
        game.send(s.CastilloThrow("red", 1))
    game.send(s.TurnEnded("red"))
    script.quiet_turns(game)
    script.quiet_round(game)
    script.quiet_round(game)
    game.send(s.CastilloCorrected("blue", 3))
    script.general_scoring(game, {"blue": "granada"}, castillo={"blue": 3})
    castillo = [line for line in game.state.sheet if line.where == "castillo"]
    assert (castillo[0].colour, castillo[0].points) == ("blue", 7)  # 5 + King's bonus
    assert game.state.castillo == {"blue": 3}  # they stay in
    assert game.state.counts["granada"].get("blue", 0) == 0


def test_competition_grandes_score_in_the_castillo_then_follow_the_discs():
    game = game_with(new_regency=True)
    game.send(s.KingMoved("aragon"))  # blue's Grande is in Aragón
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    script.turn(game, 5, s.GrandesToCastillo(), s.CastilloThrow("red", 1))
    assert game.state.grandes["blue"] == "castillo"
    script.quiet_turns(game)
    script.quiet_round(game)
    script.quiet_round(game)
    script.general_scoring(game, {"blue": "navarra"}, castillo={"blue": 2, "red": 1})
    castillo = {line.colour: line.points for line in game.state.sheet if line.where == "castillo"}
    assert castillo == {"blue": 7, "red": 3}  # blue 5 + Grande's bonus in the Castillo
    assert game.state.grandes["blue"] == "navarra"


def test_stand_in_swaps_king_and_grande():
    game = game_with(new_regency=True)
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    script.turn(game, 5, s.KingAndGrandeSwapped("green"))
    assert game.state.king == "sevilla" and game.state.grandes["green"] == "toledo"


def test_a_competition_grande_never_returns_into_the_kings_region():
    game = game_with(new_regency=True)
    game.send(s.KingMoved("aragon"))  # blue's Grande is in Aragón, now the King's region
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    script.turn(game, 5, s.GrandesToCastillo())
    script.quiet_turns(game)
    script.quiet_round(game)
    script.quiet_round(game)
    script.general_scoring(game, {"blue": None}, castillo={}, regions={"aragon": {"blue": 2, "red": 1}})
    assert game.state.grandes["blue"] == "castillo"  # not back into Aragón, still the King's region
    aragon = {line.colour: line.points for line in game.state.sheet if line.where == "aragon"}
    assert aragon == {"blue": 5 + 2, "red": 4}  # the King's bonus, no Grande's bonus
    game.send(s.GrandeMoved("blue", "navarra"))  # the table puts it where it belongs
    assert game.state.grandes["blue"] == "navarra" and game.state.grandes_in_castillo == {}


def test_a_competition_grande_owner_without_castillo_caballeros_sets_a_disc():
    # 002 Competition: "move your Grande using the Secret disc (along with your Caballeros)"
    from companion.engine.settings import REVISION
    game = game_with(new_regency=True, revision=REVISION)
    game.send(s.KingMoved("aragon"))  # blue's Grande is in Aragón
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    script.turn(game, 5, s.GrandesToCastillo())
    script.quiet_turns(game)
    script.quiet_round(game)
    script.quiet_round(game)
    assert game.phase == "secret_discs" and scorings.waiting_discs(game.state) == ["blue"]  # none in the Castillo
    game.send(s.SecretDisc("blue", "navarra"))
    assert game.phase == "castillo"
    script_steps = [s.Scored("castillo", ())]
    game.send(*script_steps)
    assert game.state.grandes["blue"] == "navarra"


def test_under_rebellion_no_secret_disc_is_asked():
    # 002 Rebellion: the Castillo becomes the King's region; its Caballeros stay in at the scoring,
    # so nobody sets a secret disc (issue 11, rules gap 9).
    from companion.engine.settings import REVISION
    game = game_with(new_regency=True, revision=REVISION)
    game.send(s.CastilloCorrected("blue", 3))
    game.send(s.KingMoved("castillo"))
    for _ in range(3):
        script.quiet_round(game)
    assert game.phase == "secret_discs" and scorings.waiting_discs(game.state) == []
    with pytest.raises(s.StepRefused, match="sets no secret disc now"):
        game.send(s.SecretDisc("blue", "granada"))
    game.send(s.SecretDiscs(tuple((c, None) for c in ("red", "blue", "green"))))  # the one OK
    game.send(s.Scored("castillo", (("blue", 3),)))
    assert game.state.castillo == {"blue": 3}  # they stay in
