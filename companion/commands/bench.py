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
    p = sub.add_parser("bench", help="measure the companion on this machine (replay, key presses, memory, "
                                     "start-up, display bursts); prints figures")
    p.add_argument("--repeat", type=int, default=20, help="repetitions per figure (default 20)")
    p.add_argument("--no-valgrind", action="store_true", help="skip instruction counts even if valgrind is there")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    print(f"elgrande-companion bench on {sys.platform}, Python {sys.version.split()[0]}")
    replay_figures(max(1, args.repeat), valgrind=not args.no_valgrind)
    for section in extra_sections():
        section(valgrind=not args.no_valgrind)
    instruction_counts(valgrind=not args.no_valgrind)
    return 0


def instruction_counts(valgrind: bool = True) -> None:
    """Instructions per navigation press, to the first frame, per undo (companion/commands/bench_instructions.py)."""
    from companion.commands.bench_instructions import instruction_figures

    instruction_figures(valgrind=valgrind)


def extra_sections():
    """The figures after the replay: key presses, memory, start-up, display bursts."""
    return [keys_figures, memory_figures, start_figures, display_figures]


def keys_figures(repeat: int = 1, valgrind: bool = True) -> None:
    """Each key press of the scripted sample game: the step (if any) and the frame it draws."""
    from companion.ui.demo import play, sample_presses
    from companion.ui.render import render

    presses = sample_presses()
    times: list[float] = []
    last = [time.perf_counter()]

    def timed(ui):
        render(ui.screen())
        now = time.perf_counter()
        times.append(now - last[0])
        last[0] = now

    with tempfile.TemporaryDirectory() as tmp:
        last[0] = time.perf_counter()
        ui = play(presses, Path(tmp), after_each=timed)
        steps = len(ui.game.steps)
        ui.game.close()
    ordered = sorted(times)
    print(f"key presses: the sample 4-player game by keys, {len(presses)} presses, {steps} steps "
          "(each press: the step, fsynced when there is one, and its frame rendered)")
    print(f"  per press: median {statistics.median(times) * 1000:.1f} ms, "
          f"95th percentile {ordered[int(len(ordered) * 0.95)] * 1000:.1f} ms, "
          f"slowest {ordered[-1] * 1000:.1f} ms; whole game {sum(times):.2f} s")
    if valgrind:
        code = ("import sys, tempfile; from pathlib import Path; from companion.ui.demo import play, "
                "sample_presses; from companion.ui.render import render; p = sample_presses(); "
                "d = tempfile.mkdtemp(); play(p, Path(d), after_each=lambda ui: render(ui.screen()))")
        base = ("import companion.ui.demo, companion.app, companion.ui.render, hardware.terminal, "
                "companion.ui.screens")
        counts = _count_instructions([("start-up", [sys.executable, "-c", base]),
                                      ("start-up + game", [sys.executable, "-c", code])])
        if counts:
            per = (counts["start-up + game"] - counts["start-up"]) / len(presses)
            print(f"  instructions per press (callgrind, start-up subtracted): {per:,.0f}")


def memory_figures(repeat: int = 1, valgrind: bool = True) -> None:
    """Peak resident memory of a process that plays the whole sample game by keys."""
    code = ("import resource, tempfile; from pathlib import Path; from companion.ui.demo import play, "
            "sample_presses; from companion.ui.render import render; "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True); "
            "play(sample_presses(), Path(tempfile.mkdtemp()), after_each=lambda ui: render(ui.screen())); "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if done.returncode != 0 or len(done.stdout.split()) != 2:
        print(f"memory: could not measure ({(done.stderr.strip().splitlines() or ['no output'])[-1]})")
        return
    loaded, peak = (int(x) for x in done.stdout.split())
    scale = 1 / 1024 / 1024 if sys.platform == "darwin" else 1 / 1024  # ru_maxrss: bytes on macOS, KiB elsewhere
    print(f"memory: peak RSS of a whole game by keys {peak * scale:.1f} MiB "
          f"(after the imports, before the first press: {loaded * scale:.1f} MiB)")


START = """
import sys, time
from pathlib import Path
from companion.app import Games, make_controller
from companion.ui.render import render
render(make_controller(Games(Path(sys.argv[1]))).screen())
print("frame", flush=True)
"""


def start_figures(repeat: int = 5, valgrind: bool = True) -> None:
    """Cold start: a new Python process until its first frame is drawn (the screen a user waits for)."""
    from companion.game.sample import four_player_game

    print("start-up: a new process until its first frame is rendered (median of 5)")
    with tempfile.TemporaryDirectory() as tmp:
        empty, resumed = Path(tmp) / "empty", Path(tmp) / "resumed"
        empty.mkdir()
        resumed.mkdir()
        four_player_game(resumed / "game.jsonl").close()
        for label, folder in (("no saved game", empty), ("resuming a finished 4-player game", resumed)):
            times = []
            for _ in range(5):
                start = time.perf_counter()
                child = subprocess.Popen([sys.executable, "-c", START, str(folder)], stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, text=True)
                line = child.stdout.readline()
                times.append(time.perf_counter() - start)
                _, err = child.communicate()
                if line.strip() != "frame":
                    print(f"  {label}: failed ({(err.strip().splitlines() or ['no output'])[-1]})")
                    break
            else:
                print(f"  {label}: {statistics.median(times) * 1000:.0f} ms")


def display_figures(repeat: int = 1, valgrind: bool = True) -> None:
    """Simulated panel timings: how long a burst of presses waits for the glass."""
    from hardware.bench_burst import print_report

    print_report()


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
    code = "import sys; from companion.game.game import Game; Game.resume(sys.argv[1]).close()"
    counts = _count_instructions([("python start-up", [sys.executable, "-c", "import companion.game.game"]),
                                  ("start-up + replay", [sys.executable, "-c", code, str(path)])])
    if counts:
        replay = counts["start-up + replay"] - counts["python start-up"]
        print(f"  instructions to replay (callgrind, start-up subtracted): {replay:,}")


def _count_instructions(runs: list[tuple[str, list[str]]]) -> dict[str, int] | None:
    """Instructions each command executes under callgrind; None (and a line saying why) if it cannot."""
    tool = shutil.which("valgrind")
    if not tool:
        print("  instructions: valgrind not found (apt install valgrind to count them)")
        return None
    counts = {}
    for label, argv in runs:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "callgrind.out"
            done = subprocess.run([tool, "--tool=callgrind", f"--callgrind-out-file={out}", *argv],
                                  capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
            total = _callgrind_total(out) if done.returncode == 0 and out.exists() else None
        if total is None:
            print(f"  instructions: valgrind failed ({done.stderr.strip().splitlines()[-1:]})")
            return None
        counts[label] = total
    return counts


def _callgrind_total(out: Path) -> int | None:
    for line in out.read_text().splitlines():
        if line.startswith("summary:") or line.startswith("totals:"):
            return int(line.split()[1])
    return None
