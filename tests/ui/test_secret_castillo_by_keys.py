"""The Castillo's contents are secret until it is scored (issue 20, item 13).

000 l.309-310: "Whenever you throw Caballeros into the Castillo, you must **announce how many** you are
throwing in. No one may ever check how many Caballeros are inside or take Caballeros from the
Castillo." 003 l.142: "No player may look inside the Castillo [...] It is therefore useful to memorize
the number of Caballeros each player has placed in the Castillo." 004 l.58 (1995): "players should
clearly call out the number. It is advantageous to keep track [...] Otherwise, the Caballeros the
Castillo hides can surprise you at the next scoring."

Every edition keeps it secret, so a new game does unless the table switches *Secret Castillo* off in
the wizard: the map and every screen say who threw in, never how many are inside; the Castillo's
scoring shows the exact contents.
"""

import pytest

from companion.measure.hands import seat_colours
from companion.play.game import Game
from companion.ui.controller import Controller
from companion.ui.grammar import BACK, OK, UP
from companion.ui.view import Map
from tests.ui.keys_table import BOARD, Table, new_game, play_power_cards

SECRET = "Secret Castillo"


def game_with_a_throw(edition: str, variants=(BOARD,), table: Table | None = None) -> Table:
    """Red, Blue, Green, the King in Toledo; Red throws 2 into the Castillo on his turn."""
    t = table or Table()
    new_game(t, edition, ["red", "blue", "green"], variants=list(variants),
             king="Toledo" if edition == "2023" else "Castilla la Nueva",
             homes=["Galicia", "Aragón", "Sevilla"])
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Stack 3")
    if t.screen.kind == "placements":
        t.counts({"Castillo": 2})
    else:
        t.choose("Throw into the Castillo")
        t.counts({"Red": 2})
    assert t.ui.game.state.castillo == {"red": 2}
    return t


def the_map(t: Table) -> Map:
    t.press(UP, long=True)
    t.choose("Map")
    body = t.screen.body
    assert isinstance(body, Map)
    return body


def castillo_on(board: Map):
    return next(p for p in board.places if p.name == "Castillo").counts


@pytest.mark.parametrize("edition", ["2023", "classic"])
def test_a_new_game_keeps_the_castillo_secret_and_the_map_shows_only_who_is_in(edition):
    t = game_with_a_throw(edition)
    assert t.ui.game.settings.secret_castillo
    assert castillo_on(the_map(t)) == (("R", None),)  # not "R 2"


def test_the_wizard_offers_the_secret_castillo_switched_on_in_both_editions():
    for edition in ("El Grande 2023", "El Grande classic"):
        t = Table()
        t.choose(edition)
        t.choose("3 players")
        seat_colours(t, ("Red", "Blue", "Green"))
        body = t.screen.body
        row = body.items.index(SECRET)
        assert body.marks[row] == "on"


def test_a_table_that_switches_it_off_sees_the_tally():
    t = game_with_a_throw("2023", variants=(BOARD, SECRET))
    assert not t.ui.game.settings.secret_castillo
    assert castillo_on(the_map(t)) == (("R", 2),)


def test_the_settings_files_hide_castillo_hides_it_in_a_game_started_open_too():
    t = Table()
    t.ui = Controller(lambda settings: Game.new(settings), new_seed=lambda: 42, hide_castillo=True)
    game_with_a_throw("2023", variants=(BOARD, SECRET), table=t)
    assert castillo_on(the_map(t)) == (("R", None),)


def test_the_turn_page_says_a_throw_is_done_not_how_many_went_in():
    t = game_with_a_throw("2023", variants=())  # scores only: the throw page
    marks = dict(zip(t.screen.body.items, t.screen.body.marks, strict=True))
    assert marks["Throw into the Castillo"] == "done"
    t.choose("Throw into the Castillo")
    assert t.screen.prompt == "Red's throw this turn" and t.screen.body.rows[0].value == 1  # (not "2 in")


def test_a_correction_of_the_secret_castillo_is_a_change_never_the_count():
    t = game_with_a_throw("2023")
    t.press(UP, long=True)
    t.choose("Correct: the Castillo")
    screen = t.screen
    assert screen.prompt == "The Castillo: change by" and [r.value for r in screen.body.rows] == [0, 0, 0]
    t.counts({"Red": -1})  # Red announced 1, not 2
    assert t.ui.game.state.castillo == {"red": 1}
    assert t.screen.kind == "corrected" and [line.text for line in t.screen.body.rows] == ["• Castillo: Red -1"]
    t.press(OK)
    t.press(OK, long=True)  # the undo question names the correction, not what the Castillo holds
    assert [line.text for line in t.screen.body.rows] == ["Castillo: Red's tally corrected"]


def test_the_castillo_scoring_shows_the_exact_contents():
    t = game_with_a_throw("2023")
    game = t.ui.game
    while game.phase in ("power_cards", "turns"):  # quiet turns to the end of round 3
        kind = t.screen.kind
        if kind == "placements":
            t.press(BACK)  # nothing placed: back to the turn
        elif kind == "turn":
            t.choose("End the turn")
        else:  # the round's notices, the first Power card offered, the first stack
            t.press(OK)
    t.ok_until("disc")
    t.press(OK)  # Red's disc: Galicia
    page = t.ok_until("scoring")
    assert page.prompt.startswith("Castillo") and [(r.label, r.value) for r in page.body.rows] == [
        ("Red", 2), ("Blue", 0), ("Green", 0)]


def test_the_choice_is_kept_in_the_game_log_and_a_resumed_game_keeps_it(tmp_path):
    path = tmp_path / "game.jsonl"
    t = Table()
    t.ui = Controller(lambda settings: Game.new(settings, path), new_seed=lambda: 42)
    game_with_a_throw("2023", table=t)
    t.ui.game.close()
    assert '"secret_castillo": true' in path.read_text(encoding="utf-8").splitlines()[0].replace('":true', '": true')
    again = Controller(lambda settings: Game.new(settings), game=Game.resume(path))
    assert again.game.settings.secret_castillo and again.view.hide_castillo
