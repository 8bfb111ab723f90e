"""Card effects that move Caballeros, each checked against its card (RULES.md "Action decks",
quoted in each test), in a game that records the board."""

import pytest

from companion.engine import board
from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.measure import script
from companion.play.game import Game

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETUP = s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")))


def ann_takes(card: str | None, stack: int, edition: str = "2023") -> Game:
    """A board game where Ann (Power card 13, first) takes ``card`` from ``stack``."""
    game = Game.new(Settings(edition=edition, players=PLAYERS, seed=5, board=True))
    game.send(SETUP)
    if card:
        game.send(s.ActionCardsRevealed(((stack, card),)))
    script.power_cards(game, {"red": 13, "blue": 1, "green": 6})
    game.send(s.ActionCardTaken("red", stack))
    return game


def test_intrigue_moves_up_to_two_own_and_two_opposing():
    # RULES.md: "Intrigue (move up to 2 own + 2 opposing)"
    game = ann_takes("2023.1.intrigue", 1)
    game.send(s.CardMoved("red", "galicia", "navarra", 2))
    game.send(s.CardMoved("green", "sevilla", "castillo", 1), s.CardMoved("blue", "aragon", "valencia", 1))
    assert game.state.counts["navarra"] == {"red": 2} and game.state.castillo == {"green": 1}
    with pytest.raises(s.StepRefused, match="Intrigue moves at most 2 foreign Caballeros, not 3"):
        game.send(s.CardMoved("blue", "aragon", "castilla", 1))
    with pytest.raises(s.StepRefused, match="nothing moves into or out of the King's region"):
        game.send(s.CardMoved("green", "sevilla", "toledo", 1))


def test_a_2023_card_with_no_text_in_the_rulebooks_lets_the_table_decide_its_moves():
    # 000 l.465-700 and 002 list only some 2023 cards; the rest of each stack has no text
    # (companion/rules/deck_2023.py "A card from stack N"): the companion records what the table did.
    game = ann_takes("2023.1.unknown", 1)
    game.send(s.CardMoved("blue", "aragon", "navarra", 2), s.CardMoved("red", "court", "castillo", 3))
    assert game.state.counts["navarra"] == {"blue": 2} and game.state.castillo == {"red": 3}
    with pytest.raises(s.StepRefused, match="nothing moves into or out of the King's region"):
        game.send(s.CardMoved("green", "sevilla", "toledo", 1))  # the board's own rules still hold
    game.send(s.TurnEnded("red"))
    unnamed = ann_takes(None, 2)  # the stack not named: the cards it may hold keep their checks
    with pytest.raises(s.StepRefused):
        unnamed.send(s.CardMoved("red", "court", "castillo", 4))
    assert unnamed.state.castillo == {}


def test_conspiracy_moves_up_to_five_of_any_colour_out_of_one_region():
    # RULES.md: "Conspiracy (1: move up to 5 of any colour out of one region)"
    game = ann_takes("2023.1.conspiracy", 1)
    game.send(s.CardMoved("blue", "aragon", "navarra", 2))
    with pytest.raises(s.StepRefused, match="out of one region only"):
        game.send(s.CardMoved("red", "galicia", "navarra", 1))


def test_militia_places_two_more_from_the_court_in_any_regions_not_the_castillo():
    # RULES.md: "Militia (place up to 2 own from Court in any regions, not Castillo, not the King's region)"
    game = ann_takes("2023.1.militia", 1)
    game.send(s.CardMoved("red", "court", "cataluna", 1))  # any region: not only next to the King
    with pytest.raises(s.StepRefused, match="from your Court into regions"):
        game.send(s.CardMoved("red", "court", "castillo", 1))
    game.send(s.CardMoved("red", "court", "navarra", 1))
    with pytest.raises(s.StepRefused, match="at most 2 Caballeros, not 3"):
        game.send(s.CardMoved("red", "court", "navarra", 1))
    assert game.state.court["red"] == 7 - 2


