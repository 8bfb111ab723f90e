"""Issue 22's traps on the scoring, correction and menu pages, each held here: a general scoring
with the board recorded asks only what the board cannot say and confirms the rest on one page;
the disc list starts where the disc most likely points; the results head with the moment scored;
the menu's rows never move (an unavailable one says why); classic games say mobile scoreboard;
Correct: move 1 Caballero in 6 presses, one of a placement over four regions in 8."""

from __future__ import annotations

from companion.app import Games, make_controller
from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.measure import press_targets
from companion.measure.hands import Hands
from companion.measure.typical_table import typical_game
from companion.play.game import Game
from companion.ui.grammar import OK, UP
from companion.ui.screens import scoring_counts, secret_discs
from tests.ui.keys_table import Table, classic_game, name_cards, new_game, play_power_cards


def at_first_general_scoring(folder) -> Hands:
    """The typical table's game at its first general scoring (4 secret discs to set), on the keys."""
    typical_game(folder / "game.jsonl", until="general scoring").close()
    t = Hands(make_controller(Games(folder), seed=lambda: 7))
    assert t.kind == "resumed"
    t.press(OK)
    return t


def test_a_general_scoring_with_the_board_asks_only_what_the_board_cannot_say(tmp_path):
    t = at_first_general_scoring(tmp_path)
    game = t.game
    contested = [r for r in game.state.regions if len([n for n in game.state.counts[r].values() if n]) > 1]
    before = t.ui.presses
    seen = []
    while t.kind != "results":
        seen.append(t.kind)
        t.press(OK)
    # Four discs (each where its Caballeros gain most), the Castillo's tally, one page for the regions.
    assert seen == ["disc"] * 4 + ["scoring", "scoring_regions"]
    assert t.ui.presses - before + 1 <= 15
    last_turn = max(i for i, step in enumerate(game.steps) if isinstance(step, s.TurnEnded))
    scored = [step.where for step in game.steps[last_turn:] if isinstance(step, s.Scored)]
    # Every occupied region scored (the empty ones named in the results), the Castillo first.
    assert scored[0] == "castillo" and sorted(scored[1:]) == sorted(
        r for r in game.state.regions if any(game.state.counts[r].values()))
    assert contested  # (the regions page had some to show)
    assert t.screen.headline == "Round 3 · General scoring"  # the moment scored, not round 4's Power cards
    t.game.close()


def test_the_regions_page_shows_the_board_and_a_region_can_be_changed_alone(tmp_path):
    t = at_first_general_scoring(tmp_path)
    while t.kind != "scoring_regions":
        t.press(OK)
    body = t.screen.body
    assert body.items[0] == "Score them as recorded" and body.cursor == 0
    assert body.items[1].startswith("Galicia R3 G2")  # the board's counts, most first
    left = len(body.items)
    t.choose("Galicia")
    assert t.kind == "scoring" and t.screen.keys[2] == "Back"
    t.press(2)  # Back: nothing recorded
    assert t.kind == "scoring_regions" and len(t.screen.body.items) == left
    t.choose("Galicia")
    t.counts({"Green": 4})  # Green had 4 there after all
    assert t.game.steps[-1] == s.Scored("galicia", (("red", 3), ("blue", 0), ("green", 4), ("yellow", 0)))
    assert t.kind == "scoring_regions" and len(t.screen.body.items) == left - 1
    t.game.close()


def test_the_disc_list_starts_where_the_discs_caballeros_gain_most(tmp_path):
    t = at_first_general_scoring(tmp_path)  # (resumed there: the map is not shown again)
    page = t.ui.page
    colour = t.game.state.colours[0]
    assert t.kind == "disc"
    likeliest = secret_discs.likeliest_disc(t.game, colour)
    assert likeliest is not None and t.screen.body.items[t.screen.body.cursor] == t.game.state.rules.name(likeliest)
    assert page.items[page.cursor][1] == likeliest
    t.game.close()


def menu_items(t: Table) -> tuple[tuple[str, ...], tuple[str, ...]]:
    t.press(UP, long=True)
    screen = t.screen
    t.press(2)  # Back
    return screen.body.items, screen.body.marks


