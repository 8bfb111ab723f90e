"""The round's start by keys (issue 22): the cards showing named on one page, each stack pre-filled
with its likeliest card, opened by itself when the round before named cards; the menu's row stays
for naming them in the first round and for corrections."""

from companion.engine import steps as s
from companion.measure import script
from companion.measure.hands import name_shown
from companion.ui.grammar import BACK, OK, UP
from tests.ui.keys_table import BOARD, Table, name_cards, new_game


def board_game() -> Table:
    """3 players, 2023, the board recorded, at round 1's first Power card."""
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=[BOARD], king="Toledo",
             homes=["Galicia", "Aragón", "Sevilla"])
    return t


def next_round(t: Table) -> None:
    """The rest of the round played at the table, quietly; the companion at the next round's start."""
    game = t.ui.game
    script.quiet_round(game)
    t.ui.rebuild()


def menu_cards(t: Table):
    t.press(UP, long=True)
    return t.choose("Cards showing this round")


def test_the_first_round_names_its_cards_from_the_menu_in_two_presses_when_the_guesses_are_right():
    t = board_game()
    assert t.screen.kind == "power_cards"  # a table that never names its cards is never asked
    page = menu_cards(t)
    assert page.kind == "cards_shown" and page.keys == ("▲", "▼", "Back", "OK")
    assert page.body.items == ("These show", "Stack 1 · Conspiracy", "Stack 2 · Fair", "Stack 3 · Outposts",
                               "Stack 4 · Enactment")  # none shown yet: each stack's first title
    before = t.ui.presses
    t.press(OK)
    assert t.ui.presses - before == 1 and t.screen.kind == "power_cards"
    assert t.ui.game.state.revealed == {1: "2023.1.conspiracy", 2: "2023.2.fair", 3: "2023.3.outposts",
                                        4: "2023.4.enactment"}


def test_a_round_after_one_that_named_cards_opens_on_them_pre_filled_with_titles_not_shown_yet():
    t = board_game()
    menu_cards(t)
    t.press(OK)
    next_round(t)
    page = t.screen
    assert page.kind == "cards_shown" and page.headline == "Round 2 · Cards shown"
    assert page.keys == ("▲", "▼", "Menu", "OK") and page.body.cursor == 0  # the round's own page
    assert page.body.items == ("These show", "Stack 1 · Intrigue", "Stack 2 · Withdrawal", "Stack 3 · Fiesta",
                               "Stack 4 · Empowerment")  # the titles shown fewest times
    t.press(OK)  # one press: all four right
    assert t.screen.kind == "power_cards" and t.ui.game.state.revealed[1] == "2023.1.intrigue"
    # Named already: an undo of the first Power card comes back to the Power cards, not to the names.
    t.press(OK)  # Red's Power card, the lowest in hand
    t.press(OK, long=True)
    t.press(OK)
    assert t.screen.kind == "power_cards" and not t.ui.game.state.played


def test_a_wrong_guess_is_its_row_its_list_and_one_ok():
    t = board_game()
    menu_cards(t)
    t.press(OK)
    next_round(t)
    before = t.ui.presses
    t.choose("Stack 2 · ")  # ▼▼ OK
    assert t.screen.kind == "reveal" and t.screen.body.items[t.screen.body.cursor] == "Withdrawal"
    t.choose("Civil War")  # ▼ OK
    assert t.screen.kind == "cards_shown" and t.screen.body.cursor == 0
    t.press(OK)
    assert t.ui.presses - before == 6
    assert t.ui.game.state.revealed[2] == "2023.2.civil-war"


def test_back_from_a_stacks_list_keeps_its_row():
    t = board_game()
    menu_cards(t)
    t.choose("Stack 3 · ")
    t.choose("Revelation")
    t.choose("Stack 3 · ")
    assert t.press(BACK).body.items[3] == "Stack 3 · Revelation"


def test_a_table_that_stops_naming_is_not_asked_again():
    t = board_game()
    menu_cards(t)
    t.press(OK)
    next_round(t)
    assert t.screen.kind == "cards_shown"
    name_shown(t, {})  # every row "not said", then These show: recorded, so the page does not come back
    assert t.screen.kind == "power_cards" and t.ui.game.steps[-1] == s.ActionCardsRevealed(())
    next_round(t)
    assert t.screen.kind == "power_cards"


def test_a_round_that_named_nothing_starts_on_the_power_cards():
    t = board_game()
    next_round(t)
    assert t.screen.kind == "power_cards"


def test_the_menu_row_corrects_what_was_named_and_shows_it():
    t = board_game()
    menu_cards(t)
    t.press(OK)
    next_round(t)
    t.press(OK)  # the guesses named
    page = menu_cards(t)  # what was named, to keep or change
    assert page.body.items[1:] == ("Stack 1 · Intrigue", "Stack 2 · Withdrawal", "Stack 3 · Fiesta",
                                   "Stack 4 · Empowerment")
    t.choose("Stack 4 · ")
    t.choose("not said")
    t.choose("These show")
    assert t.screen.kind == "power_cards" and 4 not in t.ui.game.state.revealed
    while t.screen.kind == "power_cards":
        t.press(OK)
    assert menu_cards(t).kind == "menu"  # named before the round's first turn only (the row says why)
    assert t.screen.error.startswith("named before the round's first turn")


def last_turn_by_keys(t: Table) -> None:
    """Round 1's Power cards and first two turns played at the table, quietly (stacks 1 and 2);
    its last turn by keys: stack 4 (its likeliest card acts first: the take opens the turn page on
    its cards, take.names_first), its placements' row, its Caballeros where they are pre-filled, then,
    the card not named and stack 4 holding cards with an action, "no special action" (▲ OK, issue 35: the turns
    before it ended with their cards not named, so the turn's end stays beside the likeliest card):
    the turn's and the round's end."""
    game = t.ui.game
    script.quiet_power_cards(game)
    script.turn(game, 1)
    script.turn(game, 2)
    t.ui.rebuild()
    t.choose("Stack 4")
    assert t.screen.kind == "turn"
    assert t.choose("Place Caballeros").kind == "placements"
    t.press(OK)
    turn = t.screen
    assert turn.kind == "turn" and turn.body.items[turn.body.cursor - 1].startswith("End the turn"), turn
    t.press(UP)
    t.press(OK)


def test_a_round_that_named_its_cards_ends_on_the_next_rounds_cards_which_say_how_it_begins():
    # Issue 22: a page with nothing to decide is not shown. The round-over page's lines are the
    # next page's: its headline the round, its rows the new cards, its prompt the First Player.
    t = board_game()
    name_cards(t, "Conspiracy")
    last_turn_by_keys(t)
    page = t.screen
    assert page.kind == "cards_shown" and page.headline == "Round 2 · Cards shown"
    first = t.ui.game.state.first_player
    assert page.prompt == f"First Player: {first.title()}. New cards showing"


def test_a_round_that_named_no_cards_ends_on_the_round_over_page():
    t = board_game()
    last_turn_by_keys(t)
    page = t.screen
    assert page.kind == "round_over" and page.prompt == "What the table does now"
    assert t.press(OK).kind == "power_cards"
