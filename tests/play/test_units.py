"""What the table confirms on one screen is one unit: checked whole, written as one line,
undone as one (issue 10). Old journals have no units and replay as before."""

import json

import pytest

from companion.engine import steps as s
from companion.engine.steps import StepRefused
from companion.measure.sample import four_player_game
from companion.play.game import Game
from companion.record.journal import UNIT, read_only


@pytest.fixture
def game(tmp_path):
    """The sample game up to its first turn's end, kept in a journal."""
    whole = four_player_game()
    game = Game.new(whole.settings, tmp_path / "game.jsonl")
    for step in whole.steps[:9]:
        game.send(step)
    yield game
    game.close()


def lines(game) -> list[dict]:
    return [json.loads(line) for line in game.journal.path.read_text().splitlines()[1:]]


def test_a_unit_with_a_refused_step_writes_nothing_and_changes_nothing(game):
    before_lines, before_state = lines(game), game.state.castillo.copy()
    with pytest.raises(StepRefused, match="only 30 exist"):
        game.send(s.CastilloCorrected("red", 3), s.CastilloCorrected("blue", 99))
    assert lines(game) == before_lines and game.state.castillo == before_state


def test_a_unit_is_one_line_and_one_undo(game):
    before = game.state.castillo.copy()
    game.send(s.CastilloCorrected("red", 5), s.CastilloCorrected("blue", 1))
    assert lines(game)[-1] == {UNIT: [{"step": "CastilloCorrected", "colour": "red", "count": 5},
                                      {"step": "CastilloCorrected", "colour": "blue", "count": 1}]}
    assert game.state.castillo["red"] == 5 and game.state.castillo["blue"] == 1
    game.undo()
    assert game.state.castillo == before and lines(game)[-1] == {"undo": 1}


def test_a_unit_replays_whole_after_a_restart(game):
    game.send(s.ScoreCorrected("red", 3, "a"), s.ScoreCorrected("green", 4, "b"))
    scores = dict(game.state.scores)
    game.close()
    again = Game.resume(game.journal.path)
    assert again.state.scores == scores and again.journal.warnings == []
    again.undo()  # one undo: both corrections
    assert again.state.scores["red"] == scores["red"] - 3 and again.state.scores["green"] == scores["green"] - 4
    again.close()
    assert len(read_only(game.journal.path).steps) == len(again.steps)


def test_a_unit_whose_second_step_is_damaged_costs_the_whole_unit(game):
    steps_before = list(game.steps)
    game.send(s.ScoreCorrected("red", 3, "a"), s.ScoreCorrected("green", 4, "b"))
    game.close()
    path = game.journal.path
    text = path.read_text().replace('"colour":"green","points":4', '"colour":"greeen","points":4')
    path.write_text(text)
    again = Game.resume(path)
    again.close()
    assert list(again.steps) == steps_before  # neither correction stands
    assert any("line 11" in warning for warning in again.journal.warnings)


def test_a_damaged_unit_line_is_set_aside_like_any_damaged_line(tmp_path, game):
    game.close()
    path = game.journal.path
    path.write_text(path.read_text() + json.dumps({UNIT: "not a list"}) + "\n")
    again = Game.resume(path)
    again.close()
    assert len(again.steps) == 9 and "damaged unit" in again.journal.warnings[0]


def test_the_castillo_correction_screen_sends_its_rows_as_one_unit(tmp_path):
    from companion.ui.controller import Controller
    from companion.ui.screens import corrections

    whole = four_player_game()
    game = Game.new(whole.settings, tmp_path / "game.jsonl")
    for step in whole.steps[:9]:
        game.send(step)
    ui = Controller(lambda settings: game, game=game)
    page = corrections.castillo(game)
    page.rows[0][2] = 5  # red
    page.rows[1][2] = 30  # blue: with those on the board, more than exist
    ui.push(page)
    ui.press(3)  # OK on the OK row
    assert "only 30 exist" in ui.screen().error and game.state.castillo.get("red") == 2  # nothing taken
    page.rows[1][2] = 1
    ui.press(3)
    assert game.state.castillo["red"] == 5 and game.state.castillo["blue"] == 1
    ui.undo()
    assert game.state.castillo.get("red") == 2 and not game.state.castillo.get("blue")
    game.close()


def test_a_unit_is_taken_once_and_undone_through_the_copies_it_made(game, applied):
    """A unit of several steps is taken on a copy, which the game keeps (speed.py): each step applied
    once, not again on the game's own state (issue 36), the game then the log's replay, and an undo
    after it, from a copy the unit made (step 16 of 17), the game before the unit."""
    state, settings = game.state, game.state.settings
    before = Game.replay(game.settings, list(game.steps)).state
    applied.clear()
    unit = [s.CastilloCorrected(colour, count) for colour, count in
            (("red", 2), ("blue", 3), ("green", 1), ("yellow", 4), ("red", 5), ("blue", 1), ("green", 2), ("red", 3))]
    game.send(*unit)
    assert applied == unit and game.step_count == 17  # each step once: no second application
    assert game.state is state and state.settings is settings  # the one state, as steps taken in place keep it
    assert Game.replay(game.settings, list(game.steps)).state == game.state
    game.send(s.ScoreCorrected("red", 3, "a"))
    applied.clear()
    game.undo()
    assert applied == unit[-1:]  # from the copy the unit made at step 16 (the trial's): step 17 replayed alone
    game.undo()
    assert game.state == before and game.step_count == 9
