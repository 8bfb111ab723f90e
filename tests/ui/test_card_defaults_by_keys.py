"""Issue 22's card effects that move Caballeros, each page starting on the likeliest answer the
board gives (companion/engine/gains.py: what would gain the player most were the board scored
now) and no page where there is one answer: one OK a page when the table does what the board
suggests. A 3-player 2023 game, the King in Toledo; Red at home in Galicia, Blue in Aragón,
Green in Sevilla (2 each, with their Grandes: +2 to a first there); Red takes the card. Region
values (1st/2nd/3rd): Galicia 4/2/0, Navarra 5/3/1, Aragón 5/4/1, Castilla 6/4/2, Sevilla
4/3/1, Granada 6/3/1, Valencia 5/3/2."""

from companion.engine import steps as s
from companion.ui.grammar import BACK, OK, UP
from tests.ui.keys_table import BOARD, Table, name_cards, new_game, play_power_cards


def red_takes(stack: int, title: str, *board: s.Step) -> Table:
    """Red takes ``title`` from ``stack`` (its placements left): at the turn page, its cursor on the
    card's row; ``board``: corrections made before the round."""
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=[BOARD], king="Toledo", homes=["Galicia", "Aragón", "Sevilla"])
    for step in board:
        t.ui.send(step)
    name_cards(t, *(title if n == stack else "not said" for n in (1, 2, 3, 4)))
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose(title)
    assert t.screen.kind == "placements"
    t.press(BACK)  # nothing placed from the card
    assert t.screen.kind == "turn" and t.screen.body.items[t.screen.body.cursor].startswith(f"{title}: ")
    return t


def cursor(t: Table) -> str:
    body = t.screen.body
    return body.items[body.cursor]


def test_an_intrigue_move_at_its_defaults_is_one_ok_a_page_and_the_next_opens_by_itself():
    t = red_takes(1, "Intrigue")
    assert t.press(OK).prompt == "Whose Caballeros move?"
    # Blue's 2 out of Aragón into Sevilla: Aragón left to nobody (Blue's 7 there gone: +7 for Red's
    # lead) and Blue tying Green in Sevilla (Green's 6 down to 3: +3): no other move gains Red as much
    assert cursor(t) == "Blue"
    assert t.press(OK).prompt == "From Aragón to"  # Blue's only region: from where is not asked
    # to where and how many, one list (issue 35): the cursor on all of Blue's 2 into Sevilla, the most
    # the card lets go; 1 there is a row of its own
    assert cursor(t) == "Sevilla: 2" and "Sevilla: 1" in t.screen.body.items
    after = t.press(OK)  # 3 presses from the turn page
    assert t.ui.game.steps[-1] == s.CardMoved("blue", "aragon", "sevilla", 2)
    # The others' 2 used: only Red's own may move, and only from Galicia: the "to" page opens by itself
    assert after.kind == "region" and after.prompt == "From Galicia to"
    turn = t.press(BACK)  # no more moves
    assert turn.kind == "turn" and cursor(t) == "Place Caballeros"


def test_militia_places_one_at_a_time_each_list_starting_where_it_gains_most_one_ok_each():
    t = red_takes(1, "Militia")
    first = t.press(OK)
    # The two empty 6-point regions: alone in either, Red would be first; Castilla comes first
    assert first.kind == "region" and first.prompt == "Militia: where does the 1st go?" and cursor(t) == "Castilla"
    assert "Toledo" not in first.body.items  # never the King's region (000 "Militia")
    second = t.press(OK)  # nothing recorded yet: the 2nd's list opens by itself, given the 1st
    assert second.prompt == "Militia: where does the 2nd go?" and cursor(t) == "Granada"
    assert second.body.marks[second.body.items.index("Castilla")] == "1st"
    assert second.body.items[-1] == "none: the 1st alone"  # "up to 2"
    steps = len(t.ui.game.steps)
    assert t.press(BACK).prompt == first.prompt and cursor(t) == "Castilla"  # Back: the 1st again
    assert len(t.ui.game.steps) == steps
    t.press(OK)
    after = t.press(OK)
    assert t.ui.game.steps[-2:] == (s.CardMoved("red", "court", "castilla", 1), s.CardMoved("red", "court", "granada", 1))
    assert after.kind == "turn" and cursor(t) == "Place Caballeros"


