"""Names that follow people (issue 38): the names of earlier games, kept in the state folder's
roster, are offered first in their seats, so a new game with the same table as last time takes its
names in one OK a seat; spelling a new name stays possible, and the export uses the names."""

import json
import logging

from companion.app import make_controller
from companion.engine.settings import Player
from companion.measure import sample
from companion.record import roster
from companion.record.export import export
from companion.record.saves import Games
from companion.ui.grammar import OK, UP
from companion.ui.screens.seat_names import fit
from tests.ui.keys_table import Table


def table_on(folder, **settings_file) -> Table:
    t = Table()
    t.ui = make_controller(Games(folder), seed=lambda: 42, **settings_file)
    return t


def spell(t: Table, name: str) -> None:
    t.choose("Spell a name")
    for letter in name.upper():
        t.choose(letter)
    t.choose("Done")


def first_game(folder) -> Table:
    """Ann, Bo and a seat called Green, spelled at a table that has never named anyone."""
    t = table_on(folder)
    t.choose("El Grande 2023")
    t.choose("3 players")
    assert t.screen.body.items[-1] == "Name the players…"  # no names known: the row that spells them
    assert t.choose("Name the players").kind == "setup_name"
    assert t.screen.body.items == ("Red", "Spell a name…")
    spell(t, "ann")
    spell(t, "bo")
    t.choose("Green")
    t.choose("Start the game")
    t.choose("Companion draws all")
    assert [p.name for p in t.ui.game.settings.players] == ["Ann", "Bo", "Green"]
    return t


def new_game_from_the_menu(t: Table) -> None:
    t.press(UP, long=True)
    t.choose("New game")
    t.press(OK)
    assert t.screen.kind == "setup_edition"


def test_the_same_table_as_last_time_takes_its_names_in_one_press_a_seat(tmp_path):
    t = first_game(tmp_path)
    assert roster.read(tmp_path, fit) == (roster.Roster(("Ann", "Bo", ""), ("Ann", "Bo")), "")
    new_game_from_the_menu(t)
    t.choose("El Grande 2023")
    seats = t.choose("3 players")
    assert "Name the players…" not in seats.body.items  # names known: These colours leads to them
    first = t.choose("These colours")
    assert first.kind == "setup_name" and first.body.items[first.body.cursor] == "Ann"
    before = t.ui.presses
    for _ in range(3):
        t.press(OK)  # the one who sat there last time, where the cursor starts
    assert t.screen.kind == "setup_variants" and t.ui.presses - before == 3
    t.choose("Start the game")
    t.choose("Companion draws all")
    assert [p.name for p in t.ui.game.settings.players] == ["Ann", "Bo", "Green"]


def test_a_seat_offers_its_last_player_first_then_the_others_then_the_settings_file_s(tmp_path):
    roster.remember(tmp_path, ("Cy", "Ann", "Bo"), fit)
    t = table_on(tmp_path, roster=("Zed", "ann"))
    t.choose("El Grande 2023")
    t.choose("3 players")
    page = t.choose("These colours")
    assert page.body.items == ("Cy", "Ann", "Bo", "Zed", "Red", "Spell a name…") and page.body.cursor == 0
    page = t.choose("Bo")  # they changed seats: two presses for this one
    assert page.prompt == "Seat 2 (Blue): who?"
    assert page.body.items == ("Ann", "Cy", "Zed", "Blue", "Spell a name…")
    spell(t, "eve")  # a new name: spelled as before
    assert t.screen.body.items == ("Cy", "Ann", "Zed", "Green", "Spell a name…")  # seat 3's (Bo's) not there
    t.choose("Green")
    t.choose("Start the game")
    t.choose("Companion draws all")
    assert [p.name for p in t.ui.game.settings.players] == ["Bo", "Eve", "Green"]
    kept, _ = roster.read(tmp_path, fit)
    assert kept.seats == ("Bo", "Eve", "") and kept.names[:2] == ("Bo", "Eve") and set(kept.names) == {
        "Bo", "Eve", "Cy", "Ann"}  # the settings file's names stay in the settings file


def test_a_damaged_roster_is_said_in_one_line_and_the_wizard_offers_no_earlier_names(tmp_path, caplog):
    (tmp_path / "roster.json").write_bytes(b'{"roster": 1, "seats": ["Ann"], "names": [')
    with caplog.at_level(logging.WARNING):
        t = table_on(tmp_path)
    assert [r.getMessage() for r in caplog.records] == [
        "roster.json is damaged (not JSON): ignored, the next game writes it again"]
    t.choose("El Grande 2023")
    t.choose("2 players")
    assert t.choose("These colours").kind == "setup_variants"
    t.choose("Start the game")
    t.choose("Companion draws all")
    assert roster.read(tmp_path, fit) == (roster.Roster(("", "")), "")  # a good roster again, no names in it


def test_a_roster_that_cannot_be_written_only_says_so_and_the_game_goes_on(tmp_path, caplog):
    (tmp_path / "roster.json.tmp").mkdir()  # in the way of the new roster, and not removable as a file
    t = table_on(tmp_path)
    t.choose("El Grande 2023")
    t.choose("3 players")
    t.choose("Name the players")
    with caplog.at_level(logging.WARNING):
        spell(t, "ann")
        t.choose("Blue")
        t.choose("Green")
        t.choose("Start the game")
        t.choose("Companion draws all")
    assert t.ui.game is not None and t.ui.game.settings.players[0].name == "Ann" and t.screen.error == ""
    assert [r.getMessage().split(":")[0] for r in caplog.records] == ["the names were not kept for the next game"]


def test_the_export_uses_the_names_the_wizard_took(tmp_path, monkeypatch):
    t = first_game(tmp_path / "table")
    named = t.ui.game.settings.players + (Player("Di", "yellow"),)
    t.ui.game.close()
    monkeypatch.setattr(sample, "PLAYERS", named)
    game = sample.four_player_game(tmp_path / "game.jsonl")
    [_, bgsplay] = export(game, tmp_path / "exports")
    data = json.loads(bgsplay.read_text(encoding="utf-8"))
    assert [p["name"] for p in data["players"]] == ["Ann", "Bo", "Green", "Di"]
    game.close()
