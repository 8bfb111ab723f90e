"""Whole games through the four keys alone, as the table plays them: the turns, the scorings and
what their pages show."""

from companion.play.game import Game
from companion.ui.controller import Controller
from companion.ui.grammar import BACK, OK, UP
from tests.ui.keys_table import Table, new_game, play_power_cards, take_cards


def test_four_player_game_by_keys():
    t = Table()
    screen = new_game(t, "2023", ["red", "blue", "green", "yellow"],
                      homes=["Galicia", "Aragón", "Sevilla", "Valencia"], king="Castilla")
    assert screen.kind == "power_cards" and screen.headline == "Round 1 · Power · Red"
    play_power_cards(t, {"Red": 9, "Blue": 3, "Green": 5, "Yellow": 8})
    assert t.screen.headline == "Round 1 · Turn 1/4 · Red"
    # red: stack 4, tile on Granada, 2 into the Castillo
    t.choose("Stack 4")
    t.choose("Scoring tile")
    t.choose("8/4/0")
    t.choose("Granada")
    t.choose("Throw into the Castillo")
    t.counts({"Red": 2})
    # the turn page marks what was entered this turn
    marked = dict(zip(t.screen.body.items, t.screen.body.marks))
    # (the Castillo secret, as a new game keeps it: the throw is done, how many is not shown)
    assert marked["Throw into the Castillo"] == "done" and marked["Scoring tile"] == "done"
    # (the King's move refused now, said before the choice: the placement came after the special action)
    assert marked["King moved"] == "not now" and marked["End the turn"] == ""
    t.choose("End the turn")
    # yellow: the King's card, King to Toledo, 1 into the Castillo
    t.choose("King's card")
    # the King's card opens the King's page at once, the cursor where he stands
    assert t.screen.kind == "region" and t.screen.body.items[t.screen.body.cursor] == "Castilla"
    t.choose("Toledo")
    t.choose("Throw into the Castillo")
    t.press(OK)
    t.choose("End the turn")
    # green: stack 3, special scoring of the 5-point regions
    t.choose("Stack 3")
    t.choose("Special scoring")
    t.choose("5-point regions")
    t.press(OK)  # confirm Navarra, Aragón, Valencia
    # the order never changes a score (RULES.md): the places are asked in the board's order
    assert t.ui.game.state.to_score == ["navarra", "aragon", "valencia"]
    assert t.screen.kind == "scoring" and t.screen.prompt.startswith("Navarra 5/3/1")
    t.counts({"Red": 1, "Green": 2})
    assert t.screen.prompt.startswith("Aragón ")
    t.counts({"Blue": 2, "Green": 2, "Red": 1})
    assert t.screen.prompt.startswith("Valencia ")
    t.counts({"Yellow": 2, "Red": 3})
    assert t.screen.kind == "results"
    t.press(OK)
    t.choose("End the turn")
    take_cards(t, ["Stack 1"])
    assert t.ui.game.state.scores == {"red": 9, "blue": 4, "green": 9, "yellow": 3}
    # the end of the round: what the table does now, in one screen
    over = t.screen
    assert over.kind == "round_over" and over.headline == "Round 1 is over"
    assert [(row.text, row.right) for row in over.body.rows] == [
        ("First Player", "Blue"), ("Round marker to", "2"), ("Deal new action cards", "")]
    # rounds 2 and 3: nothing happens
    play_power_cards(t, {"Blue": 13, "Green": 1, "Yellow": 9, "Red": 12})
    take_cards(t, ["Stack"] * 4)
    play_power_cards(t, {"Green": 2, "Yellow": 4, "Red": 6, "Blue": 7})
    take_cards(t, ["Stack"] * 4)
    # general scoring: discs for red and yellow, who threw in
    assert t.screen.kind == "disc"  # straight in: no page before the discs
    t.choose("Toledo")  # red: the King's region -> back to the Court
    t.choose("Galicia")  # yellow
    assert t.screen.kind == "scoring" and t.screen.prompt.startswith("Castillo 5/3/1")
    t.press(OK)  # pre-filled from the tally: red 2, yellow 1
    for region, counts in [("Galicia", {}), ("Navarra", {}), ("Aragón", {"Blue": 3}),
                           ("Cataluña", {}), ("Castilla", {}), ("Toledo", {"Yellow": 3, "Blue": 1}),
                           ("Sevilla", {}), ("Granada", {"Red": 2, "Blue": 2, "Yellow": 1}), ("Valencia", {})]:
        assert t.screen.prompt.startswith(region), t.screen
        t.counts(counts)
    assert t.screen.kind == "results"
    assert t.ui.game.state.scores == {"red": 33, "blue": 19, "green": 24, "yellow": 20}


