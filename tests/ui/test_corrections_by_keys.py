"""Refusals, undo and corrections by keys: a refused step keeps its page and says why, long
presses open the menu and undo, and a correction from the menu says what it changed."""

from companion.engine import steps as s
from companion.play.game import Game
from companion.ui.controller import Controller
from companion.ui.grammar import DOWN, OK, UP
from tests.ui.keys_table import Table, name_cards, new_game, play_power_cards


def test_a_refused_step_keeps_the_page_and_says_why():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], homes=["Galicia", "Aragón", "Sevilla"])
    t.choose(" 9 ")
    # blue cannot be offered 9: only legal values are listed
    assert not any(item.startswith(" 9 ") for item in t.screen.body.items)
    play_power_cards(t, {"Blue": 3, "Green": 5})
    t.choose("Stack 4")  # it may hold Adopted Home, which moves a Grande
    t.choose("Grande moved")
    screen = t.choose("Castilla")  # the King's region
    assert screen.error == "a Grande never moves into or out of the King's region"
    assert screen.kind == "region"  # still on the same page
    assert t.press(DOWN).error == ""  # the next press clears it


def test_a_card_that_cannot_move_the_king_there_is_refused_and_the_menu_still_corrects_him():
    # (A 2023 stack not named may hold a card whose text is unknown, which may move the King: issue 32.)
    t = Table()
    new_game(t, "classic", ["red", "blue", "green"], homes=["Galicia", "Aragón", "Sevilla"])
    name_cards(t, "not said", "not said", "not said", "Royal Advisor")
    play_power_cards(t, {"Red": 9, "Blue": 3, "Green": 5})
    t.choose("Royal Advisor")  # 004 l.143-144: "no further than one region away"; his page at once
    refused = t.choose("Valencia")
    assert refused.error == "Royal Advisor moves the King to an adjacent region only"
    t.press(2)  # Back
    t.press(UP, long=True)
    t.choose("Correct: the King")
    assert t.choose("Valencia").kind == "corrected" and t.ui.game.state.king == "valencia"


def test_long_presses_open_the_menu_and_undo():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], homes=["Galicia", "Aragón", "Sevilla"])
    t.choose(" 9 ")
    assert t.ui.game.state.played == {"red": 9}
    screen = t.press(3, long=True)
    assert screen.kind == "undo" and screen.body.rows[0].text == "Red played Power card 9"
    t.press(OK)
    assert t.ui.game.state.played == {}
    assert t.screen.kind == "power_cards"
    menu = t.press(0, long=True)
    assert menu.kind == "menu" and "Undo the last step" in menu.body.items
    t.choose("Back")
    assert t.screen.kind == "power_cards"


def test_a_correction_made_during_a_scoring_has_its_own_line_in_the_results():
    from companion.measure import sample

    whole = sample.four_player_game()
    *steps, last = whole.steps
    t = Table()
    t.ui = Controller(lambda settings: Game.new(settings), game=Game.replay(whole.settings, steps))
    t.ui.send(s.ScoreCorrected("blue", 7, "a missed Aragón"))
    t.ui.send(last)
    results = t.screen
    assert results.kind == "results"
    assert "Corrected: Bo +7" in [row.text for row in results.body.rows]
    state = t.ui.game.state
    gains = {row.text.split(" +")[0]: int(row.text.split(" +")[1]) for row in results.body.rows if row.strong}
    scored = sum(line.points for line in state.sheet[state.scoring_from:]
                 if line.colour == "blue" and line.occasion != "correction")
    assert gains["Bo"] == scored + 7 and state.scores["blue"] == whole.state.scores["blue"] + 7


def test_a_correction_from_the_menu_says_what_it_changed_and_returns_to_the_game():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], homes=["Galicia", "Aragón", "Sevilla"], king="Castilla")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Stack 1")
    t.press(UP, long=True)
    t.choose("Correct: the King")
    assert t.screen.body.items[t.screen.body.cursor] == "Castilla"  # where he stands
    said = t.choose("Toledo")
    assert said.kind == "corrected" and said.prompt == "Corrected"
    assert "Toledo" in " ".join(row.text for row in said.body.rows)
    assert t.press(OK).kind == "turn" and t.ui.game.state.king == "toledo"


def test_the_move_correction_never_offers_the_dummys_court():
    """000 l.465: the dummy's Caballeros lie next to the board; it has no Court to move them into."""
    from companion.engine import board
    from companion.engine.settings import REVISION, Player, Settings
    from companion.ui.screens.correct_moves import move_to, moved

    dummy = "green"
    game = Game.new(Settings(players=(Player("Red", "red"), Player("Blue", "blue")), dummy=dummy, board=True,
                             revision=REVISION))
    game.send(s.SetupDone(king="toledo", homes=(("red", "galicia"), ("blue", "aragon")), first="red"))
    region = next(r for r, c in game.state.counts.items() if c.get(dummy))
    places = board.places(game.state)
    dummys = move_to(game, dummy, region, moved, places)
    reds = move_to(game, "red", "galicia", moved, places)
    assert board.COURT not in [value for _, value in dummys.items]
    assert board.COURT in [value for _, value in reds.items]
