#!/usr/bin/env python3
"""Soak test for the journal: play a game, SIGKILL it at a random moment, resume, count.

    python tools/soak_journal.py [--runs 1000] [--seed N] [--jobs J] [--power-cuts 0.5] [--damage 0]
                                 [--dir DIR]

Not part of the test suite (pytest only collects tests/); POSIX only.

Each run forks a child that plays the sample game's steps
(companion.measure.sample) into a fresh journal with the real Game, and tells
the parent on a pipe when it starts each step and when the step is done
(``s N`` before ``game.send``, ``d N SIZE`` after it returned, SIZE being the
file's length then). Runs fork from a process that has imported the
companion already, so a run costs no interpreter start-up. The parent waits
for a random number of done steps plus a random sub-millisecond delay (so
kills land anywhere, inside writes too), sends SIGKILL, and resumes the game
the way the companion does after a restart (``Game.resume``): from the
snapshot beside the game log when it fits (each step also rewrites it, so
kills land inside its write too), else from the log, which then writes a new
one. "wrong state" covers both.

SIGKILL alone does not lose written bytes (they are in the kernel already),
so with ``--power-cuts P`` a share P of the runs also plays a power failure:
what was written after the last done step was never fsynced, so any part of
it may be all that reached the card; the file is cut at a random length
between the size reported with the last done step and its real size. That
is where torn last lines come from.

With ``--damage D`` a share D of the runs also damages the snapshot or the log's
last line between the kill and the resume (the kinds, and what "confirmed" then
means: tools/soak_damage.py). Each damaged run also undoes the last step and
sends it again, and checks that the log then replays from nothing to the very
game held (a damaged snapshot trusted lets in steps the log's replay refuses).

Every run checks, and the summary counts (all but the first must be 0):

  steps lost         steps reported done that the resumed game does not hold
  unreadable         journals that could not be read after the kill
  wrong state        resumed game != a fresh replay of that many sample steps
  not appendable     the next step could not be sent after the resume
  child errors       the child failed by itself (not killed)
  resume errors      Game.resume raised (not a one-line refusal): an internal error on a start
  undo errors        the undo after the resume raised or left another game than the sample's
  refused kept       the log, after the resume (and the undo, and the next step), no longer
                     replays from nothing to the game held: a step the rules refuse was kept

Failures of damaged runs are also counted by the damage's kind and the failure's class
("damage snapshot state: wrong state"), so the summary says which damage the companion
still mishandles.

The kill schedule follows from --seed; where each kill lands depends on the
machine's timing, so two runs with one seed agree in their checks, not in
every count. Run it on the filesystem you care about (--dir on the SD card).
Exit status: 0 when every check held, 1 otherwise (failing journals are kept).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

from companion.engine.settings import Settings
from companion.engine.steps import Step, StepRefused
from companion.measure.sample import four_player_game
from companion.play.game import Game
from companion.record.journal import JournalUnreadable, read_only

sys.path.insert(0, str(Path(__file__).resolve().parent))
import soak_damage  # noqa: E402 - beside this script (tools/ is no package)

MUST_BE_ZERO = ("steps lost", "unreadable", "wrong state", "not appendable", "child errors", "resume errors",
                "undo errors", "refused kept")


class Sample:
    """The sample game's steps and, for every count of steps, where a replay stands."""

    def __init__(self, folder: Path):
        path = folder / "sample.jsonl"
        four_player_game(path).close()
        record = read_only(path)
        self.settings = Settings.from_json(record.settings)
        self.entries = record.steps
        self.steps = [Step.from_json(entry) for entry in self.entries]
        game = Game.new(self.settings)
        self.standings = [standing(game)]
        for step in self.steps:
            game.send(step)
            self.standings.append(standing(game))
        #: The phases the game passes through: the names a damaged snapshot's chart may give.
        self.phases = sorted({entry[0] for entry in self.standings})

    def same(self, game: Game, held: int) -> bool:
        """The game's whole state (not only the standings) is a fresh replay's of the sample's first steps."""
        return game.state == Game.replay(self.settings, self.steps[:held]).state


