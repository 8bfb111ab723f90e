"""Issue 32, the card and turn defects: each test quotes the rulebook line it holds the referee to
(seeds in ../shared/seeds: 000 the 2023 rulebook, 002 its raw text with the card faces, 003 the
modern classic rules, 004 the 1995 rules). A new refusal applies from rules revision 5; a game log
started before it replays as it was played."""

import pytest

from companion.engine import board, card_duties
from companion.engine import steps as s
from tests.engine.states import ann_takes, board_game, power_cards, refused, take

# The setup (states.CASTILLA): the King in Castilla (empty), Ann (red) at home in
# Galicia, Bo (blue) in Aragón, Cy (green) in Sevilla, 2 each and a Grande; 7 in each Court.


# -- Entourage: the followers counted from the old region as the King left it -----------------

def test_entourage_caballeros_placed_behind_the_king_are_no_followers():
    # 000 l.669 Entourage: "If there are less than 2 Caballeros in the region, you must move as many
    # Caballeros as possible along with the King. You forfeit the others." 000 l.257: "You must fully
    # complete one action before performing the other." In round 1 the King's region is empty.
    state = ann_takes("2023.5.entourage", 5, new_regency=True)
    take(state, s.KingMoved("toledo", by_card=True))  # nobody in Castilla to follow him
    take(state, s.Placed("red", "castilla", 3))  # then the placement, behind him
    take(state, s.TurnEnded("red"))  # not refused: the 3 placed were not there when he left
    assert state.counts["castilla"] == {"red": 3} and state.active != "red"


def test_entourage_the_one_there_follows_and_the_placement_behind_him_stands():
    state = ann_takes("2023.5.entourage", 5, new_regency=True, before=[s.CountsCorrected("castilla", (("blue", 1),))])
    take(state, s.KingMoved("toledo", by_card=True), s.CardMoved("blue", "castilla", "toledo", 1))
    take(state, s.Placed("red", "castilla", 2))
    take(state, s.TurnEnded("red"))
    assert state.counts["toledo"] == {"blue": 1} and state.counts["castilla"] == {"red": 2}


def test_entourage_a_follower_forgotten_is_still_refused_before_the_placement():
    # 000 l.281: "If you perform the Special action, you must perform as much of the action as possible."
    state = ann_takes("2023.5.entourage", 5, new_regency=True, before=[s.CountsCorrected("castilla", (("blue", 1),))])
    take(state, s.KingMoved("toledo", by_card=True))
    refused(state, s.Placed("red", "castilla", 2),
            "Entourage: 1 Caballeros follow the King from Castilla, as many as possible, not 0")


# -- Civil War and the classic twins: each opponent's whole region on the disc ------------------

CIVIL_WAR = "2023.2.civil-war"


@pytest.mark.parametrize("card, edition", [(CIVIL_WAR, "2023"), ("classic.2.secret-disc-return-all", "classic")])
def test_a_return_of_all_by_disc_is_the_whole_region(card, edition):
    # 002 l.1219-1223, the Civil War card: "Each opponent chooses one region with their secret disc. Then
    # they must return all [their Caballeros] from their chosen region to the Province"; 003 l.484: "Each
    # of your opponents must return all their Caballeros from their chosen region to the Province";
    # 004 l.121: "Your fellow players must send all of their own Caballeros from one region back".
    state = ann_takes(card, 2, edition=edition)
    take(state, s.CardMoved("blue", "aragon", "province", 1))  # 1 of Bo's 2 in Aragón
    refused(state, s.CardMoved("green", "sevilla", "province", 2),  # Cy's turn to answer: Bo's is short
            "Bo sends back all 2 from Aragón, the region on their disc, not 1")
    refused(state, s.TurnEnded("red"), "Bo sends back all 2 from Aragón, the region on their disc, not 1")
    take(state, s.CardMoved("blue", "aragon", "province", 1), s.CardMoved("green", "sevilla", "province", 2))
    take(state, s.TurnEnded("red"))
    assert state.counts["aragon"] == {} and state.counts["sevilla"] == {}


def test_a_return_by_disc_is_every_opponents_not_one_sending_nothing():
    # 000 l.615: "All other players must choose a region in which they have at least 1 Caballero. If a
    # player has no Caballeros in any region, they are lucky"; 000 l.281: "as much of the action as possible".
    state = ann_takes(CIVIL_WAR, 2)
    take(state, s.CardMoved("blue", "aragon", "province", 2))
    refused(state, s.TurnEnded("red"), "Civil War: Cy's disc names a region of theirs, all there go back, not none")
    lucky = ann_takes(CIVIL_WAR, 2, before=[s.CaballerosMoved("green", "sevilla", "province", 2)])
    take(lucky, s.CardMoved("blue", "aragon", "province", 2))
    take(lucky, s.TurnEnded("red"))  # Cy has none in a region: he is lucky