def test_the_intrigue_that_places_two_may_place_into_the_castillo_beyond_the_cards_number():
    # Issue 11: "move 2 more Caballeros from your court to any regions and/or into the Castillo"
    game = ann_takes("classic.1.intrigue-place-2", 1, edition="classic")
    game.send(s.CastilloThrow("red", 1))  # the card's own 1 Caballero
    game.send(s.CardMoved("red", "court", "castillo", 2))  # and 2 more
    assert game.state.castillo == {"red": 3}


def test_withdrawal_sends_three_of_each_opponent_back_from_court_and_or_regions():
    # RULES.md: "Withdrawal (each opponent returns 3 from regions and/or Court, left neighbour first)"
    game = ann_takes("2023.2.withdrawal", 2)
    game.send(s.CardMoved("blue", "court", "province", 2), s.CardMoved("blue", "aragon", "province", 1))
    with pytest.raises(s.StepRefused, match="sends back 3 of each opponent's Caballeros, not 4"):
        game.send(s.CardMoved("blue", "court", "province", 1))
    with pytest.raises(s.StepRefused, match="other players' Caballeros"):
        game.send(s.CardMoved("red", "court", "province", 1))
    game.send(s.CardMoved("green", "court", "province", 3))
    for colour in ("red", "blue", "green"):
        assert board.total(game.state, colour) == 30


def test_the_court_and_decay_of_authority():
    # 003: The Court "Take 2 Caballeros from the Province into your Court";
    # Decay of Authority "Each opponent returns 3 Caballeros from their Court to the Province".
    game = ann_takes("classic.4.the-court", 4, edition="classic")
    game.send(s.CardMoved("red", "province", "court", 2))
    with pytest.raises(s.StepRefused, match="at most 2 Caballeros, not 3"):
        game.send(s.CardMoved("red", "province", "court", 1))
    game = ann_takes("classic.2.decay-of-authority-3", 2, edition="classic")
    game.send(s.CardMoved("blue", "court", "province", 3))
    with pytest.raises(s.StepRefused, match="from their Court"):
        game.send(s.CardMoved("green", "sevilla", "province", 1))


def test_an_unnamed_card_may_do_what_any_card_its_stack_still_holds_allows():
    # the classic deck: every card's text is known (in 2023 a stack may hold a card with no text:
    # test_a_2023_card_with_no_text_in_the_rulebooks_lets_the_table_decide_its_moves)
    game = ann_takes(None, 1, edition="classic")
    game.send(s.CardMoved("red", "court", "navarra", 2))  # a card placing from the Court would allow it
    with pytest.raises(s.StepRefused, match="no card of that stack allows it"):
        game.send(s.CardMoved("red", "galicia", "navarra", 1))  # placing and moving: no single card


def test_a_card_without_such_an_effect_and_a_scores_only_game_refuse_moves():
    game = ann_takes("2023.3.fiesta", 3)
    with pytest.raises(s.StepRefused, match="does not move Caballeros"):
        game.send(s.CardMoved("red", "galicia", "navarra", 1))
    plain = Game.new(Settings(players=PLAYERS, seed=5))
    plain.send(SETUP)
    script.power_cards(plain, {"red": 13, "blue": 1, "green": 6})
    plain.send(s.ActionCardTaken("red", 1))
    with pytest.raises(s.StepRefused, match="scores only"):
        plain.send(s.CardMoved("red", "galicia", "navarra", 1))


def test_the_moves_are_counted_per_turn_and_undone_with_it():
    game = ann_takes("2023.1.intrigue", 1)
    game.send(s.CardMoved("red", "galicia", "navarra", 2))
    game.undo()
    game.send(s.CardMoved("red", "galicia", "navarra", 2))  # the undone move no longer counts
    game.send(s.TurnEnded("red"))
    assert game.state.turn_moves == []


def test_civil_war_each_opponent_returns_all_from_the_one_region_on_their_disc():
    # RULES.md: "Civil War (each opponent secretly picks a region where they have one and returns all
    # of them there)"
    game = ann_takes("2023.2.civil-war", 2)
    game.send(s.CountsCorrected("navarra", (("blue", 1),)))
    game.send(s.CardMoved("blue", "aragon", "province", 2))
    with pytest.raises(s.StepRefused, match="from the one region on their disc"):
        game.send(s.CardMoved("blue", "navarra", "province", 1))
    with pytest.raises(s.StepRefused, match="other players' Caballeros from the regions"):
        game.send(s.CardMoved("red", "galicia", "province", 2))
    assert game.state.counts["aragon"] == {}


