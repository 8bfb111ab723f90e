"""The action cards by keys: the cards showing named from the menu, what a card taken offers
(Chalet, a scoring card, a Veto, the merged stack, the Caballeros a throw may take) and the
labels that name them."""

from companion.engine import steps as s
from companion.ui.grammar import BACK, DOWN, OK, UP
from tests.ui.keys_table import Table, classic_game, name_cards, new_game, play_power_cards


def test_the_cards_showing_are_named_from_the_menu_and_offer_their_effects():
    t = Table()
    classic_game(t)
    assert t.screen.kind == "power_cards"
    t.press(UP, long=True)
    t.choose("Cards showing this round")
    screen = t.screen
    # One page: each stack's likeliest card (none shown yet: the first of its deck), the cursor on
    # *These show*; the King's card is never asked: it is always there.
    assert screen.kind == "cards_shown" and screen.body.cursor == 0
    assert screen.body.items == ("These show", "Stack 1 · Intrigue: 3 of any", "Stack 2 · Veto",
                                 "Stack 3 · Score: 4-point regions", "Stack 4 · Mobile Scoreboard")
    t.choose("Stack 3 · ")
    screen = t.screen
    assert screen.kind == "reveal" and screen.prompt == "Stack 3 shows"
    assert screen.body.items[screen.body.cursor] == "Score: 4-point regions"  # the card in its row
    t.choose("Score: the Castillo")
    assert t.screen.kind == "cards_shown" and t.screen.body.cursor == 0  # back on *These show*
    assert t.screen.body.items[3] == "Stack 3 · Score: the Castillo"
    t.choose("Stack 4 · ")
    assert t.screen.body.items[:2] == ("not said", "Mobile Scoreboard")  # as printed, then what it does
    t.choose("not said")
    t.choose("These show")
    assert t.screen.kind == "power_cards"
    assert t.ui.game.state.revealed == {1: "classic.1.intrigue-any-3", 2: "classic.2.veto",
                                        3: "classic.3.special-scoring-castillo"}
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    # Named cards under what tells them apart, not the title several share (issue 22); the King's card on top.
    assert t.screen.body.items == ("King's card · 5 Cab.", "Intrigue: 3 of any · 1 Cab.", "Veto · 2 Cab.",
                                   "Score: the Castillo · 3 Cab.", "Stack 4 · 4 Cab.")
    t.choose("Score: the Castillo")  # red, the castillo scoring card: offered at the top of the turn
    assert t.screen.body.items[0] == "Score: the Castillo"
    t.choose("End the turn")
    t.choose("Veto")  # green holds a Veto now
    assert "Green uses a Veto" not in t.screen.body.items  # not on green's own turn
    t.choose("End the turn")
    t.choose("Intrigue")
    assert t.ui.game.state.vetoes == {"green": [2]}
    t.choose("Green uses a Veto")  # on blue's turn, green stops blue's special action
    assert t.ui.game.state.vetoes == {} and "Green uses a Veto" not in t.screen.body.items


def test_chalet_offers_only_the_regions_with_the_fewest_caballeros():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=["New Regency"],
             homes=["Galicia", "Aragón", "Sevilla"], king="Castilla")
    # Counts the table could correct from the menu: Navarra and Valencia tie for the fewest.
    t.ui.send(s.CountsCorrected("galicia", (("red", 3),)), s.CountsCorrected("valencia", (("blue", 1),)),
              s.CountsCorrected("navarra", (("green", 1),)))
    name_cards(t, "not said", "not said", "not said", "not said", "Chalet")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Chalet")
    t.choose("Chalet: King to fewest")
    screen = t.screen
    assert screen.kind == "chalet" and screen.prompt == "Tied fewest: Red picks"
    assert screen.body.items == ("Navarra · 1 Cab.", "Valencia · 1 Cab.")
    t.choose("Valencia")
    assert t.ui.game.state.king == "valencia" and t.screen.kind == "turn"


