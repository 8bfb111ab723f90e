"""A game that records the board, through the four keys: placements as the card is taken, moves
from the menu, and scorings pre-filled with the board's exact counts."""

from companion.engine import board
from companion.engine import steps as s
from companion.measure.hands import name_shown
from companion.ui.grammar import BACK, DOWN, OK, UP
from companion.ui.view import Choices
from tests.ui.keys_table import Table, new_game, place_unnamed, play_power_cards


def board_game() -> Table:
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=["Board recorded"], king="Toledo",
             homes=["Galicia", "Aragón", "Sevilla"])
    return t


def test_taking_a_card_opens_the_placements_pre_filled_and_place_two_throw_one_and_end():
    t = board_game()
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    page = t.choose("Stack 3")
    assert page.kind == "placements" and page.prompt == "Red: place 3"
    rows = [(row.label, row.value) for row in page.body.rows]
    # Toledo's neighbours; the card's 3 where they likeliest go (Red is in none of them: the
    # tightest race, an empty region, the first listed), the cursor on the OK row, which names the
    # likeliest card (issue 35), the other two above it
    assert rows == [("Castillo", 0), ("Aragón", 0), ("Castilla", 3), ("Sevilla", 0), ("Granada", 0), ("Valencia", 0)]
    assert page.body.cursor == len(rows) + 2 and page.body.ok == "OK: Outposts"
    assert page.body.oks == ("OK: Revelation", "OK: Fiesta")
    # ▼ round to the Castillo, + takes one of Castilla's 3, the card not named: its OK row (keys_table.place_unnamed)
    place_unnamed(t, DOWN, OK)
    # The card not named, and stack 3 may hold a scoring card: the turn waits on it, the cursor on
    # the likeliest card's row (issue 35's trap), the other two ▲ and ▼ of it, "End the turn" above them:
    # no special action is ▲▲ OK (for a table that has always named its card so far: take.around_end).
    body = t.screen.body
    assert t.screen.kind == "turn" and body.items[body.cursor].startswith(("Outposts", "Fiesta", "Revelation"))
    assert body.items[body.cursor - 2].startswith("End the turn")
    t.press(UP)
    t.press(UP)
    t.press(OK)
    state = t.ui.game.state
    assert t.screen.kind == "turn_card"
    assert board.everywhere(state, "red")["castilla"] == 2 and state.castillo == {"red": 1}
    assert state.court["red"] == 7 - 3  # 13: no intake
    assert [step.kind for step in t.ui.game.steps[-3:]] == ["Placed", "CastilloThrow", "TurnEnded"]
    t.ui.game.undo()  # the end first, a step of its own
    assert t.ui.game.steps[-1].kind == "CastilloThrow"
    t.ui.game.undo()  # one confirmation, one undo
    assert board.everywhere(t.ui.game.state, "red")["castilla"] == 0 and t.ui.game.state.court["red"] == 7


def test_a_one_caballero_card_s_placement_is_a_list_and_cannot_place_a_second():
    # Issue 35: one Caballero to place is a list of the places (its counters could only say "the card
    # places 1" on a second +, test_turn_presses.py holds that message for a card of 3)
    t = board_game()
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Stack 1")
    page = t.screen
    assert page.kind == "placements" and page.prompt == "Red: place 1" and isinstance(page.body, Choices)
    assert page.body.items[page.body.cursor] == "Castilla"  # where it likeliest goes
    t.press(OK)
    assert t.ui.game.steps[-1] == s.Placed("red", "castilla", 1) and t.screen.kind != "placements"


