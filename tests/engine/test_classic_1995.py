"""The 1995 classic rules as a table's setting (issue 20: "1995 vs modern classic differences ... stated
as assumptions a table can change in the settings file"; companion/engine/classic_1995.py). Each test
quotes the 1995 line (seed 004) a 1995 game follows and the modern line (seed 003) a modern game keeps."""

import pytest

from companion.engine import board, classic_1995
from companion.engine import steps as s
from companion.engine.state import GameState
from companion.rules import cards
from tests.engine.states import ann_takes, refused, take

MODERN, OLD = "modern", "1995"


def takes(card: str, stack: int, text: str, before=()) -> GameState:
    """Ann takes ``card`` in a classic game read by ``text``; Bo's home is Aragón, Cy's Sevilla."""
    return ann_takes(card, stack, edition="classic", before=before, classic_text=text)


# -- (a) the Province card ----------------------------------------------------------------------

def test_the_1995_province_card_sends_one_of_your_own_back_too():
    # 004 l.119: "You decide which Caballeros must return to the provinces, including one of your own."
    state = takes("classic.2.province", 2, OLD)
    take(state, s.CardMoved("blue", "aragon", "province", 1), s.CardMoved("green", "sevilla", "province", 1))
    refused(state, s.TurnEnded("red"), "Province: Ann must send back 1, as many as possible, not 0")
    province = state.province["red"]
    take(state, s.CardMoved("red", "galicia", "province", 1))
    take(state, s.TurnEnded("red"))
    assert state.province["red"] == province + 1


def test_the_modern_province_card_sends_back_only_the_opponents():
    # 003 l.472: "You choose 1 Caballero of each opponent (not yourself) and place them in the Province."
    state = takes("classic.2.province", 2, MODERN)
    refused(state, s.CardMoved("red", "galicia", "province", 1), "Province: other players' Caballeros from the regions back")
    take(state, s.CardMoved("blue", "aragon", "province", 1), s.CardMoved("green", "sevilla", "province", 1))
    take(state, s.TurnEnded("red"))


# -- (b) Special Scoring: a region, stacks 2 and 3 ------------------------------------------------

@pytest.mark.parametrize("card,stack", [("classic.2.special-scoring-region", 2),
                                        ("classic.3.special-scoring-region", 3)])
def test_a_1995_special_scoring_of_a_region_may_choose_the_castillo(card, stack):
    # 004 l.124: "You can choose any region (the King's region and the Castillo may also be chosen)";
    # 004 l.139: "If you choose to score the Castillo, place the Caballeros back into the Castillo
    # after the Castillo is scored."
    state = takes(card, stack, OLD, before=(s.CaballerosMoved("blue", "court", "castillo", 2),))
    take(state, s.SpecialScoringStarted("castillo", ("castillo",)))
    take(state, s.Scored("castillo", (("blue", 2),)))
    assert state.scores["blue"] == 5  # the Castillo's 5/3/1
    assert state.castillo == {"blue": 2}  # back in
    take(state, s.TurnEnded("red"))


@pytest.mark.parametrize("card,stack", [("classic.2.special-scoring-region", 2),
                                        ("classic.3.special-scoring-region", 3)])
def test_a_modern_special_scoring_of_a_region_may_not_choose_the_castillo(card, stack):
    # 003 l.502: "You may choose to score the King's region, but may not choose the Castillo (as it is
    # not a region)."
    state = takes(card, stack, MODERN)
    refused(state, s.SpecialScoringStarted("castillo", ("castillo",)), "Ann's card scores one region, not the castillo")
    take(state, s.SpecialScoringStarted("region", ("castilla",)))  # the King's region may be chosen


# -- (c) Eviction -----------------------------------------------------------------------------

def test_a_1995_eviction_disc_on_the_emptied_region_sends_them_to_the_court():
    # 004 l.145: "Players choosing the King's region or the region they were being moved from, return
    # their Caballeros to their courts."
    state = takes("classic.4.eviction", 4, OLD)
    assert classic_1995.eviction_to(state, "aragon", "aragon") == board.COURT
    assert classic_1995.eviction_to(state, "aragon", "castilla") == board.COURT  # the King's region
    assert classic_1995.eviction_to(state, "aragon", "toledo") == "toledo"
    court, have = state.court["blue"], board.held(state, "blue", "aragon")
    take(state, s.CardMoved("blue", "aragon", board.COURT, have))
    take(state, s.TurnEnded("red"))
    assert state.court["blue"] == court + have and not board.held(state, "blue", "aragon")


def test_a_modern_eviction_disc_names_another_region():
    # 003 l.659: "each of your opponents chooses a region on their secret disc to which to move these
    # Caballeros ... Any player who chose the King's region instead returns the Caballeros to their Court."
    state = takes("classic.4.eviction", 4, MODERN)
    assert classic_1995.eviction_to(state, "aragon", "aragon") is None  # no disc's choice
    assert classic_1995.eviction_to(state, "aragon", "castilla") == board.COURT


# -- (d) Return 2 from one region -------------------------------------------------------------

def one_each(text: str) -> GameState:
    """Bo holds 1 Caballero in Aragón and none elsewhere; Ann takes Return 2 from one region."""
    return takes("classic.2.secret-disc-return-2", 2, text, before=(s.CaballerosMoved("blue", "aragon", "court", 1),))


def test_in_1995_a_player_with_two_in_no_region_picks_a_region_with_one():
    # 004 l.121: "The selected region must contain at least 2 of their Caballeros. If a player only has
    # at most one Caballero in any region then he must select such a region."
    state = one_each(OLD)
    card = cards.card(classic_1995.RETURN_2)
    assert [r for r in state.regions if board.held(state, "blue", r)] == ["aragon"]
    assert board.held(state, "blue", "aragon") == 1
    assert classic_1995.disc_regions(state, card, "blue") == ["aragon"]
    take(state, s.CardMoved("blue", "aragon", "province", 1))
    take(state, s.CardMoved("green", "sevilla", "province", 2))  # Cy's 2 too: every opponent's (rules revision 5)
    take(state, s.TurnEnded("red"))
    assert not board.held(state, "blue", "aragon")


def test_in_the_modern_text_a_player_with_two_in_no_region_is_not_affected():
    # 003 l.494: "Each of your opponents (not you) simultaneously chooses a region where they have at
    # least 2 Caballeros on their secret disc."
    state = one_each(MODERN)
    card = cards.card(classic_1995.RETURN_2)
    assert classic_1995.disc_regions(state, card, "blue") == []
    assert classic_1995.disc_regions(state, card, "green") == ["sevilla"]
