"""The bench's figures for the game log's check while the keys rest (issue 33; companion/engine/recheck.py).

The check replays the log in slices; a key press waits at most one slice. Two figures, counted as
bench_instructions.py counts (callgrind, the difference of two child processes that do the same but
for the part measured), on the 150-step sample game resumed from its snapshot as a start resumes it:
the whole check (the first after a start, which imports the phase chart in a slice of its own, and
one after it), and its longest slice. Which slice is the longest is found by timing the slices here
(the median of a few checks), then that slice alone is counted. Figures only: nothing here asserts.
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path

from companion.measure.bench_instructions import Counter

#: argv: a folder holding the game log and its snapshot; how many whole checks to make; then how many
#: slices of one more check (the log copied, the game resumed from its snapshot as a start does).
CHECK = """
import shutil, sys, tempfile
from pathlib import Path
from companion.play.game import Game
from companion.play.recheck import Recheck
folder = Path(tempfile.mkdtemp())
for name in ("game.jsonl", "game.jsonl.snapshot"):
    shutil.copy(Path(sys.argv[1]) / name, folder / name)
game = Game.resume(folder / "game.jsonl")
for _ in range(int(sys.argv[2])):
    check = Recheck(game)
    while check.slice() is None:
        pass
check = Recheck(game)
for _ in range(int(sys.argv[3])):
    if check.slice() is not None:
        break
game.close()
"""

M = 1_000_000


def sample_folder(tmp: Path) -> Path:
    """A folder with the finished 150-step sample game's log and the snapshot a companion keeps of it."""
    from companion.measure.sample import four_player_game
    from companion.play.game import Game

    folder = tmp / "check-sample"
    folder.mkdir()
    four_player_game(folder / "game.jsonl").close()
    Game.resume(folder / "game.jsonl").close()  # its snapshot, as the companion keeps it
    return folder


def slice_times(folder: Path, repeat: int = 5) -> list[float]:
    """Each slice's median time (seconds) over ``repeat`` checks of the sample game in this process
    (its imports done: a check after the first)."""
    from companion.play.game import Game
    from companion.play.recheck import Recheck

    with tempfile.TemporaryDirectory() as tmp:
        for name in ("game.jsonl", "game.jsonl.snapshot"):
            shutil.copy(folder / name, Path(tmp) / name)
        game = Game.resume(Path(tmp) / "game.jsonl")
        runs: list[list[float]] = []
        for _ in range(repeat + 1):  # the first warms the imports up: not counted
            check, times = Recheck(game), []
            while True:
                start = time.perf_counter()
                found = check.slice()
                times.append(time.perf_counter() - start)
                if found is not None:
                    break
            runs.append(times)
        game.close()
    return [statistics.median(times) for times in zip(*runs[1:])]


def check_figures(count: Counter) -> None:
    """One line: the instructions of a whole check of the 150-step game, and of its longest slice."""
    folder = sample_folder(count.tmp)
    times = slice_times(folder)
    longest = max(range(len(times)), key=times.__getitem__) + 1  # (slices counted from 1)
    base, first, twice = (count(CHECK, str(folder), str(n), "0") for n in (0, 1, 2))
    before, through = (count(CHECK, str(folder), "1", str(n)) for n in (longest - 1, longest))
    chart = count(CHECK, str(folder), "0", "1") - base
    print(f"  the game log's check while the keys rest (the 150-step sample resumed from its snapshot; "
          f"{len(times)} slices): {(twice - first) / M:,.1f} M ({(first - base) / M:,.1f} M for the first after a "
          f"start, whose first slice imports the phase chart: {chart / M:,.1f} M); the longest slice (no. {longest}, "
          f"{times[longest - 1] * 1000:.1f} ms here) {(through - before) / M:,.2f} M (no target)")
