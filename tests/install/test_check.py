"""scripts/install-pi.sh --check: what a Pi has and lacks, on a DESTDIR that looks like an installed Pi
(stubs for id and systemctl), as root or as an ordinary user; it never hangs and never echoes escapes.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion import __version__
from tests.install.script import BASH, ROOT, SCRIPT, UNIT, fake_pi_modules, needs_bash, run, system_state

pytestmark = needs_bash


# ------------------------------------------------------------ --check


#: Seconds the tests let a probe of --check take before it counts as not answering (see fake_pi).
PROBE_PATIENCE = 600


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
           "DESTDIR": str(dest), "ELGRANDE_OS_RELEASE": str(release),
           # A probe's answer is not timed here (the Pi's 20 s is for a hung program): the stand-ins answer at
           # once on a PC and in tens of seconds under qemu on a loaded machine; a test of the timeout sets 1.
           "ELGRANDE_PROBE_TIMEOUT": str(PROBE_PATIENCE)}
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
    assert lines["GPIO"][1] == f"{dest}/dev/gpiochip0: gpiozero's lgpio pin factory opens gpiochip0"
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


def test_check_tells_the_empty_placeholder_lgpio_from_the_library(tmp_path):
    """lgpio 0.0.0.2 imports (its lgpio.py is empty): the libraries and the pin factory both say it is not
    the library, where an import check alone said all is well."""
    env, dest = fake_pi(tmp_path)
    (tmp_path / "pi-modules" / "lgpio.py").write_text("")
    done = run("--check", env=env)
    assert done.returncode == 1, done.stdout + done.stderr
    lines = check_lines(done)
    assert {name for name, (status, _) in lines.items() if status == "MISSING"} == {"GPIO", "libraries"}
    assert lines["libraries"][1].startswith("cannot import lgpio (an empty placeholder, not the library)")
    assert "lgpio.py) is not the real library: no gpiochip_open" in lines["GPIO"][1]


def test_check_says_when_the_chip_is_there_but_the_factory_does_not_open(tmp_path):
    env, dest = fake_pi(tmp_path)
    (dest / "dev" / "gpiochip0").unlink()
    (dest / "dev" / "gpiochip1").touch()  # the stand-in opens only the chips that are there; gpiozero asks 0
    done = run("--check", env=env)
    lines = check_lines(done)
    assert done.returncode == 1 and lines["GPIO"][0] == "MISSING"
    assert lines["GPIO"][1] == "gpiozero's lgpio pin factory does not open gpiochip1 (error: can not open gpiochip)"


def test_check_on_trixie_is_at_home(tmp_path):
    env, _ = fake_pi(tmp_path)
    Path(env["ELGRANDE_OS_RELEASE"]).write_text('PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nVERSION_CODENAME=trixie\n')
    lines = check_lines(run("--check", env=env))
    assert lines["system"][0] == "ok" and lines["system"][1].startswith("Debian GNU/Linux 13 (trixie), ")


def test_check_probes_from_a_temporary_folder_not_the_current_one(tmp_path):
    """Run from a folder the probes cannot write in (here one removed under it, which stops root as well as
    anyone): lgpio still imports, nothing is left behind, and python -c does not import from there."""
    env, _ = fake_pi(tmp_path)
    gone = tmp_path / "gone"
    gone.mkdir()
    (gone / "lgpio.py").write_text("raise ImportError('the lgpio of the current folder')\n")
    argv = ["sh", "-c", 'cd "$1" && rm -r "$1" && shift && exec "$@"', "sh", str(gone), BASH, str(SCRIPT), "--check"]
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=3600, cwd="/")
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
    done = subprocess.run([BASH, str(SCRIPT), "--check"], capture_output=True, text=True, timeout=3600,
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


# ------------------------------------------------------------ --check reads settings as the service does (issue 33)


def test_check_fails_a_settings_file_that_is_a_link_loop_as_config_and_run_do(tmp_path):
    env, dest = fake_pi(tmp_path, settings=None)
    folder = dest / "etc/elgrande-companion"
    folder.mkdir(parents=True)
    (folder / "other.toml").symlink_to(folder / "config.toml")
    (folder / "config.toml").symlink_to(folder / "other.toml")
    done = run("--check", env=env)
    assert done.returncode == 1, done.stdout + done.stderr
    status, detail = check_lines(done)["settings"]
    assert status == "MISSING" and "Too many levels of symbolic links" in detail, done.stdout


def test_check_takes_a_link_to_no_file_as_the_defaults_as_the_program_does(tmp_path):
    env, dest = fake_pi(tmp_path, settings=None)
    (dest / "etc/elgrande-companion").mkdir(parents=True)
    (dest / "etc/elgrande-companion/config.toml").symlink_to(tmp_path / "nowhere.toml")
    done = run("--check", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert check_lines(done)["settings"][0] == "ok"


def test_check_refuses_a_table_view_the_program_refuses(tmp_path):
    env, _ = fake_pi(tmp_path, settings="[display]\ntable_view = 0.5\n")
    done = run("--check", env=env)
    assert done.returncode == 1
    assert "display.table_view must be 0 (never) or between 15 and 86400 seconds, not 0.5" in \
        check_lines(done)["settings"][1]


def test_check_reads_the_model_and_the_driver_as_the_program_reads_them(tmp_path):
    """Written in a way a line-by-line sed would miss (single quotes, a dotted key): the program's words count."""
    env, dest = fake_pi(tmp_path, driver=False, settings="display.model = '2in7'\ndisplay.driver = 'waveshare'\n")
    done = run("--check", env=env)
    lines = check_lines(done)
    assert lines["settings"] == ("ok", f'{dest}/etc/elgrande-companion/config.toml (display.model = "2in7")')
    assert lines["driver"][0] == "MISSING" and 'display.driver = "waveshare"' in lines["driver"][1]


def test_check_fails_a_program_that_does_not_answer(tmp_path):
    env, dest = fake_pi(tmp_path)
    (dest / "opt/elgrande-companion/venv/bin/elgrande-companion").write_text("#!/bin/sh\nexec sleep 600\n")
    done = run("--check", env={**env, "ELGRANDE_PROBE_TIMEOUT": "1"})
    assert done.returncode == 1
    status, detail = check_lines(done)["program"]
    assert status == "MISSING" and detail.endswith("does not answer within 1 s: sudo scripts/install-pi.sh")


def test_check_fails_a_program_that_does_not_start(tmp_path):
    env, dest = fake_pi(tmp_path)
    (dest / "opt/elgrande-companion/venv/bin/elgrande-companion").write_text("#!/bin/sh\nexit 3\n")
    done = run("--check", env=env)
    assert done.returncode == 1
    assert check_lines(done)["program"] == (
        "MISSING", f"{dest}/opt/elgrande-companion/venv/bin/elgrande-companion does not start (status 3): "
                   "sudo scripts/install-pi.sh")