def test_a_scoring_card_scores_once():
    t = Table()
    classic_game(t)
    name_cards(t, "not said", "not said", "Score: the Castillo", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Score: ")
    t.choose("Score: the Castillo")
    t.press(OK)  # it scores the Castillo
    t.press(OK)  # counts: what the companion knows
    t.press(OK)  # its results
    assert t.screen.kind == "turn"
    assert not any(item.startswith("Score:") or item == "Special scoring" for item in t.screen.body.items)
    assert t.screen.body.items[0] == "End the turn"


def test_naming_nothing_takes_back_the_names_given_before():
    t = Table()
    classic_game(t)
    name_cards(t, "not said", "Veto", "not said", "not said")
    assert t.ui.game.state.revealed == {2: "classic.2.veto"}
    t.press(UP, long=True)
    t.choose("Cards showing this round")  # what was named, to keep or change
    assert t.screen.body.items == ("These show", "Stack 1 · not said", "Stack 2 · Veto", "Stack 3 · not said",
                                   "Stack 4 · not said")
    t.choose("Stack 2 · ")
    assert t.screen.body.items[t.screen.body.cursor] == "Veto"
    t.choose("not said")
    t.choose("These show")
    assert t.ui.game.state.revealed == {} and t.screen.kind == "power_cards"


def test_the_throw_shows_the_turns_total_to_edit_and_says_why_it_stops():
    t = Table()
    # (the Castillo open: the table switched the secret Castillo off, so the turn's total is shown)
    new_game(t, "2023", ["red", "blue", "green"], variants=["New Regency", "Old Hands: Veto", "Secret Castillo"],
             homes=["Galicia", "Aragón", "Sevilla"], king="Castilla")
    t.press(UP, long=True)
    t.choose("Rules of an action card")
    assert {"2 Veto", "5 Chalet"} <= set(t.screen.body.items) and "5 Your Majesty" not in t.screen.body.items
    t.press(BACK)
    t.press(BACK)
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Stack 1")
    t.choose("Throw into the Castillo")
    t.press(OK)  # the one Caballero of a stack 1 card
    assert dict(zip(t.screen.body.items, t.screen.body.marks))["Throw into the Castillo"] == "1 in"
    # Opened again, the throw shows the turn's total to edit, and says why + stops.
    screen = t.choose("Throw into the Castillo")
    assert screen.kind == "castillo_throw" and screen.prompt == "Red's throw this turn (1 in)"
    assert screen.body.rows[0].value == 1
    t.press(UP)
    screen = t.press(OK)  # +
    assert screen.body.rows[0].value == 1
    assert screen.error.startswith("Red's card places 1 this turn (more: Menu, Correct: the Castillo)")
    t.press(BACK)  # - : the throw taken back
    t.press(DOWN)
    screen = t.press(OK)
    assert screen.kind == "turn" and t.ui.game.state.castillo.get("red", 0) == 0
    assert t.ui.game.state.turn_thrown == 0 and dict(zip(screen.body.items, screen.body.marks))[
        "Throw into the Castillo"] == ""


def test_a_veto_stops_the_turns_special_scoring():
    t = Table()
    classic_game(t)
    name_cards(t, "not said", "Veto", "Score: the Castillo", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Veto")  # red
    t.choose("End the turn")
    t.choose("Score: ")  # green, the Castillo scoring card
    assert t.screen.body.items[0] == "Score: the Castillo"
    t.choose("Red uses a Veto")
    assert not any(item.startswith("Score:") or item == "Special scoring" for item in t.screen.body.items)


def test_the_merged_stack_says_it_may_hold_either_card():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=["4 action stacks"],
             homes=["Galicia", "Aragón", "Sevilla"], king="Castilla")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    assert "Stack 2+3 · 2-3 Cab." in t.screen.body.items
    t.choose("Stack 2+3")
    t.choose("Throw into the Castillo")
    assert t.screen.body.rows[0].max == 3


def test_every_special_scoring_has_one_short_label_that_fits_a_row():
    from companion.rules.special_scoring import KINDS
    from companion.ui.draw import fonts
    from companion.ui.draw.render import PAD, SCROLLBAR_W, fit, layout

    row = layout().content.width - 2 * PAD - SCROLLBAR_W - 2  # a list row beside its scroll bar
    for kind in KINDS.values():
        label = f"Score: {kind.label}"
        assert fit(label, fonts.BODY_BOLD, row) == label
