"""The bench's dearest press of whole games by keys, from the key to the panel's bytes (issue 36).

Issue 36's target is on every press, not a percentile: the maximum over the typical table's game
and the plan table's (each a whole game by keys, companion/samples), <= 8 M instructions on the
2.7inch and <= 16 M on the 7.5inch, each press counted from the key to the controller's bytes (the
page's work, the step's checks and writes, the next frame drawn at the panel's size and turned into
its bytes as the panel turns it: bench_frames.py says how).

Counted in one child process per game and panel, run under callgrind with ``--dump-before=getppid``:
the child calls ``os.getppid()`` (nothing else in the companion does) after its warm-up and after each
press, and callgrind writes a profile at each call, so each dump's total is one press. The child is a
running companion, the game not resumed: every module of the companion imported and the phase chart
built once (the script's first presses to its game played in another folder) before the game is
played in an empty state folder, and after its first frame what the start made set aside from the
garbage collector as the run command's loop does (app.settled). As the loop does, the snapshot
beside the game log is written after the press's frame (app.Loop.press): a second dump counts it
apart, printed as the work after the frame (not the press's: the frame is on its way). Figures only: nothing here asserts
(tests hold the lines' format).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.measure.bench_instructions import Counter, CountFailed, callgrind_total

if TYPE_CHECKING:
    from PIL.Image import Image

    from companion.ui.key_event import KeyEvent

#: The whole games by keys the maximum is taken over (companion/samples).
SCRIPTS = ("sample_typical_table.keys", "sample_plan_table.keys")
#: The panels counted, and the target on their dearest press (issue 36).
PANELS = (("v2", '2.7"', 8.0), ("7in5_V2", '7.5"', 16.0))
#: The C function whose calls make callgrind dump: the child calls it between presses only.
MARK = "getppid"

M = 1_000_000

#: argv: the key script, the panel model. Prints, after its last press, one line per press:
#: the script's line, the page pressed on (its class and prompt).
PRESSES = """
import os, sys, tempfile
from contextlib import nullcontext
from pathlib import Path
from companion.measure.bench_press_max import converter, script_lines, warm
from companion.app import Games, make_controller, settled
from companion.ui.draw.render import render, scroll_end
from companion.settings.panel import panel
path, model = Path(sys.argv[1]), sys.argv[2]
size = panel(model).size
lines = script_lines(path)
warm([event for _, event in lines])
convert = converter(model)
ui = make_controller(Games(Path(tempfile.mkdtemp())), seed=lambda: 1)
ui.measure = lambda screen: scroll_end(screen, size, "left")
convert(render(ui.screen(), size))
settled()  # as the run command's loop does after its first frame (app.Loop, settle)
pages = []
os.getppid()
for number, event in lines:
    pages.append((number, type(ui.page).__name__, getattr(ui.page, "prompt", "")))
    game = ui.game
    with game.one_snapshot() if game is not None else nullcontext():  # as app.Loop.press
        ui.press(event.key, event.long)
        convert(render(ui.screen(), size))
        os.getppid()
    os.getppid()  # the snapshot written after the frame
for number, name, prompt in pages:
    print(number, name, " ".join(str(prompt).split())[:60], sep="\\t")
