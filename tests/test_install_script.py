"""scripts/install-pi.sh and the systemd unit, checked without a Pi and without changing this machine.

Every command that could change the system is shadowed by a stub on PATH that
records its call; the dry runs must call none of them. The dry runs and --check
read a DESTDIR the test makes (an empty root, or one holding an install), never
this machine's own install, so they pass on a Pi where the companion is
installed too. The one real run installs into a DESTDIR with those stubs and a
fake venv.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion import __version__

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "install-pi.sh"
UNIT = ROOT / "systemd" / "elgrande-companion.service"
BASH = shutil.which("bash")

#: Commands that change the system: none may run in a dry run.
MUTATING = ("apt-get", "useradd", "usermod", "groupadd", "userdel", "systemctl", "raspi-config", "install",
            "rm", "mkdir", "cp", "mv", "tee", "chown", "chmod", "ln", "tar", "pip", "pip3", "python3", "mktemp",
            "sudo")

pytestmark = pytest.mark.skipif(BASH is None, reason="no bash")


@pytest.fixture
def sandbox(tmp_path):
    """A PATH whose system-changing commands only record their calls; returns (env, calls file)."""
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    calls = tmp_path / "calls"
    calls.touch()
    for name in MUTATING:
        stub = stubs / name
        stub.write_text(f'#!/bin/sh\necho "{name} $*" >> "{calls}"\nexit 0\n')
        stub.chmod(0o755)
    env = {"PATH": f"{stubs}:{os.environ.get('PATH', '/usr/bin:/bin')}", "HOME": str(tmp_path),
           "LANG": "C.UTF-8"}
    return env, calls


def run(*args, env, user=None, cwd="/"):
    argv = [BASH, str(SCRIPT), *args]
    if user is not None:
        argv = [user[0], *user[1:], *argv]
    return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120, cwd=cwd)


@pytest.fixture
def empty_root(sandbox, tmp_path):
    """(env, DESTDIR, calls): the sandbox with a DESTDIR that holds nothing (no user, no venv, no settings)."""
    env, calls = sandbox
    dest = tmp_path / "root"
    dest.mkdir()
    return {**env, "DESTDIR": str(dest)}, dest, calls


def installed_root(dest: Path, *, settings_mode=0o640) -> Path:
    """Make DESTDIR look like a root where the companion is installed: its user and groups, the venv, the
    settings (0640: what older installers wrote) and the unit. Returns the settings file."""
    (dest / "etc").mkdir(parents=True, exist_ok=True)
    (dest / "etc/passwd").write_text("root:x:0:0:root:/root:/bin/bash\n"
                                     "elgrande:x:999:999:El Grande table companion:/var/lib/elgrande-companion:"
                                     "/usr/sbin/nologin\n")
    (dest / "etc/group").write_text("root:x:0:\ngpio:x:997:elgrande\nspi:x:998:elgrande\nelgrande:x:999:\n")
    bin_dir = dest / "opt/elgrande-companion/venv/bin"
    bin_dir.mkdir(parents=True)
    for name in ("python", "pip", "elgrande-companion"):
        (bin_dir / name).write_text("#!/bin/sh\nexit 0\n")
        (bin_dir / name).chmod(0o755)
    config = dest / "etc/elgrande-companion/config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[display]\nmodel = "v2"\n')
    config.chmod(settings_mode)
    (dest / "etc/systemd/system").mkdir(parents=True)
    shutil.copy(UNIT, dest / "etc/systemd/system" / UNIT.name)
    return config


SYSTEM_PATHS = ("/opt/elgrande-companion", "/etc/elgrande-companion", "/etc/systemd/system/elgrande-companion.service",
                "/var/lib/elgrande-companion")


def system_state():
    return {path: os.path.lexists(path) for path in SYSTEM_PATHS}


# ------------------------------------------------------------ static checks


def test_the_script_parses():
    done = subprocess.run([BASH, "-n", str(SCRIPT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_script_is_executable_and_strict():
    assert os.access(SCRIPT, os.X_OK)
    text = SCRIPT.read_text()
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "\nset -euo pipefail\n" in text


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_shellcheck_finds_nothing():
    done = subprocess.run(["shellcheck", "--shell=bash", str(SCRIPT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


# ------------------------------------------------------------ dry runs


def test_dry_run_prints_the_install_and_changes_nothing(empty_root):
    env, dest, calls = empty_root
    before = system_state()
    done = run("--dry-run", env=env)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert calls.read_text() == ""  # not one system-changing command ran
    assert system_state() == before
    assert list(dest.iterdir()) == []
    expected = [
        "+ raspi-config nonint do_spi 0",
        "+ apt-get update",
        "+ apt-get install -y --no-install-recommends python3 python3-venv python3-dev build-essential swig "
        "libjpeg-dev zlib1g-dev",
        f"+ groupadd --root {dest} --system gpio",
        "--groups gpio,spi --home-dir /var/lib/elgrande-companion --no-create-home --shell /usr/sbin/nologin",
        f"+ python3 -m venv {dest}/opt/elgrande-companion/venv",
        f"+ {dest}/opt/elgrande-companion/venv/bin/pip install --upgrade --no-deps waveshare-epaper",
        f"+ install -D -m 0644 {UNIT} {dest}/etc/systemd/system/elgrande-companion.service",
        "+ systemctl daemon-reload",
        "+ systemctl enable --now elgrande-companion.service",
    ]
    for line in expected:
        assert line in out, line
    assert any(line.startswith(f"+ useradd --root {dest} --system --user-group") and line.endswith(" elgrande")
               for line in out.splitlines())
    assert "user elgrande exists" not in out and "keeping your settings" not in out
    assert "(mode 0644, owner root:root)" in out  # settings anyone may read: they hold no secrets
    pip = [line for line in out.splitlines() if "/venv/bin/pip install" in line and "[pi]" in line]
    assert len(pip) == 1 and pip[0].endswith("[pi]'")  # the checkout (a copy of it) with the pi extra
    assert " install --upgrade --prefer-binary " in pip[0]
    assert 'display.model = "v2"' in out
    assert "dry run finished: nothing was changed" in out
    # in the order of the steps
    order = [out.index(text) for text in ("do_spi", "apt-get install", "python3 -m venv", "[pi]",
                                          "config.toml", "daemon-reload", "enable --now")]
    assert order == sorted(order)


@pytest.mark.parametrize("panel", ["4in2_V2", "7in5_V2", "2in7_V2"])
def test_dry_run_with_a_larger_panel_names_it_in_the_settings(empty_root, panel):
    env, _, calls = empty_root
    done = run("--dry-run", "--panel", panel, env=env)
    assert done.returncode == 0, done.stderr
    assert f'display.model = "{panel}"' in done.stdout
    assert calls.read_text() == ""


def test_dry_run_with_panel_v1_and_the_official_driver(empty_root):
    env, _, calls = empty_root
    done = run("--dry-run", "--panel", "v1", "--waveshare-from", "repo", env=env)
    assert done.returncode == 0, done.stderr
    assert 'display.model = "v1"' in done.stdout
    assert (" install --upgrade --no-deps 'waveshare-epd @ git+https://github.com/waveshareteam/e-Paper.git"
            "#subdirectory=RaspberryPi_JetsonNano/python'") in done.stdout
    assert 'find_spec("waveshare_epd")' in done.stdout
    assert " git" in next(line for line in done.stdout.splitlines() if "apt-get install" in line)
    assert calls.read_text() == ""


def test_dry_run_against_a_root_that_holds_an_install_updates_it(empty_root):
    """The same dry run on a Pi where the companion is installed: the user, the venv and the settings are kept,
    and settings an older installer left unreadable to the login user (0640) are opened to 0644."""
    env, dest, calls = empty_root
    config = installed_root(dest)
    done = run("--dry-run", env=env)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "install-pi: user elgrande exists" in out
    assert f"+ usermod --root {dest} --append --groups gpio,spi elgrande" in out
    assert f"venv {dest}/opt/elgrande-companion/venv exists: updating it" in out
    assert f"keeping your settings in {config} (not overwritten)" in out
    assert f"+ chmod 0644 {config}" in out
    assert "useradd" not in out and "groupadd" not in out and "python3 -m venv" not in out
    assert "no group" not in done.stderr
    assert calls.read_text() == ""
    assert oct(config.stat().st_mode & 0o777) == "0o640"  # a dry run: unchanged
    config.chmod(0o644)  # as the installer leaves it, or a user's own choice: kept as it is
    again = run("--dry-run", env=env)
    assert "chmod" not in again.stdout


def test_dry_run_without_raspi_config_says_how_to_enable_spi(sandbox):
    env, calls = sandbox
    (Path(env["PATH"].split(":")[0]) / "raspi-config").unlink()
    env["PATH"] = env["PATH"].split(":")[0] + ":/usr/bin:/bin"  # no raspi-config anywhere (unless in /usr/bin)
    if shutil.which("raspi-config", path=env["PATH"]):
        pytest.skip("this machine has raspi-config")
    done = run("--dry-run", env=env)
    assert done.returncode == 0, done.stderr
    assert "raspi-config not found: enable SPI yourself (add dtparam=spi=on to /boot/firmware/config.txt" \
           in done.stderr
    assert calls.read_text() == ""


def test_dry_run_uninstall_keeps_the_saved_games(sandbox):
    env, calls = sandbox
    before = system_state()
    done = run("--dry-run", "--uninstall", env=env)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "+ systemctl disable --now elgrande-companion.service" in out
    assert "+ rm -f /etc/systemd/system/elgrande-companion.service" in out
    assert "+ rm -rf /opt/elgrande-companion" in out
    assert "kept the saved games in /var/lib/elgrande-companion" in out
    assert "the settings in /etc/elgrande-companion/config.toml" in out
    assert not any(line.startswith("+") and "/var/lib" in line for line in out.splitlines())
    assert not any(line.startswith("+") and "/etc/elgrande-companion" in line for line in out.splitlines())
    assert calls.read_text() == ""
    assert system_state() == before


def test_dry_run_works_without_root(sandbox, tmp_path):
    env, calls = sandbox
    if os.geteuid() != 0:
        user = None
    elif shutil.which("setpriv"):
        user = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    else:
        pytest.skip("root here, and no setpriv to drop it")
    env = {**env, "HOME": "/"}
    calls.chmod(0o666)
    done = run("--dry-run", env=env, user=user)
    if user and "Permission denied" in done.stderr:
        pytest.skip("the checkout is not readable by nobody")
    assert done.returncode == 0, done.stderr
    assert "+ systemctl enable --now elgrande-companion.service" in done.stdout
    assert calls.read_text() == ""

    refused = run(env=env, user=user)  # no --dry-run: not without root
    assert refused.returncode == 1
    assert refused.stderr.strip() == ("install-pi: this changes the system: run it with sudo "
                                      "(or add --dry-run to see what it would do)")
    assert calls.read_text() == ""


@pytest.mark.parametrize("args, message", [
    (["--panel", "v3"], 'install-pi: --panel must be v1, v2, 2in7_V2, 2in7, 4in2_V2 or 7in5_V2, not "v3"'),
    (["--panel"], "install-pi: --panel needs a panel: v1, v2, 2in7_V2, 2in7, 4in2_V2 or 7in5_V2"),
    (["--driver", "pip"], 'install-pi: --driver must be pypi or waveshare, not "pip"'),
    (["--waveshare-from", "git"], 'install-pi: --waveshare-from must be pypi or repo, not "git"'),
    (["--frobnicate"], "install-pi: unknown option --frobnicate (try --help)"),
])
def test_bad_options_are_one_line(sandbox, args, message):
    env, calls = sandbox
    done = run("--dry-run", *args, env=env)
    assert done.returncode == 2
    assert done.stderr == message + "\n"
    assert calls.read_text() == ""


def test_help(sandbox):
    env, _ = sandbox
    done = run("--help", env=env)
    assert done.returncode == 0 and done.stdout.startswith("usage: sudo scripts/install-pi.sh")


def test_a_system_other_than_bookworm_is_a_warning_not_an_error(sandbox, tmp_path):
    env, calls = sandbox
    release = tmp_path / "os-release"
    release.write_text('PRETTY_NAME="Raspbian GNU/Linux 11 (bullseye)"\nVERSION_CODENAME=bullseye\n')
    done = run("--dry-run", env={**env, "ELGRANDE_OS_RELEASE": str(release)})
    assert done.returncode == 0
    assert ("install-pi: warning: made for Raspberry Pi OS Bookworm; this is Raspbian GNU/Linux 11 (bullseye)"
            in done.stderr)
    release.write_text('PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nVERSION_CODENAME=bookworm\n')
    done = run("--dry-run", env={**env, "ELGRANDE_OS_RELEASE": str(release)})
    assert "made for Raspberry Pi OS Bookworm" not in done.stderr
    assert "install-pi: system: Debian GNU/Linux 12 (bookworm)" in done.stdout


# ------------------------------------------------------------ a real run, into a DESTDIR


#: The stand-in for lgpio does what the real one does on import: it makes a notification pipe in $LG_WD or,
#: without it, in the current folder, which fails where the user cannot write.
LGPIO_STAND_IN = """import os
_pipe = os.path.join(os.environ.get("LG_WD", "."), ".lgd-nfy0")
if not os.path.exists(_pipe):
    os.mkfifo(_pipe)
