"""Issue 35: the card not known, the placements' own OK names it (ui/screens/placements.py). The OK
row names the likeliest card of the stack (engine/offers/take.py ``to_name``), the next ones ▲ above
it, so a right likeliest costs no press to name: the placements and the card one unit, opening what
a known card's placements' OK opens. The OK naming none is on the page the turn page's *Place
Caballeros* opens (not on the take's, where its row would cost every placement set by ▲), and a
table that once ended a turn without naming its card has the placements' one OK as before."""

from companion.engine import steps as s
from companion.engine.offers import take
from companion.rules import cards
from companion.ui.grammar import BACK, OK, UP
from companion.ui.screens import placements, turn_naming
from tests.ui.keys_table import place_unnamed
from tests.ui.test_turn_presses import board_game


def ok_rows(t) -> list[str]:
    body = t.screen.body
    return [*body.oks, body.ok]


def test_the_placements_ok_names_the_likeliest_and_places_as_one_unit():
    t = board_game()
    t.choose("Stack 3")  # Outposts, Revelation, Fiesta: nothing seen
    likeliest = take.unseen(t.ui.game.state, 3)[0]
    assert t.screen.body.ok == f"OK: {turn_naming.label(cards.card(likeliest))}"
    assert t.screen.body.cursor == len(t.screen.body.rows) + len(t.screen.body.oks)  # on it
    before = len(t.ui.game.steps)
    t.press(OK)  # the placements as pre-filled and the card: one OK
    recorded = t.ui.game.steps[before:]
    assert recorded[:2] == (s.Placed("red", "castilla", 3), s.ActionCardNamed("red", likeliest))
    assert t.ui.game.state.taken[0] == ("red", 3, likeliest)
    assert any(isinstance(step, s.SpecialScoringStarted) for step in recorded)  # its scoring, as a known card's
    while len(t.ui.game.steps) > before:  # each unit back: the scoring, then the placements and the card
        t.press(OK, long=True)
        t.press(OK)
    assert t.ui.game.steps[-1] == s.ActionCardTaken("red", 3) and t.ui.game.state.taken[0] == ("red", 3, None)


def test_the_next_likeliest_is_one_up_and_the_take_s_page_has_no_ok_naming_none():
    t = board_game()
    t.choose("Stack 3")
    second = take.unseen(t.ui.game.state, 3)[1]
    assert placements.UNNAMED not in ok_rows(t)
    assert ok_rows(t)[-2] == f"OK: {turn_naming.label(cards.card(second))}"
    t.press(UP)
    t.press(OK)
    assert s.ActionCardNamed("red", second) in t.ui.game.steps


def test_the_ok_naming_none_is_on_the_turn_page_s_placements_farthest_up_and_the_turn_waits():
    t = board_game()
    t.choose("Stack 3")
    t.press(BACK)
    t.choose("Place Caballeros")
    assert ok_rows(t)[0] == placements.UNNAMED and len(ok_rows(t)) == 4  # three titles and none
    turn = place_unnamed(t)  # (Back and Place Caballeros again: the same page)
    assert turn.kind == "turn" and t.ui.game.steps[-1] == s.Placed("red", "castilla", 3)  # not ended: the trap
    assert not any(isinstance(step, s.ActionCardNamed) for step in t.ui.game.steps)
    assert turn.body.items[turn.body.cursor] == turn_naming.label(cards.card(take.unseen(t.ui.game.state, 3)[0]))


def test_a_table_that_skipped_naming_has_the_one_ok_as_before():
    t = board_game()
    t.choose("Stack 3")
    place_unnamed(t)
    t.choose("End the turn")  # no action, the card not named: said.skipped
    assert t.ui.game.state.said.skipped
    t.choose("Stack 2 ")  # Blue
    assert t.screen.kind == "placements" and t.screen.body.ok == "OK" and not t.screen.body.oks

