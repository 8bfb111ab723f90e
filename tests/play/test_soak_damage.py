"""tools/soak_damage.py, the damage the journal soak does between a kill and the resume: each kind changes
exactly what it says (one bit, one digit of one field, one phase name), and a flipped bit in the log's tail
confirms only the steps before the damaged line."""

import importlib.util
import json
import random
from pathlib import Path

import pytest

from companion.engine.settings import Settings
from companion.engine.steps import Step
from companion.measure.sample import four_player_game
from companion.play.game import Game
from companion.record.journal import read_only

TOOL = Path(__file__).resolve().parents[2] / "tools" / "soak_damage.py"
spec = importlib.util.spec_from_file_location("soak_damage", TOOL)
soak_damage = importlib.util.module_from_spec(spec)
spec.loader.exec_module(soak_damage)


@pytest.fixture(scope="module")
def mid_game(tmp_path_factory):
    """A log of 60 steps of the sample game and its snapshot (its allowed events not empty)."""
    folder = tmp_path_factory.mktemp("damage")
    whole = folder / "whole.jsonl"
    four_player_game(whole).close()
    record = read_only(whole)
    path = folder / "game.jsonl"
    game = Game.new(Settings.from_json(record.settings), path)
    for entry in record.steps[:60]:
        game.send(Step.from_json(entry))
    game.close()
    return path.read_bytes(), path.with_name(path.name + ".snapshot").read_bytes()


def laid_out(tmp_path, mid_game) -> Path:
    log, snapshot = mid_game
    path = tmp_path / "game.jsonl"
    path.write_bytes(log)
    path.with_name(path.name + ".snapshot").write_bytes(snapshot)
    return path


def bits_changed(before: bytes, after: bytes) -> int:
    assert len(before) == len(after)
    return sum(bin(a ^ b).count("1") for a, b in zip(before, after))


@pytest.mark.parametrize("seed", range(5))
def test_a_snapshot_bit_is_one_bit(tmp_path, mid_game, seed):
    path = laid_out(tmp_path, mid_game)
    harm = soak_damage._snapshot("snapshot bit", path.with_name("game.jsonl.snapshot"), random.Random(seed), [])
    assert harm.kind == "snapshot bit" and harm.line is None and harm.confirmed(60) == 60
    assert bits_changed(mid_game[1], path.with_name("game.jsonl.snapshot").read_bytes()) == 1
    assert path.read_bytes() == mid_game[0]  # the log untouched


@pytest.mark.parametrize("kind", ["snapshot state", "snapshot before", "snapshot allowed", "snapshot chart"])
@pytest.mark.parametrize("seed", range(3))
def test_a_snapshot_field_is_changed_there_only(tmp_path, mid_game, kind, seed):
    path = laid_out(tmp_path, mid_game)
    snapshot = path.with_name("game.jsonl.snapshot")
    harm = soak_damage._snapshot(kind, snapshot, random.Random(seed), ["regions", "turns", "game_over"])
    before, after = json.loads(mid_game[1]), json.loads(snapshot.read_bytes())
    field = kind.removeprefix("snapshot ")
    assert harm.kind == kind and after[field] != before[field]
    assert {key: value for key, value in after.items() if key != field} == \
        {key: value for key, value in before.items() if key != field}
    if field == "allowed":
        changed = [(a, b) for a, b in zip(before["allowed"], after["allowed"]) if a != b]
        assert len(changed) == 1 and sum(x != y for x, y in zip(*changed[0])) == 1
    if field == "chart":
        assert after["chart"] in ("regions", "turns", "game_over")
    assert path.read_bytes() == mid_game[0]


@pytest.mark.parametrize("seed", range(8))
def test_a_log_tail_bit_hits_the_last_line_and_confirms_the_steps_before_it(tmp_path, mid_game, seed):
    path = laid_out(tmp_path, mid_game)
    harm = soak_damage._log_tail_bit(path, random.Random(seed))
    data = path.read_bytes()
    assert bits_changed(mid_game[0], data) == 1
    first = next(i for i, (a, b) in enumerate(zip(mid_game[0], data)) if a != b)
    assert first >= mid_game[0].rstrip(b"\n").rfind(b"\n") + 1  # in the last line (or its newline)
    assert harm.line == 61  # the header is line 1, step 60 line 61
    assert harm.confirmed(60) == 59 and harm.confirmed(61) == 59 and harm.confirmed(10) == 10


def test_no_step_line_no_log_damage(tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_bytes(b'{"format":"elgrande-journal"}\n')
    assert soak_damage._log_tail_bit(path, random.Random(1)) is None


def test_the_summary_counts_failures_by_kind():
    lines = soak_damage.by_kind({"damaged: snapshot state": 3, "damage snapshot state: wrong state": 2,
                                 "resume raised KeyError": 1})
    assert any(line.split()[:3] == ["snapshot", "state", "3"] and line.endswith("wrong state 2") for line in lines)
    assert "    resume raised KeyError: 1" in lines