def test_the_classic_return_2_by_disc_sends_2_from_the_region():
    # 003 l.490: "Each of your opponents must return 2 of their Caballeros from their chosen region to the
    # Province"; 004 l.120-121: "Your fellow players must remove 2 of their own Caballeros ... The selected
    # region must contain at least 2 of their Caballeros."
    state = ann_takes("classic.2.secret-disc-return-2", 2, edition="classic",
                     before=[s.CountsCorrected("aragon", (("blue", 3),))])
    take(state, s.CardMoved("blue", "aragon", "province", 1))
    refused(state, s.TurnEnded("red"), "Bo sends back 2 from Aragón, the region on their disc, not 1")
    take(state, s.CardMoved("blue", "aragon", "province", 1), s.CardMoved("green", "sevilla", "province", 2))
    take(state, s.TurnEnded("red"))
    assert state.counts["aragon"] == {"blue": 1}


def test_a_half_done_return_by_disc_replays_in_a_game_log_from_before_revision_5():
    state = ann_takes(CIVIL_WAR, 2, revision=card_duties.DISC_WHOLE_SINCE - 1)
    take(state, s.CardMoved("blue", "aragon", "province", 1))
    take(state, s.TurnEnded("red"))  # accepted then: not refused on its replay
    assert state.counts["aragon"] == {"blue": 1}


# -- Competition: the Grandes in the King's new region into the Castillo -------------------------

def test_competition_the_turn_ends_only_with_the_grandes_there_thrown_in():
    # 002 l.1253-1257 Competition: "Move the King to a region of your choice. Throw all Grandes from that
    # region into the Castillo." 000 l.281: "you must perform as much of the action as possible".
    state = ann_takes("2023.5.competition", 5, new_regency=True)
    take(state, s.KingMoved("aragon", by_card=True))  # Bo's Grande stands in Aragón
    refused(state, s.TurnEnded("red"), "Competition: first throw Bo's Grande from Aragón into the Castillo")
    refused(state, s.Placed("red", "navarra", 1), "completes the special action before the placement: Competition")
    take(state, s.GrandesToCastillo())
    take(state, s.TurnEnded("red"))
    assert state.grandes["blue"] == "castillo"


def test_competition_into_a_region_with_no_grande_ends_as_it_is():
    state = ann_takes("2023.5.competition", 5, new_regency=True)
    take(state, s.KingMoved("toledo", by_card=True))
    take(state, s.TurnEnded("red"))


def test_a_competition_without_its_throw_replays_in_a_game_log_from_before_revision_5():
    state = ann_takes("2023.5.competition", 5, new_regency=True, revision=card_duties.COMPETITION_SINCE - 1)
    take(state, s.KingMoved("aragon", by_card=True))
    take(state, s.TurnEnded("red"))
    assert state.grandes["blue"] == "aragon"


# -- a 2023 card whose text no rulebook gives: any special step ----------------------------------

def test_a_new_regency_card_without_text_moves_the_king_by_the_card():
    # 000 l.487: New Regency's cards are about moving the King; docs/rules-confidence.md: "a 2023 card
    # whose text is unknown ... may do any special step or special scoring".
    state = ann_takes("2023.5.new-regency-unknown", 5, new_regency=True)
    take(state, s.KingMoved("toledo", by_card=True))
    assert state.king == "toledo"


def test_a_stack_4_card_without_text_moves_the_king_a_tile_or_a_grande():
    state = ann_takes("2023.4.unknown", 4)
    take(state, s.KingMoved("toledo", by_card=True))
    tile = ann_takes("2023.4.unknown", 4)
    take(tile, s.TileMoved(next(iter(tile.tiles)), "navarra", by_card=True))
    grande = ann_takes("2023.4.unknown", 4)
    take(grande, s.GrandeMoved("red", "navarra", by_card=True))
    assert state.king == "toledo" and "navarra" in tile.tiles.values()
    assert grande.grandes["red"] == "navarra"


def test_a_stack_4_not_named_may_hold_a_card_without_text_and_moves_the_king():
    unnamed = power_cards(board_game("2023"), {"red": 13, "blue": 1, "green": 6})
    take(unnamed, s.ActionCardTaken("red", 4))  # the table did not name it
    take(unnamed, s.KingMoved("toledo", by_card=True))
    assert unnamed.king == "toledo"


def test_a_known_card_still_moves_only_what_it_says():
    state = ann_takes("2023.1.intrigue", 1)
    refused(state, s.KingMoved("toledo", by_card=True), "card does not say: the King moves")
    assert board.tracked(state)
