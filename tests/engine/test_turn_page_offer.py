"""The turn page as one offer (companion/engine/offers/turn_page.py), on (state, expects) alone: its
rows' order and ids, each's mark from what the turn did (``GameState.turn_done``, never the steps),
its reason before the choice and the row the cursor starts on. Issue 34's two traps on the offer:
Adopted Home with the King on the player's Grande, Enactment with the King on a tile. No Game,
chart, trial copy or snapshot: the states are the referee's (tests/engine/states.py)."""

import dataclasses

from companion.engine import offers
from companion.engine import steps as s
from companion.engine.offers import turn_page
from tests.engine import states

#: The kinds a board game's turn asks for after the card is taken (the chart's, written out).
EXPECTS = ("TurnEnded", "Placed", "CastilloThrow", "KingMoved", "TileMoved", "GrandeMoved", "PowerCardReturned",
           "CardMoved", "SpecialScoringStarted", "VetoUsed", "CourtIntake")


def ids(offer) -> list[str]:
    return [o.id for o in offer.options]


def test_adopted_home_with_the_king_on_the_grande_offers_its_move_first_refused_the_cursor_elsewhere():
    state = states.ann_takes("2023.4.adopted-home", 4, before=(s.KingMoved("galicia"),))
    assert state.king == state.grandes["red"] == "galicia"
    offer = turn_page.turn_page(state, EXPECTS)
    assert ids(offer)[0] == "grande"  # the card's own move first
    grande = offer.option("grande")
    assert "King's region" in grande.why_not  # said before the choice, not after
    assert offer.default != "grande" and offer.option(offer.default).allowed
    assert offer.option("end").mark == "4 unplaced"


def test_adopted_home_s_move_allowed_is_where_the_cursor_starts():
    state = states.ann_takes("2023.4.adopted-home", 4)
    offer = turn_page.turn_page(state, EXPECTS)
    assert offer.default == "grande" and offer.option("grande").allowed
    assert offers.grande(state, EXPECTS, "red").default is not None  # its page's default: never refused


def test_enactment_s_tile_row_starts_the_turn_and_its_list_not_on_the_tile_in_the_kings_region():
    state = states.board_game(before=(s.TileMoved("8/4/0", "navarra"),))
    states.take(state, s.KingMoved("navarra"))  # the King on the first tile
    states.take(state, s.ActionCardsRevealed(((4, "2023.4.enactment"),)))
    states.power_cards(state, {"red": 13, "blue": 1, "green": 6})
    states.take(state, s.ActionCardTaken("red", 4))
    offer = turn_page.turn_page(state, EXPECTS)
    assert ids(offer)[0] == "tile" and offer.default == "tile" and offer.option("tile").allowed
    tiles = offers.tiles(state, EXPECTS)
    assert tiles.default is not None and not tiles.default.endswith("8/4/0")  # the one that may move
    assert tiles.option("tile:8/4/0").why_not  # the King's region's tile, refused before the choice


def test_the_marks_come_from_what_the_turn_did():
    state = states.ann_takes("2023.4.empowerment", 4)
    offer = turn_page.turn_page(state, EXPECTS)
    assert ids(offer)[:2] == ["end", "place"] and offer.option("power_back").mark == ""
    assert offer.default == "place"  # nothing placed yet: the placement first
    states.take(state, s.PowerCardReturned("red", 13))
    assert "PowerCardReturned" in state.turn_done
    offer = turn_page.turn_page(state, EXPECTS)
    back = offer.option("power_back")
    assert back.mark == "done" and back.why_not == "the card returns a Power card once a turn"
    assert offer.default == "place"  # the action done: the placement next, nothing placed yet
    states.take(state, s.Placed("red", "toledo", 2))
    offer = turn_page.turn_page(state, EXPECTS)
    assert offer.option("place").mark == "2 placed"
    assert turn_page.marks(state) == {"power_back": "done", "place": "2 placed", "end": "2 unplaced"}


def test_what_the_turn_did_is_forgotten_when_it_ends():
    state = states.ann_takes("2023.4.adopted-home", 4)
    states.take(state, s.GrandeMoved("red", "aragon", by_card=True))
    assert turn_page.moved_by_card(state) and turn_page.marks(state)["grande"] == "done"
    states.take(state, s.Placed("red", "toledo", 4), s.TurnEnded("red"))
    assert state.turn_done == [] and not turn_page.moved_by_card(state)


def test_a_correction_of_another_s_grande_marks_nothing():
    state = states.ann_takes("2023.4.adopted-home", 4)
    states.take(state, s.GrandeMoved("blue", "navarra"))
    assert "grande" not in turn_page.marks(state) and not turn_page.moved_by_card(state)


def test_the_scores_only_turn_throws_and_a_throw_shown_is_never_refused():
    state = states.set_up(states.Settings(players=states.PLAYERS, seed=2, revision=states.REVISION))
    states.power_cards(state, {"red": 13, "blue": 1, "green": 6})
    states.take(state, s.ActionCardTaken("red", 1))
    offer = turn_page.turn_page(state, EXPECTS)
    assert ids(offer)[:2] == ["end", "throw"] and offer.option("throw").mark == ""
    states.take(state, s.CastilloThrow("red", 1))
    assert turn_page.turn_page(state, EXPECTS).option("throw").mark == "1 in"
    assert turn_page.turn_page(state, EXPECTS, hide_castillo=True).option("throw").mark == "done"


def competition_waiting() -> tuple:
    """Ann's Competition, her Caballeros placed, the King moved onto Bo's Grande: the turn's end is
    refused until the Grandes there go into the Castillo."""
    state = states.ann_takes("2023.5.competition", 5, new_regency=True)
    states.take(state, s.Placed("red", "toledo", 5), s.KingMoved("aragon", by_card=True))
    return state, (*EXPECTS, "GrandesToCastillo")


def test_the_turn_s_end_refused_the_cursor_starts_on_what_it_waits_for_never_on_a_refused_row():
    state, expects = competition_waiting()
    offer = turn_page.turn_page(state, expects)
    assert "Competition" in offer.option("end").why_not  # the turn's end itself refused
    assert offer.option("king").why_not and offer.option("place").mark == "5 placed"
    assert offer.default == "competition" and offer.option("competition").allowed


def test_every_turn_row_refused_the_offer_has_no_default():
    """The Offer's promise: its default is never refused; None when nothing is allowed (the turn page's
    screen then starts on its first row, each row's reason said before the choice)."""
    state, expects = competition_waiting()
    options = [dataclasses.replace(o, why_not=o.why_not or "refused") for o in turn_page.turn_page(state, expects).options]
    assert turn_page.start(state, options) is None
    unmarked = [dataclasses.replace(o, why_not="") if o.id == "place" else o for o in options]
    assert turn_page.start(state, unmarked) == "place"  # only one allowed, done already: that one
