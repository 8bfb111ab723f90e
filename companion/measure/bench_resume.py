"""The bench's resume against a cold start, the first confirmation and undo after it counted in (issue 36).

A start to the first frame is not all a resume costs: the phase chart, the in-memory copies an undo
starts from and the rules a check needs are built when the first step is confirmed or undone after
it. So the figure is a pair of sums, each side doing the same work for the table:

    resume:  the real command to its first frame, resuming a game log with its snapshot (the whole
             process), + the first confirmation after such a resume + the first undo after that;
    cold:    the real command to its first frame with no saved game (the whole process), + the same
             confirmation and the same undo in a game started cold in the process and played there
             step by step to the same point (its chart and copies made as it went).

The confirmation is the game's last one (the log is cut before it and resumed there), the game's part
of the press: the unit checked, written and fsynced, the snapshot kept; the undo takes it back (the
frames of the two presses are not in either side). Counted for the 150-step sample and the longest
sample (the typical table), and again after two updates that change the version: one that leaves the game
code alone (the snapshot made by another version is trusted, its game code's digest this one's) and one that
changes it (the game replayed from its log), each against its target. Counted as
bench_instructions.py counts (callgrind; a confirmation or an undo is the difference of two child
processes, each collecting its garbage before the part measured and leaving without the interpreter's
tear-down, so that neither moves a difference; both starts copy the state folder first, so that the two runs
of a child see the same files).

That cold side never builds the phase chart (its confirmation is counted in a game whose chart the steps before
it built), where the resume's first confirmation does. So beside each of those figures a second one, symmetric
in that: the same resume against

    a new game:  a cold start to its first frame (no saved game) + a new game of the same settings begun in
                 that process (its log created, as the wizard's last OK does) + that game's first confirmation
                 (the log's first; the phase chart made in it, its library imported) + the first undo after it.

Both figures are said in docs/bench-notes.md ("The resume against a cold start").
Figures only: nothing here asserts.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.measure.bench_instructions import Counter, CountFailed

M = 1_000_000
#: issue 36: a resume with its first confirmation and undo within 1.2 times a cold start with the same,
#: flat in the game's length (the longer game within 5 % of the 150-step one), and within 1.5 times after
#: an update changes the version.
TARGET, FLAT, AFTER_UPDATE = 1.2, 0.05, 1.5

#: The real command to its first frame, on a copy of the state folder ``argv[1]``; argv[2]: the key script.
START = """
import os, shutil, sys, tempfile
from pathlib import Path
folder = Path(tempfile.mkdtemp())
for path in Path(sys.argv[1]).iterdir():
    shutil.copy(path, folder / path.name)
from companion.cli import main
main(["run", "--keys", sys.argv[2], "--state-dir", str(folder)])
os._exit(0)
"""

#: A copy of the log and snapshot in ``argv[1]`` resumed, then (argv[3]) "resume": nothing more, "sent": the
#: unit in the file ``argv[2]`` confirmed, "undone": and undone.
RESUMED = """
import gc, json, os, shutil, sys, tempfile
from pathlib import Path
from companion.engine.steps import Step
from companion.play.game import Game
folder = Path(tempfile.mkdtemp())
for path in Path(sys.argv[1]).iterdir():
    shutil.copy(path, folder / path.name)
game = Game.resume(folder / "game.jsonl")
steps = [Step.from_json(step) for step in json.loads(Path(sys.argv[2]).read_text())]
gc.collect()
if sys.argv[3] in ("sent", "undone"):
    game.send(*steps)
if sys.argv[3] == "undone":
    game.undo()
game.close()
os._exit(0)
"""

#: A game started cold: a new game with the settings of the log in ``argv[1]``, every confirmation of the log
#: sent to it as the table made it; then (argv[3]) as RESUMED.
COLD_GAME = """
import gc, json, os, sys, tempfile
from pathlib import Path
from companion.engine.steps import Step
from companion.play.game import Game
from companion.play.replays import settings_of
from companion.record.journal import effective, read_only, steps_of
log = read_only(Path(sys.argv[1]) / "game.jsonl")
settings = settings_of(log)
entries = [json.loads(line) for line in log.path.read_bytes().splitlines()[1:]]
log.close()
game = Game.new(settings, Path(tempfile.mkdtemp()) / "game.jsonl")
for entry in effective(entries):
    game.send(*[Step.from_json(step) for step in steps_of(entry)])
steps = [Step.from_json(step) for step in json.loads(Path(sys.argv[2]).read_text())]
gc.collect()
if sys.argv[3] in ("sent", "undone"):
    game.send(*steps)
if sys.argv[3] == "undone":
    game.undo()
