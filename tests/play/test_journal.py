"""The journal on disk: create, append, undo, reopen, and the journal against a model.

Every test asserts an outcome (the steps that stand, the bytes on disk, the
files in the folder); none waits for a fixed time. The journal when the power
goes is test_interrupted_journals.py's, when a write fails
test_journal_write_failures.py's, and files it cannot read
test_unreadable_journal_files.py's.
"""

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from companion.play.game import Game
from companion.record.journal import UNDO, Journal, JournalError, read_only
from tests.hypothesis_budget import examples
from tests.play.journal_on_disk import HEADER, A, B, C, D, listing


# -- create, append, undo, reopen ---------------------------------------------------------
def test_round_trip_keeps_undo_lines_in_the_log_but_not_in_the_steps(tmp_path):
    path = tmp_path / "game.jsonl"
    with Journal.create(path, HEADER) as journal:
        for step in (A, B, C):
            journal.append(step)
        assert journal.undo() == C
        journal.append(D)
        assert journal.undo() == D
        assert journal.undo() == B
        assert journal.steps == [A]
        assert journal.lines == [A, B, C, UNDO, D, UNDO, UNDO]

    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0]) == {"format": "elgrande-journal", "version": 1, **HEADER}
    assert [json.loads(x) for x in lines[1:]] == [A, B, C, UNDO, D, UNDO, UNDO]
    assert "Überraschung ✓" in lines[3]  # kept readable, not \u-escaped

    with Journal.open(path) as again:
        assert again.steps == [A]
        assert again.lines == [A, B, C, UNDO, D, UNDO, UNDO]
        assert again.settings == {"seed": 1}
        assert again.warnings == []
        again.append(B)
    assert read_only(path).steps == [A, B]


def test_steps_are_on_disk_when_append_returns(tmp_path):
    path = tmp_path / "game.jsonl"
    journal = Journal.create(path, HEADER)
    journal.append(A)
    journal.undo()
    journal.append(B)
    assert read_only(path).steps == [B]  # read by another reader while still open
    assert read_only(path).lines == [A, UNDO, B]
    journal.close()


def test_undo_with_nothing_to_undo_is_refused_and_writes_nothing(tmp_path):
    path = tmp_path / "game.jsonl"
    journal = Journal.create(path, HEADER)
    with pytest.raises(JournalError, match="nothing to undo"):
        journal.undo()
    journal.append(A)
    journal.undo()
    before = path.read_bytes()
    with pytest.raises(JournalError, match="nothing to undo"):
        journal.undo()
    assert path.read_bytes() == before
    assert journal.lines == [A, UNDO]
    journal.close()


def test_create_never_overwrites(tmp_path, sample):
    path = tmp_path / "game.jsonl"
    path.write_bytes(sample.data)
    with pytest.raises(JournalError, match="already exists"):
        Journal.create(path, HEADER)
    with pytest.raises(JournalError, match="already exists"):
        Game.new(sample.settings, path)
    assert path.read_bytes() == sample.data
    assert listing(tmp_path) == {"game.jsonl": sample.data}


def test_a_step_called_undo_is_refused(tmp_path):
    with Journal.create(tmp_path / "game.jsonl", HEADER) as journal:
        with pytest.raises(JournalError):
            journal.append({"undo": 1})
        assert journal.lines == []


def test_a_closed_or_read_only_journal_refuses_to_write(tmp_path):
    path = tmp_path / "game.jsonl"
    journal = Journal.create(path, HEADER)
    journal.close()
    with pytest.raises(JournalError, match="reading only"):
        journal.append(A)
    with pytest.raises(JournalError, match="reading only"):
        read_only(path).append(A)
    assert read_only(path).lines == []


def test_opening_nothing_is_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        Journal.open(tmp_path / "game.jsonl")
    with pytest.raises(FileNotFoundError):
        read_only(tmp_path / "game.jsonl")
    assert list(tmp_path.iterdir()) == []


# -- the journal against a model --------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
# A step never uses the two names the journal keeps for itself (append refuses them).
step_dicts = st.dictionaries(st.text(max_size=6).filter(lambda key: key not in ("undo", "unit")), json_values, max_size=4)


class JournalAgainstModel(RuleBasedStateMachine):
    """The steps that stand are a plain list: append pushes, undo pops, reopening changes nothing."""

    def __init__(self):
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="journal-model-"))
        self.path = self.folder / "game.jsonl"
        self.journal = Journal.create(self.path, HEADER)
        self.model: list[dict] = []
        self.log: list[dict] = []

    @rule(step=step_dicts)
    def append(self, step):
        self.journal.append(step)
        self.model.append(step)
        self.log.append(step)

    @rule()
    def undo(self):
        if self.model:
            assert self.journal.undo() == self.model.pop()
            self.log.append(UNDO)
        else:
            with pytest.raises(JournalError):
                self.journal.undo()

    @rule()
    def reopen(self):
        self.journal.close()
        self.journal = Journal.open(self.path)
        assert self.journal.warnings == []

    @rule(step=step_dicts, data=st.data())
    def power_cut_while_writing(self, step, data):
        """Part of a line reaches the disk, then a restart: only a whole line counts."""
        self.journal.close()
        line = json.dumps(step, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
        end = data.draw(st.integers(1, len(line) - 1), label="bytes that reached the disk")
        with open(self.path, "ab") as file:
            file.write(line[:end])
        self.journal = Journal.open(self.path)
        if end == len(line) - 1:  # all but the newline: the step is kept
            self.model.append(step)
            self.log.append(step)
            assert self.journal.warnings == []
        else:
            assert self.journal.warnings

    @invariant()
    def steps_are_the_model(self):
        assert self.journal.steps == self.model
        assert self.journal.lines == self.log
        assert read_only(self.path).steps == self.model

    def teardown(self):
        self.journal.close()
        shutil.rmtree(self.folder, ignore_errors=True)


JournalAgainstModel.TestCase.settings = settings(
    max_examples=examples(40), stateful_step_count=20)
TestJournalAgainstModel = pytest.mark.slow(JournalAgainstModel.TestCase)


def test_a_step_is_written_as_asdict_gives_it():
    """Step.to_json takes its fields as they are when they are plain values and tuples of them
    (asdict() for anything else): the same journal lines as asdict's, for every step of the samples."""
    from dataclasses import asdict

    from companion.measure.sample import board_game, four_player_game

    for game in (four_player_game(), board_game()):
        for step in game.steps:
            fields = asdict(step)
            for name in step.added:
                if fields[name] == type(step).__dataclass_fields__[name].default:
                    del fields[name]
            assert step.to_json() == {"step": step.kind, **fields}
