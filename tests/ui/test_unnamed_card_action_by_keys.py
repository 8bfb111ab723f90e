"""Issue 35: the card named where the table presses anyway, by keys (ui/screens/turn_naming.py). A
table that shuffles its own deck is asked nothing at the take; after the placements the turn page
lists the cards the stack may still show, the likeliest under the cursor, each titled by the card,
and OK on one names it (ActionCardNamed) and opens its action at once. And the issue's trap: with
the card not named and its stack still able to hold a card with a special action, the placements'
OK never ends the turn, nor does the turn page's default OK: a scoring card's scoring is never lost."""

from companion.engine import steps as s
from companion.engine.offers import take
from companion.rules import cards
from companion.ui.grammar import BACK, OK, UP
from companion.ui.screens import turn_naming
from tests.ui.keys_table import BOARD, Table, name_cards, new_game, place_unnamed, play_power_cards
from tests.ui.test_turn_presses import board_game

POWER = {"Red": 13, "Blue": 1, "Green": 5}


def unnamed_turn(stack: str, t: Table | None = None) -> Table:
    """Red's turn in round 1 of a 3-player 2023 board game, no card named, ``stack`` taken (no page
    asks which card) and the card's Caballeros placed as pre-filled with the card not named (the OK
    row naming none: Back, Place Caballeros, ▲ to it: keys_table.place_unnamed)."""
    t = t or board_game()
    presses = t.ui.presses
    t.choose(stack)
    assert t.screen.kind == "placements" and t.ui.game.steps[-1] == s.ActionCardTaken("red", int(stack.split()[1]))
    assert t.ui.presses - presses == stack_presses(stack)  # the stack's row and its OK: nothing more
    place_unnamed(t)
    return t


def stack_presses(stack: str) -> int:
    return int(stack.split()[1]) + 1  # ▼ from the King's card on top, n rows down, and OK


def labels(stack: int) -> list[str]:
    return [turn_naming.label(c) for c in cards.deck("2023") if c.stack == stack and c.known]


def test_the_turn_page_names_the_card_the_likeliest_under_the_cursor_and_the_turn_waits():
    t = unnamed_turn("Stack 3")  # Outposts, Fiesta or Revelation: each a special scoring
    turn = t.screen
    assert turn.kind == "turn" and t.ui.game.steps[-1].kind != "TurnEnded", turn  # the trap: not ended
    assert sorted(i for i in turn.body.items if i in labels(3)) == sorted(labels(3))
    likeliest = take.unseen(t.ui.game.state, 3)[0]
    assert turn.body.items[turn.body.cursor] == turn_naming.label(cards.card(likeliest))
    assert not turn.body.items[turn.body.cursor].startswith("End the turn")  # no default OK ends it
    assert "Special scoring" in turn.body.items  # a 2023 stack may hold a card without a text: its rows stay


def test_the_ok_that_names_a_scoring_card_scores_it():
    t = unnamed_turn("Stack 3")
    before = len(t.ui.game.steps)
    t.choose("Fiesta")  # ▲ or ▼ to its row, OK: named and scored, as the board holds it
    recorded = t.ui.game.steps[before:]
    assert recorded[0] == s.ActionCardNamed("red", "2023.3.fiesta")
    assert [step.what for step in recorded if isinstance(step, s.SpecialScoringStarted)] == ["group5"]
    assert t.ui.game.state.taken[0] == ("red", 3, "2023.3.fiesta")


def test_no_special_action_is_three_presses_for_a_table_that_names_its_cards():
    t = unnamed_turn("Stack 3")
    body = t.screen.body  # the second likeliest one ▲, the third one ▼, the turn's end above them
    assert body.items[body.cursor - 2] == turn_naming.END  # what it stands for: an action skipped, a card not listed
    presses = t.ui.presses
    t.press(UP)
    t.press(UP)
    t.press(OK)
    assert t.ui.game.steps[-1] == s.TurnEnded("red") and t.ui.presses - presses == 3
    assert t.screen.kind == "turn_card" and t.ui.game.state.said.skipped  # from now on one ▲ (take.around_end)