"""


def fake_pi_modules(tmp_path) -> Path:
    """A folder of stand-ins for what only a Pi has: spidev, lgpio and the epaper driver package."""
    folder = tmp_path / "pi-modules"
    (folder / "epaper").mkdir(parents=True, exist_ok=True)
    (folder / "epaper" / "__init__.py").write_text("")
    (folder / "spidev.py").write_text("")
    (folder / "lgpio.py").write_text(LGPIO_STAND_IN)
    return folder


@pytest.fixture
def fake_python(sandbox, tmp_path):
    """python3 whose `-m venv DIR` makes a venv of stubs: pip records, python runs this checkout."""
    env, calls = sandbox
    stubs = Path(env["PATH"].split(":")[0])
    for name in ("install", "rm", "mkdir", "cp", "mv", "tee", "chmod", "ln", "tar", "mktemp"):
        (stubs / name).unlink()  # real ones: they only touch the DESTDIR and temp folders
    python = f'PYTHONPATH="{ROOT}:{fake_pi_modules(tmp_path)}" exec "{sys.executable}"'
    venv_python = f'#!/bin/sh\n{python} "$@"\n'
    venv_app = f'#!/bin/sh\n{python} -c "import sys; from companion.cli import main; sys.exit(main())" "$@"\n'
    venv_pip = f'#!/bin/sh\necho "pip $*" >> "{calls}"\n'
    (stubs / "python3").write_text(f"""#!/bin/bash
