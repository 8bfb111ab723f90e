"""Issue 35's dearest turns: the pages of a card's move of Caballeros and of one Caballero's
placement, as the plan table (a table whose every choice is its own) pays for them.

- to where and how many are one list: a row per place and count the card lets go ("Navarra: 2"; a
  place's name alone where it lets one go), the cursor on the likeliest move: one OK, no count page;
- whose, from and to wrap round the likeliest answer: the rows ordered by what each gains the active
  player, the next likeliest by turns just below and just above it, the refused ones farthest;
- after a move, "Done moving: end the turn" is the row just below the likeliest next move (one ▼);
- one Caballero to place is a list of the places, the cursor where it likeliest goes: the rows + 1
  presses, where counters cost the row, the +, the way back and OK.

A 3-player 2023 game, the King in Toledo; Red at home in Galicia, Blue in Aragón (5 there: 3 more
from the Province), Green in Sevilla; Red takes the card."""

from companion.engine import steps as s
from companion.engine.offers import card_moves
from companion.engine.offers.offer import Offer, Option
from companion.ui.grammar import DOWN, OK
from tests.ui.keys_table import BOARD, Table, name_cards, new_game, play_power_cards


def red_takes(title: str) -> Table:
    """Red takes ``title`` (stack 1) with Blue's 5 in Aragón; its placements page shown."""
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=[BOARD], king="Toledo", homes=["Galicia", "Aragón", "Sevilla"])
    t.ui.send(s.CaballerosMoved("blue", "province", "aragon", 3))
    name_cards(t, title, "not said", "not said", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose(title)
    assert t.screen.kind == "placements"
    return t


def cursor(t: Table) -> str:
    body = t.screen.body
    return body.items[body.cursor]


def test_one_caballero_s_placement_is_a_list_of_places_one_ok_where_the_cursor_starts():
    t = red_takes("Intrigue")
    page = t.screen
    assert page.prompt == "Red: place 1"
    assert page.body.items == ("Castillo", "Aragón", "Castilla", "Sevilla", "Granada", "Valencia")
    assert cursor(t) == "Castilla"  # where it likeliest goes: the counters' pre-fill
    presses = t.ui.presses
    t.press(DOWN)  # Sevilla: one row, one OK (counters: ▲▲▲, +, ▼▼▼, OK)
    t.press(OK)
    assert t.ui.presses - presses == 2
    assert t.ui.game.steps[-1] == s.Placed("red", "sevilla", 1)


def test_to_where_and_how_many_is_one_list_a_row_per_count_the_card_lets_go():
    t = red_takes("Intrigue")
    t.choose("Castilla")
    assert t.screen.prompt == "Whose Caballeros move?"
    t.choose("Blue")
    page = t.screen
    assert page.prompt == "From Aragón to"  # Blue's only region
    # Blue's 5 in Aragón, the card lets 2 of the others' go: each place a row for 1 and for 2, no 3
    # (issue 35: one page and one OK, where a page asked to where and another how many)
    assert {"Navarra: 1", "Navarra: 2", "Castilla: 1", "Castilla: 2"} <= set(page.body.items)
    assert not [row for row in page.body.items if row.endswith(": 3")]
    assert not any(page.body.marks)  # (no row the referee refuses: every place takes them)
    presses = t.ui.presses
    t.choose("Navarra: 2")
    assert t.ui.game.steps[-1] == s.CardMoved("blue", "aragon", "navarra", 2)  # its OK the move: no count page
    rows = len(page.body.items)  # (the table's ▼ to the row, then OK)
    assert t.ui.presses - presses == 1 + (page.body.items.index("Navarra: 2") - page.body.cursor) % rows
    assert t.screen.kind == "region"  # the next move's page, Red's own from Galicia or Castilla


def test_a_place_the_card_lets_one_go_is_one_row_of_its_name():
    t = red_takes("Intrigue")
    t.choose("Castilla")
    t.choose("Blue")
    t.choose("Navarra: 2")  # the others' 2 used
    if t.screen.prompt == "Red's Caballeros from":  # only Red's own may move
        t.choose("Galicia")
    assert t.screen.prompt == "From Galicia to"
    t.choose("Navarra: 1")  # 1 of her own 2: the card lets 1 more of hers go
    if t.screen.prompt == "Red's Caballeros from":
        t.choose("Galicia")
    page = t.screen
    assert page.prompt == "From Galicia to"
    assert "Navarra" in page.body.items and not [row for row in page.body.items if ": " in row]


def test_the_list_s_rows_are_the_moves_round_the_likeliest():
    t = red_takes("Intrigue")
    t.choose("Castilla")
    game = t.ui.game
    offered = card_moves.destinations(game.state, game.expects, "blue", "aragon")
    ids = [o.id for o in offered.options]
    assert offered.default in ids and len(ids) == len(set(ids))
    # every allowed row is a move the referee takes, of 1 or 2 (the card's others' 2)
    for option in offered.options:
        (move,) = option.steps
        assert move.colour == "blue" and move.source == "aragon" and move.count in (1, 2)
        assert option.id == f"to:{move.target}:{move.count}" and game.check(move) is None


def test_the_move_lists_wrap_round_the_likeliest_the_next_likeliest_each_side():
    gains = {"a": 1, "b": 5, "c": 3, "d": 4, "e": 0, "f": 2}
    offered = Offer("to", tuple(Option(f"to:{k}") for k in gains) + (Option("to:x", (), "refused"),), "to:b")
    centred = card_moves.centred(offered, lambda id: gains[id.removeprefix("to:")])
    ids = [o.id.removeprefix("to:") for o in centred.options]
    at = ids.index("b")  # the default, kept, in the middle
    assert centred.default == "to:b" and at == len(ids) // 2 - (len(ids) % 2 == 0)
    # the next likeliest by turns just below and just above it; the refused row the farthest
    assert ids[at + 1] == "d" and ids[at - 1] == "c" and ids[at + 2] == "f" and ids[at - 2] == "a"
    assert sorted(ids) == sorted([*gains, "x"]) and abs(ids.index("x") - at) == 3


def test_after_a_move_done_moving_is_one_row_below_the_likeliest_next_move():
    t = red_takes("Intrigue")
    t.choose("Castilla")
    t.choose("Blue")
    t.choose("Navarra: 2")
    page = t.screen  # the next move's page, opened by itself
    items, at = page.body.items, page.body.cursor
    assert "Done moving: end the turn" in items
    assert items[at] == "Done moving: end the turn" or items[(at + 1) % len(items)] == "Done moving: end the turn"
