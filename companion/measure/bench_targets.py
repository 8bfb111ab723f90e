"""The bench's figures for issue 23's targets, each printed with its target (callgrind instructions).

    resume a finished 150-step game, to the first frame          <= 500 M
    resume the 271-step King & the Colonies board game            <= 500 M (independent of its length)
    replay per step, scores only / board recorded                 <= 1.0 M / <= 1.5 M
    confirming a turn's placements                                <= 8 M
    cold start with the Pi's imports                              <= 400 M

Each is counted as bench_instructions.py counts (the difference of two child processes where a
part is measured; the whole process for a start). Figures only: nothing here asserts. Beside the
replay figures the bench prints what python-statemachine alone costs an event (a send on a one-state
chart): a replay sends one event a step, so that is its floor (README.md, "What the processor does").
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.measure.bench_instructions import COLD, COLD_PI, SPIDEV_STAND_IN, Counter

#: The game read from its log, every step checked and replayed (what `replay` and `export` do, and a
#: resume without a snapshot); argv: the log, and how many of its lines after the header to keep.
REPLAY = """
import sys
from pathlib import Path
from companion.play.game import Game
from companion.record.journal import read_only
whole = Path(sys.argv[1])
part = whole.with_name("part.jsonl")
part.write_bytes(b"".join(whole.read_bytes().splitlines(keepends=True)[:1 + int(sys.argv[2])]))
Game.from_record(read_only(part))
"""

#: A turn's placements confirmed (checked, written to the log, the snapshot kept), in a copy of a game
#: log resumed from its snapshot; argv: the folder holding the log, the unit (JSON), and how far to go:
#: "resume", "chart" (the phase chart built, as the first step after a resume builds it), "once" (the
#: unit sent), "undone" (and undone), "twice" (and sent again: a confirmation in a running companion).
CONFIRM = """
import json, shutil, sys, tempfile
from pathlib import Path
from companion.play.game import Game
from companion.engine.steps import Step
folder = Path(tempfile.mkdtemp())
for name in ("game.jsonl", "game.jsonl.snapshot"):
    shutil.copy(Path(sys.argv[1]) / name, folder / name)
game = Game.resume(folder / "game.jsonl")
steps = [Step.from_json(step) for step in json.loads(sys.argv[2])]
stages = ["resume", "chart", "once", "undone", "twice"]
last = stages.index(sys.argv[3])
if last >= 1:
    game.machine
if last >= 2:
    game.send(*steps)
if last >= 3:
    game.undo()
if last >= 4:
    game.send(*steps)
game.close()
"""

#: python-statemachine's own cost of one event (what a step of a replay pays at the least): argv, the
#: number of events sent to a one-state chart whose one transition runs one action, as ours apply a step.
CHART_FLOOR = """
import sys
from statemachine import State, StateMachine
class One(StateMachine):
    only = State(initial=True)
    step = only.to.itself(internal=True, on="apply")
    def apply(self, step): pass
chart = One()
for i in range(int(sys.argv[1])):
    chart.send("step", step=i)