"""


def script_lines(path: Path) -> list[tuple[int, KeyEvent]]:
    """The presses of the key script at ``path``, each with its line's number (pauses, comments and
    restarts left out): as hardware/sim/terminal.parse_script reads it, a line at a time."""
    from hardware.sim.terminal import parse_script

    found: list[tuple[int, KeyEvent]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        found += [(number, event) for event in parse_script(line, where=path.name) if event is not None]
    return found


def warm(presses: list[KeyEvent]) -> None:
    """What a running companion has done before: every module imported (the bench's and the
    commands' aside), and a game begun (the phase chart's library and its first chart), in a
    folder thrown away."""
    import importlib
    import pkgutil

    import companion
    from companion.measure.key_scripts import play

    for module in pkgutil.walk_packages(companion.__path__, "companion."):
        if not module.name.startswith(("companion.measure", "companion.commands", "companion.cli",
                                       "companion.__main__")):
            importlib.import_module(module.name)
    with tempfile.TemporaryDirectory() as tmp:
        ui = play([], Path(tmp))
        for event in presses:
            ui.press(event.key, event.long)
            if ui.game is not None:
                ui.game.machine  # noqa: B018 (the chart built)
                ui.game.close()
                break


def converter(model: str) -> Callable[[Image], object]:
    """The frame to the controller's bytes as the panel turns it (bench_frames.py): the 2.7inch the
    whole frame, the larger panels what changed since the last frame."""
    from hardware.display.frame_bytes import FrameBytes
    from hardware.display.framebuffer import to_buffer
    from hardware.display.large import _TO_LANDSCAPE, NATIVE

    if model in NATIVE:
        return FrameBytes(NATIVE[model], _TO_LANDSCAPE[0], invert=model == "7in5_V2")
    return lambda image: to_buffer(image, 0)


@dataclass(frozen=True)
class Press:
    instructions: int
    line: int
    page: str
    #: The work after the press's frame (the snapshot written beside the log: app.Loop.press).
    after: int = 0


def count_presses(count: Counter, script: Path, model: str) -> list[Press]:
    """Each press of ``script`` on ``model``, counted by a dump of callgrind per press."""
    out = count.tmp / f"presses-{script.stem}-{model}.out"
    argv = [sys.executable, "-c", PRESSES, str(script), model]
    warm_run = subprocess.run(argv, capture_output=True, text=True, env=count.env)  # writes the bytecode
    if warm_run.returncode != 0:
        raise CountFailed((warm_run.stderr.strip().splitlines() or ["no output"])[-1])
    done = subprocess.run([count.tool, "--tool=callgrind", f"--dump-before={MARK}", "--dump-instr=no",
                           f"--callgrind-out-file={out}", *argv], capture_output=True, text=True, env=count.env)
    if done.returncode != 0:
        raise CountFailed(f"valgrind: {(done.stderr.strip().splitlines() or ['no output'])[-1]}")
    pages = [line.split("\t") for line in done.stdout.splitlines() if line]
    totals = dump_totals(out)
    for dump in out.parent.glob(out.name + ".*"):
        dump.unlink()
    # the first dump is the start and the warm-up; then two a press: the press, the work after its frame
    presses, after = totals[1:1 + 2 * len(pages):2], totals[2:2 + 2 * len(pages):2]
    if len(after) != len(pages):
        raise CountFailed(f"{len(totals)} dumps of callgrind for {len(pages)} presses of {script.name}")
    return [Press(total, int(number), f"{name}: {prompt}" if prompt else name, rest)
            for total, rest, (number, name, prompt) in zip(presses, after, pages, strict=True)]


def dump_totals(out: Path) -> list[int]:
    """The total of each numbered dump callgrind wrote at ``out`` (out.1, out.2, ...), in order."""
    numbered = [(int(m.group(1)), path) for path in out.parent.glob(out.name + ".*")
                if (m := re.fullmatch(re.escape(out.name) + r"\.(\d+)", path.name))]
    totals = []
    for _, path in sorted(numbered):
        total = callgrind_total(path)
        if total is None:
            raise CountFailed(f"no total in {path.name}")
        totals.append(total)
    return totals


def press_max_figures(count: Counter, scripts: tuple[str, ...] = SCRIPTS) -> None:
    """A line per panel: the dearest press over the games, its line and page, the top five, the median."""
    from companion.measure.key_scripts import SAMPLES

    print("every press of a whole game by keys, from the key to the panel's bytes (callgrind, a dump per press; "
          "a running companion: every module imported, the phase chart built once):")
    for model, name, target in PANELS:
        every = []
        for script in scripts:
            every += [(press, script) for press in count_presses(count, SAMPLES / script, model)]
        print(press_max_line(name, target, every))


def press_max_line(name: str, target: float, every: list[tuple[Press, str]]) -> str:
    """The panel's line for the presses ``every`` (each with its script's name)."""
    ranked = sorted(every, key=lambda found: -found[0].instructions)
    counts = sorted(press.instructions for press, _ in every)
    median = counts[(len(counts) - 1) // 2]
    top, script = ranked[0]
    verdict = "met" if top.instructions <= target * M else "NOT met"
    five = ", ".join(f"{press.instructions / M:,.2f} M ({where.removesuffix('.keys')} line {press.line})"
                     for press, where in ranked[:5])
    over = sum(1 for c in counts if c > target * M)
    line = (f"  {name}: max {top.instructions / M:,.2f} M (target <= {target:.1f} M: {verdict}; {over} of "
            f"{len(counts)} presses over it), {script} line {top.line}, {top.page}; p50 {median / M:,.2f} M; "
            f"the top five: {five}")
    later = max(every, key=lambda found: found[0].after)
    if later[0].after:
        line += (f"; after the frame (the snapshot beside the log, app.Loop.press): max {later[0].after / M:,.2f} M "
                 f"({later[1].removesuffix('.keys')} line {later[0].line})")
    return line
