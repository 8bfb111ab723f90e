"""Screen families: every screen the companion draws belongs to one, and the app hands it to the display."""

from companion.app import Loop
from companion.measure.catalogue import tour
from companion.ui.families import FAMILIES, family


def test_every_screen_kind_is_in_exactly_one_family():
    listed = [kind for kinds in FAMILIES.values() for kind in kinds]
    assert len(listed) == len(set(listed))
    drawn = {screen.kind for _, screen in tour()}
    assert drawn - set(listed) == set()  # a new screen: put it in a family in companion/ui/families.py


def test_the_turn_pages_are_one_family_and_an_unknown_kind_is_its_own():
    assert family("turn") == family("turn_card") == family("power_cards") == "turn"
    assert family("scoring") == family("results") == "scoring"
    assert family("menu") != family("turn")
    assert family("something_new") == "something_new"


def test_the_loop_gives_the_display_the_family_not_the_kind(tmp_path):
    from companion.app import Games, make_controller

    shown = []
    loop = Loop(make_controller(Games(tmp_path), seed=lambda: 1), lambda image, group: shown.append(group))
    loop.draw()
    assert loop.ui.screen().kind == "setup_edition" and shown == ["setup"]