def standing(game: Game) -> tuple:
    state = game.state
    return (game.phase, state.round, sorted(state.scores.items()), sorted(state.castillo.items()),
            state.king, len(game.steps))


# -- the child: plays until it is killed ----------------------------------------------------
def play(sample: Sample, path: Path, report: int) -> None:
    game = Game.new(sample.settings, path)
    os.write(report, b"d 0 %d\n" % os.path.getsize(path))
    for n, step in enumerate(sample.steps, start=1):
        os.write(report, b"s %d\n" % n)
        game.send(step)
        os.write(report, b"d %d %d\n" % (n, os.path.getsize(path)))


def start_child(sample: Sample, path: Path) -> tuple[int, int]:
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read_end)
        code = 0
        try:
            play(sample, path, write_end)
        except BaseException:
            traceback.print_exc()
            code = 1
        os._exit(code)
    os.close(write_end)
    return pid, read_end


class Reports:
    """What the child said: the last step done (and the file's size then), the last message."""

    def __init__(self, fd: int):
        self.fd, self.buffer = fd, b""
        self.done, self.synced, self.last = -1, 0, ""

    def read(self) -> bool:
        chunk = os.read(self.fd, 65536)
        if not chunk:
            return False
        self.buffer += chunk
        *lines, self.buffer = self.buffer.split(b"\n")
        for line in lines:
            kind, *numbers = line.split()
            self.last = kind.decode()
            if kind == b"d":
                self.done, self.synced = int(numbers[0]), int(numbers[1])
        return True

    def drain(self) -> None:
        while self.read():
            pass
        os.close(self.fd)


# -- one run ----------------------------------------------------------------------------------
def one_run(sample: Sample, folder: Path, seed: int, index: int, power_cuts: float,
            damage_share: float = 0.0) -> tuple[Counter, str]:
    rng = random.Random(f"{seed}:{index}")
    wait_for = rng.randrange(len(sample.steps))  # done steps to see before the kill
    delay = rng.random() * 0.001  # then up to a millisecond more
    cut_power = rng.random() < power_cuts
    cut_share = rng.random()
    damaged = rng.random() < damage_share
    damage_rng = random.Random(f"{seed}:{index}:damage")

    count: Counter = Counter(runs=1)
    path = folder / f"run-{index}.jsonl"
    pid, fd = start_child(sample, path)
    reports = Reports(fd)
    while reports.done < wait_for and reports.read():
        pass
    until = time.perf_counter() + delay
    while time.perf_counter() < until:
        pass
    os.kill(pid, signal.SIGKILL)  # the child is at worst a zombie until waited for: no error
    reports.drain()
    _, status = os.waitpid(pid, 0)

    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
        count["killed"] += 1
        if reports.last == "s":
            count["killed mid-step"] += 1
    elif os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
        count["finished before the kill"] += 1
    else:
        count["child errors"] += 1
        return count, f"run {index}: the child failed (status {status:#x})"
    count["steps reported done"] += reports.done

    size = path.stat().st_size
    if cut_power and size > reports.synced:
        cut = min(size, reports.synced + int(cut_share * (size - reports.synced + 1)))
        if cut < size:
            os.truncate(path, cut)
            count["power cuts"] += 1
            size = cut

    harm = soak_damage.damage(path, damage_rng, sample.phases) if damaged else None
    if harm is not None:
        count["damaged"] += 1
        count[f"damaged: {harm.kind}"] += 1
    confirmed = reports.done if harm is None else harm.confirmed(reports.done)

    failed: list[str] = []  # the classes of MUST_BE_ZERO this run failed

    def fail(what: str, why: str, by: int = 1) -> None:
        count[what] += by
        failed.append(what)
        problems.append(why)

    problems: list[str] = []
    try:
        game = Game.resume(path)
    except JournalUnreadable as error:
        fail("unreadable", str(error))
        return _ended(count, index, harm, failed, problems)
    except Exception as error:  # noqa: BLE001 - an internal error on a start: counted by its class
        fail("resume errors", f"Game.resume raised {type(error).__name__}: {error}")
        count[f"resume raised {type(error).__name__}"] += 1
        return _ended(count, index, harm, failed, problems)
    held = len(game.steps)
    if game.journal.warnings:
        count["torn lines repaired"] += 1
    if held == reports.done + 1:
        count["in-flight step kept"] += 1
    if held < confirmed:
        fail("steps lost", f"{confirmed} steps confirmed, {held} resumed", confirmed - held)
    # The log's own steps, replayed from nothing, are the game (whatever a snapshot said).
    as_sample = list(game.steps) == sample.steps[:held]
    if harm is None or harm.kind in soak_damage.SNAPSHOT_KINDS:
        if standing(game) != sample.standings[held] or not as_sample or (harm and not sample.same(game, held)):
            fail("wrong state", f"the game resumed at {held} steps is not the sample's")
    elif list(game.steps)[:confirmed] != sample.steps[:confirmed] or not soak_damage.replays(path, game, standing):
        fail("wrong state", f"the game resumed at {held} steps is not its log's")
    # A damaged run's first act after the start is, by its seed, the next step (the first press) or an undo.
    undo_first = harm is not None and damage_rng.random() < 0.5
    if undo_first and held and as_sample and not failed:
        _undo_and_again(game, sample, held, fail)
    if held < len(sample.steps) and as_sample and "undo errors" not in failed:
        try:
            game.send(sample.steps[held])
            appended = read_only(path)
            if len(appended.steps) != held + 1 or appended.warnings:
                raise RuntimeError("the step sent after the resume is not in the file")
        except Exception as error:  # noqa: BLE001 - counted and reported
            fail("not appendable", f"cannot go on after the resume: {error} ({type(error).__name__})")
        else:
            if harm is not None and not undo_first and not failed:
                _undo_and_again(game, sample, held + 1, fail)
    if harm is not None and "resume errors" not in failed and not soak_damage.replays(path, game, standing):
        fail("refused kept", "the log no longer replays from nothing to the game held")
    game.close()
    if problems:
        return _ended(count, index, harm, failed, problems)
    for leftover in folder.glob(f"{path.name}*"):
        leftover.unlink()
    return count, ""


