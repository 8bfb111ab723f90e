"""Issue 21 items 10, 11, 12 and 14: the Big Box's sail after a placement, the Grand Inquisitor card
that may leave him where he is, the one more never into the Castillo, one ship token a player, the
Queen or the Jester from one card, the gold and wares discs in the colonies, and Grandissimo's Grand
Inquisitor's one more. Seed 004 lines as "S:n" (../shared/seeds/004_*.txt)."""

import dataclasses

import pytest

from companion.engine import queries
from companion.engine.modes import steps as s
from companion.engine.modes.own_state import own
from companion.engine.settings import REVISION
from companion.measure import script
from companion.play.game import Game
from tests.engine.big_box_steps import COLONIES, DISCS, SETUP, grandissimo

BEFORE = 2  # the rules revision before issue 21's checks: an old game log replays as it was played


def colonies(revision: int = REVISION, values=None) -> Game:
    game = Game.new(dataclasses.replace(COLONIES, revision=revision))
    game.send(SETUP, DISCS)
    script.power_cards(game, values or {"red": 13, "blue": 12, "green": 11, "yellow": 10})
    return game


def end_round(game: Game) -> None:
    while game.phase == "turns":
        colour = game.state.active
        if game.state.taken and game.state.taken[-1][0] == colour:
            game.send(s.TurnEnded(colour))
        else:
            game.send(s.ActionCardTaken(colour, game.prompt.choices[0]), s.TurnEnded(colour))


# -- item 10: a sail after the turn placed (S:213) ---------------------------------------------


def test_caballeros_aboard_when_the_turn_began_sail_after_it_placed():
    # S:213: "If a player has Caballeros on the ship at the beginning of his turn, he can move them to
    # America, France, the Mediterranean, or any coastal region of Spain, except, of course, the King's
    # region. ... This is in addition to his normal actions."
    game = colonies()
    game.send(s.ActionCardTaken("red", 5), s.Placed("red", "ship", 2), s.TurnEnded("red"))
    end_round(game)
    script.power_cards(game, {"red": 12, "blue": 11, "green": 10, "yellow": 9})
    assert game.state.active == "red"
    game.send(s.ActionCardTaken("red", 4), s.Placed("red", "ship", 1))  # (the King in Cataluña: coastal)
    assert "Sailed" in game.expects  # today's code refused: "before it places any"
    game.send(s.Sailed("red", "ship", "america", 2))
    assert game.state.counts["america"] == {"red": 2} and game.state.counts["ship"] == {"red": 1}
    with pytest.raises(s.StepRefused, match="only those there when the turn began sail"):
        game.send(s.Sailed("red", "ship", "mediterranean", 1))  # placed this turn: it sails the next


# -- item 11: the Grand Inquisitor card: "he may" take him (S:242) ------------------------------


def test_the_grand_inquisitor_cards_taker_may_leave_him_where_he_was():
    # S:242: "When a player chooses the Grand Inquisitor card, he may: o Move the Grand Inquisitor to his court."
    game = colonies()
    state = game.state
    game.send(s.ActionCardTaken("red", 6))
    assert own(state).grand_inquisitor == "red" and queries.card_room(state, "red") == 3 + 1
    with pytest.raises(s.StepRefused, match="it is Ann's turn"):
        game.send(s.InquisitorDeclined("blue"))
    game.send(s.InquisitorDeclined("red"))
    assert own(state).grand_inquisitor is None and queries.card_room(state, "red") == 3  # nobody's: no one more
    with pytest.raises(s.StepRefused, match="does not hold the Grand Inquisitor"):
        game.send(s.InquisitorDeclined("red"))
    game.send(s.Placed("red", "aragon", 3), s.TurnEnded("red"))
    with pytest.raises(s.StepRefused, match="only the Grand Inquisitor card's taker"):
        game.send(s.ActionCardTaken("blue", 1), s.InquisitorDeclined("blue"))


def test_leaving_him_keeps_him_with_his_holder_before_and_comes_before_his_one_more():
    game = colonies()
    game.send(s.ActionCardTaken("red", 6), s.TurnEnded("red"))
    end_round(game)
    script.power_cards(game, {"red": 7, "blue": 9, "green": 8, "yellow": 6})
    assert game.state.active == "blue"
    game.send(s.ActionCardTaken("blue", 6))
    game.send(s.Placed("blue", "aragon", 4))  # 3 and his one more
    with pytest.raises(s.StepRefused, match="his one more was used"):
        game.send(s.InquisitorDeclined("blue"))
    game.undo()
    game.send(s.Placed("blue", "aragon", 3), s.InquisitorDeclined("blue"))
    assert own(game.state).grand_inquisitor == "red"  # back in Ann's Court


def test_in_the_king_and_the_colonies_the_grand_inquisitors_taker_may_leave_him_too():
    # S:273: "he may choose from the action on his card ..., the Grand Inquisitor card, or the card from
    # the 7th stack"; the card's "he may" (S:242) holds there too.
    from tests.engine.test_king_colonies import dealt, new

    game = new()
    dealt(game)
    game.send(s.SpecialActionChosen("yellow", "king"), s.TurnEnded("yellow"))
    game.send(s.SpecialActionChosen("red", "grand_inquisitor"))
    assert own(game.state).grand_inquisitor == "red"
    game.send(s.InquisitorDeclined("red"))
    assert own(game.state).grand_inquisitor is None


# -- item 14: Grandissimo's Grand Inquisitor's one more (S:302-303) -----------------------------


