"""Whole games through the four keys alone, as the table plays them."""

import pytest

from companion.game import steps as s
from companion.game.game import Game
from companion.ui.controller import Controller
from companion.ui.grammar import BACK, DOWN, OK, UP, keys_to_set
from companion.ui.view import Choices, Spinners

BOARD = "Board recorded"  # on by default in the wizard


class Table:
    """Presses keys on a controller and reads its screens, like a player would."""

    def __init__(self, seed: int = 42):
        self.ui = Controller(lambda settings: Game.new(settings), new_seed=lambda: seed)

    @property
    def screen(self):
        return self.ui.screen()

    def press(self, key: int, long: bool = False):
        self.ui.press(key, long)
        return self.screen

    def choose(self, label: str):
        """Move the cursor to the item starting with `label` and press OK."""
        body = self.screen.body
        assert isinstance(body, Choices), self.screen
        matches = [i for i, item in enumerate(body.items) if item.startswith(label)]
        assert matches, f"{label!r} not in {body.items}"
        for _ in range((matches[0] - body.cursor) % len(body.items)):
            self.press(DOWN)
        return self.press(OK)

    def counts(self, wanted: dict[str, int]):
        """Set each spinner row named in `wanted` and press OK."""
        body = self.screen.body
        assert isinstance(body, Spinners), self.screen
        values = [row.value for row in body.rows]
        for key in keys_to_set(values, [wanted.get(row.label, row.value) for row in body.rows], body.cursor):
            self.press(key)
        return self.press(OK)

    def ok_until(self, kind: str, limit: int = 50):
        for _ in range(limit):
            if self.screen.kind == kind:
                return self.screen
            self.press(OK)
        raise AssertionError(f"never reached {kind}: {self.screen}")


def new_game(table: Table, edition: str, colours: list[str], *, dummy: str | None = None,
             variants=(), king="Castilla", homes=(), first=None):
    table.choose("El Grande 2023" if edition == "2023" else "El Grande classic")
    table.choose(f"{len(colours)} players")
    for colour in colours + ([dummy] if dummy else []):
        table.choose(colour.title())
    for variant in variants:
        if variant != BOARD:
            table.choose(variant)
    if BOARD not in variants:
        table.choose(BOARD)  # on by default: switched off, scores only
    table.choose("Start the game")
    table.choose("Enter from the cards")
    table.choose(king)
    for home in homes:
        table.choose(home)
    return table.choose((first or colours[0]).title())


def classic_game(table: Table):
    """A 3-player classic game, entered from the cards: Red, Blue and Green; King in Castilla."""
    return new_game(table, "classic", ["red", "blue", "green"], homes=["Galicia", "Aragón", "Sevilla"],
                    king="Castilla")


def name_cards(table: Table, *shown: str):
    """Menu -> "Cards showing this round": the label chosen for each stack asked, in order."""
    table.press(UP, long=True)
    table.choose("Cards showing this round")
    for label in shown:
        table.choose(label)
    return table.screen


def play_power_cards(table: Table, values: dict[str, int]):
    if table.screen.kind == "round_over":  # what the table does now: one OK
        table.press(OK)
    while table.screen.kind == "power_cards":
        who = table.screen.headline.rsplit("· ", 1)[1]
        table.choose(f"{values[who]:>2} ")


def take_cards(table: Table, stacks: list[str]):
    for stack in stacks:
        assert table.screen.kind == "turn_card", table.screen
        table.choose(stack)
        table.choose("End the turn")


