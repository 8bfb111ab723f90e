"""Issue 22's traps on the turn and card-effect pages, each held by a test: what made a table's
record wrong or cost an undo, played by keys (the press targets: tests/test_press_budgets.py)."""

from companion.engine import steps as s
from companion.ui.grammar import BACK, DOWN, OK, UP
from tests.ui.keys_table import BOARD, Table, name_cards, new_game, place_unnamed, play_power_cards


def board_game(*shown: str) -> Table:
    """3 players, 2023, the board recorded, the King in Toledo; ``shown``: the cards named."""
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=[BOARD], king="Toledo",
             homes=["Galicia", "Aragón", "Sevilla"])
    if shown:
        name_cards(t, *shown)
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    return t


def marks(t: Table) -> dict[str, str]:
    return dict(zip(t.screen.body.items, t.screen.body.marks))


def test_the_kings_card_opens_the_placements_after_the_king_and_one_ok_places_them():
    # The trap: after the King's move the cursor sat on "End the turn": one natural OK ended the
    # turn with nothing placed. Now his move opens the placements, pre-filled with the card's 5.
    t = board_game()
    assert t.screen.body.items[t.screen.body.cursor].startswith("King's card")  # on top, where the cursor starts
    t.press(OK)
    page = t.choose("Granada")
    assert page.kind == "placements" and page.prompt == "Red: place 5"
    assert page.body.rows[0].label == "Castillo"
    assert [row.value for row in page.body.rows] == [0, 5] + [0] * (len(page.body.rows) - 2)  # the first region
    t.press(OK)  # the King's card's actions done: the same OK ends the turn
    steps = t.ui.game.steps
    assert [step.kind for step in steps[-3:]] == ["KingMoved", "Placed", "TurnEnded"]
    assert t.screen.kind == "turn_card"
    t.press(OK, long=True)  # the end is a step of its own: one undo takes it back, the placement stays
    t.press(OK)
    assert t.screen.kind == "turn" and t.ui.game.steps[-1].kind == "Placed"


def test_the_king_staying_opens_the_placements_too_and_the_turn_page_says_how_many_are_unplaced():
    t = board_game()
    t.press(OK)  # the King's card
    page = t.press(OK)  # OK where he stands: he stays
    assert page.kind == "placements"
    turn = t.press(BACK)  # nothing placed yet
    assert turn.kind == "turn" and turn.body.items[turn.body.cursor] == "Place Caballeros"
    assert marks(t)["End the turn"] == "5 unplaced"  # never an end on one press without saying so


def test_the_card_list_keeps_every_stack_on_its_row_all_round():
    t = board_game()
    first = t.screen.body.items
    assert [item.split(" · ")[0] for item in first] == ["King's card", "Stack 1", "Stack 2", "Stack 3", "Stack 4"]
    t.choose("Stack 2")
    t.press(BACK)
    t.choose("End the turn")
    turn_card = t.screen
    assert [item.split(" · ")[0] for item in turn_card.body.items] == [item.split(" · ")[0] for item in first]
    assert turn_card.body.marks == ("", "", "Red", "", "")
    assert turn_card.body.cursor == 1  # after the round's first turn: the first stack's card left
    assert t.press(DOWN).body.cursor == 3  # the row Red took stays in its place, passed over
    assert t.press(UP).body.cursor == 1
    assert t.press(UP).body.cursor == 0  # the King's card, still there, one ▲ above


def test_leaving_the_placements_with_nothing_placed_is_one_back():
    # The trap: ▲▲ then OK (KEY3 is "−" on a counter row); once this confirmed 0 placed.
    t = board_game()
    t.choose("Stack 3")
    page = t.screen
    assert page.kind == "placements" and page.keys[2] == "Back"  # the cursor on the OK row
    steps = len(t.ui.game.steps)
    assert t.press(BACK).kind == "turn" and len(t.ui.game.steps) == steps


def test_back_leaves_a_special_scoring_before_its_first_count():
    t = board_game()
    t.choose("Stack 3")
    t.press(BACK)
    t.choose("Special scoring")
    t.choose("5-point regions")
    scoring = t.press(OK)
    assert scoring.kind == "scoring" and scoring.keys[2] == "Back"
    turn = t.press(BACK)
    assert turn.kind == "turn" and t.ui.game.steps[-1].kind == "ActionCardTaken"
    assert t.ui.game.state.to_score == []


def test_a_finished_effect_moves_the_cursor_on_and_ok_never_opens_it_again():
    t = board_game("not said", "Withdrawal")
    t.choose("Withdrawal")
    t.press(BACK)
    assert t.screen.body.items[t.screen.body.cursor] == "Withdrawal: send back"
    t.press(OK)
    t.press(OK)  # Blue's 3
    turn = t.press(OK)  # Green's 3
    assert turn.kind == "turn" and turn.body.items[turn.body.cursor] == "Place Caballeros"
    assert marks(t)["Withdrawal: send back"] == "6 moved"
    assert t.press(OK).kind == "placements"  # the natural next OK: the placement, not Withdrawal again
    t.press(OK)  # the placement after the special action: the turn is complete, it ends
    assert t.ui.game.steps[-1] == s.TurnEnded("red")


