"""Issue 32, the card and turn defects: each test quotes the rulebook line it holds the referee to
(seeds in ../shared/seeds: 000 the 2023 rulebook, 002 its raw text with the card faces, 003 the
modern classic rules, 004 the 1995 rules). A new refusal applies from rules revision 5; a game log
started before it replays as it was played."""

import pytest

from companion.game import board
from companion.game import steps as s
from companion.game.game import Game
from companion.game.settings import REVISION, Settings
from companion.tour import script
from tests.game.test_card_effect_rules import PLAYERS, SETUP, ann_takes

# The setup (test_card_effect_rules.SETUP): the King in Castilla (empty), Ann (red) at home in
# Galicia, Bo (blue) in Aragón, Cy (green) in Sevilla, 2 each and a Grande; 7 in each Court.


# -- a 2023 card whose text no rulebook gives: any special step ----------------------------------

def test_a_new_regency_card_without_text_moves_the_king_by_the_card():
    # 000 l.487: New Regency's cards are about moving the King; docs/rules-confidence.md: "a 2023 card
    # whose text is unknown ... may do any special step or special scoring".
    game = ann_takes("2023.5.new-regency-unknown", 5, new_regency=True)
    game.send(s.KingMoved("toledo", by_card=True))
    assert game.state.king == "toledo"


def test_a_stack_4_card_without_text_moves_the_king_a_tile_or_a_grande():
    game = ann_takes("2023.4.unknown", 4)
    game.send(s.KingMoved("toledo", by_card=True))
    tile = ann_takes("2023.4.unknown", 4)
    tile.send(s.TileMoved(next(iter(tile.state.tiles)), "navarra", by_card=True))
    grande = ann_takes("2023.4.unknown", 4)
    grande.send(s.GrandeMoved("red", "navarra", by_card=True))
    assert game.state.king == "toledo" and "navarra" in tile.state.tiles.values()
    assert grande.state.grandes["red"] == "navarra"


def test_a_stack_4_not_named_may_hold_a_card_without_text_and_moves_the_king():
    unnamed = Game.new(Settings(edition="2023", players=PLAYERS, seed=5, board=True, revision=REVISION))
    unnamed.send(SETUP)
    script.power_cards(unnamed, {"red": 13, "blue": 1, "green": 6})
    unnamed.send(s.ActionCardTaken("red", 4))  # the table did not name it
    unnamed.send(s.KingMoved("toledo", by_card=True))
    assert unnamed.state.king == "toledo"


def test_a_known_card_still_moves_only_what_it_says():
    game = ann_takes("2023.1.intrigue", 1)
    with pytest.raises(s.StepRefused, match="card does not say: the King moves"):
        game.send(s.KingMoved("toledo", by_card=True))
    assert board.tracked(game.state)