def _ended(count: Counter, index: int, harm, failed: list[str], problems: list[str]) -> tuple[Counter, str]:
    """A failed run's line, its failures also counted by the damage's kind (the journals are kept)."""
    for what in dict.fromkeys(failed):
        count[f"damage {harm.kind if harm else 'none'}: {what}"] += 1
    return count, f"run {index}: " + (f"[{harm}] " if harm else "") + "; ".join(problems)


class Diverged(Exception):
    """This soak's own finding: the game after the undo (or the step sent again) is not the sample's."""


def _undo_and_again(game: Game, sample: Sample, held: int, fail) -> None:
    """Undo the last step as the table would after a start, then send it again: both as the sample's."""
    try:
        game.undo()
        if standing(game) != sample.standings[held - 1] or not sample.same(game, held - 1):
            raise Diverged(f"the undo left another game than the sample's at {held - 1} steps")
        game.send(sample.steps[held - 1])
        if standing(game) != sample.standings[held]:
            raise Diverged(f"the step sent again left another game than the sample's at {held} steps")
    except StepRefused as error:
        fail("undo errors", f"undo or the step again refused: {error}")
    except Diverged as error:
        fail("undo errors", str(error))
    except Exception as error:  # noqa: BLE001 - an internal error on the first undo: counted
        fail("undo errors", f"undo raised {type(error).__name__}: {error}")


def worker(sample: Sample, folder: Path, seed: int, indices: range, power_cuts: float, name: str,
           damage_share: float = 0.0) -> dict:
    total: Counter = Counter()
    failures: list[str] = []
    for done, index in enumerate(indices, start=1):
        count, failure = one_run(sample, folder, seed, index, power_cuts, damage_share)
        total.update(count)
        if failure:
            failures.append(failure)
        if done % 100 == 0:
            print(f"  {name}: {done}/{len(indices)} runs", file=sys.stderr, flush=True)
    return {"count": dict(total), "failures": failures}