def test_four_player_game_by_keys():
    t = Table()
    screen = new_game(t, "2023", ["red", "blue", "green", "yellow"],
                      homes=["Galicia", "Aragón", "Sevilla", "Valencia"], king="Castilla")
    assert screen.kind == "power_cards" and screen.headline == "Round 1 · Power · Red"
    play_power_cards(t, {"Red": 9, "Blue": 3, "Green": 5, "Yellow": 8})
    assert t.screen.headline == "Round 1 · Turn 1/4 · Red"
    # red: stack 4, tile on Granada, 2 into the Castillo
    t.choose("Stack 4")
    t.choose("Scoring tile")
    t.choose("8/4/0")
    t.choose("Granada")
    t.choose("Throw into the Castillo")
    t.counts({"Red": 2})
    # the turn page marks what was entered this turn
    marked = dict(zip(t.screen.body.items, t.screen.body.marks))
    assert marked["Throw into the Castillo"] == "2 in" and marked["Scoring tile"] == "done"
    assert marked["King moved"] == "" and marked["End the turn"] == ""
    t.choose("End the turn")
    # yellow: the King's card, King to Toledo, 1 into the Castillo
    t.choose("King's card")
    # the King's card opens the King's page at once, the cursor where he stands
    assert t.screen.kind == "region" and t.screen.body.items[t.screen.body.cursor] == "Castilla"
    t.choose("Toledo")
    t.choose("Throw into the Castillo")
    t.press(OK)
    t.choose("End the turn")
    # green: stack 3, special scoring of the 5-point regions
    t.choose("Stack 3")
    t.choose("Special scoring")
    t.choose("5-point regions")
    t.press(OK)  # confirm Navarra, Aragón, Valencia
    # the order never changes a score (RULES.md): the places are asked in the board's order
    assert t.ui.game.state.to_score == ["navarra", "aragon", "valencia"]
    assert t.screen.kind == "scoring" and t.screen.prompt.startswith("Navarra 5/3/1")
    t.counts({"Red": 1, "Green": 2})
    assert t.screen.prompt.startswith("Aragón ")
    t.counts({"Blue": 2, "Green": 2, "Red": 1})
    assert t.screen.prompt.startswith("Valencia ")
    t.counts({"Yellow": 2, "Red": 3})
    assert t.screen.kind == "results"
    t.press(OK)
    t.choose("End the turn")
    take_cards(t, ["Stack 1"])
    assert t.ui.game.state.scores == {"red": 9, "blue": 4, "green": 9, "yellow": 3}
    # the end of the round: what the table does now, in one screen
    over = t.screen
    assert over.kind == "round_over" and over.headline == "Round 1 is over"
    assert [(row.text, row.right) for row in over.body.rows] == [
        ("First Player", "Blue"), ("Round marker to", "2"), ("Deal new action cards", "")]
    # rounds 2 and 3: nothing happens
    play_power_cards(t, {"Blue": 13, "Green": 1, "Yellow": 9, "Red": 12})
    take_cards(t, ["Stack"] * 4)
    play_power_cards(t, {"Green": 2, "Yellow": 4, "Red": 6, "Blue": 7})
    take_cards(t, ["Stack"] * 4)
    # general scoring: discs for red and yellow, who threw in
    assert t.screen.kind == "disc"  # straight in: no page before the discs
    t.choose("Toledo")  # red: the King's region -> back to the Court
    t.choose("Galicia")  # yellow
    assert t.screen.kind == "scoring" and t.screen.prompt.startswith("Castillo 5/3/1")
    t.press(OK)  # pre-filled from the tally: red 2, yellow 1
    for region, counts in [("Galicia", {}), ("Navarra", {}), ("Aragón", {"Blue": 3}),
                           ("Cataluña", {}), ("Castilla", {}), ("Toledo", {"Yellow": 3, "Blue": 1}),
                           ("Sevilla", {}), ("Granada", {"Red": 2, "Blue": 2, "Yellow": 1}), ("Valencia", {})]:
        assert t.screen.prompt.startswith(region), t.screen
        t.counts(counts)
    assert t.screen.kind == "results"
    assert t.ui.game.state.scores == {"red": 33, "blue": 19, "green": 24, "yellow": 20}


def test_an_unchanged_general_scoring_takes_at_most_40_presses():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green", "yellow"], homes=["Galicia", "Aragón", "Sevilla", "Valencia"])
    for values in ({"Red": 9, "Blue": 3, "Green": 5, "Yellow": 8}, {"Blue": 13, "Green": 1, "Yellow": 9, "Red": 12},
                   {"Green": 2, "Yellow": 4, "Red": 6, "Blue": 7}):
        play_power_cards(t, values)
        take_cards(t, ["Stack"] * 4)
    assert t.screen.kind == "discs"
    before = t.ui.presses
    t.ok_until("power_cards")
    presses = t.ui.presses - before
    assert t.ui.game.state.general_scorings == 1 and t.ui.game.state.round == 4
    assert presses <= 40, presses
    assert presses == 12  # discs, Castillo, 9 regions, results


