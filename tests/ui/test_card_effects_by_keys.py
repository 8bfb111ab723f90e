"""Issue 20's card effects played by keys, in games that record the board: Exile's neighbours,
Rebellion's Castillo, the classic "move or place" Intrigue, The Court from regions, and the cards
that send opponents back pre-filled with as many as the rules make them send (the rulebook lines
are quoted in tests/engine/test_card_effect_rules.py, which holds the referee to them)."""

import pytest

from companion.engine import board
from companion.engine import steps as s
from companion.ui.grammar import BACK, OK
from companion.ui.view import Choices
from tests.ui.keys_table import BOARD, Table, name_cards, new_game, play_power_cards


def leave_placements(t: Table) -> None:
    """The placements page the card opened, nothing placed: onto its OK row, Back."""
    assert t.screen.kind == "placements", t.screen
    t.press(BACK)  # the cursor starts on the OK row: Back, nothing placed


def regency_game() -> Table:
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=["New Regency", BOARD],
             homes=["Galicia", "Aragón", "Sevilla"], king="Castilla")
    return t


def classic_board_game() -> Table:
    t = Table()
    new_game(t, "classic", ["red", "blue", "green"], variants=[BOARD], homes=["Galicia", "Aragón", "Sevilla"],
             king="Castilla")
    return t


def test_exile_places_beside_france_only():
    # 000 l.663: "The neighboring regions to France and Portugal work the same way as usual."
    t = regency_game()
    name_cards(t, "not said", "not said", "not said", "not said", "Exile")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Exile")
    leave_placements(t)
    t.choose("King moved")
    page = t.choose("France")  # the King moved: his card's placements open at once
    assert [row.label for row in page.body.rows] == ["Castillo", "Navarra", "Aragón", "Cataluña"]
    t.counts({"Cataluña": 2})
    assert t.ui.game.state.counts["cataluna"] == {"red": 2}


def test_under_rebellion_an_intrigue_offers_no_move_into_the_castillo():
    # 000 l.693: "The Castillo is now the King's region, with all consequences."
    t = regency_game()
    name_cards(t, "Intrigue", "not said", "not said", "not said", "Rebellion")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Rebellion")
    leave_placements(t)
    t.choose("King moved")
    t.choose("Castillo (Rebellion)")
    t.press(BACK)  # nothing placed from the placements that opened
    t.choose("End the turn")
    t.choose("Intrigue")  # Green
    page = t.screen
    listed = page.body.items if isinstance(page.body, Choices) else [row.label for row in page.body.rows]
    assert page.kind == "placements" and "Castillo" not in listed  # (one Caballero: a list, issue 35)
    t.press(BACK)
    t.choose("Intrigue: move Caballeros")
    page = t.choose("Green")
    assert page.prompt == "From Sevilla to"  # Green's only region: from where is not asked
    targets = page.body.items
    assert not [row for row in targets if row.startswith("Castillo")] and "Galicia: 1" in targets
    # What the keys do not offer, a game log line cannot slip in either:
    with pytest.raises(s.StepRefused, match="under Rebellion the Castillo is the King's region"):
        t.ui.send(s.CardMoved("green", "sevilla", "castillo", 1))


