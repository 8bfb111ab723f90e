"""Intrigue & the King: the round's deal, card-play order and what a turn allows
(RULES-EXPANSIONS.md §1.4, §1.5, §3; "S:n" = seed 004, line n). Tests of our own
reading, not of a rulebook example, are marked `derived` (pytest -m derived)."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.big_box import intrigue_round as ir
from companion.rules.big_box.intrigue_round import GRAND_INQUISITOR, INTRIGUE_ACTION, KING_ACTION, OWN_ACTION, STACK_7

FOUR = ("red", "blue", "green", "yellow")


@pytest.mark.derived
def test_derived_worked_example_four_players():
    """§1.5: 4 players play 130, 60, 25, 180 -> 180 King + 1st Caballero card; 130 the 2nd; 60 the 3rd;
    25 the 4th + Intrigue card; turn order 180, 130, 60, 25; next round led by the player who played 25."""
    played = {"red": 130, "blue": 60, "green": 25, "yellow": 180}
    dealt = ir.deal(played, ir.caballero_cards(4))
    assert dealt.king == "yellow" and dealt.intrigant == "green"
    assert dict(dealt.caballero_card) == {"yellow": 5, "red": 4, "blue": 3, "green": 2}
    assert dealt.turn_order == ("yellow", "red", "blue", "green")
    assert dealt.next_lead == "green"


def test_the_table_enters_its_overview_card():
    """The overview card's table is lost (§1.3, §7.1): the table's own set is used."""
    dealt = ir.deal({"red": 130, "blue": 60, "green": 25}, ir.caballero_cards(3, [1, 5, 3]))
    assert dict(dealt.caballero_card) == {"red": 5, "blue": 3, "green": 1}


def test_assumed_caballero_cards_by_player_count():
    """5 players: all five (S:167, one each); 2-4: the highest N (assumed, §1.3)."""
    assert {n: ir.caballero_cards(n) for n in ir.PLAYERS} == {
        2: (5, 4), 3: (5, 4, 3), 4: (5, 4, 3, 2), 5: (5, 4, 3, 2, 1)}


@pytest.mark.parametrize("players,choice,message", [
    (6, None, "Intrigue & the King is for 2 to 5 players, not 6"),
    (1, None, "Intrigue & the King is for 2 to 5 players, not 1"),
    (3, [5, 4], "3 players use 3 Caballero cards, not 2 (5-4)"),
    (3, [5, 4, 6], "the Caballero cards show 1 to 5 Caballeros, not 5-4-6"),
    (3, [5, "4", 1], "the Caballero cards show 1 to 5 Caballeros, not 5-4-1"),
    (3, [5, 5, 1], "there is one Caballero card of each number: 5-5-1 repeats one"),
])
def test_bad_caballero_card_sets(players, choice, message):
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        ir.caballero_cards(players, choice)


def test_two_players():
    """With 2 players the lower card is the Intrigant, never the King too (§1.4)."""
    dealt = ir.deal({"red": 10, "blue": 180}, ir.caballero_cards(2))
    assert (dealt.king, dealt.intrigant, dealt.next_lead) == ("blue", "red", "red")
    assert dict(dealt.caballero_card) == {"blue": 5, "red": 4}


def test_five_players():
    played = {"red": 93, "blue": 15, "green": 170, "yellow": 40, "white": 145}
    dealt = ir.deal(played, ir.caballero_cards(5))
    assert dealt.turn_order == ("green", "white", "red", "yellow", "blue")
    assert [dealt.caballero_card[c] for c in dealt.turn_order] == [5, 4, 3, 2, 1]
    assert (dealt.king, dealt.intrigant, dealt.next_lead) == ("green", "blue", "blue")


def test_an_equal_value_is_refused():
    """S:166: 'no player may play a card that duplicates a card played this round'."""
    with pytest.raises(ValueError, match=r"^red and green both played 60: no value already played "
                                         r"this round may be played \(S:166\)$"):
        ir.deal({"red": 60, "blue": 130, "green": 60}, ir.caballero_cards(3))


@pytest.mark.parametrize("played,cards,message", [
    ({"red": 60}, (5,), "a round needs 2 to 5 players' cards, not 1"),
    ({"red": 60, "blue": 70}, (5, 4, 3), r"2 cards played but 3 Caballero cards in use \(5-4-3\)"),
    ({"red": 60, "blue": "70"}, (5, 4), "blue played '70': a card value is a whole number like 130"),
])
def test_bad_deals(played, cards, message):
    with pytest.raises(ValueError, match=f"^{message}$"):
        ir.deal(played, cards)


def test_play_order_is_clockwise_from_the_lead():
    assert ir.play_order("green", FOUR) == ("green", "yellow", "red", "blue")
    assert ir.play_order("red", FOUR) == FOUR
    with pytest.raises(ValueError, match="^white does not sit at this table"):
        ir.play_order("white", FOUR)


def test_round_lead():
    """S:166: round 1 the players choose; later whoever played the lowest card."""
    assert ir.round_lead(None, "blue") == "blue"
    with pytest.raises(ValueError, match="first round the players choose"):
        ir.round_lead(None)
    dealt = ir.deal({"red": 130, "blue": 60, "green": 25, "yellow": 180}, ir.caballero_cards(4))
    assert ir.round_lead(dealt, "red") == "green"


def test_four_players_king_and_intrigant_must_use_the_round_cards():
    """S:170: the King 'may not use the special action on his action card, but must perform the special action
    on the King's card'; likewise the Intrigant; S:171: all others their own cards."""
    dealt = ir.deal({"red": 130, "blue": 60, "green": 25, "yellow": 180}, ir.caballero_cards(4))
    assert {c: ir.action_choice(c, dealt, 4) for c in FOUR} == {
        "yellow": (KING_ACTION,), "green": (INTRIGUE_ACTION,), "red": (OWN_ACTION,), "blue": (OWN_ACTION,)}


@pytest.mark.parametrize("players", [2, 3])
def test_two_or_three_players_may_choose_their_own_action(players):
    """S:175: with 2 or 3 players the King / the Intrigant may perform his own card's action instead."""
    colours = FOUR[:players]
    dealt = ir.deal(dict(zip(colours, (100, 50, 20))), ir.caballero_cards(players))
    assert ir.action_choice("red", dealt, players) == (KING_ACTION, OWN_ACTION)
    assert ir.action_choice(colours[-1], dealt, players) == (INTRIGUE_ACTION, OWN_ACTION)
    if players == 3:
        assert ir.action_choice("blue", dealt, players) == (OWN_ACTION,)