def test_a_refused_step_keeps_the_page_and_says_why():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], homes=["Galicia", "Aragón", "Sevilla"])
    t.choose(" 9 ")
    # blue cannot be offered 9: only legal values are listed
    assert not any(item.startswith(" 9 ") for item in t.screen.body.items)
    play_power_cards(t, {"Blue": 3, "Green": 5})
    t.choose("Stack 4")  # it may hold Adopted Home, which moves a Grande
    t.choose("Grande moved")
    screen = t.choose("Castilla")  # the King's region
    assert screen.error == "a Grande never moves into or out of the King's region"
    assert screen.kind == "region"  # still on the same page
    assert t.press(DOWN).error == ""  # the next press clears it


def test_a_card_that_cannot_move_the_king_is_refused_and_the_menu_still_corrects_him():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], homes=["Galicia", "Aragón", "Sevilla"])
    play_power_cards(t, {"Red": 9, "Blue": 3, "Green": 5})
    t.choose("Stack 1")  # no stack 1 card moves the King
    t.choose("King moved")
    refused = t.choose("Toledo")
    assert refused.error == "Red's card does not say: the King moves (the menu corrects the board)"
    t.press(2)  # Back
    t.press(UP, long=True)
    t.choose("Correct: the King")
    assert t.choose("Toledo").kind == "corrected" and t.ui.game.state.king == "toledo"


def test_long_presses_open_the_menu_and_undo():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], homes=["Galicia", "Aragón", "Sevilla"])
    t.choose(" 9 ")
    assert t.ui.game.state.played == {"red": 9}
    screen = t.press(3, long=True)
    assert screen.kind == "undo" and screen.body.rows[0].text == "Red played Power card 9"
    t.press(OK)
    assert t.ui.game.state.played == {}
    assert t.screen.kind == "power_cards"
    menu = t.press(0, long=True)
    assert menu.kind == "menu" and "Undo the last step" in menu.body.items
    t.choose("Back")
    assert t.screen.kind == "power_cards"


def test_two_player_dummy_game_by_keys_to_the_end():
    t = Table(seed=3)
    screen = new_game(t, "2023", ["red", "blue"], dummy="white", homes=["Galicia", "Granada"])
    assert screen.kind == "dummy"  # the dummy's draws and its Power card, with reasons
    assert any("turned up Power card" in row.text for row in screen.body.rows)
    t.press(OK)
    rounds = 0
    while t.ui.game is not None and not t.ui.game.over:
        kind = t.screen.kind
        if kind == "power_cards":
            t.press(OK)  # the lowest legal card
        elif kind == "turn_card":
            t.press(OK)
        elif kind == "turn":
            t.choose("End the turn")
        else:
            t.press(OK)
        rounds += 1
        assert rounds < 1000
    assert t.screen.kind == "results"  # the third general scoring's results first
    standings = t.press(OK)
    assert standings.kind == "standings" and standings.headline == "Game over"
    state = t.ui.game.state
    assert [row.right for row in standings.body.rows] == [str(p) for _, _, p in state.standings()]
    assert t.press(OK).kind == "chart"
    assert state.general_scorings == 3
    assert set(t.ui.game.state.scores) == {"red", "blue"}


def test_the_cards_showing_are_named_from_the_menu_and_offer_their_effects():
    t = Table()
    classic_game(t)
    assert t.screen.kind == "power_cards"
    t.press(UP, long=True)
    t.choose("Cards showing this round")
    screen = t.screen
    assert screen.kind == "reveal" and screen.prompt == "Stack 1 shows"
    assert screen.body.items[:3] == ("not said", "Intrigue: 3 of any", "Intrigue: 4 of any")  # as printed, then what it does
    t.choose("Intrigue: 3 of any")
    assert t.screen.prompt == "Stack 2 shows"
    t.choose("Veto")
    assert t.screen.prompt == "Stack 3 shows"
    t.choose("Score: the Castillo")
    assert t.screen.prompt == "Stack 4 shows"
    t.choose("not said")  # the King's card is never asked: it is always there
    assert t.screen.kind == "power_cards"
    assert t.ui.game.state.revealed == {1: "classic.1.intrigue-any-3", 2: "classic.2.veto",
                                        3: "classic.3.special-scoring-castillo"}
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    assert t.screen.body.items == ("Intrigue · 1 Cab.", "Veto · 2 Cab.", "Special Scoring · 3 Cab.", "Stack 4 · 4 Cab.", "King's card · 5 Cab.")
    t.choose("Special Scoring")  # red, the castillo scoring card: offered at the top of the turn
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


