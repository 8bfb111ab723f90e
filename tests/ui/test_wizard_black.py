"""Black in the new-game wizard: the Grand Inquisitor's colour in the Big Box modes that have him
(Grand Inquisitor & the Colonies, The King & the Colonies, Grandissimo). The wizard asks the
colours before the mode: a mode of his chosen while a seat is black asks that seat's colour again,
with the reason, and comes back to the variants with the mode on."""

import pytest

from companion.measure.hands import seat_colours
from companion.ui.grammar import BACK
from tests.ui.test_play_by_keys import Table

REASON = "Seat 2's colour: black is the Grand Inquisitor's"


def at_the_variants(colours=("Red", "Black", "Green", "Yellow")) -> Table:
    t = Table()
    t.choose("El Grande classic")
    t.choose(f"{len(colours)} players")
    seat_colours(t, colours)
    assert t.screen.kind == "setup_variants"
    return t


def marks(t: Table) -> dict[str, str]:
    body = t.screen.body
    return dict(zip(body.items, body.marks))


@pytest.mark.parametrize("mode,expansion", [("GI & Colonies", "colonies"), ("King & Colonies", "king_colonies"),
                                            ("Grandissimo", "grandissimo")])
def test_a_mode_with_the_grand_inquisitor_asks_the_black_seat_for_another_colour(mode, expansion):
    t = at_the_variants()
    screen = t.choose(mode)
    assert (screen.kind, screen.prompt) == ("setup_colours", REASON)
    assert screen.body.items == ("Blue", "Orange", "Purple", "White")  # black and the others' colours are not free
    screen = t.choose("Orange")
    assert screen.kind == "setup_variants" and marks(t)[mode] == "on"
    t.choose("Start the game")
    t.choose("Companion draws all")
    settings = t.ui.game.settings
    assert settings.expansion == expansion and settings.colours == ("red", "orange", "green", "yellow")


def test_back_keeps_black_and_leaves_the_mode_off():
    t = at_the_variants()
    t.choose("King & Colonies")
    screen = t.press(BACK)
    assert screen.kind == "setup_variants" and marks(t)["King & Colonies"] == "off"
    t.choose("Intrigue & King")  # no Grand Inquisitor: black plays
    assert t.screen.kind == "setup_variants" and marks(t)["Intrigue & King"] == "on"
    t.choose("Start the game")
    t.choose("Companion draws all")
    assert t.ui.game.settings.expansion == "intrigue" and "black" in t.ui.game.settings.colours


def test_black_chosen_again_after_such_a_mode_switches_it_off():
    t = at_the_variants(("Red", "Blue"))
    t.choose("GI & Colonies")
    assert marks(t)["GI & Colonies"] == "on"
    t.press(BACK)  # to the seats' colours
    t.choose("Seat 2 · ")
    t.choose("Black")
    t.choose("These colours")
    assert t.screen.kind == "setup_variants" and marks(t)["GI & Colonies"] == "off"
    assert t.choose("GI & Colonies").prompt == "Seat 2's colour: black is the Grand Inquisitor's"


def test_a_colour_another_seat_has_changes_places_with_it():
    t = at_the_variants(("Red", "Black", "Green"))
    t.choose("GI & Colonies")
    t.choose("Orange")  # seat 2
    screen = t.press(BACK)  # the seats' colours, as they are now
    assert screen.kind == "setup_seats" and screen.body.items[1:4] == ("Seat 1 · Red", "Seat 2 · Orange", "Seat 3 · Green")
    t.choose("Seat 3 · ")
    screen = t.choose("Orange")
    assert screen.body.items[1:4] == ("Seat 1 · Red", "Seat 2 · Green", "Seat 3 · Orange") and screen.body.cursor == 0
