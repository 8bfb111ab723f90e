"""scripts/check-readme.sh: only what can be checked without running it (it builds a Debian root as root, which
no test may do); its run is quoted in docs/hardware-notes.md ("The README's two commands on Python 3.13")."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "check-readme.sh"
BASH = shutil.which("bash")

pytestmark = pytest.mark.skipif(BASH is None, reason="no bash")


def run(*args):
    return subprocess.run([BASH, str(SCRIPT), *args], capture_output=True, text=True, timeout=60, cwd="/",
                          env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"})


def test_the_script_parses_is_strict_and_undoes_its_mounts():
    assert subprocess.run([BASH, "-n", str(SCRIPT)]).returncode == 0
    assert os.access(SCRIPT, os.X_OK)
    text = SCRIPT.read_text()
    assert text.startswith("#!/usr/bin/env bash\n") and "\nset -euo pipefail\n" in text
    assert "trap unmount_all EXIT" in text


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_shellcheck_finds_nothing():
    done = subprocess.run(["shellcheck", "--shell=bash", str(SCRIPT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_an_unknown_suite_is_one_line_and_two_are_too_many():
    done = run("bullseye")
    assert done.returncode == 2 and done.stderr == 'check-readme: SUITE must be trixie or bookworm, not "bullseye"\n'
    done = run("trixie", "bookworm")
    assert done.returncode == 2 and done.stderr.startswith("usage: sudo scripts/check-readme.sh [SUITE]")


def test_it_runs_the_commands_a_new_user_types_in_a_root_without_a_compiler():
    text = SCRIPT.read_text()
    assert """INSTALL='python3 -m venv .venv && . .venv/bin/activate && pip install ".[test]"'""" in text
    assert "python -m pytest" in text
    assert "--include=python3,python3-venv,passwd,ca-certificates" in text  # no build-essential
    assert "this check is for a machine without one" in text


def test_it_is_not_part_of_the_ci_run():
    ci = ROOT / ".ci" / "run"
    if ci.exists():
        assert "check-readme" not in ci.read_text()