def test_old_hands_cards_are_chosen_in_the_wizard_and_named_like_any_card():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=["Old Hands: Veto", "Old Hands: Rivalries"],
             homes=["Galicia", "Aragón", "Sevilla"], king="Castilla")
    assert t.ui.game.settings.old_hands == ("veto", "rivalries")
    t.press(UP, long=True)
    t.choose("This game's settings")
    text = " ".join(" ".join(row.text for row in t.screen.body.rows).split())
    assert "Variants: Old Hands: Veto, Old Hands: Rivalries Seed" in text
    t.press(BACK)
    t.press(BACK)
    name_cards(t, "not said")
    assert "Veto" in t.screen.body.items and t.screen.prompt == "Stack 2 shows"


def test_a_scoring_card_scores_once():
    t = Table()
    classic_game(t)
    name_cards(t, "not said", "not said", "Score: the Castillo", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Special Scoring")
    t.choose("Score: the Castillo")
    t.press(OK)  # it scores the Castillo
    t.press(OK)  # counts: what the companion knows
    t.press(OK)  # its results
    assert t.screen.kind == "turn"
    assert not any(item.startswith("Score:") or item == "Special scoring" for item in t.screen.body.items)
    assert t.screen.body.items[0] == "End the turn"


def test_the_dummys_round_start_is_shown_again_after_a_restart_and_in_the_menu(tmp_path):
    from companion.app import Games, make_controller

    t = Table()
    t.ui = make_controller(Games(tmp_path), seed=lambda: 3)
    t.choose("El Grande 2023")
    t.choose("2 players")
    for colour in ("Red", "Blue", "White"):
        t.choose(colour)
    t.choose(BOARD)  # scores only
    t.choose("Start the game")
    t.choose("Companion draws them")
    t.press(OK)  # what was drawn
    first = t.screen
    assert first.kind == "dummy" and first.prompt == "The dummy (White)" and first.headline == "Round 1 · The dummy"
    t.ui.game.close()

    t.ui = make_controller(Games(tmp_path), seed=lambda: 3)  # the plug was pulled
    resumed = t.screen
    assert resumed.kind == "resumed"  # one screen, one OK: where the game stands and the dummy's draw again
    texts = [row.text for row in resumed.body.rows]
    assert texts[texts.index("The dummy (White):") + 1:] == [row.text for row in first.body.rows]
    assert t.press(OK).kind == "power_cards"
    t.press(UP, long=True)
    assert t.choose("The dummy this round").body == first.body


def test_the_results_of_a_scoring_just_ended_are_shown_again_after_a_restart(tmp_path):
    from companion.app import Games, make_controller
    from companion.game import sample

    whole = sample.four_player_game()
    games = Games(tmp_path)
    game = games.start(whole.settings)
    for step in whole.steps:  # up to the end of the first general scoring
        game.send(step)
        if step.kind == "Scored" and game.state.general_scorings == 1 and not game.state.scoring:
            break
    game.close()
    t = Table()
    t.ui = make_controller(games)
    resumed = t.screen  # one screen, one OK: where the game stands and the results again
    assert resumed.kind == "resumed" and "General scoring 1:" in [row.text for row in resumed.body.rows]
    scores = t.ui.game.state.scores
    totals = {row.text.split(" +")[0]: row.right for row in resumed.body.rows if row.strong and row.right}
    state = t.ui.game.state
    assert totals == {state.name(c): str(points) for c, points in scores.items()} == {
        "Ann": "33", "Bo": "19", "Cy": "24", "Di": "20"}
    assert t.press(OK).kind == "power_cards"


def test_naming_nothing_takes_back_the_names_given_before():
    t = Table()
    classic_game(t)
    name_cards(t, "not said", "Veto", "not said", "not said")
    assert t.ui.game.state.revealed == {2: "classic.2.veto"}
    t.press(UP, long=True)
    t.choose("Cards showing this round")
    assert t.screen.body.items[t.screen.body.cursor] == "not said"
    t.press(OK)
    assert t.screen.body.items[t.screen.body.cursor] == "Veto"  # what was named, to keep or change
    t.choose("not said")
    t.choose("not said")
    t.choose("not said")
    assert t.ui.game.state.revealed == {} and t.screen.kind == "power_cards"


@pytest.mark.parametrize("players,colours,again", [
    (4, ["Red", "Blue", "Green", "Yellow"], "Black"),
    (2, ["Red", "Blue", "Green"], "Black"),  # the third is the dummy's colour
])
def test_back_from_the_variants_changes_the_last_colour(players, colours, again):
    t = Table()
    t.choose("El Grande 2023")
    t.choose(f"{players} players")
    for colour in colours:
        t.choose(colour)
    assert t.screen.kind == "setup_variants"
    t.press(BACK)
    t.choose(again)
    t.choose(BOARD)  # scores only
    t.choose("Start the game")
    t.choose("Companion draws them")
    settings = t.ui.game.settings
    chosen = [p.colour for p in settings.players] + ([settings.dummy] if settings.dummy else [])
    assert chosen == [c.lower() for c in colours[:-1]] + [again.lower()]


def test_the_throw_shows_the_turns_total_to_edit_and_says_why_it_stops():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=["New Regency", "Old Hands: Veto"],
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


def test_a_correction_made_during_a_scoring_has_its_own_line_in_the_results():
    from companion.game import sample

    whole = sample.four_player_game()
    *steps, last = whole.steps
    t = Table()
    t.ui = Controller(lambda settings: Game.new(settings), game=Game.replay(whole.settings, steps))
    t.ui.send(s.ScoreCorrected("blue", 7, "a missed Aragón"))
    t.ui.send(last)
    results = t.screen
    assert results.kind == "results"
    assert "Corrected: Bo +7" in [row.text for row in results.body.rows]
    state = t.ui.game.state
    gains = {row.text.split(" +")[0]: int(row.text.split(" +")[1]) for row in results.body.rows if row.strong}
    scored = sum(line.points for line in state.sheet[state.scoring_from:]
                 if line.colour == "blue" and line.occasion != "correction")
    assert gains["Bo"] == scored + 7 and state.scores["blue"] == whole.state.scores["blue"] + 7


def test_a_veto_stops_the_turns_special_scoring():
    t = Table()
    classic_game(t)
    name_cards(t, "not said", "Veto", "Score: the Castillo", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Veto")  # red
    t.choose("End the turn")
    t.choose("Special Scoring")  # green, the Castillo scoring card
    assert t.screen.body.items[0] == "Score: the Castillo"
    t.choose("Red uses a Veto")
    assert not any(item.startswith("Score:") or item == "Special scoring" for item in t.screen.body.items)


def test_changing_the_number_of_players_drops_a_variant_they_cannot_have():
    t = Table()
    t.choose("El Grande 2023")
    t.choose("3 players")
    for colour in ("Red", "Blue", "Green"):
        t.choose(colour)
    t.choose("4 action stacks")
    for _ in range(4):
        t.press(BACK)
    assert t.screen.kind == "setup_players"
    t.choose("4 players")
    for colour in ("Red", "Blue", "Green", "Yellow"):
        t.choose(colour)
    t.choose(BOARD)  # scores only
    t.choose("Start the game")
    t.choose("Companion draws them")
    assert t.ui.game is not None and not t.ui.game.settings.four_stacks


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
    from companion.ui import fonts
    from companion.ui.render import PAD, SCROLLBAR_W, fit, layout

    row = layout().content.width - 2 * PAD - SCROLLBAR_W - 2  # a list row beside its scroll bar
    for kind in KINDS.values():
        label = f"Score: {kind.label}"
        assert fit(label, fonts.BODY_BOLD, row) == label


def test_a_hidden_castillo_tally_shows_only_that_a_throw_was_recorded_until_it_is_scored():
    t = Table()
    t.ui = Controller(lambda settings: Game.new(settings), new_seed=lambda: 42, hide_castillo=True)
    new_game(t, "2023", ["red", "blue", "green"], homes=["Galicia", "Aragón", "Sevilla"], king="Castilla")
    for round_ in range(3):
        play_power_cards(t, {"Red": 13 - round_, "Blue": 10 - round_, "Green": 7 - round_})
        t.choose("Stack 4" if round_ == 0 else "Stack")
        if round_ == 0:
            t.choose("Throw into the Castillo")
            assert t.screen.prompt == "Red's throw this turn"
            t.counts({"Red": 2})
            assert dict(zip(t.screen.body.items, t.screen.body.marks))["Throw into the Castillo"] == "done"
            t.choose("Throw into the Castillo")  # again: a throw of its own, not the tally
            assert t.screen.body.rows[0].value == 1 and "in)" not in t.screen.prompt
            t.press(BACK)
        t.choose("End the turn")
        take_cards(t, ["Stack"] * 2)
    discs = t.screen
    assert discs.kind == "disc" and discs.prompt == "Disc: Red"  # not how many are in
    t.choose("Galicia")
    scoring = t.screen
    assert scoring.prompt.startswith("Castillo") and scoring.body.rows[0].value == 2  # shown when it is scored


def test_a_secret_disc_entered_before_a_restart_is_not_asked_again(tmp_path):
    from companion.app import Games, make_controller
    from companion.game import sample

    whole = sample.four_player_game()
    games = Games(tmp_path)
    game = games.start(whole.settings)
    for step in whole.steps:  # up to the first general scoring's secret discs
        if step.kind == "SecretDiscs":
            break
        game.send(step)
    game.close()
    t = Table()
    t.ui = make_controller(games)
    t.press(OK)  # game resumed
    assert t.screen.kind == "disc" and t.screen.prompt == "Disc: Ann (2 in)"
    t.choose("Toledo")  # kept at once
    assert t.screen.prompt == "Disc: Di (1 in)"
    t.ui.game.close()

    t.ui = make_controller(games)  # the plug was pulled
    t.press(OK)
    assert t.screen.kind == "disc" and t.screen.prompt == "Disc: Di (1 in)"  # only the disc still to enter
    t.choose("Galicia")
    assert t.screen.kind == "scoring" and t.screen.prompt.startswith("Castillo")
    assert t.ui.game.state.discs == {"red": "toledo", "yellow": "galicia"}
    t.ui.game.close()


def test_a_correction_from_the_menu_says_what_it_changed_and_returns_to_the_game():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], homes=["Galicia", "Aragón", "Sevilla"], king="Castilla")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Stack 1")
    t.press(UP, long=True)
    t.choose("Correct: the King")
    assert t.screen.body.items[t.screen.body.cursor] == "Castilla"  # where he stands
    said = t.choose("Toledo")
    assert said.kind == "corrected" and said.prompt == "Corrected"
    assert "Toledo" in " ".join(row.text for row in said.body.rows)
    assert t.press(OK).kind == "turn" and t.ui.game.state.king == "toledo"


