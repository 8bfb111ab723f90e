"""What the tests of the journal on disk share (test_journal.py, test_interrupted_journals.py,
test_journal_write_failures.py, test_unreadable_journal_files.py): a header and steps to write,
what must survive a restart, the files in a folder, and an os module whose writes fail. The
whole sample game as a journal is conftest.py's `sample` fixture."""

import errno
import os
from pathlib import Path

from companion.play.game import Game

HEADER = {"settings": {"seed": 1}}
A = {"step": "A", "n": 1}
B = {"step": "B", "n": 2}
C = {"step": "C", "text": "Überraschung ✓"}
D = {"step": "D", "nested": {"list": [1, None, True], "undo": 0}}


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