def test_the_menu_rows_never_move(tmp_path):
    four = Table()
    new_game(four, "2023", ["red", "blue", "green", "yellow"], homes=["Galicia", "Aragón", "Sevilla", "Valencia"])
    at_power_cards, marks = menu_items(four)
    assert "Cards showing this round" in at_power_cards
    play_power_cards(four, {"Red": 9, "Blue": 8, "Green": 5, "Yellow": 3})
    four.press(OK)  # a card taken: the turn page
    in_a_turn, marks = menu_items(four)
    assert in_a_turn == at_power_cards  # "Cards showing this round" keeps its row, marked
    assert marks[in_a_turn.index("Cards showing this round")] == "✗"
    assert in_a_turn[-1] == "Correct: move Caballeros"  # one ▲ from the top
    # A dummy game has the same rows in the same places (its own row comes after them).
    two = Table()
    new_game(two, "2023", ["red", "blue"], dummy="white", homes=["Galicia", "Aragón"])
    dummy_rows, _ = menu_items(two)
    common = in_a_turn.index("New game") + 1
    assert dummy_rows[:common] == in_a_turn[:common]
    assert dummy_rows.index("Export the game log") == in_a_turn.index("Export the game log") == 6
    assert "The dummy this round" in dummy_rows[common:]
    # OK on an unavailable row says why, and stays in the menu.
    four.press(UP, long=True)
    four.choose("Cards showing this round")
    assert four.screen.kind == "menu" and "Power cards" in four.screen.error


def test_classic_games_say_mobile_scoreboard(tmp_path):
    t = Table()
    classic_game(t)
    t.press(UP, long=True)
    t.choose("Correct: a mobile scoreboard")
    assert t.screen.prompt == "Which mobile scoreboard?"
    t.choose("8/4/0")
    assert t.screen.prompt == "The 8/4/0 scoreboard to?"


def test_correct_one_caballero_in_eight_presses(tmp_path):
    assert press_targets.move_one(tmp_path) == 6  # (8 before the last placement's Caballeros came first)


def test_correct_one_caballero_of_a_placement_spread_over_four_regions_in_eight_presses(tmp_path):
    """Issue 35: 11 presses after a placement spread over four places: the last placement's
    Caballeros first (the cursor in their middle), the place beside it in that placement next."""
    assert press_targets.move_one_of_four(tmp_path) == 8


def test_named_classic_cards_show_under_their_names():
    t = Table()
    classic_game(t)
    name_cards(t, "Intrigue: 3 of any", "not said", "Score: most", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    items = t.screen.body.items
    assert any(item.startswith("Intrigue: 3 of any · ") for item in items), items
    assert any(item.startswith("Score: most Caballeros · ") for item in items), items


def test_undo_names_every_place_one_ok_scored(tmp_path):
    t = at_first_general_scoring(tmp_path)
    while t.kind != "scoring_regions":
        t.press(OK)
    shown = [item.split(" ")[0] for item in t.screen.body.items[1:]]
    t.press(OK)  # Score them as recorded
    t.press(3, long=True)  # KEY4 held: undo?
    text = " ".join(row.text for row in t.screen.body.rows)
    assert t.kind == "undo" and text.startswith("the scoring of ") and all(name in text for name in shown), text
    t.press(OK)  # Undo: the regions page again, all of them
    assert t.kind == "scoring_regions" and [i.split(" ")[0] for i in t.screen.body.items[1:]] == shown
    t.game.close()


def test_a_player_who_chose_black_is_counted_like_any_colour():
    """Issue 32: the Grand Inquisitor's black is asked of the mode, never of a colour's name. A player in
    black may be counted up to what he has off the board and there, as every other colour (30 - 2 at home)."""
    players = (Player("Ann", "red"), Player("Bo", "black"), Player("Cy", "green"))
    game = Game.new(Settings(players=players, seed=5, board=True, revision=REVISION))
    game.send(s.SetupDone(king="toledo", first="red", homes=(("red", "aragon"), ("black", "sevilla"), ("green", "navarra"))))
    rooms = {row[1]: row[4] for row in scoring_counts.counts(game, "galicia").rows}
    assert rooms == {"red": 28, "black": 28, "green": 28}
