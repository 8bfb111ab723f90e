"""The bench's figures for what a press writes (issue 36): the fsyncs a step and a press cost, and an
fsync's time on this machine's temporary folder.

A step is not on the glass before it is on the card: the game log's line, and the snapshot, are each
fsynced before the press goes on (companion/record/journal.py, snapshot.py, files.py). The instruction
counts cannot see the card's wait, so the bench counts the fsyncs (os.fsync wrapped while the sample
game is played by keys: the same on every machine) and times one here (a small append, fsynced, the
median of a few: the SD card on a Pi, whatever disk elsewhere; no datasheet gives an SD card's fsync
time, so a Pi's figure is the one this prints on the Pi). Figures only: nothing here asserts.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

#: fsyncs timed for the median.
TIMED = 20


def fsyncs_by_press() -> tuple[list[tuple[int, int]], int]:
    """(steps added, fsyncs) for each press of the sample game by keys, and the game's steps."""
    from companion.measure import key_scripts as demo

    calls = [0]
    real = os.fsync

    def counted(fd):
        calls[0] += 1
        return real(fd)

    presses: list[tuple[int, int]] = []
    seen = [0, 0]

    def after(ui) -> None:
        steps = len(ui.game.steps) if ui.game is not None else 0
        presses.append((steps - seen[0], calls[0] - seen[1]))
        seen[:] = [steps, calls[0]]

    os.fsync = counted
    try:
        with tempfile.TemporaryDirectory() as tmp:
            ui = demo.play(demo.sample_presses(), Path(tmp), after_each=after)
            steps = len(ui.game.steps) if ui.game is not None else 0
            if ui.game is not None:
                ui.game.close()
    finally:
        os.fsync = real
    return presses, steps


def fsync_time(folder: Path, repeat: int = TIMED) -> float:
    """The median seconds of an fsync after a small append in ``folder``."""
    times = []
    with open(folder / "fsync-probe", "ab") as probe:
        for _ in range(repeat):
            probe.write(b"x" * 200)
            probe.flush()
            start = time.perf_counter()
            os.fsync(probe.fileno())
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def write_figures(repeat: int = 1, valgrind: bool = True) -> None:
    presses, steps = fsyncs_by_press()
    with_steps = [(added, syncs) for added, syncs in presses if added > 0]
    total = sum(syncs for _, syncs in presses)
    most = max((syncs for _, syncs in presses), default=0)
    idle = sum(syncs for added, syncs in presses if added == 0)
    with tempfile.TemporaryDirectory() as tmp:
        each = fsync_time(Path(tmp))
    print(f"writes: the sample game by keys, {len(presses)} presses, {steps} steps: {total} fsyncs, "
          f"{total / max(1, steps):.1f} a step; {len(with_steps)} presses add steps, the most fsyncs of one press "
          f"{most}; {idle} in the other {len(presses) - len(with_steps)}")
    print(f"  an fsync here (a 200-byte append in the temporary folder, median of {TIMED}): {each * 1000:.2f} ms, "
          f"so the press with the most waits {most * each * 1000:.1f} ms on the disk beyond what it computes "
          "(on a Pi: its SD card; run the bench there)")
