"""One writer per state folder, file-system faults in one line, and every CLI path ends in
one line with exit 2 for bad input (issue 9, cases 3, 4, 6 and 7)."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.cli import main
from companion.record import files
from companion.record.journal import read_only
from companion.record.saves import Games, LockHeld
from tests.start_helpers import SAMPLE, one_line_error


def run(state: Path, *extra: str) -> int:
    keys = state.parent / "keys.txt"
    keys.write_text("4\n")
    return main(["run", "--keys", str(keys), "--state-dir", str(state), *extra])


# -- one writer per state folder ------------------------------------------------------------
def test_a_second_lock_on_the_same_folder_names_the_holder(tmp_path):
    with Games(tmp_path).lock():
        with pytest.raises(LockHeld, match=f"pid {os.getpid()}"):
            with Games(tmp_path).lock():
                pass
    with Games(tmp_path).lock():  # released on leaving
        pass


HOLDER = textwrap.dedent("""
    import sys
    from companion.record.saves import Games
    with Games(sys.argv[1]).lock():
        print("held", flush=True)
        sys.stdin.read()
""")


@pytest.fixture
def held(tmp_path):
    """Another companion process holding the state folder."""
    state = tmp_path / "state"
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(state)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "held"
    yield state, child.pid
    child.stdin.close()
    child.wait()


def test_a_second_companion_on_the_same_folder_exits_2_naming_the_first(held, capsys):
    state, pid = held
    (state / "game.jsonl").write_bytes(SAMPLE.read_bytes()[:-10])  # a torn tail it must not cut
    before = (state / "game.jsonl").read_bytes()
    assert run(state) == 2
    err = one_line_error(capsys)
    assert f"pid {pid}" in err and "another companion" in err
    assert (state / "game.jsonl").read_bytes() == before  # neither repaired nor moved aside
    assert sorted(p.name for p in state.iterdir()) == ["game.jsonl", "lock"]


def test_read_only_commands_need_no_lock(held, capsys):
    state, _ = held
    (state / "game.jsonl").write_bytes(SAMPLE.read_bytes())
    assert main(["replay", str(state / "game.jsonl")]) == 0
    assert "71" in capsys.readouterr().out


# -- file-system faults in one line ----------------------------------------------------------
def test_a_journal_that_is_a_folder(tmp_path, capsys):
    (tmp_path / "game.jsonl").mkdir()
    assert run(tmp_path) == 2
    assert "is a folder" in one_line_error(capsys)
    assert main(["replay", str(tmp_path / "game.jsonl")]) == 2
    assert "is a folder" in one_line_error(capsys)


def test_a_journal_that_is_a_fifo_never_blocks(tmp_path, capsys):
    os.mkfifo(tmp_path / "game.jsonl")
    assert run(tmp_path) == 2
    assert "FIFO" in one_line_error(capsys)
    assert main(["replay", str(tmp_path / "game.jsonl")]) == 2
    assert "FIFO" in one_line_error(capsys)


def test_a_device_is_not_a_journal(capsys):
    assert main(["replay", "/dev/null"]) == 2
    assert "device" in one_line_error(capsys)


def test_replay_of_an_unreadable_special_file(capsys):
    assert main(["replay", "/proc/self/mem"]) == 2
    one_line_error(capsys)


@pytest.fixture
def read_only_journal(tmp_path, monkeypatch):
    """game.jsonl that may be read but not written (faked: the tests run as root)."""
    path = tmp_path / "game.jsonl"
    path.write_bytes(SAMPLE.read_bytes())
    real_open = os.open

    def fake_open(name, flags, *args):
        if Path(name) == path and flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(13, "Permission denied", str(name))
        return real_open(name, flags, *args)

    monkeypatch.setattr(files.os, "open", fake_open)
    return path


def test_a_read_only_journal_is_shown_by_run_and_replays_and_exports(read_only_journal, capsys, caplog, tmp_path):
    data = read_only_journal.read_bytes()
    assert run(read_only_journal.parent) == 0  # (issue 24: shown, not refused: the panel says why)
    assert "permission denied" in caplog.text and "nothing was recorded" in capsys.readouterr().out
    assert main(["replay", str(read_only_journal)]) == 0
    assert "Red" in capsys.readouterr().out
    assert main(["export", str(read_only_journal), "--to", str(tmp_path / "out")]) == 0
    assert read_only_journal.read_bytes() == data


def test_a_read_only_state_folder_is_said_before_anything_is_moved(tmp_path, monkeypatch, capsys, caplog):
    (tmp_path / "game.jsonl").write_bytes(b"damaged\n")
    monkeypatch.setattr("companion.record.saves.os.access", lambda path, mode: False)
    assert run(tmp_path) == 0  # (issue 24: it starts, and says so on the screen and in the log)
    assert "read-only" in caplog.text and "read-only" in capsys.readouterr().out
    assert (tmp_path / "game.jsonl").read_bytes() == b"damaged\n"


def test_a_damaged_journal_that_cannot_be_set_aside(tmp_path, monkeypatch, capsys):
    (tmp_path / "game.jsonl").write_bytes(b"damaged\n")

    def no_link(*args, **kw):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("companion.record.journal.os.link", no_link)
    assert run(tmp_path) == 0  # the companion starts, and says so on the screen
    assert (tmp_path / "game.jsonl").read_bytes() == b"damaged\n"


def test_a_file_of_gigabytes_is_not_read_whole(tmp_path, monkeypatch, capsys):
    path = tmp_path / "big.jsonl"
    path.write_bytes(SAMPLE.read_bytes())
    monkeypatch.setattr(files, "MAX_FILE", 1000)
    assert main(["replay", str(path)]) == 2
    assert "over" in one_line_error(capsys)


# -- every CLI path: one line, exit 2 ----------------------------------------------------------
def test_a_scoreboard_of_5000_digits(capsys):
    assert main(["score", "--values", "9" * 5000 + "/3/1", "--count", "a=1", "--count", "b=2"]) == 2
    err = one_line_error(capsys)
    assert len(err) < 200


def test_a_count_of_5000_digits(capsys):
    assert main(["score", "--region", "Granada", "--count", "a=" + "9" * 5000, "--count", "b=2"]) == 2
    assert len(one_line_error(capsys)) < 200


def test_a_key_script_that_is_not_utf8(tmp_path, capsys):
    keys = tmp_path / "keys.txt"
    keys.write_bytes(b"4\n\xff\xfe\n")
    assert main(["run", "--keys", str(keys), "--state-dir", str(tmp_path / "s")]) == 2
    assert "UTF-8" in one_line_error(capsys)


@pytest.mark.parametrize("content, words", [
    ("[display]\nwidth = " + "[" * 10000 + "]" * 10000 + "\n", "nested too deep"),
    ('[game]\nstate_dir = "/tmp/a\\u0000b"\n', "printable"),
    ("[display]\nwidth = 1\nheight = 1\n", "between 160"),
])
def test_settings_files_that_once_gave_tracebacks(tmp_path, capsys, content, words):
    config = tmp_path / "config.toml"
    config.write_text(content)
    assert main(["config", "--config", str(config)]) == 2
    assert words in one_line_error(capsys)
    assert run(tmp_path / "state", "--config", str(config)) == 2
    assert words in one_line_error(capsys)


def test_a_path_with_a_newline_is_one_line(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "two\nlines.jsonl")]) == 2
    assert "two\\nlines" in one_line_error(capsys)


def test_a_broken_pipe_ends_quietly():
    script = (f"import sys; from companion.cli import main; "
              f"sys.exit(main(['replay', {str(SAMPLE)!r}]))")
    reader = subprocess.run(f"{sys.executable} -c \"{script}\" | head -c 1", shell=True,
                            capture_output=True, text=True)
    assert reader.stderr == ""


@pytest.mark.parametrize("size, scale", [("4000x4000", "8"), ("2048x2048", "4"), ("99999x99999", "1")])
def test_screens_refuses_sizes_that_would_exhaust_a_pi(tmp_path, capsys, size, scale):
    assert main(["screens", str(tmp_path), "--size", size, "--scale", scale]) == 2
    one_line_error(capsys)
    assert list(tmp_path.iterdir()) == []


def test_an_internal_error_is_one_line_too(monkeypatch, capsys):
    def boom(*args, **kw):
        raise KeyError("blua")

    monkeypatch.setattr("companion.play.game.Game.from_record", boom)
    assert main(["replay", str(SAMPLE)]) == 1
    assert "internal error" in one_line_error(capsys)


def test_read_only_reads_a_read_only_journal(read_only_journal):
    assert len(read_only(read_only_journal).steps) == 150