def test_words_only_scoring_columns_totals_first_and_the_sheet_says_special_or_general():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], homes=["Galicia", "Aragón", "Sevilla"], king="Castilla")
    for round_ in range(3):
        play_power_cards(t, {"Red": 13 - round_, "Blue": 10 - round_, "Green": 7 - round_})
        take_cards(t, ["Stack"] * 3)
    t.press(OK)  # no secret discs
    castillo = t.screen
    assert castillo.prompt == "Castillo 5/3"  # 3 players: the first two columns score, the third is not shown
    t.press(OK)
    assert t.screen.prompt.startswith("Galicia 4/2 ")
    t.ok_until("results")
    results = t.screen
    strong = [row for row in results.body.rows if row.strong]
    assert results.body.rows[:3] == tuple(strong)  # each player's gain and total first: no scrolling
    t.press(UP, long=True)
    sheet = t.choose("Score sheet")
    headings = [row.text for row in sheet.body.rows if row.strong and not row.right]
    assert headings == ["R3 general scoring 1"]


def test_players_have_names_from_the_roster_or_spelled_and_every_screen_uses_them():
    t = Table()
    t.ui = Controller(lambda settings: Game.new(settings), new_seed=lambda: 42, roster=("Ann", "Bo", "Cy"))
    t.choose("El Grande 2023")
    t.choose("3 players")
    t.choose("Red")
    assert t.screen.kind == "setup_name" and t.screen.body.items == ("Ann", "Bo", "Cy", "Red", "Spell a name…")
    t.choose("Bo")
    t.choose("Blue")
    assert "Bo" not in t.screen.body.items  # a name sits once
    t.choose("Spell a name")
    for key in ("Z", "O", "E", "space", "L", "⌫"):
        t.choose(key)
    assert t.screen.prompt == "Name: Zoe _"
    t.choose("Done")
    t.choose("Green")
    t.choose("Green")  # the colour's own name
    t.choose(BOARD)  # scores only
    t.choose("Start the game")
    t.choose("Companion draws them")
    assert [p.name for p in t.ui.game.settings.players] == ["Bo", "Zoe", "Green"]
    t.press(OK)
    assert any(name in t.screen.headline for name in ("Bo", "Zoe", "Green"))
