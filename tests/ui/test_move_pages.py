"""Issue 35's dearest turns: the pages of a card's move of Caballeros and of one Caballero's
placement, as the plan table (a table whose every choice is its own) pays for them.

- how many is a list of the counts the card lets go (one more marked *not now* with the referee's
  reason when the source holds more), the cursor on the likeliest: a missed guess costs at most half
  the list, not a counter's four presses;
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
from companion.ui.grammar import DOWN, OK, UP
from companion.ui.screens.offered import REFUSED
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


def test_how_many_is_a_list_and_the_count_the_card_refuses_says_why_before_the_choice():
    t = red_takes("Intrigue")
    t.choose("Castilla")
    assert t.screen.prompt == "Whose Caballeros move?"
    t.choose("Blue")
    assert t.screen.prompt == "From Aragón to"  # Blue's only region
    t.choose("Navarra")
    page = t.screen
    # Blue's 5 in Aragón, the card lets 2 of the others' go: 1 and 2, then 3 refused with its reason
    assert page.kind == "how_many" and page.prompt == "Aragón to Navarra: how many?"
    assert page.body.items == ("1 of 5", "2 of 5", "3 of 5")
    assert page.body.marks[2] == REFUSED and page.body.marks[:2] == ("", "")
    assert cursor(t) == "1 of 5"  # the likeliest (what gains Red most, the fewest among equals)
    t.press(UP)  # the list wraps: the refused row is one ▲ away
    assert cursor(t) == "3 of 5" and t.screen.error  # the card's reason, before the choice
    assert t.press(OK).error and t.ui.game.steps[-1] == s.Placed("red", "castilla", 1)  # OK says it again, sends nothing
    t.press(UP)
    assert cursor(t) == "2 of 5"
    t.press(OK)  # 2 presses from the cursor's 1, where the counter cost 4 (▼, +, ▲, OK)
    assert t.ui.game.steps[-1] == s.CardMoved("blue", "aragon", "navarra", 2)


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
    t.choose("Navarra")
    t.choose("2 of 5")
    page = t.screen  # the next move's page, opened by itself
    items, at = page.body.items, page.body.cursor
    assert "Done moving: end the turn" in items
    assert items[at] == "Done moving: end the turn" or items[(at + 1) % len(items)] == "Done moving: end the turn"