def test_players_edition_variant_allows_the_choice_at_every_count():
    """KIPE-NL (likely, §7.17)."""
    dealt = ir.deal({"red": 130, "blue": 60, "green": 25, "yellow": 180}, ir.caballero_cards(4))
    assert ir.action_choice("yellow", dealt, 4, players_edition_variant=True) == (KING_ACTION, OWN_ACTION)
    assert ir.action_choice("green", dealt, 4, players_edition_variant=True) == (INTRIGUE_ACTION, OWN_ACTION)
    assert ir.action_choice("red", dealt, 4, players_edition_variant=True) == (OWN_ACTION,)
    with pytest.raises(ValueError, match="^white played no card this round$"):
        ir.action_choice("white", dealt, 4)


def test_court_intake_is_the_cards_heads_or_the_tables_entry():
    """S:168/S:172: the heads on the played card, King and Intrigant too; unknown heads: ask the table."""
    assert ir.court_intake(3) == 3
    assert ir.court_intake(None) is None
    assert ir.court_intake(None, entered=2) == 2
    assert ir.court_intake(3, entered=0) == 0  # the table read the card
    with pytest.raises(ValueError, match="^a card shows 0 to 6 Caballero heads, not 7$"):
        ir.court_intake(None, entered=7)


def test_placement_limit_is_the_caballero_card():
    """S:168: 'The maximum number of Caballeros that may be moved is the number shown on the Caballero card';
    S:176: the 15 places 5 instead."""
    assert ir.placement_limit(2) == 2
    assert ir.placement_limit(2, "place_five") == 5
    assert ir.placement_limit(4, "place_anywhere") == 4  # the 20: the number stays, the regions widen (S:177)
    with pytest.raises(ValueError, match="^the Caballero cards show 1 to 5 Caballeros, not 0$"):
        ir.placement_limit(0)


