"""The systemd unit the repository ships: what systemd-analyze says of it, and that the script installs it."""

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.install.script import SCRIPT, UNIT, needs_bash

pytestmark = needs_bash


def unit_complaints(unit: Path) -> tuple[int, list[str]]:
    """systemd-analyze verify's status and its lines about this unit."""
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60)
    lines = (done.stdout + done.stderr).splitlines()
    return done.returncode, [line for line in lines if unit.name in line or "elgrande" in line]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_analyze_verify_finds_nothing_wrong_with_the_unit(tmp_path):
    """ExecStart= is pointed at a program that exists here; everything else is the unit as shipped."""
    true = shutil.which("true")
    text = UNIT.read_text()
    assert "\nExecStart=/opt/elgrande-companion/venv/bin/elgrande-companion run --hardware\n" in text
    copy = tmp_path / UNIT.name
    copy.write_text(text.replace("ExecStart=/opt/elgrande-companion/venv/bin/elgrande-companion",
                                 f"ExecStart={true}"))
    code, complaints = unit_complaints(copy)
    assert complaints == [] and code == 0


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_analyze_verify_of_the_unit_as_shipped_only_misses_the_venv(tmp_path):
    copy = tmp_path / UNIT.name
    shutil.copy(UNIT, copy)
    _, complaints = unit_complaints(copy)
    if Path("/opt/elgrande-companion/venv/bin/elgrande-companion").exists():
        assert complaints == []
    else:
        assert all("/opt/elgrande-companion/venv/bin/elgrande-companion" in line and "not executable" in line
                   for line in complaints), complaints


def test_the_script_installs_the_unit_the_repository_ships():
    text = SCRIPT.read_text()
    assert "SOURCE_UNIT=$CHECKOUT/systemd/$UNIT" in text
    assert "VENV=$PREFIX/venv" in text and "PREFIX=$DESTDIR/opt/$APP" in text
    unit = UNIT.read_text()
    assert "ExecStart=/opt/elgrande-companion/venv/bin/elgrande-companion run --hardware" in unit
    assert "Environment=ELGRANDE_CONFIG=/etc/elgrande-companion/config.toml" in unit
    assert "User=elgrande" in unit and "SupplementaryGroups=gpio spi" in unit


def _security_offline_works() -> bool:
    if shutil.which("systemd-analyze") is None:
        return False
    done = subprocess.run(["systemd-analyze", "security", "--help"], capture_output=True, text=True, timeout=60)
    return "--offline" in done.stdout + done.stderr


@pytest.mark.skipif(not _security_offline_works(), reason="no systemd-analyze security --offline here")
def test_systemd_analyze_security_exposure_is_at_most_2(tmp_path):
    """`systemd-analyze security --offline=true`: the unit's overall exposure stays <= 2.0 (of 10)."""
    true = shutil.which("true")
    copy = tmp_path / UNIT.name
    copy.write_text(UNIT.read_text().replace("ExecStart=/opt/elgrande-companion/venv/bin/elgrande-companion",
                                             f"ExecStart={true}"))
    done = subprocess.run(["systemd-analyze", "security", "--offline=true", "--no-pager", "--threshold=20",
                           str(copy)], capture_output=True, text=True, timeout=120)
    text = done.stdout + done.stderr
    level = [line for line in text.splitlines() if "Overall exposure level" in line]
    assert len(level) == 1, text
    exposure = float(level[0].split(":")[1].split()[0])
    assert exposure <= 2.0, level[0]
    assert done.returncode == 0, text  # --threshold=20: systemd's own check of the same limit