def test_a_move_from_the_menu_and_a_scoring_pre_filled_from_the_board():
    t = board_game()
    for round_ in range(3):
        play_power_cards(t, {"Red": 13 - round_, "Blue": 10 - round_, "Green": 7 - round_})
        while t.screen.kind in ("turn_card", "placements", "turn"):
            if t.screen.kind == "turn_card":  # the first stack not taken (the King's card tops the list)
                body = t.screen.body
                t.choose(next(item for item, mark in zip(body.items, body.marks) if item.startswith("Stack") and not mark))
            elif t.screen.kind == "placements":
                t.press(BACK)  # the cursor starts on the OK row: Back, nothing placed
            else:
                t.choose("End the turn")
        if round_ == 0:
            t.press(UP, long=True)
            t.choose("Correct: move Caballeros")
            t.choose("Blue")
            t.choose("Blue's Court")
            t.choose("Navarra")
            t.press(DOWN)  # to the counter: 1 -> 3
            t.press(OK)
            t.press(OK)
            t.press(DOWN)  # the OK row
            said = t.press(OK)
            assert said.kind == "corrected"
            t.press(OK)
    state = t.ui.game.state
    assert state.counts["navarra"] == {"blue": 3}
    seen = []
    while t.screen.kind != "results":
        seen.append(t.screen.kind)
        t.press(OK)
    # Every region holds one colour or none (Navarra Blue's 3 alone), the Castillo nobody: nothing to
    # decide, so the general scoring asks nothing: the round's last turn ended, its results show at
    # once (the moment scored, and how round 4 begins); the board's counts are scored.
    assert seen == []
    assert t.screen.headline == "Round 3 · General scoring"
    assert "First Player" in " ".join(row.text for row in t.screen.body.rows)
    assert "Nobody scored: " in " ".join(row.text for row in t.screen.body.rows)
    scored = [step for step in t.ui.game.steps if isinstance(step, s.Scored) and step.where == "navarra"]
    assert scored == [s.Scored("navarra", (("blue", 3),))]
    for colour in ("red", "blue", "green"):
        assert board.total(t.ui.game.state, colour) == 30


def name_stack_one(t: Table, title: str) -> None:
    reveal(t, {1: title})


def test_an_intrigue_moves_caballeros_step_by_step_and_the_card_checks_each():
    t = board_game()
    name_stack_one(t, "Intrigue")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Intrigue")
    assert t.screen.kind == "placements"  # the card's own Caballeros first: none placed here
    t.press(BACK)  # the cursor starts on the OK row: Back, nothing placed
    page = t.choose("Intrigue: move Caballeros")
    assert page.prompt == "Whose Caballeros move?"
    page = t.choose("Red")
    assert page.prompt == "From Galicia to"  # Red's only region: from where is not asked
    # To where and how many in one list (issue 35): a row per count the card lets go, Red's 2 in
    # Galicia, no more offered; the cursor on the likeliest move (a count that gains is near it)
    assert {"Navarra: 1", "Navarra: 2"} <= set(page.body.items) and "Navarra: 3" not in page.body.items
    who = t.choose("Navarra: 2")
    assert t.ui.game.state.counts["navarra"] == {"red": 2}
    assert who.kind == "who" and who.prompt == "Whose Caballeros move? (2 moved)"  # the next move, by itself
    turn = t.press(BACK)  # no more for now
    assert turn.kind == "turn"
    assert dict(zip(turn.body.items, turn.body.marks))["Intrigue: move Caballeros"] == "2 moved"
    t.choose("Intrigue: move Caballeros")  # a third of her own: the card refuses where she is chosen
    refused = t.choose("Red")
    assert refused.kind == "who" and refused.error == "Intrigue moves at most 2 of your own, not 3"
    assert t.choose("Blue").kind == "region"  # an opponent's may still move


def test_an_intrigue_s_counter_stops_at_what_the_card_still_lets_move():
    t = board_game()
    name_stack_one(t, "Intrigue")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Intrigue")
    t.press(BACK)  # nothing placed
    t.choose("Intrigue: move Caballeros")
    assert t.choose("Blue").prompt == "From Aragón to"  # Blue's only region
    page = t.screen
    # Blue's 2 there, both the cursor's: Aragón left without Blue is what gains Red most
    assert page.body.items[page.body.cursor].endswith(": 2") and "Navarra: 1" in page.body.items
    t.choose("Navarra: 1")  # 1 of the others' 2
    assert t.ui.game.state.counts["navarra"] == {"blue": 1}
    assert t.choose("Green").prompt == "From Sevilla to"  # the next move's page, opened by itself
    after = t.choose("Galicia")  # Green has 2 there, the card lets 1 more go: nothing to ask
    assert t.ui.game.steps[-1] == s.CardMoved("green", "sevilla", "galicia", 1)
    # Only Red's own may still move, from Galicia alone: neither whose nor from where is asked
    assert after.kind == "region" and after.prompt == "From Galicia to"