game.close()
os._exit(0)
"""


#: The cold side as a new game makes it (the symmetric figure): the real command to its first frame with no saved
#: game (as START: ``argv[4]`` the key script), then in that process (argv[3]) "started": nothing more, "new": a new
#: game of the settings in the file ``argv[1]`` (JSON) begun, its log created, "sent": its first confirmation, the
#: steps in the file ``argv[2]`` (the phase chart made there, its library imported), "undone": and undone.
NEW_GAME = """
import gc, json, os, sys, tempfile
from pathlib import Path
folder = Path(tempfile.mkdtemp())
from companion.cli import main
main(["run", "--keys", sys.argv[4], "--state-dir", str(folder)])
how = sys.argv[3]
gc.collect()
if how != "started":
    from companion.engine.settings import Settings
    from companion.engine.steps import Step
    from companion.play.game import Game
    game = Game.new(Settings.from_json(json.loads(Path(sys.argv[1]).read_text())), folder / "game.jsonl")
    steps = [Step.from_json(step) for step in json.loads(Path(sys.argv[2]).read_text())]
    gc.collect()
if how in ("sent", "undone"):
    game.send(*steps)
if how == "undone":
    game.undo()
os._exit(0)
"""


def resume_figures(count: Counter, games: list[tuple[str, Path]] | None = None) -> None:
    """Print the resume's figures for ``games`` ((label, a state folder holding its game.jsonl): the
    first is the one the others and the resume after an update are measured against; default: sample_games())."""
    print("issue 36's resume (instructions, callgrind; the first confirmation and undo after it counted in):")
    keys, empty = count.tmp / "resume-none.keys", count.tmp / "resume-empty"
    keys.write_text("")
    empty.mkdir()
    cold = count(START, str(empty), str(keys))
    first: tuple[str, float] | None = None
    for label, whole in games if games is not None else sample_games(count.tmp):
        cut = cut_before_last(whole, count.tmp / f"{whole.name}-cut")
        if cut is None:
            print(f"  resume of {label}: no confirmation to cut the log before")
            continue
        folder, unit, steps = cut
        resume = _pair(count, folder, unit, keys, cold)
        print(f"  resume of {label} ({steps} steps; its last confirmation, {len(json.loads(unit.read_text()))} "
              f"step(s), confirmed and undone): {_said(resume, cold, TARGET)}")
        begun = _new_game(count, whole, keys, cold)
        print(f"    the same against a new game (symmetric: each side's first confirmation makes its phase chart): "
              f"{_symmetric(resume, begun, TARGET)}")
        if first is not None:
            growth = resume["resume"] / first[1] - 1
            verdict = "met" if growth <= FLAT else "NOT met"
            print(f"  the same, {label} against {first[0]}: {growth:+.1%} (target <= {FLAT:+.0%}: {verdict})")
            continue
        first = label, resume["resume"]
        for kind, code, said in UPDATES:
            stale = count.tmp / f"{whole.name}-cut-{kind}"
            stale.mkdir()
            for path in folder.iterdir():
                stale.joinpath(path.name).write_bytes(path.read_bytes())
            another_version(stale / "game.jsonl", code=code)
            updated = _pair(count, stale, unit, keys, cold)
            print(f"  resume of {label} after an update {said}: {_said(updated, cold, AFTER_UPDATE)}")
            print(f"    the same against a new game (symmetric, as above): {_symmetric(updated, begun, AFTER_UPDATE)}")


#: The two updates a resume is counted after: (the state folder's suffix, whether the game code changed, what it says).
UPDATES = (
    ("another-version", False, "that left the game code alone (its snapshot made by another version with this "
                               "one's game code: trusted, as code_digest proves)"),
    ("another-code", True, "that changed the game code (its snapshot made by another version and other game code: "
                           "the game replayed from its log)"),
)


def sample_games(tmp: Path) -> list[tuple[str, Path]]:
    """The 150-step sample (companion/measure/sample.py) and the longest sample, the typical table played by
    its key script, each in a state folder under ``tmp``."""
    from companion.measure.key_scripts import TYPICAL_TABLE_KEYS, play, script_presses
    from companion.measure.sample import four_player_game

    sample, typical = tmp / "resume-sample", tmp / "resume-typical"
    sample.mkdir()
    four_player_game(sample / "game.jsonl").close()
    typical.mkdir()
    ui = play(script_presses(TYPICAL_TABLE_KEYS), typical)
    if ui.game is not None:
        ui.game.close()
    return [("the 150-step sample", sample), ("the typical table, the longest sample", typical)]


def _pair(count: Counter, folder: Path, unit: Path, keys: Path, cold: int) -> dict[str, float]:
    """The two sides' parts (instructions) for the game in ``folder`` and the unit in the file ``unit``."""
    start = count(START, str(folder), str(keys))
    resumed = {how: count(RESUMED, str(folder), str(unit), how) for how in ("resume", "sent", "undone")}
    played = {how: count(COLD_GAME, str(folder), str(unit), how) for how in ("resume", "sent", "undone")}
    parts: dict[str, float] = {"start": start, "confirmation": resumed["sent"] - resumed["resume"],
             "undo": resumed["undone"] - resumed["sent"], "cold": cold,
             "cold confirmation": played["sent"] - played["resume"], "cold undo": played["undone"] - played["sent"]}
    parts["resume"] = parts["start"] + parts["confirmation"] + parts["undo"]
    parts["cold side"] = cold + parts["cold confirmation"] + parts["cold undo"]
    return parts


