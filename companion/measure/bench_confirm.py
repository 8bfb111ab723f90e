"""The bench's figure for the press that confirms a turn's placements, counted whole (issue 36).

bench_targets.py counts the unit of Placed steps sent to the game (checked, written, the snapshot
kept): half of what the player waits for. The press goes on: the turn's end, the next page drawn, and
its frame turned into the panel's bytes. Here the press itself is counted, from the key to the 2.7inch
controller's bytes (framebuffer.to_buffer), in a companion that played the board sample game by keys
to that press (the last press of the game that confirms placements); counted as bench_instructions.py
counts (callgrind, the difference of two child processes, one making the press and one not). Figures
only: nothing here asserts.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from companion.measure.bench_instructions import Counter

SCRIPT = "sample_board_game.keys"

#: argv: the key script, the presses to play first, then "press" (the next one too) or "stop".
CONFIRM_PRESS = """
import sys, tempfile
from pathlib import Path
from companion.measure.key_scripts import play
from companion.ui.draw.render import render
from hardware.display.framebuffer import to_buffer
from hardware.sim.terminal import parse_script
path = Path(sys.argv[1])
presses = [e for e in parse_script(path.read_text(encoding="utf-8"), where=path.name) if e is not None]
ui = play(presses[:int(sys.argv[2])], Path(tempfile.mkdtemp()))
if sys.argv[3] == "press":
    press = presses[int(sys.argv[2])]
    ui.press(press.key, press.long)
    to_buffer(render(ui.screen()), 0)
"""

M = 1_000_000


def script_path() -> Path:
    from companion.measure.key_scripts import SAMPLE_KEYS

    return SAMPLE_KEYS.parent / SCRIPT


def confirming_presses(path: Path) -> list[int]:
    """The index of each press of the key script ``path`` that sends Placed steps to the game."""
    from companion.engine.steps import Placed
    from companion.measure.key_scripts import play
    from hardware.sim.terminal import parse_script

    presses = [e for e in parse_script(path.read_text(encoding="utf-8"), where=path.name) if e is not None]
    found: list[int] = []
    seen = {"steps": 0, "presses": 0}

    def after(ui) -> None:
        steps = ui.game.steps if ui.game is not None else []
        if any(isinstance(step, Placed) for step in steps[seen["steps"]:]):
            found.append(seen["presses"])
        seen["steps"], seen["presses"] = len(steps), seen["presses"] + 1

    with tempfile.TemporaryDirectory() as tmp:
        ui = play(presses, Path(tmp), after_each=after)
        if ui.game is not None:
            ui.game.close()
    return found


def confirm_press_figures(count: Counter) -> None:
    path = script_path()
    found = confirming_presses(path)
    if not found:
        print(f"  the press confirming placements: none in {SCRIPT}")
        return
    at = found[-1]
    base, pressed = (count(CONFIRM_PRESS, str(path), str(at), how) for how in ("stop", "press"))
    verdict = "met" if pressed - base <= 8 * M else "NOT met"
    print(f"  the press confirming a turn's placements, whole (press {at + 1} of {SCRIPT}: the unit checked, "
          f"written and fsynced, the snapshot kept, the turn's end, the next frame and its 2.7\" bytes): "
          f"{(pressed - base) / M:,.2f} M (target <= 8.0 M for the unit alone above: {verdict} for the whole press)")