def test_naming_a_card_that_moves_opens_its_page():
    t = unnamed_turn("Stack 1")  # Conspiracy, Intrigue, Militia (or a card without a text)
    turn = t.screen
    assert turn.kind == "turn" and sorted(i for i in turn.body.items if i in labels(1)) == sorted(labels(1))
    assert "Militia" in turn.body.items  # the card as the table holds it: its title
    page = t.choose("Intrigue")
    assert t.ui.game.steps[-1] == s.ActionCardNamed("red", "2023.1.intrigue")
    assert page.kind in ("who", "region"), page  # its move's first page, at once


def test_a_take_whose_likeliest_card_acts_first_opens_on_the_cards_no_back_paid():
    t = board_game()
    t.choose("Stack 4")  # Enactment, Empowerment, Adopted Home, Coup: nothing seen, Enactment the likeliest
    turn = t.screen  # not the placements: the turn page, the cursor on the likeliest card (take.names_first)
    assert turn.kind == "turn" and turn.body.items[turn.body.cursor] == "Enactment"
    page = t.choose("Enactment")
    assert t.ui.game.steps[-1] == s.ActionCardNamed("red", "2023.4.enactment") and page.kind == "tile"


def test_a_card_named_on_the_rows_the_take_opened_that_acts_after_opens_its_placements_first():
    t = board_game()
    t.choose("Stack 4")
    page = t.choose("Coup")  # it acts after its placements: they open, then its action as a known card's
    assert t.ui.game.steps[-1] == s.ActionCardNamed("red", "2023.4.coup") and page.kind == "placements"
    t.press(BACK)  # a table that wants Coup first: Back, its row
    assert t.screen.kind == "turn" and any(i.startswith("Coup") for i in t.screen.body.items)


def test_a_card_with_nothing_to_do_is_named_and_ends_the_turn_with_one_ok():
    t = Table()  # classic: stack 2 holds the Veto, a card whose action is kept for later
    new_game(t, "classic", ["red", "blue", "green"], variants=[BOARD], king="Castilla la Nueva",
             homes=["Galicia", "Aragón", "Sevilla"])
    play_power_cards(t, POWER)
    t.choose("Stack 2 ")
    t.press(OK)  # its 2 placed as pre-filled
    assert t.screen.kind == "turn"
    before = len(t.ui.game.steps)
    t.choose("Veto")
    assert t.ui.game.steps[before:] == (s.ActionCardNamed("red", "classic.2.veto"), s.TurnEnded("red"))
    assert t.ui.game.state.vetoes.get("red")


def test_naming_is_undone_by_one_undo_and_the_rows_come_back():
    t = unnamed_turn("Stack 3")
    t.choose("Revelation")
    t.press(OK)  # its results read
    while t.ui.game.steps[-1].kind != "ActionCardNamed":
        t.press(OK, long=True)
        t.press(OK)
    t.press(OK, long=True)
    t.press(OK)
    assert t.ui.game.steps[-1].kind == "Placed" and t.screen.kind == "turn"
    assert "Revelation" in t.screen.body.items


def test_a_named_card_without_an_action_still_ends_on_the_placements_ok():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=[BOARD], king="Toledo",
             homes=["Galicia", "Aragón", "Sevilla"])
    name_cards(t, "not said", "not said", "Fiesta")
    play_power_cards(t, POWER)
    t.choose("Fiesta")
    t.press(OK)  # the placement whole: the same OK scores Fiesta's regions (nothing to choose) and ends the turn
    assert t.screen.kind == "results" and t.ui.game.steps[-1].kind == "TurnEnded"
    assert any(step.kind == "SpecialScoringStarted" for step in t.ui.game.steps[-6:])