def _new_game(count: Counter, whole: Path, keys: Path, cold: int) -> dict[str, float]:
    """The cold side as a new game of the settings of the log in ``whole`` makes it (NEW_GAME): the cold start,
    the new game begun, its first confirmation (the log's first) and the first undo (instructions)."""
    from companion.record.journal import effective, read_only, steps_of

    log = read_only(whole / "game.jsonl")
    settings, first = log.settings, steps_of(effective(log.lines)[0])
    log.close()
    given = count.tmp / f"{whole.name}-new-game"
    given.mkdir(exist_ok=True)
    (given / "settings.json").write_text(json.dumps(settings))
    (given / "first.json").write_text(json.dumps(first))
    made = {how: count(NEW_GAME, str(given / "settings.json"), str(given / "first.json"), how, str(keys))
            for how in ("started", "new", "sent", "undone")}
    parts: dict[str, float] = {"cold": cold, "begun": made["new"] - made["started"],
                               "confirmation": made["sent"] - made["new"], "undo": made["undone"] - made["sent"],
                               "steps": len(first)}
    parts["cold side"] = cold + parts["begun"] + parts["confirmation"] + parts["undo"]
    return parts


def _against(resume: float, cold_side: float, target: float) -> str:
    """The ratio of a resume to its cold side and the verdict, as both resume lines end."""
    ratio = resume / cold_side
    return f"{ratio:.2f}x (target <= {target:.1f}x: {'met' if ratio <= target else 'NOT met'})"


def _symmetric(resume: dict[str, float], begun: dict[str, float], target: float) -> str:
    return (f"{resume['resume'] / M:,.1f} M against {begun['cold side'] / M:,.1f} M (a cold start to the first frame, "
            f"no saved game, {begun['cold'] / M:,.1f} M + a new game of its settings begun {begun['begun'] / M:,.1f} M "
            f"+ its first confirmation ({begun['steps']:.0f} step(s)), its phase chart made, "
            f"{begun['confirmation'] / M:,.1f} M + its first undo {begun['undo'] / M:,.1f} M): "
            f"{_against(resume['resume'], begun['cold side'], target)}")


def _said(parts: dict[str, float], cold: int, target: float) -> str:
    return (f"{parts['resume'] / M:,.1f} M (the start to the first frame {parts['start'] / M:,.1f} M + the first "
            f"confirmation {parts['confirmation'] / M:,.1f} M + the first undo {parts['undo'] / M:,.1f} M) against "
            f"{parts['cold side'] / M:,.1f} M (a cold start to the first frame, no saved game, {cold / M:,.1f} M + "
            f"the same confirmation {parts['cold confirmation'] / M:,.1f} M and undo {parts['cold undo'] / M:,.1f} M "
            f"in a game started cold): {_against(parts['resume'], parts['cold side'], target)}")


def cut_before_last(whole: Path, folder: Path) -> tuple[Path, Path, int] | None:
    """A folder with the game log in ``whole`` cut before its last confirmation, and the snapshot a
    companion keeps beside it; the file holding that confirmation's steps (JSON); the steps before it."""
    from companion.play.game import Game
    from companion.record.journal import steps_of

    lines = (whole / "game.jsonl").read_bytes().splitlines(keepends=True)
    if len(lines) < 3 or b'"undo"' in lines[-1]:
        return None
    folder.mkdir()
    (folder / "game.jsonl").write_bytes(b"".join(lines[:-1]))
    game = Game.resume(folder / "game.jsonl")  # its snapshot, as the companion keeps it
    steps = len(game.steps)
    game.close()
    unit = folder.with_name(folder.name + ".unit.json")
    unit.write_text(json.dumps(steps_of(json.loads(lines[-1]))))
    return folder, unit, steps


def another_version(log: Path, code: bool = True) -> None:
    """The snapshot beside ``log`` as another version of the companion would have made it (sealed, whole):
    with other game code (``code``: its digest another, so the log is replayed) or with this one's."""
    from companion.record import snapshot as snapshot_file

    body, why = snapshot_file.read(log)
    if body is None:
        raise RuntimeError(f"no snapshot to age: {why}")
    body["version"] = "0.0.0/rules-0/snapshot-0/another"
    if code:
        body["code"] = "rules-0/snapshot-0/another"
    snapshot_file.write(log, body)


def main() -> None:
    """These figures alone, as the bench's instructions section prints them (about 12 minutes on a PC
    shared with other work): ``python -m companion.measure.bench_resume``."""
    import shutil
    import tempfile

    tool = shutil.which("valgrind")
    if not tool:
        print("valgrind not found: no instruction counts (apt install valgrind to count them)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        try:
            resume_figures(Counter(tool, Path(tmp)))
        except CountFailed as failed:
            print(f"  could not count: {failed}")


if __name__ == "__main__":
    main()
