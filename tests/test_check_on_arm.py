"""scripts/check-on-arm.sh: only what can be checked without running it (it builds a Debian root as root,
which no test may do); the run itself is docs/hardware-notes.md's "Checking on arm without a Pi"."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "check-on-arm.sh"
BASH = shutil.which("bash")

pytestmark = pytest.mark.skipif(BASH is None, reason="no bash")


def run(*args):
    return subprocess.run([BASH, str(SCRIPT), *args], capture_output=True, text=True, timeout=60, cwd="/",
                          env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"})


def test_the_script_parses_and_is_strict():
    assert subprocess.run([BASH, "-n", str(SCRIPT)]).returncode == 0
    assert os.access(SCRIPT, os.X_OK)
    text = SCRIPT.read_text()
    assert text.startswith("#!/usr/bin/env bash\n") and "\nset -euo pipefail\n" in text
    assert "trap unmount_all EXIT" in text  # the mounts are undone however it ends


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_shellcheck_finds_nothing():
    done = subprocess.run(["shellcheck", "--shell=bash", str(SCRIPT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("args", [[], ["arm64", "trixie", "bookworm"]])
def test_it_wants_one_architecture_and_at_most_one_suite(args):
    done = run(*args)
    assert done.returncode == 2 and done.stderr.startswith("usage: sudo scripts/check-on-arm.sh ARCH [SUITE]")


def test_an_unknown_suite_is_one_line():
    """trixie (today's Raspberry Pi OS) and bookworm (the one before) only; checked before anything needs root."""
    done = run("arm64", "bullseye")
    assert done.returncode == 2
    assert done.stderr == 'check-on-arm: SUITE must be trixie or bookworm, not "bullseye"\n'


def test_trixie_is_the_default_and_each_suite_has_its_own_root():
    text = SCRIPT.read_text()
    assert "SUITE=${2:-trixie}" in text
    assert "/elgrande-check-on-arm}/$SUITE-$ARCH" in text  # a bookworm root is never reused for trixie
    assert '--include=systemd,passwd,ca-certificates "$SUITE"' in text


def test_an_unknown_architecture_is_one_line():
    done = run("i386")
    assert done.returncode == 2
    assert done.stderr == 'check-on-arm: ARCH must be arm64 or armhf, not "i386"\n'


def test_help():
    done = run("--help")
    assert done.returncode == 0 and "arm64 (64-bit Raspberry Pi OS) or armhf (32-bit)" in done.stdout
    assert "trixie (Debian 13, Python 3.13: today's Raspberry Pi OS; the default) or bookworm" in done.stdout


def test_it_is_not_part_of_the_ci_run():
    ci = ROOT / ".ci" / "run"
    if ci.exists():
        assert "check-on-arm" not in ci.read_text()
