"""The fixtures of scripts/install-pi.sh's tests: a PATH of recording stubs, and an empty DESTDIR."""

import os

import pytest

from tests.install.script import MUTATING


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
    # apt-cache answers for the packages in the file apt-packages (none unless a test writes it), never
    # from this machine's package lists.
    packages = tmp_path / "apt-packages"
    packages.touch()
    (stubs / "apt-cache").write_text(f'#!/bin/sh\n[ "$1" = show ] && grep -qx -e "$2" "{packages}" || exit 100\n'
                                     'echo "Package: $2"\n')
    (stubs / "apt-cache").chmod(0o755)
    env = {"PATH": f"{stubs}:{os.environ.get('PATH', '/usr/bin:/bin')}", "HOME": str(tmp_path),
           "LANG": "C.UTF-8"}
    return env, calls


@pytest.fixture
def empty_root(sandbox, tmp_path):
    """(env, DESTDIR, calls): the sandbox with a DESTDIR that holds nothing (no user, no venv, no settings)."""
    env, calls = sandbox
    dest = tmp_path / "root"
    dest.mkdir()
    return {**env, "DESTDIR": str(dest)}, dest, calls