def test_eviction_empties_the_named_region_each_opponent_to_their_disc_or_court():
    # 003: Eviction "each opponent moves all theirs from it to a region set on their disc (King's: to Court)"
    game = ann_takes("classic.4.eviction", 4, edition="classic")
    game.send(s.CountsCorrected("navarra", (("blue", 2), ("green", 1))))
    game.send(s.CardMoved("blue", "navarra", "cataluna", 2))
    with pytest.raises(s.StepRefused, match="empties one region"):
        game.send(s.CardMoved("green", "sevilla", "granada", 1))
    game.send(s.CardMoved("green", "navarra", "court", 1))  # disc on the King's region
    assert game.state.counts["navarra"] == {} and game.state.counts["cataluna"] == {"blue": 2}


def test_infiltration_lets_the_turns_placements_go_into_the_kings_region():
    # 2023 New Regency Infiltration: "This turn you may place your Caballeros in the King's region as well."
    game = Game.new(Settings(players=PLAYERS, seed=5, board=True, new_regency=True))
    game.send(SETUP)
    game.send(s.ActionCardsRevealed(((5, "2023.5.infiltration"),)))
    script.power_cards(game, {"red": 13, "blue": 1, "green": 6})
    game.send(s.ActionCardTaken("red", 5))
    game.send(s.Placed("red", "toledo", 2))
    assert game.state.counts["toledo"] == {"red": 2}
    game.send(s.TurnEnded("red"))
    game.send(s.ActionCardTaken("green", 4))
    with pytest.raises(s.StepRefused, match="Toledo is the King's region"):
        game.send(s.Placed("green", "toledo", 1))


def test_nobody_moves_caballeros_out_of_the_castillo():
    # 000: "You are not allowed to move Caballeros out of the Castillo"; 003 l.141: "Whenever you move
    # Caballeros, you may not move them from the Castillo."
    game = ann_takes("2023.1.conspiracy", 1)
    game.send(s.CastilloThrow("red", 1))
    with pytest.raises(s.StepRefused, match="out of the Castillo"):
        game.send(s.CardMoved("red", "castillo", "navarra", 1))


def test_entourage_two_followers_go_with_the_king_into_his_new_region():
    # RULES.md: "Entourage (King anywhere, move 2 of any colour from the old to the new King's region)"
    game = Game.new(Settings(players=PLAYERS, seed=5, board=True, new_regency=True))
    game.send(SETUP)
    game.send(s.CountsCorrected("toledo", (("blue", 2), ("green", 1))))  # in the King's region
    game.send(s.ActionCardsRevealed(((5, "2023.5.entourage"),)))
    script.power_cards(game, {"red": 13, "blue": 1, "green": 6})
    game.send(s.ActionCardTaken("red", 5))
    with pytest.raises(s.StepRefused, match="nothing moves into or out of the King's region"):
        game.send(s.CardMoved("blue", "toledo", "navarra", 1))  # before the King moves
    game.send(s.KingMoved("navarra"))
    game.send(s.CardMoved("blue", "toledo", "navarra", 1), s.CardMoved("green", "toledo", "navarra", 1))
    assert game.state.counts["navarra"] == {"blue": 1, "green": 1}
    with pytest.raises(s.StepRefused, match="at most 2 Caballeros, not 3"):
        game.send(s.CardMoved("blue", "toledo", "navarra", 1))


