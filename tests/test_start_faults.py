"""Never stuck at start (issue 24): the last fault classes a table can meet, each said in one
line, and where the state cannot be written the companion still starts, read-only."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "journals"
SAMPLE = FIXTURES / "0.1-2023-4p-sample-by-keys.jsonl"


def one_line_error(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


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
        assert config_status == 2 and "264x176" in config_out.err and config_out.err == run_err.replace(" run:", " config:")


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
