"""`elgrande-companion bench`: prints how fast this machine runs the companion.

Measures, asserts nothing (no timed tests in the suite). Run it on the Pi to
see what the table will feel.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def add_parser(sub) -> None:
    p = sub.add_parser("bench", help="measure replay speed (and more) on this machine; prints figures")
    p.add_argument("--repeat", type=int, default=20, help="repetitions per figure (default 20)")
    p.add_argument("--no-valgrind", action="store_true", help="skip instruction counts even if valgrind is there")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    print(f"elgrande-companion bench on {sys.platform}, Python {sys.version.split()[0]}")
    replay_figures(max(1, args.repeat), valgrind=not args.no_valgrind)
    for section in extra_sections():
        section()
    return 0


def extra_sections():
    """Sections other layers add (screens, display) when they are installed."""
    return []


def replay_figures(repeat: int, valgrind: bool) -> None:
    from companion.game.game import Game
    from companion.game.sample import four_player_game

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        start = time.perf_counter()
        game = four_player_game(path)
        played = time.perf_counter() - start
        steps = len(game.steps)
        game.close()
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            Game.resume(path).close()
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        print(f"replay: a complete 4-player journal, {steps} steps, {path.stat().st_size} bytes")
        print(f"  play live (each step fsynced): {played * 1000:.1f} ms, {played / steps * 1000:.2f} ms/step")
        print(f"  replay from disk: median {median * 1000:.1f} ms ({median / steps * 1e6:.0f} us/step), "
              f"best {min(times) * 1000:.1f} ms over {repeat}")
        if valgrind:
            _instructions(path)


def _instructions(path: Path) -> None:
    tool = shutil.which("valgrind")
    if not tool:
        print("  instructions: valgrind not found (apt install valgrind to count them)")
        return
    code = ("import sys; from companion.game.game import Game; Game.resume(sys.argv[1]).close()")
    counts = {}
    for label, argv in (("python start-up", [sys.executable, "-c", "import companion.game.game"]),
                        ("start-up + replay", [sys.executable, "-c", code, str(path)])):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "callgrind.out"
            done = subprocess.run([tool, "--tool=callgrind", f"--callgrind-out-file={out}", *argv],
                                  capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
            total = _callgrind_total(out) if done.returncode == 0 and out.exists() else None
        if total is None:
            print(f"  instructions: valgrind failed ({done.stderr.strip().splitlines()[-1:]})")
            return
        counts[label] = total
    replay = counts["start-up + replay"] - counts["python start-up"]
    print(f"  instructions to replay (callgrind, start-up subtracted): {replay:,}")


def _callgrind_total(out: Path) -> int | None:
    for line in out.read_text().splitlines():
        if line.startswith("summary:") or line.startswith("totals:"):
            return int(line.split()[1])
    return None
