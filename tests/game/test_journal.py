"""The journal on disk: round trips, torn last lines, damaged files, SIGKILL, a model.

Every test asserts an outcome (the steps that stand, the bytes on disk, the
files in the folder); none waits for a fixed time.
"""

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from companion.game import journal as journal_module
from companion.game.game import Game
from companion.game.journal import UNDO, Journal, JournalError, JournalUnreadable, read_only
from companion.game.sample import four_player_game
from companion.game.settings import Settings
from companion.game.steps import Step

HEADER = {"settings": {"seed": 1}}
A = {"step": "A", "n": 1}
B = {"step": "B", "n": 2}
C = {"step": "C", "text": "Überraschung ✓"}
D = {"step": "D", "nested": {"list": [1, None, True], "undo": 0}}


# -- helpers ---------------------------------------------------------------------------
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


def standing(game: Game) -> dict:
    """What must survive a restart: phase, round, scores, Castillo tally, King, step count."""
    state = game.state
    return {"phase": game.phase, "round": state.round, "scores": dict(state.scores),
            "castillo": dict(state.castillo), "king": state.king, "steps": len(game.steps)}


def last_line_start(data: bytes) -> int:
    return data.rstrip(b"\n").rfind(b"\n") + 1


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def moved_aside(folder: Path, name: str = "game.jsonl") -> list[Path]:
    return sorted(folder.glob(f"{name}.unreadable-*"))


class FlakyOS:
    """The os module as the journal sees it, with some calls replaced (full disk, I/O errors)."""

    def __init__(self, **replaced):
        self.__dict__.update(replaced)

    def __getattr__(self, name):
        return getattr(os, name)


def partial_write_then_full(fd: int, data: bytes) -> int:
    os.write(fd, data[:7])  # a fragment reaches the file, then the disk is full
    raise OSError(errno.ENOSPC, "No space left on device")


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


# -- a torn last line (the power went while it was written) --------------------------------
def test_journal_open_cuts_a_torn_last_line_at_any_byte(tmp_path, sample):
    start = last_line_start(sample.data)
    last = len(sample.data) - 1 - start  # the last line without its newline
    path = tmp_path / "game.jsonl"
    for k in range(1, last):
        path.write_bytes(sample.data[: start + k])
        with Journal.open(path) as journal:
            assert journal.steps == sample.entries[:-1], k
            assert len(journal.warnings) == 1 and "unfinished" in journal.warnings[0], k
        assert path.read_bytes() == sample.data[:start], k
        assert listing(tmp_path) == {"game.jsonl": sample.data[:start]}


