"""A turn as the rules define it (companion/game/turn_rules.py), the cases the key-driven tests
(tests/ui/test_turn_rules_by_keys.py) leave out: each special step once, a card not named, a Veto
on one's own turn or after the action is complete."""

import pytest

from companion.game import steps as s
from companion.game.game import Game
from companion.game.settings import REVISION, Player, Settings

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETUP = s.SetupDone("castilla", (("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")), "red")


def started(edition: str = "classic", **variants) -> Game:
    game = Game.new(Settings(edition=edition, players=PLAYERS, seed=3, board=True, revision=REVISION, **variants))
    game.send(SETUP)
    for colour, value in (("red", 13), ("blue", 1), ("green", 5)):  # turns: red, green, blue
        game.send(s.PowerCardPlayed(colour, value))
    return game


def test_a_power_card_comes_back_once():
    """003 l.623 (Power of the Cards): "You may return 1 of your used Power cards to your hand" — one."""
    game = started()
    for colour, stack in (("red", 1), ("green", 2), ("blue", 3)):
        game.send(s.ActionCardTaken(colour, stack, None))
        game.send(s.TurnEnded(colour))
    for colour, value in (("blue", 2), ("green", 11), ("red", 12)):  # from Blue's lowest; red first
        game.send(s.PowerCardPlayed(colour, value))
    game.send(s.ActionCardTaken("red", 4, "classic.4.power-of-the-cards"))
    game.send(s.PowerCardReturned("red", 13))
    with pytest.raises(s.StepRefused, match="the card returns a Power card once a turn"):
        game.send(s.PowerCardReturned("red", 12))


def test_a_card_not_named_may_do_what_its_stack_may_hold():
    game = started()
    game.send(s.ActionCardTaken("red", 4, None))  # classic stack 4: Power of the Cards among them
    game.send(s.PowerCardReturned("red", 13))
    game.send(s.TurnEnded("red"))
    game.send(s.ActionCardTaken("green", 3, None))  # stack 3 scores; the Castillo card among them
    with pytest.raises(s.StepRefused, match="card does not say: a Power card back"):
        game.send(s.PowerCardReturned("green", 5))
    game.send(s.SpecialScoringStarted("castillo", ("castillo",)))


def test_the_secret_disc_scoring_is_not_on_the_classic_stack_3():
    game = started()
    game.send(s.ActionCardTaken("red", 3, None))
    with pytest.raises(s.StepRefused, match="not regions chosen exactly once on secret discs"):
        game.send(s.SpecialScoringStarted("discs", ("galicia",)))


def test_a_veto_on_ones_own_turn_or_after_the_action_is_complete_is_refused():
    """003 l.452: "prevent another player from executing his special action"; 004 l.114: "You may
    only prevent a special action if ... the special action is not yet complete.\""""
    game = started()
    game.send(s.ActionCardTaken("red", 2, "classic.2.veto"))
    game.send(s.TurnEnded("red"))
    game.send(s.ActionCardTaken("green", 4, "classic.4.royal-advisor"))
    game.send(s.KingMoved("toledo", by_card=True))
    game.send(s.Placed("green", "granada", 1))  # the King's move done, then the placement
    with pytest.raises(s.StepRefused, match="special action is complete"):
        game.send(s.VetoUsed("red"))
    game.send(s.TurnEnded("green"))
    game.send(s.ActionCardTaken("blue", 1, None))
    game.send(s.TurnEnded("blue"))
    for colour, value in (("blue", 2), ("green", 12), ("red", 11)):  # from Blue's lowest; turns: green, red
        game.send(s.PowerCardPlayed(colour, value))
    game.send(s.ActionCardTaken("green", 3, "classic.3.special-scoring-castillo"))
    game.send(s.TurnEnded("green"))
    game.send(s.ActionCardTaken("red", 4, None))
    with pytest.raises(s.StepRefused, match="not one's own"):
        game.send(s.VetoUsed("red"))


def test_a_classic_veto_before_the_action_stops_all_of_it():
    game = started()
    game.send(s.ActionCardTaken("red", 2, "classic.2.veto"))
    game.send(s.TurnEnded("red"))
    game.send(s.ActionCardTaken("green", 4, "classic.4.royal-advisor"))
    game.send(s.Placed("green", "navarra", 2))  # the placement first: the Veto may still come
    game.send(s.VetoUsed("red"))
    with pytest.raises(s.StepRefused, match="special action is over"):
        game.send(s.KingMoved("toledo", by_card=True))
    game.send(s.Placed("green", "navarra", 1))  # the placement goes on: a Veto never stops it (004 l.114)
