"""The bench's instruction counts: a navigation press, a cold start, an undo late in a game.

Counted with valgrind's callgrind (instructions, not seconds: the same on every
run of a machine, so a change of a few per cent shows). Each figure is the
difference of two child processes that do the same but for the thing
measured, so the interpreter's start-up and the common part cancel out; the
cold start is the whole process, to the first frame. Children run from
compiled bytecode (a private pycache, filled by one run without valgrind
first), as an installed companion does. Figures only: nothing here asserts.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

#: Presses of the sample game before the navigation: a turn of round 2, where KEY1 held opens the menu.
NAV_AFTER = 120
NAV_PRESSES = 40

NAVIGATE = """
import sys, tempfile
from pathlib import Path
from companion.measure.key_scripts import play, sample_presses
from companion.ui.draw.render import render
ui = play(sample_presses()[:int(sys.argv[1])], Path(tempfile.mkdtemp()))
ui.press(0, True)  # hold KEY1: the menu (13 items, a scroll bar)
render(ui.screen())
for i in range(int(sys.argv[2])):
    ui.press(1 if i % 12 < 6 else 0)  # six down, six up, ...
    render(ui.screen())
"""

#: The real command, to its first frame (the interpreter's own tear-down is not counted).
COLD = "import os, sys; from companion.cli import main; main(sys.argv[1:]); os._exit(0)"

#: The same with what a start on the Pi imports besides: hardware.pi and gpiozero (as the keys and the
#: panel import it: hardware/gpiozero_import.py), and spidev, here a stand-in from the folder given
#: first (lgpio, gpiozero's pin library on a Pi, is not in this figure).
COLD_PI = ("import os, sys; sys.path.insert(0, sys.argv.pop(1)); import hardware.pi, spidev; "
           "from hardware.gpiozero_import import import_gpiozero; import_gpiozero(); "
           "from companion.cli import main; main(sys.argv[1:]); os._exit(0)")

#: spidev as far as importing it goes (the real one is a C extension built on the Pi).
SPIDEV_STAND_IN = '''"""A stand-in for spidev: the bench counts what importing it costs, not what it does."""


class SpiDev:
    def open(self, bus, device):
        pass

    def writebytes2(self, data):
        pass

    def close(self):
        pass
'''

#: Steps of the sample game (150 in all) before the undo, and a short game to compare.
UNDO_LATE, UNDO_EARLY = 140, 20

#: The game read from its journal (not attached to it: the undo changes no file), then one undo.
UNDO = """
import sys
from companion.play.game import Game
from companion.record.journal import Journal
journal = Journal.open(sys.argv[1])
game = Game.from_record(journal)
if sys.argv[2] == "undo":
    game.undo()
journal.close()
"""

#: The conservation law's check (companion/engine/conservation.py, run after every step) on the state of
#: the sample board game at its end (4 players); argv: how many times.
CONSERVATION = """
import sys
from companion.engine import conservation
from companion.measure.sample import board_game
state = board_game().state
for _ in range(int(sys.argv[1])):
    conservation.check(state)