# -- the whole soak ---------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1000, help="games killed (default 1000)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the kill schedule (default: random)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="runs at a time (default: cores)")
    parser.add_argument("--power-cuts", type=float, default=0.5, metavar="SHARE",
                        help="share of runs that also lose the unsynced tail, as in a power cut (default 0.5)")
    parser.add_argument("--damage", type=float, default=0.0, metavar="SHARE",
                        help="share of runs that also damage the snapshot or the log's tail between the kill and "
                             "the resume (tools/soak_damage.py; default 0)")
    parser.add_argument("--dir", type=Path, default=None, help="where the journals are written (default: temp)")
    args = parser.parse_args(argv)
    if os.name != "posix":
        parser.error("needs fork and SIGKILL (POSIX)")
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    jobs = max(1, min(args.jobs, args.runs))

    folder = Path(tempfile.mkdtemp(prefix="soak-journal-", dir=args.dir))
    began = time.perf_counter()
    sample = Sample(folder)
    results = run_workers(sample, folder, seed, args.runs, jobs, args.power_cuts, args.damage)
    seconds = time.perf_counter() - began

    count: Counter = Counter()
    failures: list[str] = []
    for result in results:
        count.update(result["count"])
        failures += result["failures"]
    print(summary(count, args.runs, seed, jobs, seconds, args.damage))
    for failure in failures[:20]:
        print(f"  FAILED {failure}")
    ok = not failures and all(count[k] == 0 for k in MUST_BE_ZERO) and count["runs"] == args.runs
    if ok:
        shutil.rmtree(folder)
    else:
        print(f"  journals kept in {folder}")
    return 0 if ok else 1


def run_workers(sample: Sample, folder: Path, seed: int, runs: int, jobs: int, power_cuts: float,
                damage_share: float = 0.0) -> list[dict]:
    """Fork `jobs` workers, each doing every jobs-th run; collect their counts as JSON."""
    started = []
    for job in range(jobs):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            code = 0
            try:
                result = worker(sample, folder, seed, range(job, runs, jobs), power_cuts, f"worker {job + 1}/{jobs}",
                                damage_share)
                with os.fdopen(write_end, "w") as out:
                    json.dump(result, out)
            except BaseException:
                traceback.print_exc()
                code = 1
            os._exit(code)
        os.close(write_end)
        started.append((pid, read_end))
    results = []
    for job, (pid, read_end) in enumerate(started):
        with os.fdopen(read_end) as inp:
            text = inp.read()
        _, status = os.waitpid(pid, 0)
        if text:
            results.append(json.loads(text))
        else:
            results.append({"count": {}, "failures": [f"worker {job + 1} failed (status {status:#x})"]})
    return results


def summary(count: Counter, runs: int, seed: int, jobs: int, seconds: float, damage_share: float = 0.0) -> str:
    rows = [
        ("runs", count["runs"], f"of {runs}"),
        ("killed while playing", count["killed"], f"{count['finished before the kill']} finished first"),
        ("kills mid-step", count["killed mid-step"], "inside game.send"),
        ("in-flight step kept", count["in-flight step kept"], "written, not yet reported done"),
        ("power cuts played", count["power cuts"], "unsynced tail cut short"),
        ("torn lines repaired", count["torn lines repaired"], ""),
        ("steps reported done", count["steps reported done"], ""),
        ("steps lost", count["steps lost"], "must be 0"),
        ("unreadable", count["unreadable"], "must be 0"),
        ("wrong state", count["wrong state"], "must be 0"),
        ("not appendable", count["not appendable"], "must be 0"),
        ("child errors", count["child errors"], "must be 0"),
    ]
    if damage_share:
        rows[6:6] = [("damaged", count["damaged"], "snapshot or log tail, between kill and resume")]
        rows += [("resume errors", count["resume errors"], "must be 0"),
                 ("undo errors", count["undo errors"], "must be 0"),
                 ("refused kept", count["refused kept"], "must be 0")]
    lines = [f"journal soak: seed {seed}, {jobs} jobs, {seconds:.1f} s" + (f", damage {damage_share:g}" if damage_share
                                                                          else "")]
    lines += [f"  {name:<22}{value:>8}   {note}".rstrip() for name, value, note in rows]
    if damage_share:
        lines += soak_damage.by_kind(count)
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
