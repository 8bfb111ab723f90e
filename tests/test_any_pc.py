"""Any PC (issue 19 item 4): the package imports, and the simulator starts, where there is
no fcntl (Windows). Each test runs Python in a process of its own with fcntl blocked."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: fcntl gone, as on Windows; WINDOWS=1 also puts in a stand-in msvcrt whose locking() has
#: msvcrt's contract (LK_NBLCK: one byte range from the file position, OSError if another
#: process holds it; LK_UNLCK), kept with POSIX record locks taken before fcntl goes.
NO_FCNTL = textwrap.dedent("""
    import os, sys, types
    import fcntl as _posix
    sys.modules["fcntl"] = None  # import fcntl: ImportError, as where there is none
    if os.environ.get("WINDOWS") == "1":
        msvcrt = types.ModuleType("msvcrt")
        msvcrt.LK_UNLCK, msvcrt.LK_NBLCK = 0, 2

        def locking(fd, mode, nbytes):
            at = os.lseek(fd, 0, os.SEEK_CUR)
            if mode == msvcrt.LK_UNLCK:
                _posix.lockf(fd, _posix.LOCK_UN, nbytes, at, 0)
                return
            try:
                _posix.lockf(fd, _posix.LOCK_EX | _posix.LOCK_NB, nbytes, at, 0)
            except OSError:
                raise PermissionError(13, "Permission denied") from None

        msvcrt.locking = locking
        sys.modules["msvcrt"] = msvcrt
""")


def python(code: str, *args: str, windows: bool = True, **kw) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "WINDOWS": "1" if windows else "0", "HOME": kw.pop("home", "/nonexistent")}
    return subprocess.run([sys.executable, "-c", NO_FCNTL + textwrap.dedent(code), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, **kw)


def test_every_module_imports_without_fcntl():
    done = python("""
        import pkgutil, companion, hardware.sim.terminal, hardware.keys.detector
        names = [m.name for m in pkgutil.walk_packages(companion.__path__, "companion.")]
        names.remove("companion.__main__")  # runs the companion when imported: the start test does
        for name in names:
            __import__(name)
        assert sys.modules["fcntl"] is None
        print(len(names))
    """, windows=False)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 100


def test_the_simulator_starts_without_fcntl(tmp_path):
    (tmp_path / "empty.keys").write_text("")
    done = python("""
        from companion.cli import main
        sys.exit(main(["run", "--keys", sys.argv[1], "--sim", "--state-dir", sys.argv[2]]))
    """, str(tmp_path / "empty.keys"), str(tmp_path / "state"), home=str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "no game started yet" in done.stdout and done.stderr == ""


HOLDER = """
    from companion.record.saves import Games
    with Games(sys.argv[1]).lock():
        print("held", flush=True)
        sys.stdin.read()
"""


def test_the_lock_keeps_a_second_companion_off_the_folder_without_fcntl(tmp_path):
    state = tmp_path / "state"
    holder = subprocess.Popen([sys.executable, "-c", NO_FCNTL + textwrap.dedent(HOLDER), str(state)], cwd=ROOT,
                              env={"PATH": "/usr/bin:/bin", "WINDOWS": "1"}, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        (tmp_path / "empty.keys").write_text("")
        run = """
            from companion.cli import main
            sys.exit(main(["run", "--keys", sys.argv[1], "--sim", "--state-dir", sys.argv[2]]))
        """
        done = python(run, str(tmp_path / "empty.keys"), str(state), home=str(tmp_path))
        assert done.returncode == 2 and done.stderr.count("\n") == 1
        assert f"another companion (pid {holder.pid})" in done.stderr  # the pid is read past the locked byte
    finally:
        holder.stdin.close()
        holder.wait()
    done = python(run, str(tmp_path / "empty.keys"), str(state), home=str(tmp_path))
    assert done.returncode == 0, done.stderr  # let go of when its holder ended


def test_without_any_file_lock_run_refuses_in_one_line_and_replay_still_reads(tmp_path):
    (tmp_path / "empty.keys").write_text("")
    done = python("""
        from companion.cli import main
        sys.exit(main(["run", "--keys", sys.argv[1], "--sim", "--state-dir", sys.argv[2]]))
    """, str(tmp_path / "empty.keys"), str(tmp_path / "state"), windows=False, home=str(tmp_path))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "no file lock" in done.stderr
    sample = ROOT / "tests" / "fixtures" / "journals" / "0.1-2023-4p-sample-by-keys.jsonl"
    done = python("""
        from companion.cli import main
        sys.exit(main(["replay", sys.argv[1]]))
    """, str(sample), windows=False)
    assert done.returncode == 0 and "71" in done.stdout
