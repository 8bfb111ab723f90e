"""Fixtures for the tests of the game. Nothing here needs a Pi, a panel or real time."""

from types import SimpleNamespace

import pytest

from companion.engine.settings import Settings
from companion.engine.steps import Step
from companion.measure.sample import four_player_game
from companion.play.game import Game
from companion.record.journal import read_only


@pytest.fixture(scope="module")
def sample(tmp_path_factory) -> SimpleNamespace:
    """The whole sample game as a journal: its bytes, its step lines and its settings."""
    path = tmp_path_factory.mktemp("sample") / "game.jsonl"
    four_player_game(path).close()
    data = path.read_bytes()
    record = read_only(path)
    assert data.endswith(b"\n") and len(record.steps) == 150 and not record.warnings
    return SimpleNamespace(path=path, data=data, entries=record.steps,
                           settings=Settings.from_json(record.settings),
                           steps=[Step.from_json(e) for e in record.steps])


@pytest.fixture
def applied(monkeypatch):
    """The steps every Game applies from here on (counted, not timed)."""
    steps = []
    apply = Game._apply
    monkeypatch.setattr(Game, "_apply", lambda game, step: (steps.append(step), apply(game, step)))
    return steps