def test_grandissimos_grand_inquisitor_holder_places_one_more_and_the_queens_one_more_beside_it():
    # S:302-303 (Grandissimo): "When the Grand Inquisitor is in your court during your turn: o You may
    # move one additional Caballero from the provinces to your court or from your court to a region
    # adjacent to the King's region." S:398 speaks of the black Caballeros' scoring, not of this.
    game = grandissimo()
    state = game.state
    game.send(s.ActionCardTaken("red", 1))
    assert queries.card_room(state, "red") == 1
    game.send(s.HoldingMoved("Grand Inquisitor", "red"))
    assert queries.card_room(state, "red") == 2  # today's code: 1
    game.send(s.HoldingMoved("Queen", "red"))  # S:389: "A player may have both the queen and the court jester"
    assert queries.card_room(state, "red") == 3 and queries.intake_room(state, "red") == state.court_intake("red") + 2


# -- item 12: the one more never into the Castillo (S:247, S:391) -------------------------------


def test_the_grand_inquisitors_one_more_goes_to_a_region_not_into_the_castillo():
    # S:247: "You may move one additional Caballero ... from your court to a region adjacent to the King's region."
    game = colonies()
    game.send(s.ActionCardTaken("red", 6))
    with pytest.raises(s.StepRefused, match="throws at most the card's 3: the Grand Inquisitor's one more goes "
                                            "to a region next to the King"):
        game.send(s.CastilloThrow("red", 4))
    game.send(s.CastilloThrow("red", 3), s.Placed("red", "aragon", 1))  # the one more to a region
    old = colonies(BEFORE)
    old.send(s.ActionCardTaken("red", 6), s.CastilloThrow("red", 4))  # an old game log replays as played


def test_the_queens_one_more_goes_to_a_region_not_into_the_castillo():
    # S:391: "he may either move another Caballero to a region adjacent to the King from his court or ..."
    game = grandissimo()
    game.send(s.ActionCardTaken("red", 1), s.HoldingMoved("Queen", "red"))
    with pytest.raises(s.StepRefused, match="throws at most the card's 1"):
        game.send(s.CastilloThrow("red", 2))
    game.send(s.CastilloThrow("red", 1), s.Placed("red", "castilla", 1))


# -- item 12: one ship token, the Queen or the Jester (S:297, S:309) ----------------------------


def test_a_player_holds_one_ship_token():
    # S:297: "he may take one of the ship tokens and place it in his court. He may not take a second if
    # he already has one."
    game = grandissimo()
    game.send(s.HoldingMoved("Ship token 1", "red"))
    with pytest.raises(s.StepRefused, match="holds a ship token already"):
        game.send(s.HoldingMoved("Ship token 2", "red"))
    game.send(s.HoldingMoved("Ship token 2", "blue"))
    old = grandissimo(BEFORE)
    old.send(s.HoldingMoved("Ship token 1", "red"), s.HoldingMoved("Ship token 2", "red"))


def test_the_queen_and_jester_card_brings_one_of_them_the_one_beside_the_board_if_only_one_is():
    # S:309: "he takes the queen or the court jester into his court. If only one is available at the side
    # of the board, he must take that one."
    game = grandissimo()
    game.send(s.ActionCardTaken("red", 7), s.HoldingMoved("Queen", "red"))
    with pytest.raises(s.StepRefused, match="brings one of them, not both"):
        game.send(s.HoldingMoved("Jester", "red"))
    game.send(s.TurnEnded("red"))
    end_round(game)
    script.power_cards(game, {"red": 7, "blue": 9, "green": 8})
    colour = game.state.active
    assert colour == "blue"
    game.send(s.ActionCardTaken(colour, 7))
    with pytest.raises(s.StepRefused, match="the Jester is beside the board"):
        game.send(s.HoldingMoved("Queen", colour))
    game.send(s.HoldingMoved("Jester", colour))
    old = grandissimo(BEFORE)
    old.send(s.ActionCardTaken("red", 7), s.HoldingMoved("Queen", "red"), s.HoldingMoved("Jester", "red"))


# -- item 12: gold and wares discs in the colonies (S:205, S:221, S:233) ------------------------


def test_only_a_disc_waiting_in_the_colonies_is_delivered():
    # S:205: "Place 1 Gold disc in America and 2 Wares discs in the Mediterranean."
    # S:221: "The discs are placed when the special action on the card is performed"; S:233: "When a disc
    # is delivered to Spain, place the disc with the others near the board and score the points".
    game = colonies()
    state = game.state
    assert own(state).colony_discs == {"gold": 1, "wares": 2}
    game.send(s.Delivered("red", "gold"), s.Delivered("blue", "wares"), s.Delivered("blue", "wares"))
    with pytest.raises(s.StepRefused, match="no gold disc waits in America"):
        game.send(s.Delivered("green", "gold"))
    with pytest.raises(s.StepRefused, match="no wares disc waits in Mediterranean"):
        game.send(s.Delivered("green", "wares"))
    game.send(s.DiscsPlaced(gold=2, wares=1), s.Delivered("green", "gold"))
    assert own(state).colony_discs == {"gold": 1, "wares": 1} and state.scores["green"] == 6
    with pytest.raises(s.StepRefused, match="2 of the 11 discs are in the colonies: 9 more at most"):
        game.send(s.DiscsPlaced(gold=5, wares=5))
    old = colonies(BEFORE)
    old.send(*[s.Delivered("red", "gold")] * 3)  # an old game log: deliveries were not limited
