"""Issue 22's turn with the board recorded: what the pages know before the table says it (a
special scoring the card names, the scoring tile's and the Grande's moves opened with their card,
the placements pre-filled where they likeliest go, the card list's cursor), each with its presses."""

from companion.engine import steps as s
from companion.engine.offers.placements import likeliest
from companion.ui.grammar import BACK, DOWN, LESS, MORE, OK, UP, keys_to_fill
from companion.ui.pages import CountsPage
from tests.ui.test_turn_presses import board_game


def kinds(t, n: int) -> list[str]:
    return [step.kind for step in t.ui.game.steps[-n:]]


def test_a_special_scoring_the_card_names_scores_as_recorded_on_one_ok_and_the_turn_ends_with_its_results():
    t = board_game("not said", "not said", "Fiesta")
    t.choose("Fiesta")
    presses = t.ui.presses
    results = t.press(OK)  # the card's 3 as pre-filled, and its scoring: no page asks what the board knows
    assert results.kind == "results" and results.prompt == "Special scoring: all 5-point regions"
    [started] = [step for step in t.ui.game.steps if isinstance(step, s.SpecialScoringStarted)]
    n = len(started.regions)
    assert kinds(t, n + 2) == ["SpecialScoringStarted"] + ["Scored"] * n + ["TurnEnded"]
    assert t.press(OK).kind == "turn_card" and t.ui.presses - presses == 2  # the results read: Green's turn
    t.press(OK, long=True)  # the end is a step of its own: one undo takes it back, the scoring stays
    t.press(OK)
    assert t.ui.game.steps[-1].kind == "Scored" and t.screen.kind == "turn"


def test_one_regions_scoring_starts_on_the_region_that_scores_the_player_most():
    t = board_game("not said", "Fair")
    t.choose("Fair")
    page = t.press(OK)  # the placements as pre-filled: the card's region list opens by itself (issue 35)
    assert page.kind == "region" and page.body.items[page.body.cursor] == "Galicia"  # Red's 2 there, alone
    t.press(OK)
    assert t.screen.kind == "results" and kinds(t, 3) == ["SpecialScoringStarted", "Scored", "TurnEnded"]
    assert t.ui.game.steps[-2] == s.Scored("galicia", (("red", 2),))



def test_a_scoring_cards_region_list_opens_after_the_placements_and_back_is_the_turn_page():
    """Issue 35: after the placements, the named scoring card's region list opens by itself (the
    turn page's OK on its row saved: 1 press a Fair); Back leaves it for the turn page, the cursor
    on that row, nothing recorded."""
    t = board_game("not said", "Fair")
    t.choose("Fair")
    steps = len(t.ui.game.steps)
    assert t.press(OK).prompt == "Score which region?"
    turn = t.press(BACK)
    assert turn.kind == "turn" and turn.body.items[turn.body.cursor] == "Score: one region"
    assert kinds(t, len(t.ui.game.steps) - steps) == ["Placed"]


def test_enactment_opens_its_tile_at_once_the_region_where_the_player_leads_and_the_placements_follow():
    t = board_game("not said", "not said", "not said", "Enactment")
    tiles = t.choose("Enactment")
    assert tiles.kind == "tile" and tiles.prompt == "Which scoring tile?"
    region = t.press(OK)  # the first tile
    assert region.body.items[region.body.cursor] == "Galicia"  # Red leads there by 2 (the King's Toledo aside)
    placements = t.press(OK)
    assert placements.kind == "placements" and t.ui.game.steps[-1] == s.TileMoved("8/4/0", "galicia", by_card=True)
    t.press(OK)  # the card's 4 as pre-filled: its actions done, the turn over
    assert t.screen.kind == "turn_card" and kinds(t, 2) == ["Placed", "TurnEnded"]


def test_back_on_a_move_opened_with_its_card_places_first_and_the_move_then_ends_the_turn():
    t = board_game("not said", "not said", "not said", "Adopted Home")
    grande = t.choose("Adopted Home")
    assert grande.prompt == "Red's Grande to?" and grande.body.items[grande.body.cursor] == "Galicia"
    assert t.press(BACK).kind == "placements"  # the placements first
    turn = t.press(OK)
    assert turn.kind == "turn" and turn.body.items[turn.body.cursor] == "Grande moved"  # the card's move: first
    t.press(OK)
    t.press(DOWN)  # Navarra
    assert t.press(OK).kind == "turn_card" and kinds(t, 2) == ["GrandeMoved", "TurnEnded"]


def test_the_placements_are_pre_filled_in_the_tightest_race_the_player_is_in():
    t = board_game()
    state = t.ui.game.state
    near = ["aragon", "castilla", "sevilla", "granada", "valencia"]  # Toledo's neighbours
    assert likeliest(state, "red", near) == "castilla"  # in none of them: the first empty one
    assert likeliest(state, "blue", near) == "aragon"  # Blue's 2 at home
    state.counts["sevilla"]["blue"] = 1  # Blue 1 against Green's 2: tighter than Aragón's lead of 2
    assert likeliest(state, "blue", near) == "sevilla"


def test_after_the_rounds_first_turn_the_card_list_starts_on_the_stacks():
    t = board_game()
    assert t.screen.body.cursor == 0  # the round's first player: the King's card, on top
    t.choose("Stack 2")
    t.press(BACK)
    t.choose("End the turn")
    assert t.screen.body.cursor == 1  # Stack 1, the King's card one ▲ above
    t.press(UP)
    t.press(OK)
    assert t.screen.prompt == "King to which region?"


def test_the_keys_reach_fewer_than_the_whole_count_in_the_fewest_presses():
    # Castillo, Aragón (pre-filled with the card's 4), Castilla, Sevilla, Granada, Valencia; the
    # table places 3 of them: 1 into the Castillo, 2 into Valencia (4 fewer than the plans before;
    # 2 fewer again since − on an empty counter wraps round: the rest of Aragón's 3 into Valencia, − one off;
    # one more since the wrap takes the cursor to the OK row, issue 35: ▲ back to Valencia for its − one off,
    # the price of "all the rest here" costing no way back, the plan tables' usual placement).
    rows = [[name, name, 4 if name == "Aragón" else 0, 0, 4] for name in
            ("Castillo", "Aragón", "Castilla", "Sevilla", "Granada", "Valencia")]
    page = CountsPage("placements", "", "", lambda got: None, rows=rows, total=4, default=1)
    keys = keys_to_fill([r[2] for r in rows], [1, 0, 0, 0, 0, 2], page.cursor, maxes=[4] * 6, total=4, default=1)
    for key in keys:
        assert page.press(key) is None  # never refused on the way
    assert [r[2] for r in page.rows] == [1, 0, 0, 0, 0, 2] and page.on_ok_row
    assert keys == [DOWN, MORE, UP, UP, LESS, UP, LESS, DOWN]  # ▼ + (the Castillo) ▲▲ − (Valencia, to OK) ▲ − ▼, OK
