"""Issue 20, items 1 and 11, by keys: the Power card's Caballeros come to the Court at the start of
its player's turn (000 l.233; 003 l.75-77; 004 l.41-42), so a card played before then finds the
Court as the table sees it; and only the active player throws into the Castillo (000 l.261-272)."""

from companion.engine import board
from companion.ui.grammar import BACK, OK
from tests.ui.keys_table import BOARD, Table, name_cards, new_game, play_power_cards


def classic_game(t: Table):
    """A 3-player classic game with the board recorded: Red, Blue, Green; King in Castilla."""
    return new_game(t, "classic", ["red", "blue", "green"], variants=[BOARD], homes=["Galicia", "Aragón", "Sevilla"],
                    king="Castilla")


def test_decay_of_authority_sends_back_what_the_courts_hold_and_the_swept_player_places_his_intake():
    t = Table()
    classic_game(t)  # Red, Blue, Green; King in Castilla; the board recorded
    name_cards(t, "not said", "Decay: all from Courts", "not said", "not said")
    play_power_cards(t, {"Red": 13, "Blue": 5, "Green": 1})  # intake 0, 4, 6
    state = t.ui.game.state
    assert t.screen.kind == "turn_card" and t.screen.prompt == "Red: +0 Court, a card?"
    assert (state.court, state.province) == ({"red": 7, "blue": 7, "green": 7}, {"red": 21, "blue": 21, "green": 21})
    t.choose("Decay")
    if t.screen.kind == "placements":
        t.press(BACK)  # nothing placed: back to the turn
    t.choose("Decay of Authority: send back")
    screen = t.screen
    assert screen.prompt == "Blue sends back 7" and [(r.label, r.value) for r in screen.body.rows] == [
        ("Blue · Blue's Court", 7)]  # not the 11 the Province still holds for his turn
    t.press(OK)
    assert t.screen.prompt == "Green sends back 7"
    t.press(OK)
    assert (state.court["blue"], state.court["green"]) == (0, 0)
    t.choose("End the turn")
    # Blue's turn: his Power card's 4 come in now, and he places them.
    assert t.screen.prompt == "Blue: +4 Court, a card?" and state.court["blue"] == 4
    page = t.choose("Stack 4")
    if page.kind == "turn":  # its likeliest card acts first: the turn page on its cards (take.names_first)
        page = t.choose("Place Caballeros")
    assert page.kind == "placements" and page.prompt == "Blue: place 4"
    [where] = [r for r in state.regions if state.rules.name(r) in {row.label for row in page.body.rows if row.value}]
    before = board.held(state, "blue", where)
    t.press(OK)  # the 4 where they are pre-filled (where they likeliest go)
    assert t.screen.error == "" and board.held(state, "blue", where) == before + 4 and state.court["blue"] == 0


def test_the_court_intake_row_changes_the_intake_on_the_players_own_turn():
    t = Table()
    classic_game(t)
    play_power_cards(t, {"Red": 5, "Blue": 3, "Green": 1})  # Red first: 4 come in
    state = t.ui.game.state
    assert state.court == {"red": 11, "blue": 7, "green": 7}
    t.choose("Stack 1")
    if t.screen.kind == "placements":
        t.press(BACK)
    t.choose("Court intake")
    assert t.screen.kind == "intake" and t.screen.body.rows[0].value == 4
    t.counts({"Province": 2})
    assert state.court["red"] == 9 and t.screen.kind == "turn"


def test_only_the_active_players_throw_is_offered_on_a_turn():
    t = Table()
    classic_game(t)
    play_power_cards(t, {"Red": 13, "Blue": 5, "Green": 1})
    page = t.choose("Stack 3")
    assert page.kind == "placements" and page.prompt == "Red: place 3"
    assert page.body.rows[0].label == "Castillo"  # Red's own throw: no row for Blue or Green
