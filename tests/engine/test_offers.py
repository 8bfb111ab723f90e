"""The card's own moves as offers on (state, expects) alone (companion/engine/offers): the games
are played through Game only to reach a state. Every offer's ids are stable, its default allowed,
every allowed option's steps accepted by the referee (and the phase), every refused one carries
the referee's reason."""

import re

import pytest

from companion.engine import offers, rules
from companion.engine import steps as s
from companion.engine.offers import Offer
from companion.engine.settings import Player, Settings
from companion.measure import script
from companion.play.game import Game

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETUP = s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")))


def ann_takes(card: str, stack: int, *board: s.Step, edition: str = "2023") -> Game:
    """A board game where Ann (Power card 13, first) takes ``card`` from ``stack``; ``board``:
    corrections before the round."""
    game = Game.new(Settings(edition=edition, players=PLAYERS, seed=5, board=True))
    game.send(SETUP)
    for step in board:
        game.send(step)
    game.send(s.ActionCardsRevealed(((stack, card),)))
    script.power_cards(game, {"red": 13, "blue": 1, "green": 6})
    game.send(s.ActionCardTaken("red", stack))
    return game


def sound(offer: Offer, game: Game, refused_send: bool = True) -> None:
    """The offer's promises, each checked against the referee and against Game.check: stable ids, its
    default allowed, every allowed option's steps accepted whole, every refused one carrying the
    referee's reason. ``refused_send=False``: a refused option may send no step (it opens the next
    page, "who:", "from:", and says why it will not)."""
    ids = [o.id for o in offer.options]
    assert len(set(ids)) == len(ids)
    assert offer.default is None or offer.option(offer.default).allowed
    assert (offer.default is None) == (not offer.allowed)
    for option in offer.options:
        if option.allowed:
            if option.steps:
                rules.after(game.state, *option.steps)  # (StepRefused if the referee refuses one)
                game.check(option.steps[0])
        else:
            assert option.why_not and (option.steps or not refused_send)
            if option.steps:
                with pytest.raises(s.StepRefused, match=re.escape(option.why_not[:20])):
                    game.check(option.steps[0])


def test_adopted_home_offers_every_region_but_the_kings_its_default_where_the_grande_stands():
    game = ann_takes("2023.4.adopted-home", 4)
    offer = offers.grande(game.state, game.expects, "red")
    sound(offer, game)
    assert offer.default == "move:grande:galicia"  # OK: it stays
    assert offer.option("move:grande:toledo").why_not == "a Grande never moves into or out of the King's region"
    assert offer.option("move:grande:navarra").steps == (s.GrandeMoved("red", "navarra", by_card=True),)
    assert offer.option("move:grande:navarra").allowed


def test_with_the_king_on_the_grande_nothing_is_allowed_and_the_offer_says_why():
    # The trap: the King in Red's Grande's region; Adopted Home's page offered "he stays", refused
    game = ann_takes("2023.4.adopted-home", 4, s.KingMoved("galicia"))
    offer = offers.grande(game.state, game.expects, "red")
    sound(offer, game)
    assert offer.default is None and not offer.allowed
    assert offer.why_not == "a Grande never moves into or out of the King's region"


def test_enactment_s_tiles_start_on_one_that_may_move_the_one_in_the_kings_region_says_why():
    game = ann_takes("2023.4.enactment", 4, s.TileMoved("8/4/0", "navarra"), s.KingMoved("navarra"),
                     s.TileMoved("4/0/0", "valencia"))
    tiles = offers.tiles(game.state, game.expects)
    assert [o.id for o in tiles.options] == ["tile:8/4/0", "tile:4/0/0"]
    assert tiles.default == "tile:4/0/0"
    assert tiles.option("tile:8/4/0").why_not == "a scoring tile never goes into or out of the King's region"
    where = offers.tile_regions(game.state, game.expects, "4/0/0")
    sound(where, game)
    assert where.default == "tile:4/0/0:galicia"  # Red leads there by 2 (the King's Navarra aside)
    assert "never goes into or out of the King's region" in where.option("tile:4/0/0:navarra").why_not
    assert where.option("tile:4/0/0:castillo").allowed


def test_the_kings_card_offers_every_region_his_own_the_default_with_no_step():
    game = Game.new(Settings(edition="2023", players=PLAYERS, seed=5, board=True))
    game.send(SETUP)
    script.power_cards(game, {"red": 13, "blue": 1, "green": 6})
    game.send(s.ActionCardTaken("red", 5))
    assert offers.card_moves_the_king(game.state) and offers.moves_only_the_king(game.state)
    offer = offers.king(game.state, game.expects)
    sound(offer, game)
    assert offer.default == "king:toledo" and offer.option("king:toledo").steps == ()
    assert offer.option("king:granada").steps == (s.KingMoved("granada", by_card=True),)


def test_royal_advisor_refuses_the_regions_beyond_the_kings_neighbours_with_its_reason():
    game = ann_takes("classic.4.royal-advisor", 4, edition="classic")
    offer = offers.king(game.state, game.expects)
    sound(offer, game)
    assert offer.option("king:galicia").why_not == "Royal Advisor moves the King to an adjacent region only"
    assert offer.option("king:granada").allowed and offer.default == "king:toledo"


def test_a_step_the_phase_does_not_ask_for_is_refused_as_not_now_a_board_correction_never():
    game = Game.new(Settings(edition="2023", players=PLAYERS, seed=5, board=True))
    game.send(SETUP)  # the Power cards are asked for
    assert offers.refusal(game.state, game.expects, [s.TurnEnded("red")]).startswith("not now")
    assert offers.refusal(game.state, game.expects, [s.GrandeMoved("red", "navarra")]) == ""
    assert offers.refusal(game.state, game.expects, [s.GrandeMoved("red", "navarra"), s.GrandeMoved("red", "toledo")]) \
        == "a Grande never moves into or out of the King's region"  # each against the state the ones before leave
    assert game.state.grandes["red"] == "galicia"  # (checked on a copy)