"""

M = 1_000_000


def say(figure: str, count: float, target: float, was: str) -> None:
    verdict = "met" if count <= target else "NOT met"
    digits = 2 if count < 10 * M else 1  # (a figure per step: 1.15 M is not 1.2 M)
    print(f"  {figure}: {count / M:,.{digits}f} M (target <= {target / M:,.1f} M: {verdict}; issue 23 measured {was})")


def target_figures(count: Counter) -> None:
    from companion.measure.sample import board_game, four_player_game

    print("issue 23's targets (instructions, callgrind):")
    keys = count.tmp / "none.keys"
    keys.write_text("")
    sample = count.tmp / "sample"
    sample.mkdir()
    four_player_game(sample / "game.jsonl").close()
    king = count.tmp / "king-colonies-board"
    steps = _king_colonies_board_game(king)
    for label, folder, was in (("resume a finished 150-step game, to the first frame", sample, "1,005 M"),
                               (f"resume the {steps}-step King & the Colonies board game, to the first frame",
                                king, "1,537 M")):
        say(label, count(COLD, "run", "--keys", str(keys), "--state-dir", str(folder)), 500 * M, was)
    board = count.tmp / "board"
    board.mkdir()
    board_game(board / "game.jsonl").close()
    for label, folder, target, was in (("replay per step, scores only (the 150-step sample)", sample, 1.0, "1.9 M"),
                                       ("replay per step, board recorded (the 195-step board sample)", board, 1.5,
                                        "3.9 M")):
        log = folder / "game.jsonl"
        lines = len(log.read_bytes().splitlines()) - 1
        few = count(REPLAY, str(log), "10")
        every = count(REPLAY, str(log), str(lines))
        say(label, (every - few) / _steps(log, lines, 10), target * M, was)
    floor = (count(CHART_FLOOR, "1100") - count(CHART_FLOOR, "100")) / 1000
    print(f"  the phase chart's library alone, per event on a one-state chart with one action (a replay's "
          f"least per step; no target): {floor / M:,.2f} M")
    unit = _last_placements(king)
    if unit is not None:
        folder, steps_json = unit
        runs = {stage: count(CONFIRM, str(folder), steps_json, stage)
                for stage in ("resume", "chart", "once", "undone", "twice")}
        say("confirming a turn's placements (a unit of Placed steps, fsynced, snapshot kept; a running "
            "companion)", runs["twice"] - runs["undone"], 8 * M, "30-35 M")
        print(f"  the same as the first step after a resume: {(runs['once'] - runs['chart']) / M:,.1f} M, and the "
              f"phase chart built before it: {(runs['chart'] - runs['resume']) / M:,.1f} M (no target)")
    stand_ins = count.tmp / "target-stand-ins"
    stand_ins.mkdir()
    (stand_ins / "spidev.py").write_text(SPIDEV_STAND_IN)
    empty = count.tmp / "target-empty"
    empty.mkdir()
    try:
        pi = count(COLD_PI, str(stand_ins), "run", "--keys", str(keys), "--state-dir", str(empty))
    except Exception as failed:  # no gpiozero here, say
        print(f"  cold start with the Pi's imports: could not count ({failed})")
    else:
        say("cold start with the Pi's imports (no saved game)", pi, 400 * M, "535 M")


def _king_colonies_board_game(folder: Path) -> int:
    """The shipped King & the Colonies board script played by keys into ``folder``; its steps."""
    from companion.measure.key_scripts import SAMPLE_KEYS, play
    from hardware.sim.terminal import parse_script

    script = SAMPLE_KEYS.parent / "sample_king_colonies_board_game.keys"
    presses = [e for e in parse_script(script.read_text(encoding="utf-8"), where=script.name) if e is not None]
    folder.mkdir()
    ui = play(presses, folder)
    assert ui.game is not None, "the script starts a game"
    steps = len(ui.game.steps)
    ui.game.close()
    return steps


def _steps(log: Path, lines: int, few: int) -> int:
    """Steps in the log's lines after the first ``few`` (units count all their steps; undo lines none)."""
    from companion.record.journal import effective, steps_of

    entries = [json.loads(line) for line in log.read_bytes().splitlines()[1:]]
    count = sum(len(steps_of(e)) for e in effective(entries[:lines]))
    return max(1, count - sum(len(steps_of(e)) for e in effective(entries[:few])))


def _last_placements(game_folder: Path) -> tuple[Path, str] | None:
    """A folder with the game log up to its last unit of placements (and its snapshot), and that unit."""
    from companion.play.game import Game

    log = game_folder / "game.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    found = [i for i, line in enumerate(lines[1:], start=1)
             if b'"unit"' in line and b'"Placed"' in line]
    if not found:
        print("  confirming a turn's placements: no unit of placements in the game")
        return None
    at = found[-1]
    folder = game_folder.with_name(game_folder.name + "-placements")
    folder.mkdir()
    (folder / "game.jsonl").write_bytes(b"".join(lines[:at]))
    Game.resume(folder / "game.jsonl").close()  # its snapshot, as the companion keeps it
    unit = json.loads(lines[at])["unit"]
    return folder, json.dumps(unit)

