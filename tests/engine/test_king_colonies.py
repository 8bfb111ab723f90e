"""The King & the Colonies in a game (scores only): Intrigue & the King's cards on the Colonies'
board, with the Grand Inquisitor card and the round's stack-7 card as a turn's alternatives.
Seed 004 lines as "S:n"; facts and confidence: ../shared/RULES-EXPANSIONS.md §3 (and §1, §2)."""

import dataclasses

import pytest

from companion.engine import queries, referee
from companion.engine.modes import steps as s
from companion.engine.modes.own_state import own
from companion.engine.settings import REVISION, Player, Settings
from companion.engine.settings_check import check_settings
from companion.play.game import Game
from tests.engine.big_box_steps import quiet_turns
from tests.fixtures.games.sample_king_colonies import king_colonies_game

FOUR = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"), Player("Di", "yellow"))
SETTINGS = Settings(edition="classic", players=FOUR, seed=7, revision=REVISION, expansion="king_colonies")
SETUP = s.SetupDone(king="castilla", first="red", homes=(
    ("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "granada")),
    black=("valencia", "toledo"), limit_table="cataluna")


def new(settings: Settings = SETTINGS) -> Game:
    game = Game.new(settings)
    game.send(SETUP)
    return game


def dealt(game: Game, cards=(130, 60, 25, 180)) -> None:
    """Round 1's cards clockwise from Ann: Di (180) holds the King's card, Cy (25) the Intrigue
    card; the turns go Di, Ann, Bo, Cy (S:167-168; RULES-EXPANSIONS.md §1.5)."""
    for value in cards:
        game.send(s.IntrigueCardPlayed(game.prompt.colour, value))


def test_the_settings_play_it_and_keep_the_placement_choice_only_when_set():
    check_settings(SETTINGS)
    assert "kc_placement" not in SETTINGS.to_json()
    chosen = dataclasses.replace(SETTINGS, kc_placement="action_card")
    assert Settings.from_json(chosen.to_json()) == chosen
    check_settings(chosen)
    with pytest.raises(s.StepRefused, match="kc_placement is 'caballero_card' or 'action_card', not 'heads'"):
        check_settings(dataclasses.replace(SETTINGS, kc_placement="heads"))
    with pytest.raises(s.StepRefused, match="The King & the Colonies' choice"):
        check_settings(dataclasses.replace(SETTINGS, expansion="intrigue", kc_placement="action_card"))


def test_the_setup_is_the_colonies_and_the_round_is_intrigue_and_the_kings():
    # S:269-270: "The preparation and rules are the same as those for Grand Inquisitor & the Colonies,
    # except ... the Intrigue & the King action cards replace both [power and action cards]".
    game = Game.new(SETTINGS)
    drawn = referee.draw_setup(game.state)
    assert len(drawn.black) == 2 and drawn.limit_table is not None
    game = new()
    assert game.state.counts["valencia"] == {"black": 2} and own(game.state).limit_table == "cataluna"
    assert game.prompt.expects == ("IntrigueCardPlayed",)
    with pytest.raises(s.StepRefused, match="replace the Power and action cards: no Power cards"):
        game.send(s.PowerCardPlayed("red", 13))
    dealt(game)
    with pytest.raises(s.StepRefused, match="no action card stacks"):  # the Grand Inquisitor's is a choice
        game.send(s.ActionCardTaken("yellow", 6))


def test_a_turn_chooses_its_own_action_or_the_grand_inquisitor_card_or_the_stack_7_card():
    # S:273: "he may choose from the action on his card (or the King's action if he is first, or the
    # Intrigue action if he is last), the Grand Inquisitor card, or the card from the '7th stack'."
    game = new()
    dealt(game)
    assert game.state.active == "yellow"
    assert game.prompt.choices == ("king", "grand_inquisitor", "stack_7")
    game.send(s.SpecialActionChosen("yellow", "king"), s.TurnEnded("yellow"))
    assert game.prompt.choices == ("own", "grand_inquisitor", "stack_7")
    with pytest.raises(s.StepRefused, match="Ann performs his own card's action$"):
        game.send(s.SpecialActionChosen("red", "king"))


def test_the_grand_inquisitor_and_the_stack_7_card_have_one_taker_each_round():
    # S:273: "the Grand Inquisitor card and the '7th stack' card may each only be chosen by one
    # player each round."
    game = new()
    dealt(game)
    game.send(s.SpecialActionChosen("yellow", "grand_inquisitor"), s.TurnEnded("yellow"))
    assert game.prompt.choices == ("own", "stack_7")
    with pytest.raises(s.StepRefused, match="^Di took the Grand Inquisitor card this round: one taker each round"):
        game.send(s.SpecialActionChosen("red", "grand_inquisitor"))
    game.send(s.SpecialActionChosen("red", "stack_7"), s.TurnEnded("red"))
    assert game.prompt.choices == ("own",)
    with pytest.raises(s.StepRefused, match="^Ann took the stack-7 card this round"):
        game.send(s.SpecialActionChosen("blue", "stack_7"))
    quiet_turns(game)
    for _ in range(4):  # S:273: "In each round, the Grand Inquisitor card and a card from the 7th stack are available"
        game.send(s.IntrigueCardPlayed(game.prompt.colour, game.prompt.choices[0]))
    assert game.prompt.choices[-2:] == ("grand_inquisitor", "stack_7")


def test_the_taker_of_the_grand_inquisitor_card_holds_him_until_another_takes_it():
    # S:245 (GI&C): he stays in that Court until another player takes the card; S:273 makes the card a
    # K&C turn's choice.
    game = new()
    dealt(game)
    assert own(game.state).grand_inquisitor is None
    game.send(s.SpecialActionChosen("yellow", "king"), s.TurnEnded("yellow"))
    game.send(s.SpecialActionChosen("red", "grand_inquisitor"), s.TurnEnded("red"))
    assert own(game.state).grand_inquisitor == "red"
    quiet_turns(game)
    assert own(game.state).grand_inquisitor == "red"  # past the round's end


@pytest.mark.parametrize("choice,room", [("grand_inquisitor", 4), ("stack_7", 5), ("king", 5), ("own", 4)])
def test_the_placement_number_follows_the_card_taken(choice, room):
    # S:274: "If a player chooses the Grand Inquisitor or the '7th stack' card, that card determines how
    # many Caballeros the player is allowed to move ... Otherwise, he uses the number shown on the action
    # card he played." The Grand Inquisitor card places 3 (S:243); a stack-7 card's number is unknown
    # (assumed at most 5); otherwise the Caballero card (assumed, §7.4): Di's 5, Ann's 4. The Grand
    # Inquisitor's holder places one more on his turns (S:247), the turn he takes him included.
    game = new()
    dealt(game)
    if choice == "own":
        game.send(s.SpecialActionChosen("yellow", "king"), s.TurnEnded("yellow"))
    colour = game.state.active
    game.send(s.SpecialActionChosen(colour, choice))
    if choice == "grand_inquisitor":  # his one more goes to a region next to the King, never the Castillo (S:247)
        assert queries.card_room(game.state, colour) == room
        with pytest.raises(s.StepRefused, match="throws at most the card's 3"):
            game.send(s.CastilloThrow(colour, room))
        return
    with pytest.raises(s.StepRefused, match=f"places at most {room} Caballeros"):
        game.send(s.CastilloThrow(colour, room + 1))
    game.send(s.CastilloThrow(colour, room))


def test_the_action_card_setting_takes_the_played_cards_heads():
    # §7.4: S:274's words, "the number shown on the action card he played"; the heads are unknown for
    # every card (§1.6): the most a card shows, 6, until the table enters them.
    game = new(dataclasses.replace(SETTINGS, kc_placement="action_card"))
    dealt(game)
    game.send(s.SpecialActionChosen("yellow", "king"))
    game.send(s.CastilloThrow("yellow", 6))
    game.send(s.TurnEnded("yellow"), s.SpecialActionChosen("red", "grand_inquisitor"))
    assert queries.card_room(game.state, "red") == 4  # 3, and the holder's one more (S:247), not into the Castillo
    with pytest.raises(s.StepRefused, match="throws at most the card's 3"):
        game.send(s.CastilloThrow("red", 4))


def test_black_counts_for_the_holder_and_for_nobody_before_anyone_takes_him():
    # S:246: while a player holds him the black Caballeros count as his colour; S:251: while nobody
    # does they take places as an invisible player. The scripted game: Cy, then Ann, then Di.
    game = king_colonies_game()
    lines = {(line.round, line.where, line.colour): line.points for line in game.state.sheet}
    assert lines[(3, "valencia", "green")] == 3  # Cy's 2 black: 2nd behind Di's 4
    assert lines[(6, "toledo", "red")] == 7  # Ann's 2 and 2 black: 4, sole 1st
    assert (lines[(9, "toledo", "green")], lines[(9, "toledo", "yellow")]) == (7, 4)  # Di's 2 black
    assert own(game.state).grand_inquisitor == "yellow"

    game = new()
    for _ in range(3):
        while game.phase == "power_cards":
            game.send(s.IntrigueCardPlayed(game.prompt.colour, game.prompt.choices[-1]))
        while game.phase == "turns":  # nobody takes the Grand Inquisitor card
            colour = game.state.active
            game.send(s.SpecialActionChosen(colour, game.prompt.choices[0]), s.TurnEnded(colour))
    game.send(s.SecretDiscs(tuple((c, None) for c in game.state.colours)), s.Scored("castillo", ()))
    while game.prompt.choices[0] != "valencia":
        here = game.prompt.choices[0]
        game.send(s.Scored(here, tuple(game.state.counts[here].items())))
    game.send(s.Scored("valencia", (("black", 2), ("red", 2), ("blue", 1))))
    got = {line.colour: line.points for line in game.state.sheet if line.where == "valencia"}
    assert got == {"red": 3, "blue": 2}  # black ties Ann for 1st: both 2nd (black's 3 lost), Bo 3rd


def test_the_colonies_are_scored_after_valencia_with_their_seats():
    # S:263 (GI&C): France, the ship, America and the Mediterranean after Valencia; S:209, S:214, S:219:
    # the Ambassador +2 and Envoy +1, the Captain +3, the Viceroy +5 (not counted for the majority).
    game = king_colonies_game()
    first = [line for line in game.state.sheet if line.occasion == "general scoring 1"]
    order = list(dict.fromkeys(line.where for line in first))
    assert order[-5:] == ["valencia", "france", "ship", "america", "mediterranean"]
    lines = {(line.where, line.colour): line.points for line in first}
    assert lines[("france", "red")] == 3 + 2 and lines[("france", "blue")] == 1 + 1
    assert lines[("ship", "green")] == 3 and lines[("america", "green")] == 5
    assert lines[("america", "yellow")] == 4


def test_the_scripted_game_ends_with_its_standings():
    game = king_colonies_game()
    assert game.over
    assert game.state.standings() == [(1, "red", 86), (2, "blue", 81), (3, "green", 74), (4, "yellow", 67)]
    kinds = {step.kind for step in game.steps}
    assert {"IntrigueCardPlayed", "SpecialActionChosen", "Delivered"} <= kinds
    assert not kinds & {"PowerCardPlayed", "ActionCardTaken"}


def test_the_turned_over_action_card_is_kept_as_a_veto_for_a_later_turn():
    # S:275: 'The card "Turn over action card" in the "7th stack" acts like a veto card, if it is used
    # to stop the special action of a player.'
    game = new()
    dealt(game)  # the turns go Di, Ann, Bo, Cy
    game.send(s.SpecialActionChosen("yellow", "stack_7"), s.TurnedOverKept("yellow"), s.TurnEnded("yellow"))
    game.send(s.SpecialActionChosen("red", "own"), s.VetoUsed("yellow"))  # Ann's action stopped
    assert game.state.turn_scored and "yellow" not in game.state.vetoes
    game.send(s.TurnEnded("red"), s.SpecialActionChosen("blue", "own"))
    with pytest.raises(s.StepRefused, match="the stack-7 card's taker keeps it"):
        game.send(s.TurnedOverKept("blue"))
