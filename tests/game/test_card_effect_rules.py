"""Issue 20, the card effects the referee got wrong: each test quotes the rulebook line it holds
the referee to (seeds in ../shared/seeds: 000 the 2023 rulebook, 002 its raw text with the card
faces, 003 the modern classic rules, 004 the 1995 rules). A rule that refuses more applies from
rules revision 2; a game log started before it replays as it was played."""

import pytest

from companion.game import board
from companion.game import steps as s
from companion.game.game import Game
from companion.game.settings import REVISION, Player, Settings
from companion.tour import script

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETUP = s.SetupDone(king="castilla", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")))


def ann_takes(card: str, stack: int, *, edition: str = "2023", revision: int = REVISION, before=(),
              **settings) -> Game:
    """A board game where Ann (Power card 13: no Caballeros to the Court, first) takes ``card``;
    ``before``: board facts entered after the setup."""
    game = Game.new(Settings(edition=edition, players=PLAYERS, seed=5, board=True, revision=revision, **settings))
    game.send(SETUP)
    for step in before:
        game.send(step)
    game.send(s.ActionCardsRevealed(((stack, card),)))
    script.power_cards(game, {"red": 13, "blue": 1, "green": 6})
    game.send(s.ActionCardTaken("red", stack))
    return game


# -- item 2: Exile ------------------------------------------------------------------------------

def exiled(revision: int = REVISION) -> Game:
    game = ann_takes("2023.5.exile", 5, revision=revision, new_regency=True)
    game.send(s.KingMoved("france", by_card=True))
    return game


def test_exile_the_regions_beside_france_work_as_usual():
    # 000 l.663 (002 l.1394-1396): "The neighboring regions to France and Portugal work the same
    # way as usual." RULES.md: France touches Navarra, Aragón, Cataluña (assumed).
    game = exiled()
    assert board.receiving(game.state, "red") == ["castillo", "navarra", "aragon", "cataluna"]
    game.send(s.Placed("red", "navarra", 1), s.Placed("red", "cataluna", 1))
    with pytest.raises(s.StepRefused, match="Toledo is not next to the King's region"):
        game.send(s.Placed("red", "toledo", 1))


def test_exile_portugal_touches_galicia_castilla_toledo_and_sevilla():
    game = ann_takes("2023.5.exile", 5, new_regency=True)
    game.send(s.KingMoved("portugal", by_card=True))
    assert board.receiving(game.state, "red") == ["castillo", "galicia", "castilla", "toledo", "sevilla"]


def test_an_exile_game_log_from_before_revision_2_replays_as_it_was_played():
    game = exiled(revision=1)
    game.send(s.Placed("red", "toledo", 1))  # accepted then: not refused on its replay
    assert game.state.counts["toledo"] == {"red": 1}


# -- item 9: the classic Intrigue "move or place" -----------------------------------------------

def test_the_classic_move_or_place_intrigue_places_two_into_the_castillo_too():
    # 003 l.428: "You must choose which of the actions you wish to execute. The actions on this card
    # are identical to those of the 2 above cards", the place-2 card: 004 l.103 "You are allowed to
    # move 2 Caballeros from your court into any regions (except the King's) and/or into the Castillo."
    game = ann_takes("classic.1.intrigue-move-or-place", 1, edition="classic")
    game.send(s.CardMoved("red", "court", "castillo", 1), s.CardMoved("red", "court", "toledo", 1))
    assert game.state.castillo == {"red": 1} and game.state.counts["toledo"] == {"red": 1}
