"""Never stuck at start (issue 24): the last fault classes a table can meet, each said in one
line, and where the state cannot be written the companion still starts, read-only."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from tests.start_helpers import SAMPLE, one_line_error


def keys(tmp_path: Path, text: str = "") -> Path:
    path = tmp_path / "keys.txt"
    path.write_text(text)
    return path


# -- 4: `config` approves only what `run` starts ------------------------------------------------
@pytest.mark.parametrize("size", ["height = 4096", "width = 300\nheight = 200", "width = 176\nheight = 264"])
def test_config_and_run_judge_the_panel_size_alike(tmp_path, capsys, size):
    settings = tmp_path / "config.toml"
    settings.write_text(f"[display]\n{size}\n")
    config_status = main(["config", "--config", str(settings)])
    config_out = capsys.readouterr()
    run_status = main(["run", "--sim", "--keys", str(keys(tmp_path)), "--config", str(settings),
                       "--state-dir", str(tmp_path / "state")])
    run_err = capsys.readouterr().err
    assert config_status == run_status
    if size.startswith("width = 176"):  # the panel's own size, turned: fine for both
        assert config_status == 0
    else:
        assert config_status == 2 and "264x176" in config_out.err
        assert config_out.err == run_err.replace(" run:", " config:")


def test_any_size_without_a_panel(tmp_path, capsys):
    settings = tmp_path / "config.toml"
    settings.write_text('[display]\nmodel = "none"\nwidth = 400\nheight = 300\n')
    assert main(["config", "--config", str(settings)]) == 0


# -- 5: every file the CLI reads is opened one safe way ----------------------------------------
def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """The CLI in a process of its own: a read that blocks or eats memory fails the test
    (the timeout is a guard against hanging the suite, not a measure of anything)."""
    try:
        return subprocess.run([sys.executable, "-m", "companion", *args], cwd=cwd, capture_output=True,
                              text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{args} blocked")


@pytest.mark.parametrize("special", ["fifo", "/dev/zero", "/dev/urandom", "."])
@pytest.mark.parametrize("option", ["--config", "--keys"])
def test_no_special_file_is_read_as_settings_or_a_key_script(tmp_path, option, special):
    os.mkfifo(tmp_path / "fifo")
    other = ["--keys", str(keys(tmp_path))] if option == "--config" else []
    done = cli("run", "--sim", option, special, *other, "--state-dir", str(tmp_path / "s"), cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "not a file: move it away" in done.stderr
    if option == "--config":
        done = cli("config", "--config", special, cwd=tmp_path)
        assert done.returncode == 2 and "not a file: move it away" in done.stderr


def test_settings_and_key_scripts_have_a_size_cap(tmp_path, capsys):
    big = tmp_path / "big"
    big.write_bytes(b"# " + b"x" * (1 << 20) + b"\n")
    assert main(["config", "--config", str(big)]) == 2
    assert "is over 1 MB" in one_line_error(capsys)
    assert main(["run", "--keys", str(big), "--state-dir", str(tmp_path / "s")]) == 2
    assert "is over 1 MB" in one_line_error(capsys)


# -- 8: a key script's unknown word is quoted short --------------------------------------------
def test_a_huge_unknown_word_in_a_key_script_is_not_echoed_whole(tmp_path, capsys):
    script = keys(tmp_path, "1 2\n" + "x" * 1_000_000 + "\n")
    assert main(["run", "--keys", str(script), "--state-dir", str(tmp_path / "s")]) == 2
    err = one_line_error(capsys)
    assert len(err) < 300 and "line 2" in err and "'xxxx" in err and "1000000 characters" in err


# -- 1-3: a full disk or a read-only folder: the companion starts, shows the game, records nothing
REAL_WRITE = os.write


class FullDisk:
    """os.write as on a full SD card: ENOSPC once ``room`` bytes are used (stdin/out/err spared)."""

    def __init__(self, room: int = 0):
        self.room = room

    def __call__(self, fd: int, data) -> int:
        if fd > 2:
            if len(data) > self.room:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            self.room -= len(data)
        return REAL_WRITE(fd, data)


def lines(path: Path, count: int) -> bytes:
    return b"".join(SAMPLE.read_bytes().splitlines(keepends=True)[:count])


def play(state: Path, script: str = "", *extra: str) -> int:
    return main(["run", "--keys", str(keys(state.parent, script)), "--state-dir", str(state), *extra])


def test_a_full_disk_at_the_first_start_is_said_on_the_screen_not_an_internal_error(tmp_path, monkeypatch,
                                                                                    capsys, caplog):
    state = tmp_path / "state"
    monkeypatch.setattr(os, "write", FullDisk())  # no lock file yet: its pid cannot be written
    assert play(state) == 0
    out = capsys.readouterr().out
    assert "Shown only" in out and "the SD card is full" in out and "SD card is full" in caplog.text
    assert "nothing was recorded" in out


def test_a_full_disk_refuses_new_steps_in_one_line_and_keeps_every_step(tmp_path, monkeypatch, caplog):
    from companion.app import make_controller
    from companion.record.files import FileFault
    from companion.record.saves import Games

    state = tmp_path / "state"
    state.mkdir()
    (state / "game.jsonl").write_bytes(before := lines(SAMPLE, 40))
    monkeypatch.setattr(os, "write", FullDisk())
    games = Games(state)
    with games.lock():
        games.writable()
        ui = make_controller(games)
        assert ui.game is not None and len(ui.game.steps) == 39  # the game so far, shown
        with pytest.raises(FileFault, match="the SD card is full"):
            ui.game.undo()
        ui.press(4)  # OK on the notice, then any key that records a step says why it cannot
        with pytest.raises(FileFault, match="the SD card is full"):
            games.fresh()  # a new game: the current one is never put aside
    assert (state / "game.jsonl").read_bytes() == before
    assert sorted(p.name for p in state.iterdir()) == ["game.jsonl", "lock"]


@pytest.mark.parametrize("room", [0, 10_400])  # 10,400 bytes: the whole file's copy fits, its cut does not
def test_a_full_disk_with_a_damaged_line_changes_nothing_and_leaves_no_copy(tmp_path, monkeypatch, capsys,
                                                                            caplog, room):
    state = tmp_path / "state"
    state.mkdir()
    data = SAMPLE.read_bytes().replace(b'"colour":"blue","value":3', b'"colour":"blua","value":3', 1)
    (state / "game.jsonl").write_bytes(data)
    (state / "lock").write_text("1\n")
    for _ in range(2):  # and the next start does the same
        monkeypatch.setattr(os, "write", FullDisk(room))
        assert play(state) == 0
        out = capsys.readouterr().out
        assert "Shown only" in out and "line 4" in out and "SD card is full" in out
        assert (state / "game.jsonl").read_bytes() == data
        assert sorted(p.name for p in state.iterdir()) == ["game.jsonl", "lock"]
    monkeypatch.setattr(os, "write", FullDisk(1 << 20))  # space freed: the one repair is made
    assert play(state) == 0
    assert len(list(state.glob("game.jsonl.unreadable-*"))) == 1


class FakePi:
    """run --hardware's session, in memory: the frames it was given."""

    def __init__(self):
        self.frames: list = []
        self.size = (264, 176)
        self.stopped_by = None

    def show(self, image, kind) -> None:
        self.frames.append(kind)

    def presses(self, idle=None):
        return iter(())

    def key_waiting(self) -> bool:  # (hardware/pi.py PiSession: the rest check asks it between slices)
        return False

    def close(self) -> None:
        pass


