"""Intrigue & the King in a game (scores only): the card play, the deal, the turns, the rounds.
Seed 004 lines as "S:n"; facts and confidence: ../shared/RULES-EXPANSIONS.md §1."""

import dataclasses

import pytest

from companion.engine import scorings
from companion.engine.modes import intrigue
from companion.engine.modes import steps as s
from companion.engine.modes.own_state import own
from companion.engine.settings import REVISION, Player, Settings
from companion.engine.settings_check import check_settings
from companion.play.game import Game
from tests.engine.big_box_steps import quiet_turns

FOUR = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"), Player("Di", "yellow"))
SETTINGS = Settings(edition="classic", players=FOUR, seed=7, revision=REVISION, expansion="intrigue")
SETUP = s.SetupDone(king="castilla", first="blue", homes=(
    ("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "granada")))


def new(settings: Settings = SETTINGS) -> Game:
    game = Game.new(settings)
    game.send(SETUP if len(settings.players) == 4 else dataclasses.replace(
        SETUP, homes=SETUP.homes[:len(settings.players)], first="red"))
    return game


def play(game: Game, *values: int) -> None:
    """Cards in the order the table plays them (clockwise from the lead)."""
    for value in values:
        game.send(s.IntrigueCardPlayed(game.prompt.colour, value))


@pytest.mark.parametrize("change,why", [
    ({"edition": "2023"}, "played with the classic deck"),
    ({"caballero_cards": (5, 4, 3)}, "4 players use 4 Caballero cards, not 3"),
    ({"caballero_cards": (5, 5, 3, 1)}, "one Caballero card of each number"),
    ({"caballero_cards": (5, 4, 3, 9)}, "the Caballero cards show 1 to 5"),
    ({"expansion": "", "caballero_cards": (5, 4, 3, 2)}, "Caballero cards are Intrigue & the King's"),
])
def test_settings_the_companion_cannot_play_are_refused_in_one_line(change, why):
    with pytest.raises(s.StepRefused, match=why):
        check_settings(dataclasses.replace(SETTINGS, **change))


def test_the_settings_keep_the_overview_cards_set_only_when_given():
    assert "caballero_cards" not in SETTINGS.to_json()
    chosen = dataclasses.replace(SETTINGS, caballero_cards=(5, 3, 2, 1))
    assert Settings.from_json(chosen.to_json()) == chosen
    check_settings(chosen)


def test_round_1_is_led_by_the_tables_choice_and_the_cards_go_clockwise():
    # S:166 "In the first round, the players choose a starting player ... clockwise order".
    game = new()
    assert game.phase == "power_cards" and game.prompt.colour == "blue"
    assert game.expects == ("IntrigueCardPlayed",)  # no Power cards, no stacks (S:155)
    with pytest.raises(s.StepRefused, match="Cy's turn to play a card"):
        game.send(s.IntrigueCardPlayed("blue", 40), s.IntrigueCardPlayed("yellow", 50))
    play(game, 40)
    assert game.prompt.colour == "green"
    with pytest.raises(s.StepRefused, match="no Power cards"):
        game.send(s.PowerCardPlayed("green", 9))


def test_a_value_already_played_this_round_is_refused():
    # S:166 "no player may play a card that duplicates a card played this round".
    game = new()
    play(game, 40)
    assert 40 not in game.prompt.choices
    with pytest.raises(s.StepRefused, match=r"40 is already played this round \(by Bo\)"):
        game.send(s.IntrigueCardPlayed("green", 40))


def test_a_player_never_plays_a_value_twice_in_the_game():
    # S:173 "At the end of the round, all action cards are discarded from the game".
    game = new()
    play(game, 40, 130, 25, 180)
    quiet_turns(game)
    assert game.phase == "power_cards"
    assert game.prompt.colour == "yellow" and 25 not in game.prompt.choices  # Di played the lowest
    play(game, 30)
    assert 180 not in game.prompt.choices
    with pytest.raises(s.StepRefused, match="Ann played 180 in an earlier round"):
        game.send(s.IntrigueCardPlayed("red", 180))


def test_a_value_the_catalogue_does_not_know_is_refused():
    game = new()
    with pytest.raises(s.StepRefused, match="55 is not a card value"):
        game.send(s.IntrigueCardPlayed("blue", 55))


def test_thirteen_cards_at_most_for_the_game():
    # S:163 "each player chooses 13 action cards from his 31 to be used in the game".
    game = new()
    game.state.modes.intrigue_used["blue"] = list(intrigue.values()[:13])  # (9 rounds never play 13)
    with pytest.raises(s.StepRefused, match="all 13 cards chosen for the game"):
        game.send(s.IntrigueCardPlayed("blue", 180))


def test_the_deal_hands_out_king_intrigue_and_caballero_cards_by_value():
    # S:167: highest -> King's card and the highest Caballero card ... lowest -> the Intrigue card.
    # §1.5: 130, 60, 25, 180 -> turn order 180, 130, 60, 25; the 25 leads next round.
    game = new(dataclasses.replace(SETTINGS, seed=1))
    game.state.first_player = "red"
    play(game, 130, 60, 25, 180)
    dealt = intrigue.deal_of(game.state)
    assert dealt.king == "yellow" and dealt.intrigant == "green"
    assert dict(dealt.caballero_card) == {"yellow": 5, "red": 4, "blue": 3, "green": 2}
    assert game.phase == "turns" and game.state.turn_order == ["yellow", "red", "blue", "green"]
    assert game.prompt.colour == "yellow" and game.prompt.choices == ("king",)
    quiet_turns(game)
    assert game.state.first_player == "green" and game.prompt.colour == "green"  # S:166: the lowest leads


def test_with_4_players_and_the_players_edition_the_king_may_choose_his_own_action():
    # RULES-EXPANSIONS.md §1.4: "Variant (KIPE-NL, likely): the 1998 players edition allows this
    # choice at every player count" (S:174-175 allow it with 2 or 3 players only).
    variant = new(dataclasses.replace(SETTINGS, players_edition=True))
    plain = new()
    for game in (variant, plain):
        play(game, 40, 130, 25, 180)  # Ann's 180: the King's card; Di's 25: the Intrigue card
    assert variant.prompt.choices == ("king", "own")
    variant.send(s.SpecialActionChosen("red", "own"))
    assert own(variant.state).actions == {"red": "own"}
    assert plain.prompt.choices == ("king",)
    with pytest.raises(s.StepRefused, match="Ann performs the King card's action"):
        plain.send(s.SpecialActionChosen("red", "own"))


def test_the_players_edition_is_kept_only_when_set_and_only_where_there_is_intrigue():
    assert "players_edition" not in SETTINGS.to_json()
    chosen = dataclasses.replace(SETTINGS, players_edition=True)
    assert chosen.to_json()["players_edition"] is True
    assert Settings.from_json(chosen.to_json()) == chosen
    check_settings(chosen)
    check_settings(dataclasses.replace(chosen, expansion="king_colonies"))
    for expansion, title in (("colonies", "Grand Inquisitor & the Colonies"), ("grandissimo", "Grandissimo"),
                             ("", "the base game")):
        with pytest.raises(s.StepRefused, match=f"^the players edition's choice of actions is Intrigue & the "
                                                f"King's, not {title}'s$"):
            check_settings(dataclasses.replace(chosen, expansion=expansion))


def test_the_overview_cards_set_from_the_settings_is_dealt():
    game = new(dataclasses.replace(SETTINGS, caballero_cards=(5, 3, 2, 1)))
    play(game, 40, 130, 25, 180)
    assert dict(intrigue.deal_of(game.state).caballero_card) == {"red": 5, "green": 3, "blue": 2, "yellow": 1}


def test_the_caballero_card_limits_the_throws_and_the_15_places_five():
    # S:168 "The maximum number of Caballeros that may be moved is the number shown on the Caballero
    # card he has taken"; S:176 "15 - You move 5 Caballeros instead of the number on your Caballero card".
    game = new()
    play(game, 15, 130, 10, 180)  # Bo's 15 is 3rd: Caballero card 3; Di's 10 the lowest: the Intrigue card
    assert game.state.turn_order == ["red", "green", "blue", "yellow"]
    game.send(s.SpecialActionChosen("red", "king"))
    with pytest.raises(s.StepRefused, match="places at most 5"):
        game.send(s.CastilloThrow("red", 6))
    game.send(s.CastilloThrow("red", 5), s.TurnEnded("red"))
    game.send(s.SpecialActionChosen("green", "own"), s.CastilloThrow("green", 4), s.TurnEnded("green"))
    game.send(s.SpecialActionChosen("blue", "own"))
    game.send(s.CastilloThrow("blue", 5))  # the 15's action: 5, not his card's 3
    with pytest.raises(s.StepRefused, match="places at most 5"):
        game.send(s.CastilloThrow("blue", 1))
    game.send(s.TurnEnded("blue"))
    game.send(s.SpecialActionChosen("yellow", "intrigue"))
    with pytest.raises(s.StepRefused, match="places at most 2"):  # the lowest Caballero card of 4
        game.send(s.CastilloThrow("yellow", 3))
    assert game.state.castillo == {"red": 5, "green": 4, "blue": 5}


def test_with_4_players_the_king_and_the_intrigant_perform_their_cards_action():
    # S:170 "He may not use the special action on his action card, but must perform the special
    # action on the King's card" (and the Intrigue card's for the lowest).
    game = new()
    play(game, 40, 130, 25, 180)  # Ann's 180: the King's card; Di's 25: the Intrigue card
    assert game.prompt.choices == ("king",)
    with pytest.raises(s.StepRefused, match="Ann performs the King card's action"):
        game.send(s.SpecialActionChosen("red", "own"))
    with pytest.raises(s.StepRefused, match="chooses the special action first"):
        game.send(s.TurnEnded("red"))
    game.send(s.SpecialActionChosen("red", "king"), s.KingMoved("toledo", by_card=True), s.TurnEnded("red"))
    assert game.state.king == "toledo"
    game.send(s.SpecialActionChosen("green", "own"))  # Cy's 130: his own card (unknown: the table knows)
    with pytest.raises(s.StepRefused, match="not a region"):
        game.send(s.KingMoved("castillo", by_card=True))
    game.send(s.TurnEnded("green"), s.SpecialActionChosen("blue", "own"), s.TurnEnded("blue"))
    assert game.prompt.choices == ("intrigue",)
    game.send(s.SpecialActionChosen("yellow", "intrigue"))
    with pytest.raises(s.StepRefused, match="Di performs the Intrigue card's action: it does not say the King"):
        game.send(s.KingMoved("galicia", by_card=True))


def test_with_3_players_the_holders_may_choose_their_own_cards_action():
    # S:174-175 "The player with the King's card may, on his turn, choose to perform the special
    # action on his action card instead of the King's action. Similarly, the player with the Intrigue card".
    game = new(dataclasses.replace(SETTINGS, players=FOUR[:3]))
    play(game, 145, 20, 100)  # red 145 King, green 100 middle, blue 20 Intrigant
    assert game.prompt.colour == "red" and game.prompt.choices == ("king", "own")
    game.send(s.SpecialActionChosen("red", "own"))
    with pytest.raises(s.StepRefused, match="Ann performs his own card's action"):
        game.send(s.KingMoved("toledo", by_card=True))
    game.send(s.SpecialScoringStarted("region", ("galicia",)), s.Scored("galicia", (("red", 2),)))
    assert game.state.scores["red"] == 6  # Galicia 4 and the Grande's 2
    game.send(s.TurnEnded("red"))
    assert game.prompt.choices == ("own",)
    game.send(s.SpecialActionChosen("green", "own"), s.TurnEnded("green"))
    assert game.prompt.choices == ("intrigue", "own")
    game.send(s.SpecialActionChosen("blue", "own"), s.CastilloThrow("blue", 1))  # the 20: card 3's number
    with pytest.raises(s.StepRefused, match="places at most 3"):
        game.send(s.CastilloThrow("blue", 3))


def test_general_scorings_after_rounds_3_6_9_and_the_game_ends():
    # S:165 "nine rounds with general scoring after the 3rd, 6th, and 9th rounds".
    game = new()
    scorings = 0
    while not game.over:
        if game.phase == "power_cards":
            play(game, game.prompt.choices[-1])
        elif game.phase == "turns":
            quiet_turns(game)
        else:
            scorings += game.phase == "secret_discs"
            if game.phase == "secret_discs":
                game.send(s.SecretDiscs(tuple((c, None) for c in game.state.colours)))
            else:
                here = game.prompt.choices[0]
                game.send(s.Scored(here, tuple(game.state.counts.get(here, {}).items())))
    assert scorings == 3 and game.state.round == 9
    assert all(len(used) == 9 and len(set(used)) == 9 for used in game.state.modes.intrigue_used.values())


def test_the_base_games_steps_and_intrigues_do_not_mix():
    base = Game.new(dataclasses.replace(SETTINGS, edition="classic", expansion=""))
    base.send(SETUP)
    assert "IntrigueCardPlayed" not in base.expects
    with pytest.raises(s.StepRefused, match="belongs to Intrigue & the King"):
        base.send(s.IntrigueCardPlayed("blue", 40))


def test_steps_that_follow_by_themselves_go_in_the_same_unit_or_not_at_all(tmp_path):
    """Game.send(..., follow=): what goes without saying after the table's step (the screens' special
    action without a choice) is checked after it and kept in its unit; refused, neither is kept."""
    from companion.record.journal import read_only

    game = Game.new(SETTINGS, tmp_path / "game.jsonl")
    game.send(SETUP)
    play(game, 40, 130, 25)
    before = game.steps
    with pytest.raises(s.StepRefused, match="Ann performs the King card's action"):
        game.send(s.IntrigueCardPlayed("red", 180), follow=lambda g: (s.SpecialActionChosen("red", "own"),))
    assert game.steps == before and game.state.played == {"blue": 40, "green": 130, "yellow": 25}
    game.send(s.IntrigueCardPlayed("red", 180), follow=lambda g: (s.SpecialActionChosen("red", g.prompt.choices[0]),))
    assert game.last_unit == (s.IntrigueCardPlayed("red", 180), s.SpecialActionChosen("red", "king"))
    game.undo()
    assert game.steps == before
    game.send(s.IntrigueCardPlayed("red", 180), follow=lambda g: (s.SpecialActionChosen("red", "king"),))
    game.close()
    again = Game.from_record(read_only(tmp_path / "game.jsonl"))
    assert again.steps == game.steps and again.last_unit == game.last_unit


def _forty(game: Game) -> None:
    """Round 1 clockwise from Bo: 60, 25, 180, and Ann's 40 (the Veto, S:180). Di holds the King's
    card, Cy the Intrigue card; the turns go Di, Bo, Ann, Cy."""
    for value in (60, 25, 180, 40):
        game.send(s.IntrigueCardPlayed(game.prompt.colour, value))


def test_the_40s_veto_stops_another_players_special_action_before_its_holders_own_turn():
    game = new()
    _forty(game)
    state = game.state
    assert state.vetoes == {"red": [1]} and state.turn_order == ["yellow", "blue", "red", "green"]
    game.send(s.SpecialActionChosen("yellow", "king"), s.VetoUsed("red"))  # on Di's turn
    assert state.turn_scored and "red" not in state.vetoes
    with pytest.raises(s.StepRefused, match="holds no Veto card"):
        game.send(s.VetoUsed("red"))


def test_the_40s_veto_ends_with_its_holders_turn_and_the_round():
    game = new()
    _forty(game)
    for colour, action in (("yellow", "king"), ("blue", "own"), ("red", "own")):
        game.send(s.SpecialActionChosen(colour, action), s.TurnEnded(colour))
    game.send(s.SpecialActionChosen("green", "intrigue"))
    with pytest.raises(s.StepRefused, match="Ann's turn is over: the Veto was his special action"):
        game.send(s.VetoUsed("red"))
    game.send(s.TurnEnded("green"))
    assert game.state.vetoes == {}


def test_the_35_moves_the_grandes_by_secret_disc_at_the_next_general_scoring():
    # S:179: "at the next general scoring the Grandes move to the regions set on the players' secret
    # disks"; assumed (RULES-EXPANSIONS.md §5): when the discs are revealed, none or the King's region
    # leaves the Grande where it stands.
    game = new()
    play(game, 60, 25, 180, 35)  # Bo, Cy, Di, Ann: Ann's 35 is her own action
    game.send(s.SpecialActionChosen("yellow", "king"), s.TurnEnded("yellow"))
    game.send(s.SpecialActionChosen("blue", "own"), s.TurnEnded("blue"))
    game.send(s.SpecialActionChosen("red", "own"), s.GrandesByDisc())
    with pytest.raises(s.StepRefused, match="already move by disc"):
        game.send(s.GrandesByDisc())
    game.send(s.TurnEnded("red"))
    quiet_turns(game)
    for values in ((70, 20, 150, 90), (40, 110, 100, 140)):
        play(game, *values)
        quiet_turns(game)
    state = game.state
    assert game.phase == "secret_discs" and scorings.waiting_discs(state) == ["red", "blue", "green", "yellow"]
    game.send(s.SecretDiscs((("red", "navarra"), ("blue", "castilla"), ("green", None), ("yellow", "valencia"))))
    game.send(s.Scored("castillo", ()))
    assert state.grandes == {"red": "navarra", "blue": "aragon", "green": "sevilla", "yellow": "valencia"}
    assert not state.modes.grandes_by_disc  # once


def test_grandes_by_disc_needs_the_35_or_a_stack_7_card():
    game = new()
    play(game, 60, 25, 180, 130)
    game.send(s.SpecialActionChosen("yellow", "king"))
    with pytest.raises(s.StepRefused, match="with Intrigue & the King's 35 or the Colonies' Conspiracy"):
        game.send(s.GrandesByDisc())
