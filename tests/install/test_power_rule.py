"""The installer's polkit rule (issue 38, Menu › Switch off): installed as it is in the checkout, with
polkitd, before the unit starts; removed by --uninstall. What the rule allows: tests/hardware/test_switch_off.py."""

import os

import pytest

from tests.install.script import ROOT, needs_bash, run
from tests.install.test_real_run import fake_python  # noqa: F401 (a fixture)

pytestmark = needs_bash

RULE = ROOT / "systemd" / "elgrande-companion.rules"
INSTALLED = "etc/polkit-1/rules.d/50-elgrande-companion.rules"


def test_a_dry_run_installs_polkitd_and_the_rule_before_the_unit(empty_root):
    env, dest, calls = empty_root
    done = run("--dry-run", env=env)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    polkitd = lines.index("+ apt-get install -y --no-install-recommends polkitd")
    rule = lines.index(f"+ install -D -m 0644 {RULE} {dest}/{INSTALLED}")
    unit = next(i for i, line in enumerate(lines) if line.startswith("+ install -D -m 0644 ") and ".service" in line)
    assert polkitd < rule < unit and calls.read_text() == ""


def test_a_dry_run_uninstall_removes_the_rule(sandbox, tmp_path):
    env, calls = sandbox
    done = run("--dry-run", "--uninstall", env={**env, "DESTDIR": str(tmp_path / "root")})
    assert done.returncode == 0, done.stderr
    assert f"+ rm -f {tmp_path}/root/{INSTALLED}" in done.stdout.splitlines()


@pytest.mark.skipif(os.geteuid() != 0, reason="a real run needs root (its first check)")
def test_a_real_run_puts_the_rule_there_byte_for_byte_and_uninstall_takes_it_away(fake_python, tmp_path):  # noqa: F811
    env, calls = fake_python
    dest = tmp_path / "root"
    env = {**env, "DESTDIR": str(dest)}
    done = run(env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    installed = dest / INSTALLED
    assert installed.read_bytes() == RULE.read_bytes() and oct(installed.stat().st_mode & 0o777) == "0o644"
    assert "apt-get install -y --no-install-recommends polkitd" in calls.read_text().splitlines()
    done = run("--uninstall", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert not installed.exists()
