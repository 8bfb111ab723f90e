"""The game log can be taken off the companion from its menu."""

import json

from companion.measure.sample import four_player_game
from companion.play.game import Game
from companion.ui.controller import Controller

OK, DOWN = 3, 1


def test_the_menu_exports_the_game_log_next_to_the_saved_games(tmp_path):
    ui = Controller(lambda settings: Game.new(settings, tmp_path / "game.jsonl"), new_seed=lambda: 7)
    for _ in range(20):  # the wizard's defaults: 2023, 4 players, drawn setup
        if ui.game is not None:
            break
        ui.press(OK)
    assert ui.game is not None
    screen = open_export(ui)
    assert screen.kind == "export" and screen.prompt == "Exported"
    logs = list((tmp_path / "exports").glob("*.jsonl"))
    assert len(logs) == 1 and logs[0].read_bytes() == (tmp_path / "game.jsonl").read_bytes()
    assert screen.body.rows[-1].text == "BG Stats file: at game over"


def open_export(ui):
    ui.press(0, long=True)
    menu = ui.screen()
    assert menu.kind == "menu"
    for _ in range(menu.body.items.index("Export the game log")):
        ui.press(DOWN)
    ui.press(OK)
    return ui.screen()


def finished_ui(tmp_path, location: str = "Table"):
    game = four_player_game(tmp_path / "game.jsonl")
    return Controller(lambda settings: Game.new(settings, tmp_path / "game.jsonl"), game=game, location=location)


def test_exporting_twice_from_the_menu_keeps_both_pairs(tmp_path, monkeypatch):
    ui = finished_ui(tmp_path, location="Club")  # run passes the settings file's game.location
    first = open_export(ui)
    ui.press(OK)
    second = open_export(ui)
    assert first.prompt == second.prompt == "Exported"
    files = sorted(p.name for p in (tmp_path / "exports").iterdir())
    stem = min(files, key=len).rsplit(".", 1)[0]
    assert files == [f"{stem}-2.bgsplay", f"{stem}-2.jsonl", f"{stem}.bgsplay", f"{stem}.jsonl"]
    assert [row.text for row in second.body.rows[:2]] == [f"{stem}-2.jsonl", f"{stem}-2.bgsplay"]
    data = json.loads((tmp_path / "exports" / f"{stem}.bgsplay").read_text())
    assert data["locations"][0]["name"] == "Club" and data["plays"][0]["rounds"] == 9
    ui.game.close()


def test_a_symbolic_link_in_the_exports_folder_is_not_followed(tmp_path, monkeypatch):
    ui = finished_ui(tmp_path)
    open_export(ui)
    ui.press(OK)
    exports = tmp_path / "exports"
    log = next(exports.glob("*.jsonl"))
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    log.unlink()
    log.symlink_to(victim)
    assert open_export(ui).prompt == "Exported"
    assert victim.read_text() == "keep me" and len(list(exports.glob("*-2.jsonl"))) == 1
    ui.game.close()


def test_an_export_that_cannot_be_written_says_why_in_one_line(tmp_path, monkeypatch):
    ui = finished_ui(tmp_path)
    (tmp_path / "exports").write_text("not a folder")
    screen = open_export(ui)
    assert screen.kind == "export" and screen.prompt == "Not exported"
    assert " ".join(row.text for row in screen.body.rows).endswith("exports: it is not a folder")
    assert (tmp_path / "exports").read_text() == "not a folder"
    ui.game.close()