def test_an_own_move_on_a_card_that_moves_only_others_is_refused_where_the_player_is_chosen():
    # The trap: an illegal own move on Intrigue "3 others" was refused only after from, to and
    # how many (4 Backs to leave).
    t = Table()
    new_game(t, "classic", ["red", "blue", "green"], variants=[BOARD], homes=["Galicia", "Aragón", "Sevilla"],
             king="Castilla")
    name_cards(t, "Intrigue: 3 others")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Intrigue")
    t.press(BACK)
    who = t.choose("Intrigue: move Caballeros")
    assert who.body.items[who.body.cursor] != "Red"  # the cursor on a colour the card may move
    refused = t.choose("Red")
    assert refused.kind == "who" and refused.error.startswith("Intrigue moves"), refused.error
    assert t.press(BACK).kind == "turn"  # one Back to leave
    assert t.choose("Intrigue: move Caballeros") and t.choose("Blue").kind == "region"


def test_placing_more_than_the_card_says_is_refused_on_the_page_for_what_was_set():
    # The trap: 4 on a 3-Caballero card said "...3 placed already" with nothing placed, and the
    # error bar covered every counter row.
    t = board_game()
    t.choose("Stack 3")
    t.press(DOWN)  # round to the Castillo
    for _ in range(3):
        t.press(OK)  # each + takes one of the 3 pre-filled in Aragón
    assert [row.value for row in t.screen.body.rows[:2]] == [3, 0]
    refused = t.press(OK)  # a fourth
    assert refused.error == "Red's card places 3 this turn (more: Menu, Correct)"  # nothing placed yet
    t.press(DOWN)  # Aragón, emptied
    refused = t.press(OK)
    assert refused.error == "all 3 set: Red's card places 3 (− takes one off)"
    assert len(refused.error) <= 50  # two rows at most: the counters stay in view
    assert t.ui.game.steps[-1].kind == "ActionCardTaken"  # nothing recorded


def test_an_effect_finished_after_the_placement_ends_the_turn_on_its_last_ok():
    t = board_game("not said", "Withdrawal")
    t.choose("Withdrawal")
    first = t.press(OK)  # the card's 2 into the first region, as pre-filled: its action opens by itself
    assert first.kind == "counts_correction" and first.prompt.startswith("Blue sends back 3")
    t.press(OK)  # Blue's 3
    assert t.press(OK).kind == "turn_card"  # Green's 3: the card's actions done, the turn over
    assert [step.kind for step in t.ui.game.steps[-2:]] == ["CardMoved", "TurnEnded"]


def test_a_short_court_intake_keeps_the_turn_open_after_a_whole_placement():
    """000 l.249: the Province short, the intake comes from regions: the turn page says how many
    are short, so the placement's OK does not end the turn past it."""
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=[BOARD], king="Toledo",
             homes=["Galicia", "Aragón", "Sevilla"])
    t.ui.send(s.CaballerosMoved("red", "province", "galicia", t.ui.game.state.province["red"]))  # as the table has it
    play_power_cards(t, {"Red": 9, "Blue": 1, "Green": 5})  # Red first, his 9 bringing some the Province lacks
    assert t.screen.headline.endswith("Red")
    t.choose("Stack 3")
    turn = place_unnamed(t)  # all 3 placed, as pre-filled, the card not named
    assert turn.kind == "turn" and marks(t)["Court intake"].endswith("short")


def test_a_named_scoring_with_nothing_to_choose_scores_on_the_placements_ok_and_one_undo_takes_it_back():
    # Issue 35: after the placements the turn page's cursor waited on "Score: 5-point regions", an OK
    # whose answer was foreseen (the board recorded, nothing to choose): now the OK that makes the
    # placement whole scores it too, then its results, the turn ended (2 presses, not 3).
    t = board_game("not said", "not said", "Fiesta")
    t.choose("Fiesta")
    assert t.screen.kind == "placements"
    t.press(OK)
    steps = t.ui.game.steps
    assert t.screen.kind == "results"
    assert [step.kind for step in steps[-5:]] == ["SpecialScoringStarted", "Scored", "Scored", "Scored", "TurnEnded"]
    assert steps[-6].kind == "Placed"
    t.press(OK)
    assert t.screen.kind == "turn_card"
    for _ in range(2):  # the end, then the scoring: each a unit of its own
        t.press(OK, long=True)
        t.press(OK)
    assert t.ui.game.steps[-1].kind == "Placed" and t.screen.kind == "turn"
    assert t.screen.body.items[t.screen.body.cursor] == "Score: 5-point regions"  # its row, as before


def test_back_on_a_cards_action_opened_by_the_placements_ok_leaves_the_turn_page_on_its_end():
    # Issue 35: a move card's action left unplayed (Back on its page, opened by the placements' OK)
    # left the turn page's cursor on the action's row: ▼ and OK to end. The table said "not this":
    # the cursor on "End the turn", one OK.
    t = board_game("Intrigue")
    t.choose("Intrigue")
    assert t.press(OK).kind == "who"  # its 1 placed: the move's first page, by itself
    turn = t.press(BACK)
    assert turn.kind == "turn" and turn.body.items[turn.body.cursor] == "End the turn"
    t.press(OK)
    assert t.ui.game.steps[-1] == s.TurnEnded("red") and t.screen.kind == "turn_card"