echo "python3 $*" >> "{calls}"
if [[ $1 == -m && $2 == venv ]]; then
    mkdir -p "$3/bin"
    printf '%s' '{venv_python}' > "$3/bin/python"
    printf '%s' '{venv_pip}' > "$3/bin/pip"
    printf '%s' '{venv_app}' > "$3/bin/elgrande-companion"
    chmod +x "$3/bin/python" "$3/bin/pip" "$3/bin/elgrande-companion"
    exit 0
fi
{python} "$@"
""")
    return env, calls


@pytest.mark.skipif(os.geteuid() != 0, reason="a real run needs root (its first check)")
def test_a_real_run_into_a_destdir_is_idempotent_and_never_overwrites_the_settings(fake_python, tmp_path):
    env, calls = fake_python
    dest = tmp_path / "root"
    env = {**env, "DESTDIR": str(dest)}
    done = run("--panel", "v1", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    config = dest / "etc/elgrande-companion/config.toml"
    unit = dest / "etc/systemd/system/elgrande-companion.service"
    assert unit.read_text() == UNIT.read_text()
    text = config.read_text()
    assert '\nmodel = "v1"\n' in text
    assert oct(config.stat().st_mode & 0o777) == "0o644"  # no secrets; the login user's --check reads it
    from companion.settings.file import load_config

    assert load_config(config).display.model == "v1"
    recorded = calls.read_text().splitlines()
    assert "raspi-config nonint do_spi 0" in recorded
    assert f"python3 -m venv {dest}/opt/elgrande-companion/venv" in recorded
    assert any(line.startswith("pip install --upgrade --prefer-binary /tmp/elgrande-companion-src.")
               and line.endswith("[pi]") for line in recorded)
    assert "pip install --upgrade --no-deps waveshare-epaper" in recorded
    assert "systemctl daemon-reload" in recorded
    assert ("systemctl enable --now elgrande-companion.service" in recorded
            or "systemctl enable elgrande-companion.service" in recorded)  # the latter: no SPI yet

    config.write_text(text.replace("busy_timeout = 10.0", "busy_timeout = 20.0"))  # the user's own change
    calls.write_text("")
    again = run("--panel", "v2", env=env)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "busy_timeout = 20.0" in config.read_text() and '\nmodel = "v1"\n' in config.read_text()
    assert "keeping your settings in" in again.stdout
    assert 'it says display.model = "v1", not "v2"' in again.stderr
    recorded = calls.read_text().splitlines()
    assert not any(line.startswith("python3 -m venv") for line in recorded)  # the venv is reused
    assert any(line.endswith("[pi]") for line in recorded)  # but updated

    calls.write_text("")
    gone = run("--uninstall", env=env)
    assert gone.returncode == 0, gone.stderr
    assert not (dest / "opt/elgrande-companion").exists() and not unit.exists()
    assert config.exists()  # the settings stay
    assert "systemctl disable --now elgrande-companion.service" in calls.read_text()


# ------------------------------------------------------------ the unit


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


# ------------------------------------------------------------ what is installed, and how


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
    """Read the installed PyPI package (when the test environment has it): the 2.7inch drivers and the
    Raspberry Pi part of epdconfig import nothing beyond the standard library and the companion's own
    dependencies, so installing the package --no-deps loses nothing."""
    import importlib.util
    import tomllib

    spec = importlib.util.find_spec("epaper")  # finding it does not run it
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("the PyPI waveshare-epaper package is not installed here")
    lib = Path(next(iter(spec.submodule_search_locations))) / "e-Paper/RaspberryPi_JetsonNano/python/lib/waveshare_epd"
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


# ------------------------------------------------------------ --check


def fake_pi(tmp_path, *, spi=True, spi_in_config=True, user_groups="elgrande gpio spi", service="active",
            venv=True, driver=True, settings='[display]\nmodel = "v1"\n') -> tuple[dict, Path]:
    """A DESTDIR that looks like an installed Pi, and stubs for id and systemctl; returns (env, DESTDIR)."""
    dest = tmp_path / "pi"
    (dest / "dev").mkdir(parents=True)
    (dest / "dev" / "gpiochip0").touch()
    if spi:
        (dest / "dev" / "spidev0.0").touch()
    (dest / "proc" / "device-tree").mkdir(parents=True)
    (dest / "proc" / "device-tree" / "model").write_bytes(b"Raspberry Pi Zero 2 W Rev 1.0\0")
    (dest / "boot" / "firmware").mkdir(parents=True)
    (dest / "boot" / "firmware" / "config.txt").write_text("[all]\n" + ("dtparam=spi=on\n" if spi_in_config else ""))
    if venv:
        modules = fake_pi_modules(tmp_path)
        if not driver:  # no stand-in, and a real one (in the test environment) hidden
            shutil.rmtree(modules / "epaper")
            (modules / "sitecustomize.py").write_text("import sys\nsys.modules['epaper'] = None\n")
        bin_dir = dest / "opt/elgrande-companion/venv/bin"
        bin_dir.mkdir(parents=True)
        python = f'PYTHONPATH="{ROOT}:{modules}" exec "{sys.executable}"'
        (bin_dir / "python").write_text(f'#!/bin/sh\n{python} "$@"\n')
        (bin_dir / "elgrande-companion").write_text(
            f'#!/bin/sh\n{python} -c "import sys; from companion.cli import main; sys.exit(main())" "$@"\n')
        for name in ("python", "elgrande-companion"):
            (bin_dir / name).chmod(0o755)
    if settings is not None:
        (dest / "etc/elgrande-companion").mkdir(parents=True)
        (dest / "etc/elgrande-companion/config.toml").write_text(settings)
    (dest / "etc/systemd/system").mkdir(parents=True)
    shutil.copy(UNIT, dest / "etc/systemd/system" / UNIT.name)
    stubs = tmp_path / "check-stubs"
    stubs.mkdir()
    id_line = f'echo "{user_groups}"' if user_groups else "exit 1"
    (stubs / "id").write_text(f'#!/bin/sh\n[ "$1 $2" = "-nG elgrande" ] || exec /usr/bin/id "$@"\n{id_line}\n')
    enabled = "enabled" if service != "missing" else "disabled"
    (stubs / "systemctl").write_text(f'#!/bin/sh\necho "systemctl $*" >> "{tmp_path}/check-calls"\n'
                                     f'case $1 in is-enabled) echo {enabled} ;; is-active) echo {service} ;; '
                                     f'*) exit 99 ;; esac\n[ "$1" = is-active ] && [ {service} != active ] && '
                                     'exit 3\nexit 0\n')
    for name in ("id", "systemctl"):
        (stubs / name).chmod(0o755)
    release = tmp_path / "os-release"
    release.write_text('PRETTY_NAME="Raspbian GNU/Linux 12 (bookworm)"\nVERSION_CODENAME=bookworm\n')
    env = {"PATH": f"{stubs}:{os.environ.get('PATH', '/usr/bin:/bin')}", "HOME": str(tmp_path), "LANG": "C.UTF-8",
           "DESTDIR": str(dest), "ELGRANDE_OS_RELEASE": str(release)}
    return env, dest


def check_lines(done) -> dict[str, tuple[str, str]]:
    """{what: (status, detail)} from the --check screen."""
    lines = {}
    for line in done.stdout.splitlines()[1:-1]:
        status, what, detail = line.split(None, 2)
        lines[what] = (status, detail)
    return lines


def test_check_on_a_pi_where_all_is_well(tmp_path):
    env, dest = fake_pi(tmp_path)
    done = run("--check", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = check_lines(done)
    assert list(lines) == ["system", "board", "SPI", "GPIO", "user", "program", "libraries", "driver", "settings",
                           "panels", "service"]
    assert lines["panels"][1].startswith("supported: 2in7_V2, 2in7, 4in2_V2, 7in5_V2 (display.model")
    assert {status for status, _ in lines.values()} == {"ok"}
    assert lines["board"][1] == "Raspberry Pi Zero 2 W Rev 1.0"
    assert lines["SPI"][1].startswith(f"on: {dest}/dev/spidev0.0")
    assert lines["driver"][1] == 'built-in (display.driver = "builtin"); fallback: epaper (PyPI waveshare-epaper)'
    assert lines["settings"][1].endswith('(display.model = "v1")')
    assert lines["program"][1].endswith(f"(elgrande-companion {__version__})")
    assert done.stdout.splitlines()[-1] == "install-pi --check: all is well"
    assert len(done.stdout.splitlines()) <= 20  # one screen
    # read-only questions only
    assert (tmp_path / "check-calls").read_text().split("\n")[:-1] == [
        "systemctl is-enabled elgrande-companion.service", "systemctl is-active elgrande-companion.service"]


@pytest.mark.parametrize("setup, what, says", [
    (dict(spi=False, spi_in_config=False), "SPI", "off (no {dest}/dev/spidev0.0): sudo raspi-config nonint do_spi 0"),
    (dict(spi=False), "SPI", "on in {dest}/boot/firmware/config.txt but no {dest}/dev/spidev0.0 yet: sudo reboot"),
    (dict(user_groups="elgrande gpio"), "user", "elgrande is not in spi: sudo usermod -aG gpio,spi elgrande"),
    (dict(user_groups=""), "user", "no user elgrande: sudo scripts/install-pi.sh makes it"),
    (dict(driver=False, settings='[display]\ndriver = "waveshare"\n'), "driver",
     'display.driver = "waveshare" but no Waveshare driver in {dest}/opt/elgrande-companion/venv'),
    (dict(venv=False), "program", "no {dest}/opt/elgrande-companion/venv/bin/elgrande-companion"),
    (dict(service="failed"), "service", "enabled, failed: journalctl -u elgrande-companion -e says why"),
    (dict(settings="[display]\nrotation = 45\n"), "settings", "display.rotation must be one of 0, 90, 180, 270"),
])
def test_check_says_what_is_missing_and_fails(tmp_path, setup, what, says):
    env, dest = fake_pi(tmp_path, **setup)
    done = run("--check", env=env)
    assert done.returncode == 1, done.stdout + done.stderr
    lines = check_lines(done)
    missing = {name for name, (status, _) in lines.items() if status == "MISSING"}
    assert missing == {what}, done.stdout
    assert says.format(dest=dest) in lines[what][1]
    assert done.stdout.splitlines()[-1].startswith("install-pi --check: 1 missing")


def test_check_probes_from_a_temporary_folder_not_the_current_one(tmp_path):
    """Run from a folder the probes cannot write in (here one removed under it, which stops root as well as
    anyone): lgpio still imports, nothing is left behind, and python -c does not import from there."""
    env, _ = fake_pi(tmp_path)
    gone = tmp_path / "gone"
    gone.mkdir()
    (gone / "lgpio.py").write_text("raise ImportError('the lgpio of the current folder')\n")
    argv = ["sh", "-c", 'cd "$1" && rm -r "$1" && shift && exec "$@"', "sh", str(gone), BASH, str(SCRIPT), "--check"]
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120, cwd="/")
    assert done.returncode == 0, done.stdout + done.stderr
    assert check_lines(done)["libraries"] == ("ok", "gpiozero, spidev, lgpio")
    readonly = tmp_path / "readonly"
    readonly.mkdir()
    (readonly / "lgpio.py").write_text("raise ImportError('the lgpio of the current folder')\n")
    done = run("--check", env=env, cwd=str(readonly))
    assert done.returncode == 0, done.stdout + done.stderr
    assert [path.name for path in readonly.iterdir()] == ["lgpio.py"]  # no pipe, no temporary folder left


def unprivileged() -> list[str] | None:
    """The argv prefix that runs a command as an ordinary user: none when not root, setpriv to nobody when root."""
    if os.geteuid() != 0:
        return None
    if shutil.which("setpriv") is None:
        pytest.skip("root here, and no setpriv to drop it")
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


@pytest.fixture
def open_tmp():
    """A temporary folder an ordinary user can read (tmp_path may be private to root)."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="elgrande-check-test."))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("mode", [0o644, 0o000])
