"""Issue 21 item 13: the Big Box cards the companion did not guide. Guided where the seed gives their
text: Intrigue & the King's Quarantine (card 93, S:186) and Grandissimo's Jester (S:390); "the table
decides" where it does not (I&K's 63, 75, 100, 120, 135; Grandissimo's Revolution, Alliance, Boycott,
Double turn): the step records the card, the board changes go through the ordinary checked steps."""


import pytest

from companion.engine import board, queries
from companion.engine.modes import steps as s
from companion.engine.settings import REVISION, Settings
from companion.play.game import Game
from tests.engine.big_box_steps import FOUR, grandissimo, quiet_turns

INTRIGUE = Settings(edition="classic", players=FOUR, seed=7, revision=REVISION, expansion="intrigue")


def intrigue() -> Game:
    """Blue leads: blue 93, green 63, yellow 180 (the King), red 25 (the Intrigant); the King's turn done."""
    game = Game.new(INTRIGUE)
    game.send(s.SetupDone(king="castilla", first="blue", homes=(
        ("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "granada"))))
    for value in (93, 63, 180, 25):
        game.send(s.IntrigueCardPlayed(game.prompt.colour, value))
    game.send(s.SpecialActionChosen("yellow", "king"), s.TurnEnded("yellow"))
    return game


# -- Quarantine (S:186) ---------------------------------------------------------------------------


def test_quarantine_puts_a_scoreboard_on_a_region_taboo_like_the_kings():
    # S:186: "Choose a mobile scoreboard from next to the board if one is available. ... Being taboo
    # means, like the King's region, no changes can occur in the region."
    game = intrigue()
    state = game.state
    game.send(s.SpecialActionChosen("blue", "own"))
    with pytest.raises(s.StepRefused, match="is the King's region: nothing goes there"):
        game.send(s.Quarantined("8/4/0", "castilla"))
    game.send(s.Quarantined("8/4/0", "navarra"))
    assert state.tiles["8/4/0"] == "navarra" and state.modes.quarantine == ("8/4/0", "navarra")
    with pytest.raises(s.StepRefused, match="once"):
        game.send(s.Quarantined("4/0/0", "valencia"))
    with pytest.raises(s.StepRefused, match="the scoreboard in quarantine stays in País Vasco"):
        game.send(s.TileMoved("8/4/0", "valencia", by_card=True))
    with pytest.raises(s.StepRefused, match="none goes onto it"):
        game.send(s.TileMoved("4/0/0", "navarra", by_card=True))
    game.send(s.TurnEnded("blue"), s.SpecialActionChosen("green", "own"))
    with pytest.raises(s.StepRefused, match="Quarantine is Intrigue & the King's card 93"):
        game.send(s.Quarantined("4/0/0", "valencia"))


def test_quarantine_ends_after_the_next_general_scoring():
    # S:186: "After the next general scoring, remove the mobile scoreboard from the quarantined region and
    # place it next to the board."
    game = intrigue()
    game.send(s.SpecialActionChosen("blue", "own"), s.Quarantined("4/0/0", "valencia"), s.TurnEnded("blue"))
    quiet_turns(game)
    for values in ((120, 110, 20, 170), (100, 90, 10, 160)):
        for value in values:
            game.send(s.IntrigueCardPlayed(game.prompt.colour, value))
        quiet_turns(game)
    assert game.state.tiles["4/0/0"] == "valencia"  # the general scoring: the scoreboard still there
    game.send(s.SecretDiscs(tuple((c, None) for c in game.state.colours)), s.Scored("castillo", ()))
    while game.phase == "regions":
        here = game.prompt.choices[0]
        game.send(s.Scored(here, tuple(game.state.counts[here].items())))
    assert game.state.tiles["4/0/0"] is None and game.state.modes.quarantine is None


# -- the Jester (S:390) ---------------------------------------------------------------------------


def test_the_jesters_holder_gives_a_caballero_its_receiver_places_at_the_start_of_his_turn():
    # S:390: "he may give another player one of his Caballeros from the provinces. The other player must
    # then place it somewhere on the board (his choice) at the beginning of his next turn."
    game = grandissimo()
    state = game.state
    game.send(s.HoldingMoved("Jester", "red"), s.ActionCardTaken("red", 1))
    with pytest.raises(s.StepRefused, match="goes to another player"):
        game.send(s.JesterGave("red"))
    province = board.held(state, "red", board.PROVINCE)
    game.send(s.JesterGave("blue"))
    with pytest.raises(s.StepRefused, match="once"):
        game.send(s.JesterGave("green"))
    with pytest.raises(s.StepRefused, match="Ann has no Caballero of Ann's to place"):
        game.send(s.GiftPlaced("red", "castilla"))
    game.send(s.TurnEnded("red"), s.ActionCardTaken("blue", 2))
    with pytest.raises(s.StepRefused, match="Bo places Ann's gift first"):  # "must"
        game.send(s.TurnEnded("blue"))
    with pytest.raises(s.StepRefused, match="Galicia is taboo"):  # S:399: never the King's region
        game.send(s.GiftPlaced("red", "galicia"))
    game.send(s.GiftPlaced("red", "portugal"))  # "somewhere on the board (his choice)": not next to the King
    assert state.counts["portugal"] == {"red": 1} and board.held(state, "red", board.PROVINCE) == province - 1
    assert state.modes.gifts == []


def test_without_the_jester_no_gift():
    game = grandissimo(board_recorded=False)
    game.send(s.ActionCardTaken("red", 1))
    with pytest.raises(s.StepRefused, match="the Jester's holder gives"):
        game.send(s.JesterGave("blue"))


# -- the table decides -----------------------------------------------------------------------------


def test_the_table_decides_grandissimos_stack_6_cards_without_text_and_the_double_turns_second_card():
    # S:393: "Double turn: When the player takes the second card, he may decide which special actions
    # to do now and which to save for later." Revolution (S:397), Alliance (S:396), Boycott (not in the
    # seed): what they do is the table's.
    game = grandissimo()
    game.send(s.ActionCardTaken("red", 1))
    with pytest.raises(s.StepRefused, match="a stack-6 card taken this turn"):
        game.send(s.TableDecided("revolution"))
    game.undo()
    game.send(s.ActionCardTaken("red", 6))
    room = queries.card_room(game.state, "red")
    game.send(s.TableDecided("double_turn", stack=4))
    assert 4 not in game.state.stacks_left()  # today's code: the second card could not be taken
    assert queries.card_room(game.state, "red") == room + 4  # and its Caballeros come with it
    with pytest.raises(s.StepRefused, match="recorded already this turn"):
        game.send(s.TableDecided("double_turn", stack=3))
    game.send(s.TableDecided("revolution"), s.KingMoved("portugal"))  # the King by a correction: the table's
    with pytest.raises(s.StepRefused, match="Bridge \\(63\\) is not a card of this game"):
        game.send(s.TableDecided("bridge"))
    game.send(s.TurnEnded("red"))
    with pytest.raises(s.StepRefused, match="the card of stack 4 is gone"):
        game.send(s.ActionCardTaken("blue", 4))


def test_the_table_decides_intrigue_and_the_kings_cards_without_text_with_the_card_played():
    # S:181: "63 - The bridge is removed when another player plays a bridge, regardless of where he plays it."
    game = intrigue()
    game.send(s.SpecialActionChosen("blue", "own"))
    with pytest.raises(s.StepRefused, match="Bridge \\(63\\) is his own card 63's action"):
        game.send(s.TableDecided("bridge"))
    game.send(s.TurnEnded("blue"), s.SpecialActionChosen("green", "own"), s.TableDecided("bridge"))
    assert game.state.modes.table_ruled == [(1, 2, "bridge")]
