"""A game started again by keys after the plug was pulled: what the table was reading is shown
again (the dummy's round start, a scoring's results) and nothing entered is asked twice."""

from companion.measure.hands import dummy_game
from companion.play.game import Game
from companion.ui.grammar import OK, UP
from tests.ui.keys_table import Table


def test_the_dummys_round_start_is_shown_again_after_a_restart_and_in_the_menu(tmp_path):
    from companion.app import Games, make_controller

    t = Table()
    t.ui = make_controller(Games(tmp_path), seed=lambda: 3)
    dummy_game(t)
    t.press(OK)  # what was drawn
    first = t.screen
    assert first.kind == "dummy" and first.prompt == "The dummy (White)" and first.headline == "Round 1 · The dummy"
    t.ui.game.close()

    t.ui = make_controller(Games(tmp_path), seed=lambda: 3)  # the plug was pulled
    resumed = t.screen
    assert resumed.kind == "resumed"  # one screen, one OK: where the game stands and the dummy's draw again
    texts = [row.text for row in resumed.body.rows]
    assert texts[texts.index("The dummy (White):") + 1:] == [row.text for row in first.body.rows]
    assert t.press(OK).kind == "power_cards"
    t.press(UP, long=True)
    assert t.choose("The dummy this round").body == first.body


def test_the_results_of_a_scoring_just_ended_are_shown_again_after_a_restart(tmp_path):
    from companion.app import Games, make_controller
    from companion.measure import sample

    whole = sample.four_player_game()
    games = Games(tmp_path)
    game = Game.new(whole.settings, games.fresh())
    for step in whole.steps:  # up to the end of the first general scoring
        game.send(step)
        if step.kind == "Scored" and game.state.general_scorings == 1 and not game.state.scoring:
            break
    game.close()
    t = Table()
    t.ui = make_controller(games)
    resumed = t.screen  # one screen, one OK: where the game stands and the results again
    assert resumed.kind == "resumed" and "General scoring 1:" in [row.text for row in resumed.body.rows]
    scores = t.ui.game.state.scores
    totals = {row.text.split(" +")[0]: row.right for row in resumed.body.rows if row.strong and row.right}
    state = t.ui.game.state
    assert totals == {state.name(c): str(points) for c, points in scores.items()} == {
        "Ann": "33", "Bo": "19", "Cy": "24", "Di": "20"}
    assert t.press(OK).kind == "power_cards"


def test_a_secret_disc_entered_before_a_restart_is_not_asked_again(tmp_path):
    from companion.app import Games, make_controller
    from companion.measure import sample

    whole = sample.four_player_game()
    games = Games(tmp_path)
    game = Game.new(whole.settings, games.fresh())
    for step in whole.steps:  # up to the first general scoring's secret discs
        if step.kind == "SecretDiscs":
            break
        game.send(step)
    game.close()
    t = Table()
    t.ui = make_controller(games)
    t.press(OK)  # game resumed
    assert t.screen.kind == "disc" and t.screen.prompt == "Disc: Ann (2 in)"
    t.choose("Toledo")  # kept at once
    assert t.screen.prompt == "Disc: Di (1 in)"
    t.ui.game.close()

    t.ui = make_controller(games)  # the plug was pulled
    t.press(OK)
    assert t.screen.kind == "disc" and t.screen.prompt == "Disc: Di (1 in)"  # only the disc still to enter
    t.choose("Galicia")
    assert t.screen.kind == "scoring" and t.screen.prompt.startswith("Castillo")
    assert t.ui.game.state.discs == {"red": "toledo", "yellow": "galicia"}
    t.ui.game.close()
