"""Snapshot format 3 (issue 34): the Big Box's fields of the state are the modes' own part (``state.modes``,
engine/modes/own_state.py). A snapshot an earlier version wrote (format 2: those fields on the state
itself) is foreign: the game is replayed from its log, never misread."""

import json

import pytest

from companion.engine.modes.own_state import BigBoxState
from companion.play import snapshot
from companion.play.game import Game
from companion.record import snapshot as snapshot_file
from companion.record.journal import read_only
from tests.fixtures.games.sample_intrigue import intrigue_game


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    path = tmp_path_factory.mktemp("intrigue") / "game.jsonl"
    intrigue_game(path).close()
    return path, snapshot_file.path_of(path).read_text(encoding="utf-8")


def as_format_2(text: str, version: str) -> str:
    """The snapshot as format 2 wrote it: the modes' fields on the state, no ``modes`` part."""
    body = json.loads(text)
    state = body["state"]["A"]
    own = state.pop("modes")
    assert own["C"] == "companion.engine.modes.own_state:BigBoxState"
    state.update(own["A"])
    body["version"] = version
    return json.dumps(body)


def replayed(path, monkeypatch) -> tuple[Game, int]:
    applied = []
    apply = Game._apply
    monkeypatch.setattr(Game, "_apply", lambda game, step: (applied.append(step), apply(game, step)))
    game = Game.resume(path)
    game.close()
    return game, len(applied)


def test_the_modes_part_is_written_and_read_back(played, tmp_path, monkeypatch):
    path, text = played
    assert "companion.engine.modes.own_state:BigBoxState" in text and snapshot.FORMAT_VERSION == 3
    game, count = replayed(path, monkeypatch)
    assert count == 0 and isinstance(game.state.modes, BigBoxState)
    assert game.state == Game.from_record(read_only(path)).state
    assert len(game.state.modes.intrigue_used["red"]) == 9


@pytest.mark.parametrize("version", ["format 2's", "this version's"])
def test_a_format_2_snapshot_is_rebuilt_from_the_log(played, tmp_path, monkeypatch, version):
    """Whether it says so (its version: snapshot-2) or not (a format 2 body under this version's name:
    its state has other fields), the game is replayed whole, the same as its log."""
    source, text = played
    path = tmp_path / "game.jsonl"
    path.write_bytes(source.read_bytes())
    said = json.loads(text)["version"]
    old = said.replace("/snapshot-3/", "/snapshot-2/") if version == "format 2's" else said
    snapshot_file.path_of(path).write_text(as_format_2(text, old), encoding="utf-8")
    game, count = replayed(path, monkeypatch)
    assert count == len(game.steps) > 100
    assert game.state == Game.from_record(read_only(path)).state
    assert replayed(path, monkeypatch)[1] == 0  # and a snapshot of format 3 made of it


def test_the_big_box_pieces_resume_from_the_snapshot(tmp_path, monkeypatch):
    """The Grand Inquisitor's holder, the Limit table, the seats and the colonies' discs are the modes'
    own part too (issue 34): a whole Colonies game with the board resumes with them, nothing replayed."""
    from companion.engine.table import standing
    from tests.fixtures.games.sample_colonies_board import colonies_board_game

    path = tmp_path / "colonies.jsonl"
    colonies_board_game(path).close()
    game, count = replayed(path, monkeypatch)
    now = standing(game.state)
    assert count == 0 and game.state == Game.from_record(read_only(path)).state
    assert now.grand_inquisitor and now.limit_table and now.seats and now.colony_discs
    assert "grand_inquisitor" not in json.loads(snapshot_file.path_of(path).read_text(encoding="utf-8"))["state"]["A"]
