"""A turn as the rules define it (issue 20 items 3, 4, 5, 6, 8), played by keys: its two actions
never split, the King moved once, every special step tied to the card that grants it, and a Veto
stopping what its edition says, when its edition says. Each test quotes the rulebook line."""

import pytest

from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.play.game import Game
from companion.rules import spain
from companion.ui.grammar import BACK, OK, UP
from tests.ui.keys_table import BOARD, Table, classic_game, name_cards, new_game, play_power_cards


def refused(t: Table) -> str:
    return t.screen.error or ""


def a_2023_game(t: Table, *variants: str):
    return new_game(t, "2023", ["red", "blue", "green"], variants=list(variants),
                    homes=["Galicia", "Aragón", "Sevilla"], king="Castilla")


# -- item 3: a turn's actions cannot be split, the King moves once --------------------------


def test_placing_moving_the_king_then_placing_again_is_refused():
    """000 l.257: "You decide whether to perform the Special action first and then place the
    Caballeros, or vice versa. However, you cannot split the actions. You must fully complete one
    action before performing the other." (003 l.113, 004 l.95 say the same.)"""
    t = Table()
    a_2023_game(t, BOARD)
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("King's card")  # Your Majesty: its King's page opens at once
    assert t.screen.prompt == "King to which region?"
    t.press(BACK)  # he stays for now: the placement first
    t.choose("Place Caballeros")
    t.counts({"Navarra": 2})
    t.choose("King moved")
    t.choose("Toledo")
    assert t.ui.game.state.king == "toledo"
    steps = len(t.ui.game.steps)
    screen = t.choose("Place Caballeros")  # around his new region: the placement would be split
    # said before any count is chosen: no placements page opens, the referee's reason on the turn page
    assert screen.kind == "turn" and screen.error.startswith("a turn's actions cannot be split")
    assert len(t.ui.game.steps) == steps and t.ui.game.state.counts["valencia"] == {}


def test_the_royal_advisor_moves_the_king_once():
    """004 l.143-144: "Royal Adviser: move the King into a neighboring region. You may move the King
    no further than one region away from his present position." One move, not a walk."""
    t = Table()
    classic_game(t)
    name_cards(t, "not said", "not said", "not said", "Royal Advisor")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    assert t.choose("Royal Advisor").prompt == "King to which region?"  # his page at once (issue 35)
    t.choose("Castilla la Nueva")
    assert t.ui.game.state.king == "toledo"
    if t.screen.kind == "placements":  # (they open at once after his move: Back to the turn page)
        t.press(BACK)
    t.choose("King moved")  # (its row says it before the choice: no region to pick, nothing sent)
    assert "moves the King once a turn" in refused(t)
    assert t.ui.game.state.king == "toledo"



def test_the_royal_advisors_king_page_opens_by_itself_his_neighbours_beside_him():
    """Issue 35's friction: the classic Royal Advisor's King page opened only from the turn page's
    row (Back, the row, OK: 7 presses in a 3-player plan game). It opens when the card is taken,
    the cursor where he stands (OK: he stays), the neighbours the card allows a press or two away."""
    t = Table()
    classic_game(t)
    name_cards(t, "not said", "not said", "not said", "Royal Advisor")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    screen = t.choose("Royal Advisor")
    assert screen.kind == "region" and screen.prompt == "King to which region?"
    king = t.ui.game.state.king
    assert screen.body.items[screen.body.cursor] == t.ui.game.state.rules.name(king)
    n, nearby = len(screen.body.items), spain.neighbours(king) - {spain.CASTILLO}
    reach = (len(nearby) + 1) // 2  # (the list wraps: as many above as below)
    near = {screen.body.items[(screen.body.cursor + d) % n] for d in range(-reach, reach + 1)}
    assert {t.ui.game.state.rules.name(r) for r in nearby} <= near


# -- item 4: special actions are tied to the card taken --------------------------------------


