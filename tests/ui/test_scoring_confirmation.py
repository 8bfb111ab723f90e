"""The press that confirms a scoring, the dearest of the whole games (issue 36), without its waste.

The snapshot beside the game log is written after the press's frame is on its way (companion/app.py
Loop.press; it was a fifth of the press), the game log before it: a plug pulled as the frame goes to
the panel leaves the log whole and the snapshot behind it, and the next start replays the log to the
very game the table saw. The game's own page is made once for the press's three units (the
controller's Send), not once a unit."""

import shutil

import pytest

from companion.app import Games, Loop, make_controller
from companion.measure.bench_press_max import script_lines
from companion.measure.key_scripts import SAMPLES
from companion.play.game import Game
from companion.ui import controller


def _scoring_ok(lines, folder) -> int:
    """The index of the press that confirms the plan table's first Fiesta scoring: the press whose
    units take the game on by more than two steps (its card named, its Scored steps, the turn's end),
    found by playing the script, so that a regenerated script keeps the test on that press."""
    ui = make_controller(Games(folder), seed=lambda: 1)
    for index, (_, event) in enumerate(lines):
        before = ui.game.step_count if ui.game is not None else 0
        ui.press(event.key, event.long)
        if ui.game is not None and ui.game.step_count > before + 2 and "fiesta" in repr(ui.game.steps[before:]):
            ui.game.close()
            return index
    raise AssertionError("the plan table confirms no Fiesta scoring in one press")


@pytest.fixture
def before_the_scoring(tmp_path):
    """A running companion on the plan table's game, at the press that confirms its Fiesta scoring."""
    lines = script_lines(SAMPLES / "sample_plan_table.keys")
    at = _scoring_ok(lines, tmp_path / "found")
    folder = tmp_path / "state"
    ui = make_controller(Games(folder), seed=lambda: 1)
    for _, event in lines[:at]:
        ui.press(event.key, event.long)
    yield ui, folder, lines[at][1]
    if ui.game is not None:
        ui.game.close()


def test_a_plug_pulled_as_the_frame_goes_out_resumes_the_same_game_from_the_log(tmp_path, before_the_scoring):
    ui, folder, ok = before_the_scoring
    game = ui.game
    steps = game.step_count
    plugged = tmp_path / "plug pulled"

    def show(image, family):  # the frame handed to the panel: the disk copied as a pulled plug leaves it
        shutil.copytree(folder, plugged)

    Loop(ui, show, (264, 176), check_after=None).press(ok)
    assert ui.game is game and game.step_count > steps + 2  # the card named, its Scored steps, the turn's end

    pulled = Game.resume(plugged / Games(folder).current.name)
    assert not pulled.from_snapshot  # the snapshot was the last press's, behind the log: not trusted
    assert pulled.state == game.state and pulled.phase == game.phase and pulled.steps == game.steps
    pulled.close()

    after = Game.resume(Games(folder).current)  # the snapshot written after the frame: this game's
    assert after.from_snapshot and after.state == game.state and after.phase == game.phase
    after.close()


def test_the_game_page_is_made_once_for_the_press_s_units(before_the_scoring, monkeypatch):
    ui, _, ok = before_the_scoring
    made = []
    game_page = controller.game_page
    monkeypatch.setattr(controller, "game_page", lambda *args: made.append(args) or game_page(*args))
    steps = ui.game.step_count
    ui.press(ok.key, ok.long)
    assert len(made) == 1 and ui.game.step_count > steps + 2  # three units, one page of the game