def test_kings_and_colonies_choices():
    """S:273: his own (or King / Intrigue) action, the Grand Inquisitor card or the stack-7 card; one taker each."""
    dealt = ir.deal({"red": 130, "blue": 60, "green": 25, "yellow": 180}, ir.caballero_cards(4))
    assert ir.kc_action_choice("yellow", dealt, 4) == (KING_ACTION, GRAND_INQUISITOR, STACK_7)
    assert ir.kc_action_choice("red", dealt, 4, taken=(GRAND_INQUISITOR,)) == (OWN_ACTION, STACK_7)
    assert ir.kc_action_choice("green", dealt, 4, taken=(STACK_7, GRAND_INQUISITOR)) == (INTRIGUE_ACTION,)


def test_kings_and_colonies_placement_number():
    """S:274 and S:243 (the Grand Inquisitor places 3); otherwise the Caballero card (assumed, §3, §7.4)."""
    assert ir.kc_placement(GRAND_INQUISITOR, 5) == 3
    assert ir.kc_placement(STACK_7, 5, stack_7_number=2) == 2
    assert ir.kc_placement(STACK_7, 5) is None  # the stack-7 numbers are unknown: ask
    assert ir.kc_placement(OWN_ACTION, 4, card_heads=1) == 4
    assert ir.kc_placement(KING_ACTION, 5, card_heads=1) == 5
    assert ir.kc_placement(OWN_ACTION, 2, action_effect="place_five") == 5
    assert ir.kc_placement(INTRIGUE_ACTION, 2, action_effect="place_five") == 2  # not his own card's action
    assert ir.kc_placement(OWN_ACTION, 4, card_heads=1, setting="action_card") == 1
    assert ir.kc_placement(OWN_ACTION, 4, setting="action_card") is None
    with pytest.raises(ValueError, match="^kc_placement must be one of 'caballero_card', 'action_card', not 'x'$"):
        ir.kc_placement(OWN_ACTION, 4, setting="x")
    with pytest.raises(ValueError, match="^a stack-7 card places 0 to 6 Caballeros, not 9$"):
        ir.kc_placement(STACK_7, 4, stack_7_number=9)


colours = st.sampled_from(["red", "blue", "green", "yellow", "white", "black"])


@given(st.dictionaries(colours, st.integers(1, 999), min_size=2, max_size=5).filter(
    lambda played: len(set(played.values())) == len(played)), st.data())
def test_any_distinct_values_deal_every_card_once(played, data):
    players = len(played)
    cards = data.draw(st.sets(st.sampled_from(ir.CABALLERO_CARDS), min_size=players, max_size=players))
    dealt = ir.deal(played, ir.caballero_cards(players, sorted(cards)))
    assert set(dealt.caballero_card) == set(played)
    assert sorted(dealt.caballero_card.values()) == sorted(cards)
    assert sorted(dealt.turn_order) == sorted(played)
    order_cards = [dealt.caballero_card[c] for c in dealt.turn_order]
    assert order_cards == sorted(order_cards, reverse=True)
    assert [played[c] for c in dealt.turn_order] == sorted(played.values(), reverse=True)
    assert dealt.king == dealt.turn_order[0] != dealt.intrigant == dealt.turn_order[-1] == dealt.next_lead
    assert played[dealt.king] == max(played.values()) and played[dealt.intrigant] == min(played.values())
    for colour in played:
        allowed = ir.action_choice(colour, dealt, players)
        assert (KING_ACTION in allowed) == (colour == dealt.king)
        assert (INTRIGUE_ACTION in allowed) == (colour == dealt.intrigant)