def test_the_turn_page_offers_stand_in_and_competition_only_with_their_card():
    """002 l.1342-1343 (New Regency Competition): "Only with this card, you can throw Grandes into the
    Castillo." Stand-in's swap is its own card's too (002 l.1374-1376); Chalet does neither."""
    t = Table()
    a_2023_game(t, "New Regency")
    name_cards(t, "not said", "not said", "not said", "not said", "Chalet")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Chalet")
    items = t.screen.body.items
    assert "Chalet: King to fewest" in items
    assert "Stand-in: swap King" not in items and "Competition: Grandes in" not in items
    assert "Power card back to hand" not in items and "Scoring tile" not in items and "Grande moved" not in items
    t.ui.send(s.KingMoved("aragon"))  # the table's correction: the King beside Blue's Grande
    with pytest.raises(s.StepRefused, match="card does not say: Stand-in"):
        t.ui.send(s.KingAndGrandeSwapped("blue"))
    with pytest.raises(s.StepRefused, match="card does not say: Competition"):
        t.ui.send(s.GrandesToCastillo())


def test_a_power_card_back_and_a_special_scoring_need_their_card():
    """000 l.257: the turn performs "both actions on it": the special action is the card's own.
    Empowerment returns a Power card; Fiesta scores the 5-point regions, not the 4-point ones."""
    t = Table()
    a_2023_game(t)
    name_cards(t, "Intrigue", "not said", "Fiesta", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Intrigue")  # red
    assert "Power card back to hand" not in t.screen.body.items and "Special scoring" not in t.screen.body.items
    with pytest.raises(s.StepRefused, match="card does not say: a Power card back"):
        t.ui.send(s.PowerCardReturned("red", 13))
    t.choose("End the turn")
    t.choose("Fiesta")  # green
    t.choose("Special scoring")
    assert t.screen.body.items == ("5-point regions",)  # the card's own scoring, nothing else
    with pytest.raises(s.StepRefused, match="card scores all 5-point regions, not all 4-point regions"):
        t.ui.send(s.SpecialScoringStarted("group4", ("galicia", "cataluna", "sevilla")))


# -- items 5 and 6: what a Veto stops ------------------------------------------------------------


def test_the_classic_veto_stops_a_special_scoring_part_way():
    """003 l.450-452: "you may entirely or partly prevent another player from executing his special
    action. You may prevent a special action before or during its execution." (004 l.114: "You may
    also prevent only part of a special action.")"""
    t = Table()
    classic_game(t)
    name_cards(t, "not said", "Veto", "Score: 5-point regions", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Veto")  # red keeps it
    t.choose("End the turn")
    t.choose("Score: ")  # green: País Vasco, Aragón, Valencia
    t.choose("Score: 5-point regions")
    t.ok_until("scoring")
    assert t.screen.prompt.startswith("País Vasco")
    t.press(OK)  # País Vasco scored
    t.ok_until("scoring")
    assert t.screen.prompt.startswith("Aragón")
    t.counts({"Blue": 2})  # Aragón scored: Blue 5 and his Grande's 2
    t.ok_until("scoring")
    assert t.screen.prompt.startswith("Valencia")
    t.press(UP, long=True)
    t.choose("Red uses a Veto")  # Valencia is not scored
    assert t.screen.kind == "results"  # what the scoring scored, then Green's turn goes on
    t.press(OK)
    state = t.ui.game.state
    assert t.ui.game.phase == "turns" and t.screen.kind == "turn" and state.vetoes == {}
    assert {line.where for line in state.sheet} == {"aragon"} and state.scores["blue"] == 7  # 5 and the Grande


def test_a_classic_special_scoring_may_start_with_fewer_regions_when_a_veto_can_stop_the_rest():
    """003 l.452: a Veto may "partly prevent" the special action: the table records a special scoring
    whose rest a Veto stopped by starting it with the regions it reached."""
    t = Table()
    classic_game(t)
    name_cards(t, "not said", "Veto", "Score: 5-point regions", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Veto")
    t.choose("End the turn")
    t.choose("Score: ")  # Blue takes the card (named by what tells it apart)
    t.choose("Score: ")  # and starts its scoring from the turn page
    assert t.screen.kind == "special_confirm"
    t.choose("Only País Vasco (Veto)")  # 004 l.114: "You may also prevent only part of a special action."
    assert t.ui.game.state.to_score == ["navarra"] and t.screen.prompt.startswith("País Vasco")  # (its key)


def test_with_the_board_recorded_a_special_scoring_a_veto_may_cut_scores_at_once_on_its_list():
    """Issue 35: where a Veto may stop it part-way, the classic special scoring's list (all, or the part
    before the Veto) scores the chosen regions as the board holds them, in one unit, and the turn
    ends with its results, as without a Veto: no page per region (3-9 presses a scoring before). The
    list opens by itself on the placements' OK, as a region's list does."""
    t = Table()
    new_game(t, "classic", ["red", "blue", "green"], variants=[BOARD], homes=["Galicia", "Aragón", "Sevilla"],
             king="Castilla")
    name_cards(t, "not said", "Veto", "Score: 5-point regions", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Veto")  # red keeps it
    t.press(OK)  # red's 2 placed where pre-filled: the turn ends
    t.choose("Score: ")  # green
    t.press(OK)  # green's 3 placed: the card's scoring list opens by itself
    assert t.screen.kind == "special_confirm" and t.screen.body.cursor == 0
    t.press(OK)  # all three scored at once
    assert t.screen.kind == "results"
    steps = t.ui.game.steps
    assert [step.kind for step in steps[-5:]] == ["SpecialScoringStarted", "Scored", "Scored", "Scored", "TurnEnded"]
    assert steps[-4] == s.Scored("navarra", (("green", 3),)) and steps[-3] == s.Scored("aragon", (("blue", 2),))
    t.press(OK)
    assert t.screen.kind == "turn_card" and t.screen.headline.endswith("Blue")


def test_a_2023_veto_held_keeps_the_named_scoring_on_its_row_after_the_placements():
    """002 l.1420-1422: the 2023 Veto is decided before the special action begins. The OK that makes
    the placement whole scores a named scoring with nothing to choose (issue 35), but not while
    another player holds a Veto that could stop it: the turn page offers the Veto, the cursor on
    the scoring's row."""
    t = Table()
    a_2023_game(t, BOARD, "Old Hands: Veto")
    name_cards(t, "not said", "Veto", "Fiesta", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Veto")  # red keeps it
    t.press(OK)
    t.choose("Fiesta")  # green
    turn = t.press(OK)  # green's 3 placed: nothing scored yet
    assert turn.kind == "turn" and turn.body.items[turn.body.cursor] == "Score: 5-point regions"
    assert "Red uses a Veto" in turn.body.items and t.ui.game.steps[-1].kind == "Placed"


def test_a_short_special_scoring_is_refused_without_a_veto_to_stop_the_rest():
    t = Table()
    classic_game(t)
    name_cards(t, "not said", "not said", "Score: 5-point regions", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Score: ")
    with pytest.raises(s.StepRefused, match="scores País Vasco, Aragón, Valencia here"):
        t.ui.send(s.SpecialScoringStarted("group5", ("navarra",)))


def test_after_a_veto_nothing_more_of_the_special_action():
    """002 l.1416-1419: "You are then allowed to completely prevent a Special action that someone
    wants to perform this or next round." Stopped, Stand-in swaps nothing afterwards."""
    t = Table()
    a_2023_game(t, "New Regency", "Old Hands: Veto")
    name_cards(t, "not said", "Veto", "not said", "not said", "Stand-in")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Veto")  # red
    t.choose("End the turn")
    t.choose("Stand-in")  # green announces the swap
    t.choose("Red uses a Veto")  # before it begins
    t.choose("Stand-in: swap King")  # (its row says it before the choice)
    assert "Red's Veto stopped Green's special action" in refused(t)
    assert t.ui.game.state.king == "castilla"


def test_after_a_veto_no_power_card_back():
    t = Table()
    a_2023_game(t, "Old Hands: Veto")
    name_cards(t, "not said", "Veto", "not said", "Empowerment")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Veto")
    t.choose("End the turn")
    t.choose("Empowerment")
    t.choose("Red uses a Veto")
    t.choose("Power card back to hand")  # (its row says it before the choice)
    assert "Red's Veto stopped Green's special action" in refused(t)
    assert 5 not in t.ui.game.state.hands["green"]


# -- item 8: the 2023 Veto before the action only ----------------------------------------------


def test_the_2023_veto_is_refused_once_the_action_has_begun():
    """002 l.1420-1422: "You must immediately decide whether you want to prevent this Special action.
    You cannot cancel a Special action if it has already begun." (the card: "partial": False)"""
    t = Table()
    a_2023_game(t, "New Regency", "Old Hands: Veto")
    name_cards(t, "not said", "Veto", "not said", "not said", "Entourage")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Veto")
    t.choose("End the turn")
    t.choose("Entourage")  # green: the King moves, then 2 follow him
    t.choose("King moved")
    t.choose("Toledo")
    assert t.ui.game.state.king == "toledo"
    assert "Red uses a Veto" not in t.screen.body.items
    with pytest.raises(s.StepRefused, match="cannot cancel a special action once it has begun"):
        t.ui.send(s.VetoUsed("red"))


# -- old game logs ------------------------------------------------------------------------------


def test_a_game_started_before_revision_2_keeps_its_split_turns():
    """A game log written before these rules replays as it was played (docs/journal.md)."""
    players = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
    for revision, accepted in ((1, True), (REVISION, False)):
        game = Game.new(Settings(players=players, seed=3, board=True, revision=revision))
        game.send(s.SetupDone("castilla", (("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")), "red"))
        for colour, value in (("red", 13), ("blue", 1), ("green", 5)):
            game.send(s.PowerCardPlayed(colour, value))
        game.send(s.ActionCardTaken("red", 5, None))
        game.send(s.Placed("red", "navarra", 1))
        game.send(s.KingMoved("toledo", by_card=True))
        split = s.Placed("red", "valencia", 1)
        if accepted:
            game.send(split)
        else:
            with pytest.raises(s.StepRefused, match="cannot be split"):
                game.send(split)


def test_an_eviction_left_part_way_is_refused_on_the_turn_page_and_finished_from_it():
    """003 l.655-657 (Eviction): "Each of your opponents moves all their Caballeros from this region to
    their chosen region"; 000 l.281: "as much of the action as possible" (rules revision 4)."""
    t = Table()
    new_game(t, "classic", ["red", "blue", "green"], variants=[BOARD], homes=["Galicia", "Aragón", "Sevilla"],
             king="Castilla")
    t.ui.send(s.CaballerosMoved("green", "court", "aragon", 1))  # as the table has it
    name_cards(t, "not said", "not said", "not said", "Eviction")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Eviction")
    t.press(OK)  # the card's Caballeros as pre-filled: its action opens by itself
    assert t.screen.prompt == "Which region is emptied?"
    t.choose("Aragón")
    t.choose("Castilla la Nueva")  # Blue's 2
    assert t.screen.prompt == "Green's 1 to"
    t.press(BACK)  # Green's disc not entered
    t.choose("End the turn")
    assert t.screen.kind == "turn"
    assert refused(t) == "Eviction empties Aragón: Green's 1 still there (each opponent moves all out)"
    t.choose("Eviction: empty a region")
    t.choose("Aragón")  # only Green is asked now
    assert t.screen.prompt == "Green's 1 to"
    t.choose("Granada")  # the last disc: the turn ends
    state = t.ui.game.state
    assert state.counts["aragon"] == {} and state.active == "green"
