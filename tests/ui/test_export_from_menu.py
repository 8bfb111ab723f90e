"""The game log can be taken off the companion from its menu."""

from companion.game.game import Game
from companion.ui.controller import Controller

OK, DOWN = 3, 1


def test_the_menu_exports_the_game_log_next_to_the_saved_games(tmp_path):
    ui = Controller(lambda settings: Game.new(settings, tmp_path / "game.jsonl"), new_seed=lambda: 7)
    for _ in range(20):  # the wizard's defaults: 2023, 4 players, drawn setup
        if ui.game is not None:
            break
        ui.press(OK)
    assert ui.game is not None
    ui.press(0, long=True)
    menu = ui.screen()
    assert menu.kind == "menu"
    for _ in range(menu.body.items.index("Export the game log")):
        ui.press(DOWN)
    ui.press(OK)
    screen = ui.screen()
    assert screen.kind == "export" and screen.prompt == "Exported"
    logs = list((tmp_path / "exports").glob("*.jsonl"))
    assert len(logs) == 1 and logs[0].read_bytes() == (tmp_path / "game.jsonl").read_bytes()
    assert screen.body.rows[-1].text == "BG Stats file: at game over"