def test_check_as_an_ordinary_user_can_say_all_is_well(open_tmp, mode):
    """The README has the login user run --check without sudo. The installer writes the settings 0644 (they hold
    no secrets); settings someone made unreadable are a note saying how to open them, not a failure."""
    env, dest = fake_pi(open_tmp)
    (open_tmp / "check-calls").touch(mode=0o666)
    (open_tmp / "check-calls").chmod(0o666)
    config = dest / "etc/elgrande-companion/config.toml"
    config.chmod(mode)
    user = unprivileged()
    if user and subprocess.run([*user, "sh", "-c", f'exec "{sys.executable}" -c "import companion"'],
                               env={"PYTHONPATH": str(ROOT)}, capture_output=True, timeout=60).returncode:
        pytest.skip("nobody cannot run this python or read this checkout")
    done = run("--check", env=env, user=user, cwd="/")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "install-pi --check: all is well"
    status, detail = check_lines(done)["settings"]
    if mode == 0o644:
        assert (status, detail) == ("ok", f'{config} (display.model = "v1")')
    else:
        assert status == "note"
        assert detail.startswith(f"{config} not checked: you cannot read it (----------")
        assert detail.endswith(f"sudo chmod 0644 {config}")


def test_check_with_the_built_in_driver_needs_no_waveshare_package(tmp_path):
    env, _ = fake_pi(tmp_path, driver=False)
    done = run("--check", env=env)
    assert done.returncode == 0, done.stdout
    assert check_lines(done)["driver"] == ("ok", 'built-in (display.driver = "builtin"); fallback: none installed')