@pytest.mark.parametrize("cut", [1, 2, 0.5, -1], ids=["1 byte", "2 bytes", "half", "all but the brace"])
def test_resume_after_a_torn_last_line_stands_at_the_step_before(tmp_path, sample, cut):
    start = last_line_start(sample.data)
    last = len(sample.data) - 1 - start
    k = {0.5: last // 2, -1: last - 1}.get(cut, cut)
    path = tmp_path / "game.jsonl"
    path.write_bytes(sample.data[: start + k])

    game = Game.resume(path)
    assert standing(game) == standing(Game.replay(sample.settings, sample.steps[:-1]))
    assert game.phase != "game_over"
    assert any("unfinished" in w for w in game.journal.warnings)
    assert path.read_bytes() == sample.data[:start]  # cut back to the last newline

    game.send(sample.steps[-1])  # the table says it again: appending works
    game.close()
    assert path.read_bytes() == sample.data
    assert standing(Game.resume(path)) == standing(Game.replay(sample.settings, sample.steps))


def test_a_last_line_missing_only_its_newline_is_kept(tmp_path, sample):
    path = tmp_path / "game.jsonl"
    path.write_bytes(sample.data[:-1])

    assert len(read_only(path).steps) == 150
    assert path.read_bytes() == sample.data[:-1]  # read_only changes nothing

    game = Game.resume(path)
    assert game.over and len(game.steps) == 150
    assert game.journal.warnings == []
    game.close()
    assert path.read_bytes() == sample.data  # the newline is added


def test_a_torn_line_cut_inside_a_multibyte_character(tmp_path):
    path = tmp_path / "game.jsonl"
    with Journal.create(path, HEADER) as journal:
        journal.append(A)
        journal.append(C)
    whole = path.read_bytes()
    start = last_line_start(whole)
    for end in range(start + 1, len(whole) - 1):
        path.write_bytes(whole[:end])
        with Journal.open(path) as journal:
            assert journal.steps == [A] and journal.warnings, whole[start:end]
        assert path.read_bytes() == whole[:start]


def test_a_torn_undo_line_does_not_take_anything_back(tmp_path):
    path = tmp_path / "game.jsonl"
    with Journal.create(path, HEADER) as journal:
        journal.append(A)
        journal.append(B)
    path.write_bytes(path.read_bytes() + b'{"undo"')
    with Journal.open(path) as journal:
        assert journal.steps == [A, B] and journal.warnings
    path.write_bytes(path.read_bytes() + b'{"undo":1}')
    with Journal.open(path) as journal:
        assert journal.steps == [A] and journal.warnings == []


def test_a_torn_first_step_leaves_a_game_at_its_start(tmp_path, sample):
    path = tmp_path / "game.jsonl"
    header_end = sample.data.index(b"\n") + 1
    path.write_bytes(sample.data[: header_end + 10])
    game = Game.resume(path)
    assert game.steps == () and game.phase == "setup" and game.journal.warnings
    game.close()
    assert path.read_bytes() == sample.data[:header_end]


# -- a write that fails part-way (full disk, I/O error) ---------------------------------------
def test_a_failed_write_leaves_no_fragment_behind(tmp_path, monkeypatch):
    path = tmp_path / "game.jsonl"
    journal = Journal.create(path, HEADER)
    journal.append(A)
    before = path.read_bytes()

    monkeypatch.setattr(journal_module, "os", FlakyOS(write=partial_write_then_full))
    with pytest.raises(OSError):
        journal.append(B)
    with pytest.raises(OSError):
        journal.undo()
    monkeypatch.undo()

    assert path.read_bytes() == before
    assert journal.steps == [A] and journal.lines == [A]
    journal.append(C)  # room on the disk again
    journal.close()
    with Journal.open(path) as again:  # not "line 3 is damaged"
        assert again.steps == [A, C] and again.warnings == []


def test_a_failed_write_while_playing_keeps_the_game_and_the_file_in_step(tmp_path, sample, monkeypatch):
    path = tmp_path / "game.jsonl"
    game = Game.new(sample.settings, path)
    for step in sample.steps[:10]:
        game.send(step)
    monkeypatch.setattr(journal_module, "os", FlakyOS(write=partial_write_then_full))
    with pytest.raises(OSError):
        game.send(sample.steps[10])
    monkeypatch.undo()
    assert len(game.steps) == 10
    for step in sample.steps[10:20]:
        game.send(step)
    game.close()
    assert standing(Game.resume(path)) == standing(Game.replay(sample.settings, sample.steps[:20]))


def test_when_the_fragment_cannot_be_cut_the_journal_stops_writing(tmp_path, monkeypatch):
    path = tmp_path / "game.jsonl"
    journal = Journal.create(path, HEADER)
    journal.append(A)

    def no_truncate(fd, length):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(journal_module, "os", FlakyOS(write=partial_write_then_full, ftruncate=no_truncate))
    with pytest.raises(OSError):
        journal.append(B)
    monkeypatch.undo()
    with pytest.raises(JournalError, match="failed write"):
        journal.append(C)  # nothing lands behind the fragment
    with Journal.open(path) as again:  # the fragment is an ordinary torn last line
        assert again.steps == [A] and again.warnings


def test_a_header_that_cannot_be_written_leaves_no_file(tmp_path, monkeypatch):
    path = tmp_path / "game.jsonl"
    monkeypatch.setattr(journal_module, "os", FlakyOS(write=partial_write_then_full))
    with pytest.raises(OSError):
        Journal.create(path, HEADER)
    monkeypatch.undo()
    assert not path.exists()
    with Journal.create(path, HEADER) as journal:
        journal.append(A)
    assert read_only(path).steps == [A]


# -- files that are not journals we can read ------------------------------------------------
def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _join(lines: list[bytes]) -> bytes:
    return b"\n".join(lines)


def _version_2(data: bytes) -> bytes:
    header, rest = data.split(b"\n", 1)
    return json.dumps({**json.loads(header), "version": 2}).encode() + b"\n" + rest


#: Ways a journal can be damaged, each made from the bytes of a good one.
DAMAGE = {
    "garbage line in the middle": lambda d: _join(_lines(d)[:60] + [b"lorem ipsum dolor"] + _lines(d)[60:]),
    "zeroed block in the middle": lambda d: _join(_lines(d)[:30] + [b"\0" * len(_lines(d)[30])] + _lines(d)[31:]),
    "torn line in the middle": lambda d: _join(_lines(d)[:50] + [_lines(d)[50][:20]] + _lines(d)[51:]),
    "a list where a step goes": lambda d: _join(_lines(d)[:5] + [b"[1, 2, 3]"] + _lines(d)[5:]),
    "not a journal header": lambda d: b'{"hello": "world"}\n' + d.split(b"\n", 1)[1],
    "a text file": lambda d: b"shopping list\nmilk\neggs\n",
    "wrong version": _version_2,
    "empty": lambda d: b"",
    "binary junk": lambda d: bytes(range(256)) * 8,
    "a torn header": lambda d: d[:25],
}
#: The damaged lines cost only the steps from them on: the line number of the damage in each.
DAMAGED_LINE = {"garbage line in the middle": 61, "zeroed block in the middle": 31,
                "torn line in the middle": 51, "a list where a step goes": 6}
CORRUPT = [kind for kind in DAMAGE if kind not in DAMAGED_LINE]


def corrupt(data: bytes) -> dict[str, bytes]:
    return {kind: damage(data) for kind, damage in DAMAGE.items()}


@pytest.mark.parametrize("kind", CORRUPT)
def test_an_unreadable_journal_is_moved_aside_and_a_new_game_can_start(tmp_path, sample, kind):
    data = corrupt(sample.data)[kind]
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)

    with pytest.raises(JournalUnreadable) as caught:
        Game.resume(path)
    message = str(caught.value)
    assert "\n" not in message and message

    assert not path.exists()
    [aside] = moved_aside(tmp_path)
    assert aside.read_bytes() == data
    assert aside.name in message

    game = Game.new(sample.settings, path)
    game.send(sample.steps[0])
    game.close()
    assert len(Game.resume(path).steps) == 1
    assert aside.read_bytes() == data and moved_aside(tmp_path) == [aside]