def test_the_move_that_uses_up_an_intrigue_ends_the_turn_on_its_ok():
    t = board_game()
    name_stack_one(t, "Intrigue")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Intrigue")
    who = t.press(OK)  # the card's Caballeros where the placements start: its action opens by itself
    assert who.kind == "who" and who.prompt == "Whose Caballeros move?"
    t.choose("Red")
    t.choose("Galicia")  # (and 1 in Aragón, just placed)
    t.choose("Castilla: 2")  # 2 of her own
    who = t.screen  # 2 of others' may still move: the next move's page, opened by itself
    assert who.kind == "who" and who.body.items[who.body.cursor] != "Red"
    t.choose("Blue")
    after = t.choose("Castilla: 2")  # 2 of Blue's: the card's 4 moved, all placed: the turn ends with it
    assert after.kind == "turn_card" and t.ui.game.steps[-1] == s.TurnEnded("red")
    assert t.ui.game.state.counts["castilla"] == {"red": 3, "blue": 2}  # (and the card's 1, pre-filled there)


def test_withdrawal_asks_each_opponent_left_neighbour_first():
    t = board_game()
    reveal(t, {2: "Withdrawal"})
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Withdrawal")
    t.press(BACK)  # the cursor starts on the OK row: Back, nothing placed
    first = t.choose("Withdrawal: send back")
    assert first.prompt == "Blue sends back 3"  # Blue sits left of Red
    assert [row.label for row in first.body.rows] == ["Blue · Blue's Court", "Blue · Aragón"]
    second = t.counts({"Blue · Blue's Court": 3})
    assert second.prompt == "Green sends back 3"
    t.counts({"Green · Green's Court": 1, "Green · Sevilla": 2})
    state = t.ui.game.state
    # their Power cards' 6 and 4 come in on their own turns (000 l.233): not in their Courts yet
    assert (state.court["blue"], state.court["green"], state.counts["sevilla"]) == (7 - 3, 7 - 1, {})


def reveal(t: Table, stack_titles: dict[int, str]) -> None:
    """Menu -> Cards showing this round: the title for the stacks given, "not said" for the rest."""
    t.press(UP, long=True)
    t.choose("Cards showing this round")
    name_shown(t, stack_titles)


def leave_placements(t: Table) -> None:
    t.press(BACK)  # the cursor starts on the OK row: Back, nothing placed


def red_takes(stack: int, title: str) -> Table:
    """A board game where Red (Power card 13) takes ``title``, named on ``stack``, and places nothing."""
    t = board_game()
    reveal(t, {stack: title})
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose(title)
    leave_placements(t)
    return t


def test_civil_war_asks_each_opponents_disc_in_turn_and_returns_all_there():
    t = red_takes(2, "Civil War")
    first = t.choose("Civil War: send back by disc")
    assert first.kind == "disc" and first.prompt == "Civil War: Blue's disc"
    second = t.choose("Aragón")
    assert second.prompt == "Civil War: Green's disc"
    # 000 l.615 (002 l.1219-1223): "Each of your opponents must return all their Caballeros from their
    # chosen region": Cy, with 2 in Sevilla, has a region to choose (rules revision 5).
    refused = t.choose("none / not clear")
    assert refused.kind == "disc"
    assert refused.error == "Civil War: Green's disc names a region of theirs, all there go back, not none"
    turn = t.choose("Sevilla")
    assert turn.kind == "turn"
    state = t.ui.game.state
    assert state.counts["aragon"] == {} and state.counts["sevilla"] == {}
    assert state.province["blue"] == 21 + 2  # its Power card's 6 come to the Court on its turn (000 l.233)


def test_coup_empties_a_region_each_opponent_to_the_region_on_their_disc():
    t = red_takes(4, "Coup")
    t.choose("Coup: empty a region")
    asked = t.choose("Aragón")
    assert asked.prompt == "Blue's 2 to"
    t.choose("Toledo")  # the King's region: to the Court
    state = t.ui.game.state
    assert state.counts["aragon"] == {} and state.court["blue"] == 7 + 2  # (its Power card's 6: on its turn)


def test_a_count_changed_at_a_most_scoring_says_which_regions_now_score():
    t = board_game()
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Stack 3")
    leave_placements(t)
    t.choose("Special scoring")
    confirm = t.choose("most Caballeros")
    assert "Galicia, Aragón, Sevilla" in " ".join(row.text for row in confirm.body.rows)
    t.press(OK)
    assert t.screen.prompt.startswith("Galicia")
    notice = t.counts({"Red": 5})  # the board had 2: Galicia alone is the fullest
    assert notice.prompt == "The scoring follows the board"
    assert [row.text for row in notice.body.rows] == [
        "• Aragón no longer qualifies after the count of Galicia: not scored",
        "• Sevilla no longer qualifies after the count of Galicia: not scored"]
    results = t.press(OK)
    assert results.kind == "results"