def test_check_on_this_pc_needs_no_root_changes_nothing_and_says_it_is_no_pi(sandbox, tmp_path):
    env, calls = sandbox
    before = system_state()
    done = run("--check", env={**env, "DESTDIR": str(tmp_path / "empty")})
    assert done.returncode == 1
    lines = check_lines(done)
    assert lines["board"][0] == "MISSING" and lines["SPI"][0] == "MISSING" and lines["service"][0] == "MISSING"
    assert all(line.startswith("systemctl is-") for line in calls.read_text().splitlines())
    assert system_state() == before


def test_check_goes_alone(sandbox):
    env, calls = sandbox
    done = run("--check", "--dry-run", env=env)
    assert done.returncode == 2 and done.stderr == "install-pi: --check goes alone (it changes nothing anyway)\n"


# ------------------------------------------------------------ --check never hangs, never echoes escapes (issue 24 item 9)


def test_check_with_a_fifo_as_the_settings_file_says_so_and_ends(tmp_path):
    env, dest = fake_pi(tmp_path, settings=None)
    (dest / "etc/elgrande-companion").mkdir(parents=True)
    os.mkfifo(dest / "etc/elgrande-companion/config.toml")
    done = run("--check", env=env)  # (run's timeout guards the suite: before, sed blocked on the FIFO)
    assert done.returncode == 1, done.stdout + done.stderr
    lines = check_lines(done)
    assert lines["settings"][0] == "MISSING" and "is not a regular file" in lines["settings"][1]
    assert lines["driver"][0] == "ok"