@pytest.mark.parametrize("kind", CORRUPT)
def test_read_only_never_moves_or_changes_anything(tmp_path, sample, kind):
    data = corrupt(sample.data)[kind]
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)
    with pytest.raises(JournalUnreadable) as caught:
        read_only(path)
    assert "\n" not in str(caught.value)
    assert listing(tmp_path) == {"game.jsonl": data}


@pytest.mark.parametrize("kind", DAMAGED_LINE)
def test_a_damaged_line_costs_only_the_steps_from_it_on(tmp_path, sample, kind):
    data = corrupt(sample.data)[kind]
    line = DAMAGED_LINE[kind]
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)

    game = Game.resume(path)
    assert list(game.steps) == sample.steps[:line - 2]  # the header is line 1
    [warning] = game.journal.warnings
    [aside] = moved_aside(tmp_path)
    assert aside.read_bytes() == data  # the whole file, byte for byte
    assert f"line {line}" in warning and aside.name in warning and "\n" not in warning
    assert path.read_bytes() == b"".join(data.split(b"\n")[i] + b"\n" for i in range(line - 1))

    game.send(sample.steps[line - 2])  # the game goes on from there
    game.close()
    again = Game.resume(path)
    again.close()
    assert list(again.steps) == sample.steps[:line - 1] and again.journal.warnings == []
    assert moved_aside(tmp_path) == [aside]


@pytest.mark.parametrize("kind", DAMAGED_LINE)
def test_read_only_says_where_the_damage_is_and_changes_nothing(tmp_path, sample, kind):
    data = corrupt(sample.data)[kind]
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)
    journal = read_only(path)
    assert journal.damage is not None and journal.damage.line == DAMAGED_LINE[kind]
    with pytest.raises(JournalError, match=f"line {DAMAGED_LINE[kind]}"):
        Game.from_record(journal)
    assert listing(tmp_path) == {"game.jsonl": data}


