"""What the tests of scripts/install-pi.sh share: where the script and the unit are, a run of the script,
a DESTDIR that holds an install, stand-ins for a Pi's modules, and this machine's own install (which the
tests never change). Their fixtures (a sandbox of recording stubs, an empty root): conftest.py.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "install-pi.sh"
#: The --check screen's checks, which the script sources.
CHECKS = ROOT / "scripts" / "install-pi-check.sh"
UNIT = ROOT / "systemd" / "elgrande-companion.service"
BASH = shutil.which("bash")

#: Commands that change the system: none may run in a dry run.
MUTATING = ("apt-get", "useradd", "usermod", "groupadd", "userdel", "systemctl", "raspi-config", "install",
            "rm", "mkdir", "cp", "mv", "tee", "chown", "chmod", "ln", "tar", "pip", "pip3", "python3", "mktemp",
            "sudo")

#: Every test of the script's files: they all run bash.
needs_bash = pytest.mark.skipif(BASH is None, reason="no bash")


def run(*args, env, user=None, cwd="/"):
    argv = [BASH, str(SCRIPT), *args]
    if user is not None:
        argv = [user[0], *user[1:], *argv]
    return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=3600, cwd=cwd)


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


#: The stand-in for lgpio does what the real one does on import: it makes a notification pipe in $LG_WD or,
#: without it, in the current folder, which fails where the user cannot write. It has the library's functions
#: (the empty placeholder has none): gpiochip_open opens a chip that is in $DESTDIR/dev and raises lgpio's own
#: error otherwise; gpiozero, whose LGPIOFactory is constructed over it, is told the board is a Pi Zero 2 W
#: (it would read this machine's /proc).
LGPIO_STAND_IN = """import os
_pipe = os.path.join(os.environ.get("LG_WD", "."), ".lgd-nfy0")
if not os.path.exists(_pipe):
    os.mkfifo(_pipe)


class error(Exception):
    pass


def gpiochip_open(chip):
    if not os.path.exists(os.path.join(os.environ.get("DESTDIR", ""), "dev", f"gpiochip{chip}")):
        raise error("can not open gpiochip")
    return 3


def gpiochip_close(handle):
    return 0


def gpio_claim_input(*args):
    return 0


gpio_claim_alert = gpio_claim_input


def __getattr__(name):  # SET_PULL_NONE, ...: the constants gpiozero reads at import
    if name.isupper():
        return 0
    raise AttributeError(name)


from gpiozero.pins import local as _local  # noqa: E402

_local.LocalPiFactory._get_revision = lambda self: 0x902120
"""


def fake_pi_modules(tmp_path) -> Path:
    """A folder of stand-ins for what only a Pi has: spidev, lgpio and the epaper driver package."""
    folder = tmp_path / "pi-modules"
    (folder / "epaper").mkdir(parents=True, exist_ok=True)
    (folder / "epaper" / "__init__.py").write_text("")
    (folder / "spidev.py").write_text("")
    (folder / "lgpio.py").write_text(LGPIO_STAND_IN)
    return folder