def test_check_with_a_hanging_program_says_it_does_not_answer(tmp_path):
    env, dest = fake_pi(tmp_path)
    program = dest / "opt/elgrande-companion/venv/bin/elgrande-companion"
    program.write_text("#!/bin/sh\nexec sleep 600\n")  # a probe that never answers
    done = run("--check", env={**env, "ELGRANDE_PROBE_TIMEOUT": "1"})
    lines = check_lines(done)
    assert "does not answer within 1 s" in lines["program"][1]
    assert lines["settings"][0] == "MISSING" and "did not answer within 1 s" in lines["settings"][1]


def test_check_with_a_destdir_that_starts_with_a_dash(tmp_path):
    env, dest = fake_pi(tmp_path)
    dashed = dest.with_name("-pi")
    dest.rename(dashed)
    # The fake venv's scripts name no DESTDIR; only the script's own paths change.
    done = subprocess.run([BASH, str(SCRIPT), "--check"], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env={**env, "DESTDIR": "-pi"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr == ""
    assert check_lines(done)["SPI"][1].startswith(f"on: {dashed}/dev/spidev0.0")  # (made absolute: a path, not an option)
    assert {status for status, _ in check_lines(done).values()} == {"ok"}


def test_check_prints_no_terminal_escape_from_the_board(tmp_path):
    env, dest = fake_pi(tmp_path)
    (dest / "proc/device-tree/model").write_bytes(b"Raspberry Pi \x1b]0;owned\x07\x1b[2J Zero\0")
    done = run("--check", env=env)
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout
    assert check_lines(done)["board"][0] == "ok"