def test_entourage_must_take_as_many_followers_as_possible_before_the_turn_ends():
    # 000 l.281: "If you perform the Special action, you must perform as much of the action as possible";
    # 000 l.669 Entourage: "If there are less than 2 Caballeros in the region, you must move as many
    # Caballeros as possible along with the King."
    game = Game.new(Settings(players=PLAYERS, seed=5, board=True, new_regency=True, revision=REVISION))
    game.send(SETUP)
    game.send(s.CountsCorrected("toledo", (("blue", 1),)))  # one Caballero in the King's region
    game.send(s.ActionCardsRevealed(((5, "2023.5.entourage"),)))
    script.power_cards(game, {"red": 13, "blue": 1, "green": 6})
    game.send(s.ActionCardTaken("red", 5))
    game.send(s.KingMoved("navarra", by_card=True))
    with pytest.raises(s.StepRefused, match="Entourage: 1 Caballeros follow the King from Toledo, as many as possible, not 0"):
        game.send(s.TurnEnded("red"))
    game.send(s.CardMoved("blue", "toledo", "navarra", 1))
    game.send(s.TurnEnded("red"))  # 1 is all there was: the other is forfeit


# -- the King, a tile, a Grande moved by the turn's card ---------------------------------------


def test_the_royal_advisor_moves_the_king_to_an_adjacent_region_only():
    # 003: Royal Advisor "You may move the King to an adjacent region."
    game = ann_takes("classic.4.royal-advisor", 4, edition="classic")
    with pytest.raises(s.StepRefused, match="Royal Advisor moves the King to an adjacent region only"):
        game.send(s.KingMoved("galicia", by_card=True))
    game.send(s.KingMoved("aragon", by_card=True))  # Aragón borders Toledo
    assert game.state.king == "aragon"


def test_a_correction_of_the_king_is_never_refused_for_reach():
    game = ann_takes("classic.4.royal-advisor", 4, edition="classic")
    game.send(s.KingMoved("galicia"))  # the table's own ruling, from the menu
    assert game.state.king == "galicia"


def test_the_kings_card_reaches_every_region_but_not_the_castillo():
    # RULES.md: "Your Majesty (move the King anywhere; not the Castillo, France or Portugal)"
    game = ann_takes(None, 5)
    game.send(s.KingMoved("galicia", by_card=True))
    assert game.state.king == "galicia"


def test_a_card_without_a_king_move_refuses_one():
    game = ann_takes("2023.1.intrigue", 1)
    with pytest.raises(s.StepRefused, match="Ann's card does not say: the King moves"):
        game.send(s.KingMoved("aragon", by_card=True))


def test_enactment_places_or_moves_a_tile_but_never_takes_it_off():
    # 000 Enactment: "You may also move a tile that is already on the game board to another one (but do
    # not remove it from the game board)."
    game = ann_takes("2023.4.enactment", 4)
    game.send(s.TileMoved("8/4/0", "granada", by_card=True))
    with pytest.raises(s.StepRefused, match="never takes it off the board"):
        game.send(s.TileMoved("8/4/0", None, by_card=True))
    game.send(s.TileMoved("8/4/0", None))  # the menu's correction still may
    assert game.state.tiles["8/4/0"] is None


def test_adopted_home_moves_the_players_own_grande():
    game = ann_takes("2023.4.adopted-home", 4)
    with pytest.raises(s.StepRefused, match="moves Ann's own Grande"):
        game.send(s.GrandeMoved("blue", "navarra", by_card=True))
    game.send(s.GrandeMoved("red", "navarra", by_card=True))
    assert game.state.grandes["red"] == "navarra"


def test_after_a_veto_the_cards_action_is_refused():
    # RULES.md: "it may stop a special action before or during its execution, and the rest of that
    # action does not happen (003, 004)"
    game = Game.new(Settings(edition="classic", players=PLAYERS, seed=5, board=True))
    game.send(SETUP)
    game.send(s.ActionCardsRevealed(((2, "classic.2.veto"), (1, "classic.1.intrigue-any-4"))))
    script.power_cards(game, {"red": 13, "blue": 12, "green": 6})
    script.turn(game, 2)  # Ann takes the Veto and holds it
    game.send(s.ActionCardTaken("blue", 1))
    game.send(s.CardMoved("blue", "aragon", "navarra", 1))
    game.send(s.VetoUsed("red"))  # stopped during its execution
    with pytest.raises(s.StepRefused, match="special action is over"):
        game.send(s.CardMoved("blue", "aragon", "navarra", 1))
    assert game.state.counts["navarra"] == {"blue": 1}  # what was done before the Veto stays
