"""The journal when a write fails part-way (full disk, I/O error): no fragment is left behind,
the game and the file stay in step, and a fragment that cannot be cut stops the writing.
"""

import errno

import pytest

from companion.play.game import Game
from companion.record import journal as journal_module
from companion.record.journal import Journal, JournalError, read_only
from tests.play.journal_on_disk import HEADER, A, B, C, FlakyOS, partial_write_then_full, standing


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
