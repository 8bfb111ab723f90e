"""What scripts/install-pi.sh installs, and how: no GPIO library for another board, the Pi extra on every
machine name a Pi reports, the build's license, what the 2.7" driver files import.
"""

import sys
from pathlib import Path

import pytest

from tests.install.script import ROOT, needs_bash, run

pytestmark = needs_bash


def test_no_gpio_library_for_another_board_is_installed(sandbox):
    """The driver goes in --no-deps (no RPi.GPIO, no Jetson.GPIO); every other pip line prefers wheels."""
    env, calls = sandbox
    for option in (["--waveshare-from", "pypi"], ["--waveshare-from", "repo"], ["--driver", "waveshare"]):
        done = run("--dry-run", *option, env=env)
        assert done.returncode == 0, done.stderr
        installs = [line for line in done.stdout.splitlines() if "/bin/pip install" in line]
        assert len(installs) == 2
        assert "--prefer-binary" in installs[0] and "--no-deps" in installs[1]
        assert not any(name in line for line in installs for name in ("RPi.GPIO", "Jetson.GPIO", "rpi-lgpio"))
        apt = next(line for line in done.stdout.splitlines() if "apt-get install" in line).split()
        assert {"libjpeg-dev", "zlib1g-dev", "python3-dev", "build-essential"} <= set(apt)
    assert calls.read_text() == ""


@pytest.mark.parametrize("machine", ["aarch64", "armv7l", "armv6l", "armv8l"])
def test_the_pi_extra_installs_on_every_machine_name_a_pi_reports(machine):
    """64-bit Pi OS says aarch64; 32-bit says armv7l (armv6l on a Pi Zero / 1), or armv8l on a 64-bit kernel."""
    import tomllib

    requirements = pytest.importorskip("packaging.requirements")
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["pi"]
    wanted = {requirements.Requirement(line) for line in extra}
    assert {req.name for req in wanted} == {"lgpio", "spidev"}
    for req in wanted:
        assert req.marker is not None and req.marker.evaluate({"platform_machine": machine})
        assert not req.marker.evaluate({"platform_machine": "x86_64"})  # not on a PC


def test_the_build_names_its_license_as_setuptools_will_keep_reading_it():
    """The SPDX string (PEP 639), not the table form setuptools refuses from 2027-02-18, with a setuptools that
    reads it (77 or newer): every install and update on a Pi builds the project from the checkout."""
    import re
    import tomllib

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert pyproject["project"]["license"] == "MIT"
    floor = [re.fullmatch(r"setuptools>=(\d+)", req) for req in pyproject["build-system"]["requires"]]
    assert any(match and int(match.group(1)) >= 77 for match in floor), pyproject["build-system"]["requires"]


def _imports(path: Path) -> set[str]:
    import ast

    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8", errors="replace"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_what_the_2in7_driver_files_import_comes_with_the_companion():
    """Read upstream's driver files (kept byte for byte in tests/fixtures/vendor, the same as the PyPI
    package's): the 2.7inch drivers and the Raspberry Pi part of epdconfig import nothing beyond the
    standard library and the companion's own dependencies, so installing the package --no-deps loses
    nothing."""
    import tomllib

    lib = ROOT / "tests" / "fixtures" / "vendor" / "waveshare_epd"
    imported = _imports(lib / "epd2in7_V2.py") | _imports(lib / "epd2in7.py")
    # epdconfig's classes for other boards (JetsonNano, SunriseX3) are not what a Pi runs
    imported |= {name for name in _imports(lib / "epdconfig.py") if name not in ("Jetson", "Hobot")}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    ours = {dep.split(";")[0].split(">")[0].split("=")[0].split("<")[0].strip().lower()
            for dep in project["dependencies"] + project["optional-dependencies"]["pi"]}
    module_of = {"pillow": "PIL"}
    ours = {module_of.get(name, name) for name in ours}
    third_party = {name for name in imported if name not in sys.stdlib_module_names}
    assert "RPi" not in third_party
    assert third_party <= ours, third_party - ours
    assert {"spidev", "gpiozero"} <= third_party