def test_the_classic_move_or_place_intrigue_places_two_into_the_castillo():
    # 003 l.428: "The actions on this card are identical to those of the 2 above cards."
    t = classic_board_game()
    name_cards(t, "Intrigue: move or place 2", "not said", "not said", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Intrigue")
    leave_placements(t)
    rows = t.screen.body.items
    assert "Intrigue: move Caballeros" in rows and "Intrigue: place from the Court" in rows
    page = t.choose("Intrigue: place from the Court")
    assert page.body.rows[-1].label == "Castillo"
    t.counts({"Castillo": 2})
    assert t.screen.kind == "turn" and t.ui.game.state.castillo == {"red": 2}


def test_the_court_takes_from_regions_when_the_province_is_empty():
    # 000 l.249: "If there are not enough of your Caballeros left in the Province, you may take your
    # Caballeros from the regions on the map (not from the Castillo) to your Court. This also applies
    # when moving Caballeros to your Court via Action cards."
    t = classic_board_game()
    name_cards(t, "not said", "not said", "not said", "The Court")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.ui.send(s.CaballerosMoved("red", "province", "navarra", t.ui.game.state.province["red"]))  # as the table has it
    t.choose("The Court")
    leave_placements(t)
    page = t.choose("The Court: Caballeros to the Court")
    assert page.prompt == "Into the Court (Province: 0, then regions)"
    assert [row.label for row in page.body.rows] == ["Red · Red's Province", "Red · Galicia", "Red · País Vasco"]
    court = t.ui.game.state.court["red"]
    t.counts({"Red · País Vasco": 2})
    assert t.screen.kind == "turn" and t.ui.game.state.court["red"] == court + 2


def withdrawal_game() -> Table:
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=[BOARD], king="Toledo", homes=["Galicia", "Aragón", "Sevilla"])
    name_cards(t, "not said", "Withdrawal", "not said", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    return t


def test_withdrawal_is_pre_filled_with_as_many_as_possible_and_refuses_fewer():
    # 000 l.281: "you must perform as much of the action as possible"; 000 l.553: "In case you don't
    # have enough Caballeros at the specified location, send back as many as possible."
    t = withdrawal_game()
    state = t.ui.game.state
    t.ui.send(s.CaballerosMoved("green", "court", "province", state.court["green"] - 1))  # Green's Court: 1
    t.choose("Withdrawal")
    leave_placements(t)
    blue = t.choose("Withdrawal: send back")
    assert blue.prompt == "Blue sends back 3" and blue.body.rows[0].value == 3  # from the Court first
    presses = t.ui.presses
    green = t.press(OK)  # one press: what Blue sends
    assert t.ui.presses - presses == 1
    assert green.prompt == "Green sends back 3"
    assert [(row.label, row.value) for row in green.body.rows] == [("Green · Green's Court", 1), ("Green · Sevilla", 2)]
    refused = t.counts({"Green · Sevilla": 1})
    assert refused.kind == "counts_correction"
    assert refused.error == "Withdrawal: Green must send back 3, as many as possible, not 2"
    t.counts({"Green · Sevilla": 2})
    assert t.screen.kind == "turn" and state.court["green"] == 0 and state.counts["sevilla"] == {}


def test_withdrawal_passes_over_an_opponent_with_nothing_and_says_when_nobody_has_any():
    t = withdrawal_game()
    state = t.ui.game.state
    for colour, home in (("blue", "aragon"), ("green", "sevilla")):
        t.ui.send(s.CaballerosMoved(colour, "court", "province", state.court[colour]))
        t.ui.send(s.CaballerosMoved(colour, home, "province", 2))
    t.choose("Withdrawal")
    leave_placements(t)
    turn = t.choose("Withdrawal: send back")  # nothing to do: the page says so and stays
    assert turn.kind == "turn" and turn.error == "Withdrawal: no opponent has Caballeros to send back"
    t.ui.send(s.CaballerosMoved("green", "province", "sevilla", 1))
    green = t.choose("Withdrawal: send back")  # Blue, with none, is passed over
    assert green.prompt == "Green sends back 1 (all they have)" and green.body.rows[0].value == 1
    assert t.press(OK).kind == "turn" and board.held(state, "green", "sevilla") == 0
    assert t.choose("End the turn").kind == "turn_card"


def test_entourage_is_pre_filled_with_two_followers_own_first_and_refuses_fewer():
    # 000 l.669: "You must move 2 Caballeros to the same region as the King. If there are less than 2
    # Caballeros in the region, you must move as many Caballeros as possible along with the King."
    t = regency_game()
    name_cards(t, "not said", "not said", "not said", "not said", "Entourage")
    t.ui.send(s.CountsCorrected("castilla", (("blue", 1), ("red", 2))))  # as the table has it
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Entourage")
    leave_placements(t)
    t.choose("King moved")
    t.choose("Toledo")
    # no placements page opens by itself: the referee takes them only after the followers
    assert t.screen.kind == "turn"
    page = t.choose("Entourage: 2 follow the King")
    assert [(row.label, row.value) for row in page.body.rows] == [("Red", 2), ("Blue", 0)]
    refused = t.counts({"Red": 1})
    assert refused.error == "Entourage: 2 follow the King, as many as possible, not 1"
    t.counts({"Red": 1, "Blue": 1})
    assert t.screen.kind == "turn" and t.ui.game.state.counts["toledo"] == {"red": 1, "blue": 1}


def test_entourage_skipped_after_the_king_moved_cannot_end_the_turn():
    # 000 l.281: "If you perform the Special action, you must perform as much of the action as
    # possible"; 000 l.669: "you must move as many Caballeros as possible along with the King."
    t = regency_game()
    name_cards(t, "not said", "not said", "not said", "not said", "Entourage")
    t.ui.send(s.CountsCorrected("castilla", (("blue", 1),)))  # as the table has it
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Entourage")
    leave_placements(t)
    t.choose("King moved")
    t.choose("Toledo")  # the King moved: his card's placements wait for the followers (no page)
    assert t.screen.kind == "turn"
    refused = t.choose("End the turn")  # the follower forgotten
    assert refused.error.startswith("Entourage: 1 Caballeros follow the King from Castilla, as many as possible")
    t.choose("Entourage: 2 follow the King")
    t.counts({"Blue": 1})
    t.choose("End the turn")
    assert t.ui.game.state.active != "red" and t.ui.game.state.counts["toledo"] == {"blue": 1}


def test_civil_war_and_coup_with_nobody_to_ask_say_so_on_the_turn_page():
    t = regency_game()
    name_cards(t, "not said", "Civil War", "not said", "Coup", "not said")
    for colour, home in (("blue", "aragon"), ("green", "sevilla")):
        t.ui.send(s.CaballerosMoved(colour, home, "province", 2))
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Civil War")
    leave_placements(t)
    turn = t.choose("Civil War: send back by disc")
    assert turn.kind == "turn" and turn.error == "Civil War: no opponent has any in a region outside the King's"
    t.choose("End the turn")
    t.ui.send(s.CaballerosMoved("red", "galicia", "province", 2))
    t.choose("Coup")  # Green
    leave_placements(t)
    turn = t.choose("Coup: empty a region")
    assert turn.kind == "turn"
    assert turn.error == "no region outside the King's holds another player's Caballeros to move out"


def test_a_card_not_named_is_named_at_its_action_and_asks_what_that_card_makes_them_send():
    # Stack 2 not named: Decay of Authority may be the "all" or the "3" card (003 l.464, l.468); the
    # turn page's row names which (issue 35), and its pages ask what that one makes them send.
    t = classic_board_game()
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Stack 2")
    leave_placements(t)
    blue = t.choose("Decay: 3 from Courts")
    assert t.ui.game.state.taken[0] == ("red", 2, "classic.2.decay-of-authority-3")
    assert blue.prompt == "Blue sends back 3" and blue.body.rows[0].value == 3
    green = t.press(OK)
    assert green.prompt == "Green sends back 3"
    assert t.press(OK).kind == "turn" and t.choose("End the turn").kind == "turn_card"


# -- issue 32, played by keys (the rulebook lines: tests/engine/test_card_duties.py) --------------

def test_entourage_from_the_empty_starting_region_places_behind_the_king_and_ends():
    # 000 l.669: "If there are less than 2 Caballeros in the region, you must move as many Caballeros as
    # possible along with the King"; in round 1 the King's region is empty: nobody follows him.
    t = regency_game()
    name_cards(t, "not said", "not said", "not said", "not said", "Entourage")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Entourage")
    leave_placements(t)
    t.choose("King moved")
    page = t.choose("Toledo")  # the King moved: his card's placements open at once
    assert page.kind == "placements" and "Castilla" in [row.label for row in page.body.rows]
    t.counts({"Castilla": 3})
    state = t.ui.game.state
    assert t.screen.kind == "turn" and state.counts["castilla"] == {"red": 3}
    assert t.choose("End the turn").kind == "turn_card" and state.active != "red"


def test_competition_throws_the_grandes_in_with_the_kings_move():
    # 002 l.1253-1257 Competition: "Move the King to a region of your choice. Throw all Grandes from that
    # region into the Castillo."
    t = regency_game()
    name_cards(t, "not said", "not said", "not said", "not said", "Competition")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Competition")
    leave_placements(t)
    t.choose("King moved")
    t.choose("Aragón")  # Blue's Grande stands there
    state = t.ui.game.state
    assert state.king == "aragon" and state.grandes["blue"] == "castillo"
    leave_placements(t)
    assert t.choose("End the turn").kind == "turn_card" and state.active != "red"


def test_a_stack_4_not_named_may_be_a_card_without_text_and_moves_the_king_by_keys():
    # docs/rules-confidence.md: a 2023 card whose text is unknown (not named while its stack may hold
    # one) may do any special step.
    t = regency_game()
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    if t.choose("Stack 4").kind == "placements":  # (its likeliest card acts first: the turn page at once)
        leave_placements(t)
    t.choose("King moved")
    t.choose("Toledo")
    assert t.ui.game.state.king == "toledo"
