"""scripts/install-pi.sh run for real into a DESTDIR, with stubs for what changes the system and
a fake venv: twice the same install, and the settings never overwritten.
"""

import os
import sys
from pathlib import Path

import pytest

from tests.install.script import ROOT, UNIT, fake_pi_modules, needs_bash, run

pytestmark = needs_bash


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
    done = run("--panel", "2in7", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    config = dest / "etc/elgrande-companion/config.toml"
    unit = dest / "etc/systemd/system/elgrande-companion.service"
    assert unit.read_text() == UNIT.read_text()
    text = config.read_text()
    assert '\nmodel = "2in7"\n' in text
    assert oct(config.stat().st_mode & 0o777) == "0o644"  # no secrets; the login user's --check reads it
    from companion.settings.file import load_config

    assert load_config(config).display.model == "2in7"
    recorded = calls.read_text().splitlines()
    assert "raspi-config nonint do_spi 0" in recorded
    assert f"python3 -m venv {dest}/opt/elgrande-companion/venv" in recorded
    assert any(line.startswith("pip install --upgrade --prefer-binary /tmp/elgrande-companion-src.")
               and line.endswith("[pi]") for line in recorded)
    assert "pip install --upgrade --no-deps waveshare-epaper" in recorded
    assert "systemctl daemon-reload" in recorded
    # the keys' pins: no chip in the DESTDIR, so only that lgpio is the real library (the stand-in's error)
    assert (f"install-pi: pins: lgpio is the real library, but there is no {dest}/dev/gpiochip* to open (error: can "
            "not open gpiochip; gpiochip_open(0): error: can not open gpiochip); on the Pi, scripts/install-pi.sh "
            "--check opens the factory") in done.stdout
    assert ("systemctl enable --now elgrande-companion.service" in recorded
            or "systemctl enable elgrande-companion.service" in recorded)  # the latter: no SPI yet

    config.write_text(text.replace("busy_timeout = 10.0", "busy_timeout = 20.0"))  # the user's own change
    calls.write_text("")
    again = run("--panel", "v2", env=env)  # the older name of 2in7_V2
    assert again.returncode == 0, again.stdout + again.stderr
    assert "busy_timeout = 20.0" in config.read_text() and '\nmodel = "2in7"\n' in config.read_text()
    assert "keeping your settings in" in again.stdout
    assert 'it says display.model = "2in7", not "2in7_V2"' in again.stderr
    recorded = calls.read_text().splitlines()
    assert not any(line.startswith("python3 -m venv") for line in recorded)  # the venv is reused
    assert any(line.endswith("[pi]") for line in recorded)  # but updated

    calls.write_text("")
    gone = run("--uninstall", env=env)
    assert gone.returncode == 0, gone.stderr
    assert not (dest / "opt/elgrande-companion").exists() and not unit.exists()
    assert config.exists()  # the settings stay
    assert "systemctl disable --now elgrande-companion.service" in calls.read_text()


@pytest.mark.skipif(os.geteuid() != 0, reason="a real run needs root (its first check)")
def test_settings_an_older_installer_wrote_with_v1_are_the_same_panel_as_2in7(fake_python, tmp_path):
    # Installers before 0.7 wrote model = "v1" / "v2": kept, read (the older names), and not called
    # a different panel when the install is run again with the one name.
    env, _ = fake_python
    dest = tmp_path / "root"
    env = {**env, "DESTDIR": str(dest)}
    config = dest / "etc/elgrande-companion/config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[display]\nmodel = "v1"\n')
    done = run("--panel", "2in7", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert config.read_text() == '[display]\nmodel = "v1"\n'
    assert "it says display.model" not in done.stderr
    from companion.settings.file import load_config
    from companion.settings.panel import PANELS, panel

    assert panel(load_config(config).display.model) is PANELS["2in7"]


@pytest.mark.skipif(os.geteuid() != 0, reason="a real run needs root (its first check)")
def test_a_real_run_with_the_empty_placeholder_lgpio_stops_before_the_service(fake_python, tmp_path):
    """What pip once resolved a bare lgpio to on Python 3.13: it imports, and the install no longer passes it."""
    env, calls = fake_python
    (tmp_path / "pi-modules" / "lgpio.py").write_text("")
    dest = tmp_path / "root"
    done = run(env={**env, "DESTDIR": str(dest)})
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stderr.splitlines()[-1].startswith("install-pi: the keys would have no pins: lgpio (")
    assert "is not the real library" in done.stderr
    assert not (dest / "etc/systemd/system/elgrande-companion.service").exists()
    assert "systemctl" not in calls.read_text()