def test_moved_aside_twice_in_the_same_second_keeps_both(tmp_path, monkeypatch):
    frozen = time.gmtime(1_700_000_000)
    monkeypatch.setattr(journal_module, "time", SimpleNamespace(strftime=time.strftime, gmtime=lambda *a: frozen))
    path = tmp_path / "game.jsonl"
    stamp = time.strftime("%Y%m%dT%H%M%SZ", frozen)
    taken = tmp_path / f"game.jsonl.unreadable-{stamp}-2"
    taken.write_bytes(b"someone else's file")

    contents = [b"first\n", b"", b"\xff\xfe third\n"]
    for data in contents:
        path.write_bytes(data)
        with pytest.raises(JournalUnreadable):
            Journal.open(path)
    assert not path.exists()
    files = listing(tmp_path)
    assert files.pop(taken.name) == b"someone else's file"  # never overwritten
    assert len(files) == 3 and all(stamp in name for name in files)
    assert sorted(files.values()) == sorted(contents)
    assert files[f"game.jsonl.unreadable-{stamp}"] == b"first\n"


# -- SIGKILL while a game is being played ------------------------------------------------------
CHILD = r"""
import sys
from companion.game.game import Game
from companion.game.journal import read_only
from companion.game.settings import Settings
from companion.game.steps import Step

record = read_only(sys.argv[1])
game = Game.new(Settings.from_json(record.settings), sys.argv[2])
print(0, flush=True)
for n, entry in enumerate(record.steps, start=1):
    game.send(Step.from_json(entry))
    print(n, flush=True)
"""


@pytest.mark.skipif(os.name != "posix" or not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
@pytest.mark.parametrize("kill_after", [1, 37, 120])
def test_sigkill_never_loses_a_step_that_was_reported_done(tmp_path, sample, kill_after):
    path = tmp_path / "game.jsonl"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(sample.path), str(path)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    guard = threading.Timer(120, child.kill)  # only if the child hangs; never reached otherwise
    guard.start()
    try:
        reported = -1
        for line in child.stdout:
            reported = int(line)
            if reported >= kill_after:
                break
        child.send_signal(signal.SIGKILL)
        rest = child.stdout.read()
        errors = child.stderr.read()
        child.wait()
    finally:
        guard.cancel()
    reported = max([reported, *map(int, rest.split())])
    assert reported >= kill_after, errors
    assert child.returncode in (-signal.SIGKILL, 0), errors

    with Journal.open(path) as journal:
        game = Game.from_record(journal)
        held = len(journal.steps)
        assert journal.steps == sample.entries[:held]
    assert reported <= held <= reported + 1  # at most the step in flight came through too
    assert standing(game) == standing(Game.replay(sample.settings, sample.steps[:held]))


# -- the journal against a model --------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
step_dicts = st.dictionaries(st.text(max_size=6).filter(lambda key: key != "undo"), json_values, max_size=4)


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
    max_examples=40, stateful_step_count=20, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestJournalAgainstModel = JournalAgainstModel.TestCase


# -- `elgrande-companion replay` ----------------------------------------------------------------
def test_replay_reads_a_torn_journal_without_changing_it(tmp_path, sample, cli):
    path = tmp_path / "game.jsonl"
    torn = sample.data[: last_line_start(sample.data) + 9]
    path.write_bytes(torn)

    status, out, err = cli("replay", str(path))
    assert status == 0, err
    assert "steps recorded: 149" in out
    game = Game.replay(sample.settings, sample.steps[:-1])
    assert game.prompt.headline in out

    status, out, err = cli("replay", str(path), "--json")
    assert status == 0, err
    shown = json.loads(out)
    assert shown["steps"] == 149 and shown["phase"] == game.phase and shown["king"] == game.state.king
    assert listing(tmp_path) == {"game.jsonl": torn}


@pytest.mark.parametrize("kind", ["garbage line in the middle", "wrong version", "binary junk", "empty"])
def test_replay_of_an_unreadable_journal_is_one_line_and_status_2(tmp_path, sample, cli, kind):
    data = corrupt(sample.data)[kind]
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)
    status, out, err = cli("replay", str(path))
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("elgrande-companion replay: cannot replay")
    assert listing(tmp_path) == {"game.jsonl": data}


def test_replay_of_a_missing_journal_is_one_line_and_status_2(tmp_path, cli):
    status, out, err = cli("replay", str(tmp_path / "nothing.jsonl"))
    assert status == 2 and out == "" and err.count("\n") == 1 and "no such journal" in err
