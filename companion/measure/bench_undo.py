"""The bench's figure for an undo as a running companion makes it: after a resume (issue 36).

bench_instructions.undo_late counts an undo in a game read by a full replay of its log, which is not
how a companion holds a game after a start: it resumes from the snapshot. Here the game is resumed
from its log and snapshot (copies), then undone once: the first undo after the resume (it builds the
phase chart the resume left for later), and the chart alone, so the undo's own part shows. Counted as
bench_instructions.py counts (callgrind, differences of child processes). Figures only.
"""

from __future__ import annotations

from companion.measure.bench_instructions import UNDO_EARLY, UNDO_LATE, Counter

#: argv: a folder with the log and its snapshot, and how far to go: "resume", "chart", "undo".
UNDO_AFTER_RESUME = """
import shutil, sys, tempfile
from pathlib import Path
from companion.play.game import Game
folder = Path(tempfile.mkdtemp())
for name in ("game.jsonl", "game.jsonl.snapshot"):
    shutil.copy(Path(sys.argv[1]) / name, folder / name)
game = Game.resume(folder / "game.jsonl")
if sys.argv[2] in ("chart", "undo"):
    game.machine
if sys.argv[2] == "undo":
    game.undo()
game.close()
"""

M = 1_000_000


def undo_after_resume_figures(count: Counter) -> None:
    from companion.measure.sample import four_player_game
    from companion.play.game import Game

    steps = four_player_game().steps
    for at in (UNDO_EARLY, UNDO_LATE):
        folder = count.tmp / f"undo-resumed-{at}"
        folder.mkdir()
        game = Game.new(four_player_game().settings, folder / "game.jsonl")
        for step in steps[:at]:
            game.send(step)
        game.close()
        Game.resume(folder / "game.jsonl").close()  # its snapshot, as the companion keeps it
        resume, chart, undo = (count(UNDO_AFTER_RESUME, str(folder), how) for how in ("resume", "chart", "undo"))
        print(f"  the first undo after a resume, at step {at} of a 4-player game: {(undo - resume) / M:,.1f} M "
              f"(the phase chart built in it: {(chart - resume) / M:,.1f} M; the undo itself: "
              f"{(undo - chart) / M:,.2f} M; no target)")
