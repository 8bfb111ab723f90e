"""A resumed game's steps decoded when read (companion/play/logged_steps.py, issue 36): none at the start,
an undo only those after its copy, and the game's steps equal to the log's whichever way they are read."""

import json

import pytest

from companion.engine import step as step_module
from companion.measure.sample import four_player_game
from companion.play.game import Game
from companion.play.logged_steps import Steps

SAMPLE = four_player_game()


@pytest.fixture
def decoded(monkeypatch):
    """How many steps were decoded from the log's entries."""
    seen = []
    decode = step_module.Step.from_json

    def counting(data):
        seen.append(data)
        return decode(data)

    monkeypatch.setattr(step_module.Step, "from_json", staticmethod(counting))
    return seen


def played(path, count):
    game = Game.new(SAMPLE.settings, path)
    for step in SAMPLE.steps[:count]:
        game.send(step)
    game.close()


def test_a_resume_decodes_no_step_until_one_is_read(tmp_path, decoded):
    played(tmp_path / "game.jsonl", 60)
    decoded.clear()
    game = Game.resume(tmp_path / "game.jsonl")
    assert game.from_snapshot and not decoded
    assert len(game.steps) == 60 and not decoded
    assert game.steps[-1] == SAMPLE.steps[59] and len(decoded) == 1
    assert game.steps == SAMPLE.steps[:60] and len(decoded) == 60  # each once: kept decoded
    assert tuple(game.steps) == tuple(SAMPLE.steps[:60]) and len(decoded) == 60
    game.close()


def test_an_undo_after_a_resume_decodes_only_the_steps_after_its_copy(tmp_path, decoded):
    played(tmp_path / "game.jsonl", 60)
    decoded.clear()
    game = Game.resume(tmp_path / "game.jsonl")
    game.undo()
    assert len(decoded) < 20
    assert game.steps == SAMPLE.steps[:59]
    game.send(SAMPLE.steps[59])
    assert game.steps == SAMPLE.steps[:60]
    game.close()
    again = Game.resume(tmp_path / "game.jsonl")
    assert again.steps == SAMPLE.steps[:60] and again.state == game.state
    again.close()


def test_the_view_is_the_steps_when_read_as_a_tuple_would_be():
    steps = Steps([json.loads(json.dumps(SAMPLE.steps[0].to_json())), SAMPLE.steps[1]])
    view = steps.view()
    steps.append(SAMPLE.steps[2])
    assert len(view) == 2 and view == tuple(SAMPLE.steps[:2]) and view[-1] == SAMPLE.steps[1]
    assert view[:1] == (SAMPLE.steps[0],) and view + (SAMPLE.steps[2],) == tuple(SAMPLE.steps[:3])
    assert list(reversed(view)) == [SAMPLE.steps[1], SAMPLE.steps[0]] and SAMPLE.steps[0] in view
    with pytest.raises(IndexError):
        view[2]
    assert steps[1:].copy() == [SAMPLE.steps[1], SAMPLE.steps[2]] and len(steps) == 3
