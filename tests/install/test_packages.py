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
    lgpio = next(req for req in wanted if req.name == "lgpio")
    assert not lgpio.specifier.contains("0.0.0.2") and lgpio.specifier.contains("0.2.2.0")  # never the placeholder
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


def test_the_systems_python3_lgpio_is_taken_where_apt_has_it(empty_root, tmp_path):
    """Raspberry Pi OS has python3-lgpio: apt installs it and the venv sees the system's packages (PyPI's lgpio
    has no wheel for 3.13); where apt has neither it nor liblgpio-dev, the venv is a plain one and the run warns."""
    env, dest, calls = empty_root
    plain = run("--dry-run", env=env)
    assert plain.returncode == 0, plain.stderr
    apt = next(line for line in plain.stdout.splitlines() if "apt-get install" in line).split()
    assert "python3-lgpio" not in apt and "liblgpio-dev" not in apt
    assert f"+ python3 -m venv {dest}/opt/elgrande-companion/venv\n" in plain.stdout
    assert "no python3-lgpio or liblgpio-dev here" in plain.stdout
    pip = next(line for line in plain.stdout.splitlines() if "[pi]" in line)
    assert pip.startswith("+ env PYPI=1 ")  # lgpio's source builds its own C library in where no wheel fits
    (tmp_path / "apt-packages").write_text("python3-lgpio\nliblgpio-dev\n")
    pi_os = run("--dry-run", env=env)
    assert pi_os.returncode == 0, pi_os.stderr
    apt = next(line for line in pi_os.stdout.splitlines() if "apt-get install" in line).split()
    assert {"python3-lgpio", "liblgpio-dev"} <= set(apt)
    assert f"+ python3 -m venv --system-site-packages {dest}/opt/elgrande-companion/venv\n" in pi_os.stdout
    assert "no python3-lgpio" not in pi_os.stdout
    assert "PYPI=1" not in pi_os.stdout
    # the proof of the pins comes after the install, as the last step of the program
    out = pi_os.stdout
    assert out.index("[pi]") < out.index("from hardware.pin_factory import main") < out.index("config --example")
    assert calls.read_text() == ""


def test_an_older_venv_is_made_to_see_the_systems_lgpio(empty_root, tmp_path):
    from tests.install.script import installed_root

    env, dest, calls = empty_root
    installed_root(dest)
    cfg = dest / "opt/elgrande-companion/venv/pyvenv.cfg"
    cfg.write_text("home = /usr/bin\ninclude-system-site-packages = false\n")
    (tmp_path / "apt-packages").write_text("python3-lgpio\n")
    done = run("--dry-run", env=env)
    assert done.returncode == 0, done.stderr
    assert f"+ python3 -m venv --upgrade --system-site-packages {dest}/opt/elgrande-companion/venv" in done.stdout
    cfg.write_text("home = /usr/bin\ninclude-system-site-packages = true\n")
    again = run("--dry-run", env=env)
    assert "python3 -m venv" not in again.stdout  # already sees them: left as it is
    assert calls.read_text() == ""