def test_an_unchanged_general_scoring_takes_at_most_40_presses():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green", "yellow"], homes=["Galicia", "Aragón", "Sevilla", "Valencia"])
    for values in ({"Red": 9, "Blue": 3, "Green": 5, "Yellow": 8}, {"Blue": 13, "Green": 1, "Yellow": 9, "Red": 12},
                   {"Green": 2, "Yellow": 4, "Red": 6, "Blue": 7}):
        play_power_cards(t, values)
        take_cards(t, ["Stack"] * 4)
    assert t.screen.kind == "discs"
    before = t.ui.presses
    t.ok_until("power_cards")
    presses = t.ui.presses - before
    assert t.ui.game.state.general_scorings == 1 and t.ui.game.state.round == 4
    assert presses <= 40, presses
    assert presses == 12  # discs, Castillo, 9 regions, results


def test_two_player_dummy_game_by_keys_to_the_end():
    t = Table(seed=3)
    screen = new_game(t, "2023", ["red", "blue"], dummy="white", homes=["Galicia", "Granada"])
    assert screen.kind == "dummy"  # the dummy's draws and its Power card, with reasons
    assert any("turned up Power card" in row.text for row in screen.body.rows)
    t.press(OK)
    rounds = 0
    while t.ui.game is not None and not t.ui.game.over:
        kind = t.screen.kind
        if kind == "power_cards":
            t.press(OK)  # the lowest legal card
        elif kind == "turn_card":
            t.press(OK)
        elif kind == "turn":
            t.choose("End the turn")
        else:
            t.press(OK)
        rounds += 1
        assert rounds < 1000
    assert t.screen.kind == "results"  # the third general scoring's results first
    standings = t.press(OK)
    assert standings.kind == "standings" and standings.headline == "Game over"
    state = t.ui.game.state
    assert [row.right for row in standings.body.rows] == [str(p) for _, _, p in state.standings()]
    assert t.press(OK).kind == "bgstats"  # the play for BG Stats in one scan, then the chart
    assert t.press(OK).kind == "chart"
    assert state.general_scorings == 3
    assert set(t.ui.game.state.scores) == {"red", "blue"}


def test_a_hidden_castillo_tally_shows_only_that_a_throw_was_recorded_until_it_is_scored():
    t = Table()
    t.ui = Controller(lambda settings: Game.new(settings), new_seed=lambda: 42, hide_castillo=True)
    new_game(t, "2023", ["red", "blue", "green"], homes=["Galicia", "Aragón", "Sevilla"], king="Castilla")
    for round_ in range(3):
        play_power_cards(t, {"Red": 13 - round_, "Blue": 10 - round_, "Green": 7 - round_})
        t.choose("Stack 4" if round_ == 0 else "Stack")
        if round_ == 0:
            t.choose("Throw into the Castillo")
            assert t.screen.prompt == "Red's throw this turn"
            t.counts({"Red": 2})
            assert dict(zip(t.screen.body.items, t.screen.body.marks))["Throw into the Castillo"] == "done"
            t.choose("Throw into the Castillo")  # again: a throw of its own, not the tally
            assert t.screen.body.rows[0].value == 1 and "in)" not in t.screen.prompt
            t.press(BACK)
        t.choose("End the turn")
        take_cards(t, ["Stack"] * 2)
    discs = t.screen
    assert discs.kind == "disc" and discs.prompt == "Disc: Red"  # not how many are in
    t.choose("Galicia")
    scoring = t.screen
    assert scoring.prompt.startswith("Castillo") and scoring.body.rows[0].value == 2  # shown when it is scored


def test_words_only_scoring_columns_totals_first_and_the_sheet_says_special_or_general():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], homes=["Galicia", "Aragón", "Sevilla"], king="Castilla")
    for round_ in range(3):
        play_power_cards(t, {"Red": 13 - round_, "Blue": 10 - round_, "Green": 7 - round_})
        take_cards(t, ["Stack"] * 3)
    t.press(OK)  # no secret discs
    castillo = t.screen
    assert castillo.prompt == "Castillo 5/3"  # 3 players: the first two columns score, the third is not shown
    t.press(OK)
    assert t.screen.prompt.startswith("Galicia 4/2 ")
    t.ok_until("results")
    results = t.screen
    strong = [row for row in results.body.rows if row.strong]
    assert results.body.rows[:3] == tuple(strong)  # each player's gain and total first: no scrolling
    t.press(UP, long=True)
    sheet = t.choose("Score sheet")
    headings = [row.text for row in sheet.body.rows if row.strong and not row.right]
    assert headings == ["R3 general scoring 1"]
