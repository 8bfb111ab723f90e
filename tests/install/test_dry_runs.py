"""scripts/install-pi.sh read and run dry: it parses, it is strict, and a dry run prints the
install (or the update, the uninstall) and changes nothing; its options, its help, its system check.

Every command that could change the system is shadowed by a stub on PATH that records its call; the dry
runs must call none of them. They read a DESTDIR the test makes (an empty root, or one holding an
install), never this machine's own install, so they pass on a Pi where the companion is installed too.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.install.script import BASH, CHECKS, SCRIPT, UNIT, installed_root, needs_bash, run, system_state

pytestmark = needs_bash


# ------------------------------------------------------------ static checks


def test_the_script_parses():
    for path in (SCRIPT, CHECKS):
        done = subprocess.run([BASH, "-n", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


def test_the_script_is_executable_and_strict():
    assert os.access(SCRIPT, os.X_OK)
    text = SCRIPT.read_text()
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "\nset -euo pipefail\n" in text


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_shellcheck_finds_nothing():
    # -x: the checks the script sources are read with it (its settings, its helpers), and checked too.
    done = subprocess.run(["shellcheck", "--shell=bash", "-x", str(SCRIPT), str(CHECKS),
                           str(SCRIPT.parent / "install-pi-program.sh")], capture_output=True, text=True)
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
    assert 'display.model = "2in7_V2"' in out
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
    assert 'display.model = "2in7"' in done.stdout  # v1: the older name, written as the one name
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
    (["--panel", "v3"], 'install-pi: --panel must be 2in7_V2, 2in7, 4in2_V2 or 7in5_V2, not "v3"'),
    (["--panel"], "install-pi: --panel needs a panel: 2in7_V2, 2in7, 4in2_V2 or 7in5_V2"),
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


def test_a_system_other_than_trixie_or_bookworm_is_a_warning_not_an_error(sandbox, tmp_path):
    env, calls = sandbox
    release = tmp_path / "os-release"
    release.write_text('PRETTY_NAME="Raspbian GNU/Linux 11 (bullseye)"\nVERSION_CODENAME=bullseye\n')
    done = run("--dry-run", env={**env, "ELGRANDE_OS_RELEASE": str(release)})
    assert done.returncode == 0
    assert ("install-pi: warning: made for Raspberry Pi OS trixie or bookworm; this is Raspbian GNU/Linux 11 "
            "(bullseye)" in done.stderr)
    for name, codename in (("Debian GNU/Linux 13 (trixie)", "trixie"), ("Debian GNU/Linux 12 (bookworm)", "bookworm")):
        release.write_text(f'PRETTY_NAME="{name}"\nVERSION_CODENAME={codename}\n')
        done = run("--dry-run", env={**env, "ELGRANDE_OS_RELEASE": str(release)})
        assert done.returncode == 0
        assert "made for Raspberry Pi OS" not in done.stderr  # neither warns: trixie first, bookworm kept
        assert f"install-pi: system: {name}" in done.stdout
