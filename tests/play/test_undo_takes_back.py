"""What an undo takes back, as the undo question names it (play/undo.py ``taken_back``; the menu's
undo page reads ``Game.undo_takes_back`` instead of the steps, issue 34)."""

from companion.engine.modes import steps as s
from companion.play.undo import TakenBack, taken_back


def test_the_confirmed_step_is_named():
    took = s.ActionCardTaken("red", 1)
    assert taken_back((took,)) == TakenBack(took, (), took)


def test_a_special_action_without_a_choice_names_the_step_it_went_with():
    took, chose = s.ActionCardTaken("red", 1), s.SpecialActionChosen("red", "own")
    assert taken_back((took, chose)).named == took


def test_a_general_scoring_confirmed_at_once_names_its_places_and_what_came_before():
    navarra, aragon = s.Scored("navarra", (("red", 2),)), s.Scored("aragon", ())
    assert taken_back((navarra, aragon)) == TakenBack(aragon, ("navarra", "aragon"), None)
    ended = s.TurnEnded("red")
    assert taken_back((ended, navarra, aragon)).before == ended
