"""The journal when the power goes: a last line torn at any byte is cut back to the step before
it, and a process killed (SIGKILL) while a game is played never loses a step reported done.

Every test asserts an outcome (the steps that stand, the bytes on disk); none waits for a fixed time.
"""

import os
import signal
import subprocess
import sys
import threading

import pytest

from companion.play.game import Game
from companion.record.journal import Journal, read_only
from tests.play.journal_on_disk import HEADER, A, B, C, last_line_start, listing, moved_aside, standing


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


# -- SIGKILL while a game is being played ------------------------------------------------------
CHILD = r"""
import sys
from companion.play.game import Game
from companion.record.journal import read_only
from companion.engine.settings import Settings
from companion.engine.steps import Step

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
    # resumed as the companion does, from the snapshot beside the log when it fits (a kill may land
    # inside its write too): the same game
    resumed = Game.resume(path)
    resumed.close()
    assert resumed.state == game.state and resumed.steps == game.steps


# -- SIGKILL while a new game's log is created (issue 33: a 0-byte log, "could not be read") ----------
NEW_GAME = r"""
import os, sys, time
from companion.play.game import Game
from companion.engine.settings import Settings
from companion.record import journal
from companion.record.journal import read_only

def stop(*_):
    print("now", flush=True)
    time.sleep(600)  # killed here by the test

moment = sys.argv[3]
if moment == "opened":  # the file made, not a byte written
    journal._write = stop
elif moment == "half":  # half the header written
    def half(fd, entry):
        data = journal._encode(entry)
        os.write(fd, data[: len(data) // 2])
        stop()
    journal._write = half
elif moment == "written":  # the header written and fsynced, the file not yet named
    journal._name_it = stop
elif moment == "named":  # named, the temporary name not yet removed
    def named(new, path):
        os.link(new, path, follow_symlinks=False)
        stop()
    journal._name_it = named
Game.new(Settings.from_json(read_only(sys.argv[1]).settings), sys.argv[2])
print("done", flush=True)
"""


def kill_at(moment: str, sample, folder) -> None:
    child = subprocess.Popen([sys.executable, "-c", NEW_GAME, str(sample.path), str(folder / "game.jsonl"), moment],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    guard = threading.Timer(120, child.kill)  # only if the child hangs; never reached otherwise
    guard.start()
    try:
        said = child.stdout.readline().strip()
        child.send_signal(signal.SIGKILL)
        errors = child.stderr.read()
        child.wait()
    finally:
        guard.cancel()
    assert said == "now", errors


@pytest.mark.skipif(os.name != "posix" or not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
@pytest.mark.parametrize("moment", ["opened", "half", "written", "named"])
def test_a_kill_while_a_new_game_log_is_created_leaves_no_log_or_a_whole_one(tmp_path, sample, moment):
    from companion.play.kept import kept_game
    from companion.record.saves import Games

    kill_at(moment, sample, tmp_path)
    log = tmp_path / "game.jsonl"
    if moment == "named":  # the whole header reached its name: a game at its start
        assert log.read_bytes() == log.read_bytes().split(b"\n")[0] + b"\n"
    else:
        assert not log.exists()  # before: a 0-byte (or half a header) game.jsonl
    game, notice = kept_game(Games(tmp_path))
    assert notice == ""  # before: "The game log could not be read"
    assert (game is not None) == (moment == "named")
    if game is not None:
        assert game.steps == () and game.phase == "setup"
        game.close()
    assert not moved_aside(tmp_path)
    if game is None:  # the next new game starts where the killed one did not
        Game.new(sample.settings, log).close()
        assert read_only(log).settings == sample.settings.to_json()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".game")] in ([], [".game.jsonl.new"])


def test_an_empty_log_an_earlier_version_left_is_no_game_and_not_kept(tmp_path, sample):
    from companion.play.kept import kept_game
    from companion.record.saves import Games

    (tmp_path / "game.jsonl").write_bytes(b"")
    game, notice = kept_game(Games(tmp_path))
    assert (game, notice) == (None, "")  # before: "... has no complete first line; kept as ..."
    assert not moved_aside(tmp_path) and not (tmp_path / "game.jsonl").exists()
    Game.new(sample.settings, tmp_path / "game.jsonl").close()
    assert len(read_only(tmp_path / "game.jsonl").steps) == 0


def test_a_new_log_never_truncates_a_log_linked_at_its_temporary_name(tmp_path, sample):
    """A kill between the link and the removal of the temporary name leaves the two names on one file;
    the next new game must not empty that file (by then perhaps an archived game) by writing there."""
    archived = tmp_path / "earlier.jsonl"
    archived.write_bytes(sample.data)
    os.link(archived, tmp_path / ".game.jsonl.new")
    Game.new(sample.settings, tmp_path / "game.jsonl").close()
    assert archived.read_bytes() == sample.data
    assert not (tmp_path / ".game.jsonl.new").exists()
