"""The settings file's classic_text = "1995", played by keys: a classic game started with it follows
the 1995 rules (seed 004) on the pages that guide those cards; one started without it, the modern
text (seed 003)."""

import pytest

from companion.engine import steps as s
from companion.ui.grammar import OK
from tests.ui.keys_table import BOARD, Table, name_cards, new_game, play_power_cards


def a_classic_game(text: str, *shown: str) -> Table:
    """Red, Blue (home Aragón), Green; the King in Castilla; the cards showing named; Red first."""
    t = Table(classic_text=text)
    new_game(t, "classic", ["red", "blue", "green"], variants=[BOARD], homes=["Galicia", "Aragón", "Sevilla"],
             king="Castilla")
    t.ui.send(s.CaballerosMoved("blue", "court", "castillo", 2))  # as the table has it (a correction)
    name_cards(t, *shown)
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    return t


def test_a_1995_special_scoring_of_a_region_scores_the_castillo_chosen():
    """004 l.124: "You can choose any region (the King's region and the Castillo may also be chosen)";
    004 l.139: "place the Caballeros back into the Castillo after the Castillo is scored"."""
    t = a_classic_game("1995", "not said", "Special Scoring", "not said", "not said")
    assert t.ui.game.settings.classic_text == "1995"
    t.choose("Score: one region")  # stack 2's Special Scoring: its placement page first
    presses = t.ui.presses
    t.press(OK)  # the card's Caballeros as pre-filled: its region list opens by itself (issue 35)
    assert t.screen.prompt == "Score which region?" and t.screen.body.items[-1] == "the Castillo"
    t.choose("the Castillo")  # scored at once as the board holds it: Blue's 2
    assert t.screen.kind == "results" and "the Castillo" in t.screen.prompt
    t.press(OK)  # the results read: the card's actions done, the turn ends with them
    state = t.ui.game.state
    assert state.scores == {"red": 0, "blue": 5, "green": 0} and state.castillo == {"blue": 2}  # back in
    assert t.ui.game.steps[-1] == s.TurnEnded("red")
    assert t.screen.kind == "turn_card" and t.ui.presses - presses == 1 + 10 + 1  # the Castillo after the 9 regions
    # (the placements' OK, the Castillo, the results: the turn page's row no longer between them)


def test_a_modern_special_scoring_of_a_region_offers_no_castillo():
    """003 l.502: "may not choose the Castillo (as it is not a region)"."""
    t = a_classic_game("modern", "not said", "Special Scoring", "not said", "not said")
    t.choose("Score: one region")
    t.press(OK)  # the placements: the region list opens by itself
    assert t.screen.prompt == "Score which region?" and "the Castillo" not in t.screen.body.items


@pytest.mark.parametrize("text,offered", [("1995", True), ("modern", False)])
def test_an_eviction_disc_on_the_emptied_region_sends_them_to_the_court_in_1995(text, offered):
    """004 l.145: "Players choosing the King's region or the region they were being moved from, return
    their Caballeros to their courts"; 003 l.659: only "Any player who chose the King's region"."""
    t = a_classic_game(text, "not said", "not said", "not said", "Eviction")
    t.choose("Eviction")
    t.press(OK)  # the card's Caballeros as pre-filled: its action opens by itself
    assert t.screen.prompt == "Which region is emptied?"
    t.choose("Aragón")
    assert t.screen.prompt == "Blue's 2 to"
    assert ("Aragón (emptied: to the Court)" in t.screen.body.items) is offered
    assert "Castilla la Vieja (King's: to the Court)" in t.screen.body.items
    court = t.ui.game.state.court["blue"]
    t.choose("Aragón" if offered else "Granada")
    state = t.ui.game.state
    assert state.counts["aragon"] == {} and state.court["blue"] == court + 2 * offered


@pytest.mark.parametrize("text,asked", [("1995", ["Blue", "Green", "Red"]), ("modern", ["Blue", "Green"])])
def test_the_province_card_asks_the_taker_last_in_1995(text, asked):
    """004 l.119: "You decide which Caballeros must return to the provinces, including one of your own";
    003 l.472: "You choose 1 Caballero of each opponent (not yourself)". One OK each, pre-filled."""
    t = a_classic_game(text, "not said", "Province", "not said", "not said")
    t.choose("Province")
    t.press(OK)  # the card's Caballeros as pre-filled: its action opens by itself
    seen = []
    while t.screen.kind == "counts_correction":
        seen.append(t.screen.prompt.split(" sends back 1")[0])
        t.press(OK)
    state = t.ui.game.state
    assert seen == asked and state.active == "green"  # Red's turn over: Green's begins
    assert state.province["red"] == 21 + (text == "1995")
