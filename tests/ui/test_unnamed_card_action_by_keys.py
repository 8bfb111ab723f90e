"""Issue 35's trap: a table that never names the cards is never asked which card it took, and the
placements' OK ended the turn, so a scoring card's scoring was never scored and nothing said so.
Now, with the card not named and its stack still able to hold a card with a special action (the
engine's answer: turn_rules.grants), the placements' OK leaves the turn open on the turn page,
the cursor on the card's action, "End the turn" one ▲ above it: saying "no special action" costs
▲ OK (2 presses) where the turn used to end by itself."""

from companion.engine import steps as s
from companion.ui.grammar import OK, UP
from tests.ui.keys_table import BOARD, Table, name_cards, new_game, play_power_cards
from tests.ui.test_turn_presses import board_game


def unnamed_turn(stack: str) -> Table:
    """Red's turn in round 1 of a 3-player 2023 board game, no card named, ``stack`` taken and the
    card's Caballeros placed as pre-filled (one OK)."""
    t = board_game()
    t.choose(stack)
    page = t.screen
    assert page.kind == "placements", page
    t.press(OK)
    return t


def test_the_placements_ok_does_not_end_a_turn_whose_unnamed_card_may_score():
    t = unnamed_turn("Stack 3")  # Outposts, Fiesta or Revelation: each a special scoring
    turn = t.screen
    assert turn.kind == "turn" and t.ui.game.steps[-1].kind != "TurnEnded", turn
    assert turn.body.items[turn.body.cursor] == "Special scoring"  # the card's action first
    assert turn.body.items[turn.body.cursor - 1] == "End the turn"  # "no special action": ▲ OK
    page = t.press(OK)  # (stack 3 may hold a card without a text: every kind offered, the engine's answer)
    assert page.kind == "special" and page.prompt == "Which special scoring?" and "5-point regions" in page.body.items
    assert t.choose("5-point regions").kind == "special_confirm"  # it was Fiesta: its scoring is scored, not lost
    t.press(OK)
    started = [step for step in t.ui.game.steps if isinstance(step, s.SpecialScoringStarted)]
    assert [step.what for step in started] == ["group5"]


def test_no_special_action_is_two_presses():
    t = unnamed_turn("Stack 3")
    presses = t.ui.presses
    t.press(UP)
    t.press(OK)
    assert t.ui.game.steps[-1] == s.TurnEnded("red") and t.ui.presses - presses == 2
    assert t.screen.kind == "turn_card"


def test_an_unnamed_card_that_moves_offers_its_move_first():
    t = unnamed_turn("Stack 1")  # Conspiracy, Intrigue, Militia or the card without a text
    turn = t.screen
    assert turn.kind == "turn" and t.ui.game.steps[-1].kind != "TurnEnded"
    assert turn.body.items[turn.body.cursor - 1] == "End the turn"
    first = turn.body.items[turn.body.cursor]
    assert first.startswith("Card: ") or first in ("Special scoring", "King moved"), turn.body.items


def test_a_named_card_without_an_action_still_ends_on_the_placements_ok():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=[BOARD], king="Toledo",
             homes=["Galicia", "Aragón", "Sevilla"])
    name_cards(t, "not said", "not said", "Fiesta")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Fiesta")
    t.press(OK)  # the placement whole: the same OK scores Fiesta's regions (nothing to choose) and ends the turn
    assert t.screen.kind == "results" and t.ui.game.steps[-1].kind == "TurnEnded"
    assert any(step.kind == "SpecialScoringStarted" for step in t.ui.game.steps[-6:])