def test_the_court_intake_takes_fewer_or_from_regions_when_the_province_is_empty():
    """000 l.249: not enough in the Province -> own Caballeros from regions (never the Castillo)."""
    t = board_game()
    t.press(UP, long=True)  # Green's Province down to 1 (a correction, to make it run short)
    t.choose("Correct: move Caballeros")
    t.choose("Green")
    t.choose("Green's Province")
    t.choose("Castilla")
    assert t.counts({"Green": 20}).kind == "corrected"
    t.press(OK)
    play_power_cards(t, {"Red": 13, "Blue": 12, "Green": 1})
    for _ in range(2):  # Red's and Blue's quiet turns
        t.ok()  # (Red's card "not said": not asked again)
        leave_placements(t)
        t.choose("End the turn")
    t.press(OK)
    leave_placements(t)
    turn = t.screen
    assert dict(zip(turn.body.items, turn.body.marks))["Court intake"] == "5 short"
    page = t.choose("Court intake")
    assert page.kind == "intake" and page.prompt == "Green: up to 6 to the Court (Province empty)"
    assert [(row.label, row.value) for row in page.body.rows] == [("Province", 1), ("Castilla", 0), ("Sevilla", 0)]
    turn = t.counts({"Province": 1, "Castilla": 5})
    assert dict(zip(turn.body.items, turn.body.marks))["Court intake"] == "done"
    state = t.ui.game.state
    assert (state.court["green"], state.province["green"], state.counts["castilla"]) == (13, 0, {"green": 15})
    assert t.ui.game.steps[-1].kind == "CourtIntake"


def _one_move_made(monkeypatch=None, gains_more=None) -> Table:
    """Red's Intrigue, only Red on the board (Blue's and Green's to the Province): its Caballero
    placed where the page starts, then 1 of Red's from Galicia to Castilla (the pages' defaults)."""
    from companion.engine.offers import card_moves

    if monkeypatch is not None:
        monkeypatch.setattr(card_moves, "gains_more", gains_more)
    t = board_game()
    for colour, region in (("blue", "aragon"), ("green", "sevilla")):
        t.ui.send(s.CaballerosMoved(colour, region, "province", 2))
    name_stack_one(t, "Intrigue")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Intrigue")
    assert t.press(OK).prompt == "Red's Caballeros from"  # its placement's OK opens its action
    t.press(OK)  # Galicia
    t.press(OK)  # to Castilla, 1 (to where and how many: one list)
    assert t.ui.game.steps[-1] == s.CardMoved("red", "galicia", "castilla", 1)
    return t


def test_after_a_move_the_next_move_s_page_offers_done_moving_first_its_ok_ends_the_turn():
    """Issue 35: stopping after the one intended move cost Back and End the turn."""
    t = _one_move_made()
    page = t.screen
    # A move left gains Red (an empty region to be first in): the cursor stays on it, the full use costs
    # as before; stopping is the row just below it, one ▼ away
    assert page.prompt == "Red's Caballeros from" and page.body.items[page.body.cursor] == "Aragón · 1"
    assert page.body.items[page.body.cursor + 1] == "Done moving: end the turn"
    t.choose("Done moving: end the turn")
    assert t.ui.game.steps[-1] == s.TurnEnded("red") and t.screen.kind == "turn_card"


def test_when_no_move_left_gains_the_next_move_s_page_starts_on_done_moving_one_ok_stops(monkeypatch):
    t = _one_move_made(monkeypatch, lambda state, expects: False)
    assert t.screen.body.items[t.screen.body.cursor] == "Done moving: end the turn"
    presses = t.ui.presses
    t.press(OK)  # before: Back, then the turn page's End the turn (2)
    assert t.ui.presses - presses == 1
    assert t.ui.game.steps[-1] == s.TurnEnded("red") and t.screen.kind == "turn_card"


def test_with_caballeros_left_to_place_the_next_move_s_page_offers_no_done_row():
    t = board_game()
    name_stack_one(t, "Intrigue")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Intrigue")
    t.press(BACK)  # the card's Caballero not placed
    t.choose("Intrigue: move Caballeros")
    t.choose("Red")
    t.choose("Navarra: 1")
    assert t.screen.kind == "who" and "Done moving: end the turn" not in t.screen.body.items  # (Back: the turn page)
