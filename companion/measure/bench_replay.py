"""The bench's replay section, named for what each figure measures (issue 36).

A resume of a game whose snapshot is good reads the snapshot and checks the log against it: it does
not replay the steps. Before issue 36 the bench printed that time as "replay from disk" (tens of
microseconds a step, where a replay is 0.7-0.9 M instructions a step). Now three figures: the first
resume (no snapshot yet: every step replayed, the snapshot written), a resume from the snapshot (the
median of the rest), and the replay itself (the log read and every step checked and applied, what
`replay` and `export` do). Figures only: nothing here asserts.
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path


def resume_times(path: Path, repeat: int) -> tuple[float, list[float]]:
    """Seconds of the first resume of a copy of the log ``path`` (no snapshot), then of ``repeat`` more."""
    from companion.play.game import Game

    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / path.name
        shutil.copy(path, copy)
        start = time.perf_counter()
        Game.resume(copy).close()
        first = time.perf_counter() - start
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            Game.resume(copy).close()
            times.append(time.perf_counter() - start)
    return first, times


def replay_times(path: Path, repeat: int) -> list[float]:
    """Seconds of ``repeat`` replays of the log ``path`` (read only: every step checked and applied)."""
    from companion.play.game import Game
    from companion.record.journal import read_only

    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        Game.from_record(read_only(path))
        times.append(time.perf_counter() - start)
    return times


def replay_lines(path: Path, steps: int, repeat: int) -> None:
    replay_times(path, 1)  # the imports a replay makes (the phase chart's), not in any figure
    first, resumes = resume_times(path, repeat)
    replays = replay_times(path, repeat)
    median, resumed = statistics.median(replays), statistics.median(resumes)
    print(f"  replay (the log read, every step checked and applied): median {median * 1000:.1f} ms "
          f"({median / steps * 1000:.2f} ms/step), best {min(replays) * 1000:.1f} ms over {repeat}")
    print(f"  resume without a snapshot (the first: every step replayed, the snapshot written): {first * 1000:.1f} ms")
    print(f"  resume from the snapshot (the log checked against it, no step replayed): median {resumed * 1000:.1f} ms "
          f"({resumed / steps * 1e6:.0f} us/step), best {min(resumes) * 1000:.1f} ms over {repeat}")