"""
CHECKS = 1000


def instruction_figures(repeat: int = 1, valgrind: bool = True, more: tuple = ()) -> None:
    """Print the three counts (or one line saying why they cannot be counted), then what each of
    ``more`` (functions of a Counter: bench_targets.target_figures) prints."""
    if not valgrind:
        return
    print("instructions (callgrind, from compiled bytecode):")
    tool = shutil.which("valgrind")
    if not tool:
        print("  valgrind not found: no instruction counts (apt install valgrind to count them)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        counter = Counter(tool, Path(tmp))
        try:
            navigation_press(counter)
            cold_start(counter)
            undo_late(counter)
            conservation_check(counter)
            for figures in more:
                figures(counter)
        except CountFailed as failed:
            print(f"  could not count: {failed}")


class CountFailed(Exception):
    pass


class Counter:
    """Runs `python -c CODE ARGS` under callgrind and returns the instructions it executed."""

    def __init__(self, tool: str, tmp: Path):
        self.tool, self.tmp = tool, tmp
        self.env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        self.env.update(PYTHONHASHSEED="0", PYTHONPYCACHEPREFIX=str(tmp / "pycache"),
                        ELGRANDE_CONFIG=str(tmp / "no-config.toml"))
        self.runs = 0

    def __call__(self, code: str, *args: str) -> int:
        argv = [sys.executable, "-c", code, *args]
        self.runs += 1
        out = self.tmp / f"callgrind.{self.runs}.out"
        warm = subprocess.run(argv, capture_output=True, text=True, env=self.env)  # writes the bytecode
        if warm.returncode != 0:
            raise CountFailed((warm.stderr.strip().splitlines() or ["no output"])[-1])
        done = subprocess.run([self.tool, "--tool=callgrind", f"--callgrind-out-file={out}", *argv],
                              capture_output=True, text=True, env=self.env)
        total = callgrind_total(out) if done.returncode == 0 and out.exists() else None
        if total is None:
            raise CountFailed(f"valgrind: {(done.stderr.strip().splitlines() or ['no output'])[-1]}")
        return total


def callgrind_total(out: Path) -> int | None:
    for line in out.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    return None


def navigation_press(count: Counter) -> None:
    base = count(NAVIGATE, str(NAV_AFTER), "0")
    moved = count(NAVIGATE, str(NAV_AFTER), str(NAV_PRESSES))
    print(f"  per navigation press (menu, cursor moved, frame drawn; mean of {NAV_PRESSES}): "
          f"{(moved - base) / NAV_PRESSES:,.0f}")


def cold_start(count: Counter) -> None:
    from companion.measure.sample import four_player_game

    empty, resumed, keys = count.tmp / "empty", count.tmp / "resumed", count.tmp / "none.keys"
    empty.mkdir()
    resumed.mkdir()
    keys.write_text("")
    four_player_game(resumed / "game.jsonl").close()
    bare = count("pass")
    plain = 0
    for label, folder in (("no saved game", empty), ("resuming a finished 4-player game", resumed)):
        total = count(COLD, "run", "--keys", str(keys), "--state-dir", str(folder))
        plain = plain or total
        print(f"  cold start to the first frame ({label}): {total:,} "
              f"(of which the bare interpreter: {bare:,})")
    stand_ins = count.tmp / "stand-ins"
    stand_ins.mkdir()
    (stand_ins / "spidev.py").write_text(SPIDEV_STAND_IN)
    try:
        total = count(COLD_PI, str(stand_ins), "run", "--keys", str(keys), "--state-dir", str(empty))
    except CountFailed as failed:  # no gpiozero in this environment, say
        print(f"  cold start with the Pi's imports: could not count ({failed})")
        return
    print(f"  cold start to the first frame with the Pi's imports (hardware.pi, gpiozero, a stand-in spidev; "
          f"no saved game): {total:,} (the Pi's imports: {total - plain:+,}; lgpio not included)")


def undo_late(count: Counter) -> None:
    from companion.measure.sample import four_player_game
    from companion.play.game import Game

    steps = four_player_game().steps
    for at in (UNDO_EARLY, UNDO_LATE):
        path = count.tmp / f"undo-{at}.jsonl"
        game = Game.new(four_player_game().settings, path)
        for step in steps[:at]:
            game.send(step)
        game.close()
        runs = [count(UNDO, str(path), mode) for mode in ("read", "undo")]
        print(f"  undo at step {at} of a 4-player game read by a full replay of its log (not after a resume: "
              f"see below): {runs[1] - runs[0]:,}")


def conservation_check(count: Counter) -> None:
    every = (count(CONSERVATION, str(CHECKS)) - count(CONSERVATION, "0")) / CHECKS
    print(f"  conservation check per step: {every / 1000:,.1f} k instructions (the 4-player board sample's last state)")