def test_militia_s_2nd_list_starts_on_the_1st_s_region_when_the_table_chose_it_over_the_default():
    """Issue 35: two into one region of the table's own choosing walked the rows twice."""
    t = red_takes(1, "Militia")
    t.press(OK)
    presses = t.ui.presses
    t.choose("Granada")  # the 1st where the 1st list's default (Castilla) was not: the table's own plan
    assert t.screen.body.marks[t.screen.body.items.index("Granada")] == "1st" and cursor(t) == "Granada"
    walked = t.ui.presses - presses - 1
    after = t.press(OK)  # the 2nd there too: one OK (before: the rows walked again from Castilla)
    assert t.ui.presses - presses == walked + 2
    assert t.ui.game.steps[-1] == s.CardMoved("red", "court", "granada", 2)
    assert after.kind == "turn"


def test_militia_s_last_row_places_the_1st_alone():
    t = red_takes(1, "Militia")
    t.press(OK)
    t.choose("Granada")
    t.choose("none: the 1st alone")  # up to 2: one placed
    assert t.ui.game.steps[-1] == s.CardMoved("red", "court", "granada", 1)
    assert t.screen.kind == "turn"


def test_militia_with_one_in_the_court_asks_for_one_region_its_ok_places_it():
    t = red_takes(1, "Militia", s.CaballerosMoved("red", "court", "province", 6))  # the Court holds 1
    page = t.press(OK)
    assert page.prompt == "Militia: where does it go? (Court: 1)" and cursor(t) == "Castilla"
    t.press(OK)
    assert t.ui.game.steps[-2:] == (s.CardMoved("red", "court", "castilla", 1), s.TurnEnded("red"))


def test_civil_war_discs_start_where_each_opponent_loses_least():
    t = red_takes(2, "Civil War", s.CaballerosMoved("blue", "province", "valencia", 1),
                  s.CaballerosMoved("green", "province", "valencia", 1))
    blue = t.press(OK)
    # Blue's lead over the best of the others: Aragón's 2 cost 7 (first, with the Grande), Valencia's
    # 1, tied with Green, 5
    assert blue.prompt == "Civil War: Blue's disc" and cursor(t) == "Valencia · 1"
    green = t.press(OK)
    # Green, on the board as the discs were set (Blue's 1 still in Valencia): Sevilla costs 6, Valencia 5
    assert green.prompt == "Civil War: Green's disc" and cursor(t) == "Valencia · 1"
    t.press(OK)
    assert t.ui.game.steps[-2:] == (s.CardMoved("blue", "valencia", "province", 1),
                                    s.CardMoved("green", "valencia", "province", 1))


def test_a_coup_starts_on_the_region_whose_emptying_gains_most_each_disc_where_it_gains_its_player_most():
    t = red_takes(4, "Coup", s.CaballerosMoved("red", "province", "aragon", 1))
    page = t.press(OK)
    # Each opponent's Caballeros go where they gain their player most (the discs' defaults): Blue's
    # 2 out of Aragón would tie Red in Galicia (Red's 6 there, with her Grande, down to 2: Aragón's
    # +8 for Red gains 2 in all); Green's 2 out of Sevilla would tie Blue in Aragón (Red 1 point
    # worse off there, Green's 6 in Sevilla gone: 5 in all)
    assert page.prompt == "Which region is emptied?" and page.body.items == ("Aragón", "Sevilla")
    assert cursor(t) == "Sevilla"
    disc = t.press(OK)
    assert disc.prompt == "Green's 2 to" and cursor(t) == "Aragón"
    t.press(OK)
    assert t.ui.game.steps[-1] == s.CardMoved("green", "sevilla", "aragon", 2)


def test_a_colour_the_card_moves_no_more_is_marked_on_whose_and_its_ok_says_why_sending_nothing():
    t = red_takes(1, "Intrigue")
    t.ui.send(s.CardMoved("red", "galicia", "navarra", 2))  # Red's own 2 used
    page = t.choose("Intrigue: move Caballeros")
    assert page.prompt == "Whose Caballeros move? (2 moved)"
    marks = dict(zip(page.body.items, page.body.marks))
    assert marks == {"Red": "not now", "Blue": "", "Green": ""} and cursor(t) != "Red"
    steps = len(t.ui.game.steps)
    while cursor(t) != "Red":
        page = t.press(UP)
    assert page.error == "Intrigue moves at most 2 of your own, not 3"  # said before the choice
    assert t.press(OK).error == "Intrigue moves at most 2 of your own, not 3" and len(t.ui.game.steps) == steps