def test_a_read_only_state_folder_with_hardware_still_shows_the_game_on_the_panel(tmp_path, monkeypatch,
                                                                                   capsys, caplog):
    state = tmp_path / "state"
    state.mkdir()
    (state / "game.jsonl").write_bytes(SAMPLE.read_bytes())
    panel = FakePi()
    monkeypatch.setattr("companion.commands.run._open_pi", lambda config, required: panel)
    monkeypatch.setattr("companion.record.saves.os.access", lambda path, mode: False)  # (tests run as root)
    assert main(["run", "--hardware", "--state-dir", str(state)]) == 0
    assert panel.frames  # the panel shows what is wrong, not the last game's stale picture
    assert "is read-only" in caplog.text and "nothing was recorded" in capsys.readouterr().out
    assert (state / "game.jsonl").read_bytes() == SAMPLE.read_bytes()


# -- 6: a FIFO named lock ---------------------------------------------------------------------
def test_a_fifo_named_lock_is_refused_in_one_line(tmp_path, capsys):
    state = tmp_path / "state"
    state.mkdir()
    os.mkfifo(state / "lock")
    assert play(state) == 2
    err = one_line_error(capsys)
    assert "lock is a FIFO, not a file: move it away" in err


# -- 7: two damaged lines: the first is named, one copy is kept --------------------------------
def damaged_twice(path: Path) -> bytes:
    """Line 4 refused by the rules (an unknown colour), line 10 not JSON at all."""
    rows = SAMPLE.read_bytes().splitlines(keepends=True)
    rows[3] = rows[3].replace(b'"blue"', b'"blua"')
    rows[9] = b'{"step": broken\n'
    path.write_bytes(data := b"".join(rows))
    return data


def test_replay_names_the_first_damaged_line_whatever_its_fault(tmp_path, capsys):
    damaged_twice(tmp_path / "game.jsonl")
    assert main(["replay", str(tmp_path / "game.jsonl")]) == 2
    err = one_line_error(capsys)
    assert "line 4: unknown colour 'blua'" in err and "line 10" not in err


def test_run_keeps_one_copy_of_a_file_damaged_twice(tmp_path, caplog):
    state = tmp_path / "state"
    state.mkdir()
    data = damaged_twice(state / "game.jsonl")
    assert play(state) == 0
    copies = list(state.glob("game.jsonl.unreadable-*"))
    assert len(copies) == 1 and copies[0].read_bytes() == data  # the whole file, once
    assert (state / "game.jsonl").read_bytes() == lines(SAMPLE, 3)
    assert "line 4" in caplog.text and copies[0].name in caplog.text


def test_a_damaged_header_and_line_name_the_copy_of_the_whole_file(tmp_path, caplog):
    state = tmp_path / "state"
    state.mkdir()
    rows = SAMPLE.read_bytes().splitlines(keepends=True)
    rows[0] = rows[0].replace(b'"edition":"2023"', b'"edition":"1066"')
    rows[9] = b'{"step": broken\n'
    (state / "game.jsonl").write_bytes(data := b"".join(rows))
    assert play(state) == 0
    copies = list(state.glob("game.jsonl.unreadable-*"))
    assert len(copies) == 1 and copies[0].read_bytes() == data
    assert copies[0].name in caplog.text
