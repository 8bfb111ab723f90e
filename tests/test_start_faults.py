"""Never stuck at start (issue 24): the last fault classes a table can meet, each said in one
line, and where the state cannot be written the companion still starts, read-only."""

from __future__ import annotations

import os
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
