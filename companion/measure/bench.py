"""The bench (`elgrande-companion bench`, parsed in companion/commands/bench.py): prints how fast this
machine runs the companion, section by section (the sections are the bench_*.py beside it).

Measures, asserts nothing (no timed tests in the suite). Run it on the Pi to
see what the table will feel.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path


def run(args: argparse.Namespace) -> int:
    """The bench as `elgrande-companion bench` parsed it (companion/commands/bench.py)."""
    if args.panel:
        return panel_figures(args.config)
    from companion.measure import bench_figures

    print(f"elgrande-companion bench on {sys.platform}, Python {sys.version.split()[0]}")
    chosen = [(name, section) for name, section in sections(args) if not args.only or name in args.only]
    if args.only and not chosen:
        print(f"bench: no section named {', '.join(args.only)} (the sections: "
              f"{', '.join(name for name, _ in sections(args))})", file=sys.stderr)
        return 2
    made: dict[str, str] = {}
    started = bench_figures.stamp() if args.figures else None  # the commit whose code runs
    for name, section in chosen:
        with bench_figures.captured() as out:
            section()
        made[name] = out.copy.getvalue()
    if args.figures:
        bench_figures.write(args.figures, made, keep_others=bool(args.only), started=started)
        print(f"bench: figures written to {args.figures}")
    return 0


def sections(args: argparse.Namespace) -> list[tuple[str, Callable[[], None]]]:
    """The bench's sections in the order it prints them, each named as docs/figures.md heads it: the
    replay, extra_sections() (where a new section goes), the presses, the instruction counts."""
    from companion.measure.bench_figures import section_name
    from companion.measure.press_section import press_figures  # (presses: counts, the same on every machine)

    valgrind = not args.no_valgrind
    found: list[tuple[str, Callable[[], None]]] = [
        ("replay", lambda: replay_figures(max(1, args.repeat), valgrind=valgrind))]
    found += [(section_name(section), partial(section, valgrind=valgrind)) for section in extra_sections()]
    found += [("presses", press_figures), ("instructions", lambda: instruction_counts(valgrind=valgrind))]
    return found


def instruction_counts(valgrind: bool = True) -> None:
    """Instructions per navigation press, to the first frame, per undo (companion/measure/bench_instructions.py),
    issue 23's targets (bench_targets.py), the log's check while the keys rest (bench_check.py) and the dearest
    press of whole games by keys (bench_press_max.py)."""
    from companion.measure.bench_check import check_figures
    from companion.measure.bench_confirm import confirm_press_figures
    from companion.measure.bench_frames import press_to_bytes_figures
    from companion.measure.bench_instructions import instruction_figures
    from companion.measure.bench_press_max import press_max_figures
    from companion.measure.bench_resume import resume_figures
    from companion.measure.bench_start import pi_start_figures
    from companion.measure.bench_targets import target_figures
    from companion.measure.bench_undo import undo_after_resume_figures

    instruction_figures(valgrind=valgrind, more=(target_figures, confirm_press_figures, undo_after_resume_figures,
                                                            pi_start_figures, check_figures, press_to_bytes_figures,
                                                            resume_figures, press_max_figures))


def extra_sections():
    """The figures after the replay: key presses, their writes, memory, start-up, display bursts."""
    from companion.measure.bench_writes import write_figures

    return [keys_figures, write_figures, memory_figures, start_figures, display_figures]


def keys_figures(repeat: int = 1, valgrind: bool = True) -> None:
    """Each key press of the scripted sample game: the step (if any) and the frame it draws."""
    from companion.app import Games, make_controller
    from companion.measure.key_scripts import sample_presses
    from companion.ui.draw.render import render

    presses = sample_presses()
    times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        ui = make_controller(Games(Path(tmp)), seed=lambda: 1)
        render(ui.screen())
        created = time.perf_counter() - start  # a new game's controller and first frame: not a press
        for press in presses:
            start = time.perf_counter()
            ui.press(press.key, press.long)
            render(ui.screen())
            times.append(time.perf_counter() - start)
        game = ui.game
        assert game is not None, "the sample game starts a game"
        steps = len(game.steps)
        game.close()
    ordered = sorted(times)
    print(f"key presses: the sample 4-player game by keys, {len(presses)} presses, {steps} steps "
          "(each press: the step, fsynced when there is one, and its frame rendered)")
    print(f"  per press: median {statistics.median(times) * 1000:.1f} ms, "
          f"95th percentile {ordered[int(len(ordered) * 0.95)] * 1000:.1f} ms, "
          f"slowest {ordered[-1] * 1000:.1f} ms; whole game {sum(times):.2f} s "
          f"(the controller and its first frame before the first press: {created * 1000:.1f} ms, not counted)")
    if valgrind:
        code = ("import sys, tempfile; from pathlib import Path; from companion.measure.key_scripts import play, "
                "sample_presses; from companion.ui.draw.render import render; p = sample_presses(); "
                "d = tempfile.mkdtemp(); play(p, Path(d), after_each=lambda ui: render(ui.screen()))")
        base = ("import companion.measure.key_scripts, companion.app, companion.ui.draw.render, hardware.sim.terminal, "
                "companion.ui.screens")
        counts = _count_instructions([("start-up", [sys.executable, "-c", base]),
                                      ("start-up + game", [sys.executable, "-c", code])])
        if counts:
            per = (counts["start-up + game"] - counts["start-up"]) / len(presses)
            print(f"  instructions per press (callgrind, start-up subtracted): {per:,.0f}")


MEMORY = """
import sys, tempfile
from pathlib import Path

def peak():
    try:  # this process's own high-water mark (ru_maxrss of a child also holds its parent's peak)
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return line.split()[1] + " VmHWM"
    except OSError:
        pass
    import resource
    kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // (1024 if sys.platform == "darwin" else 1)
    return f"{kib} ru_maxrss"

from companion.measure.key_scripts import play, sample_presses
from companion.ui.draw.render import render
print(peak(), flush=True)
play(sample_presses(), Path(tempfile.mkdtemp()), after_each=lambda ui: render(ui.screen()))
print(peak())
"""


def memory_figures(repeat: int = 1, valgrind: bool = True) -> None:
    """Peak resident memory of a process that plays the whole sample game by keys, read by itself."""
    done = subprocess.run([sys.executable, "-c", MEMORY], capture_output=True, text=True)
    lines = done.stdout.split("\n")
    if done.returncode != 0 or len(lines) < 2 or len(lines[1].split()) != 2:
        print(f"memory: could not measure ({(done.stderr.strip().splitlines() or ['no output'])[-1]})")
        return
    (loaded, source), (peak, _) = (line.split() for line in lines[:2])
    how = "VmHWM from its own /proc/self/status" if source == "VmHWM" else "its own ru_maxrss: no /proc here"
    print(f"memory: peak RSS of a whole game by keys {int(peak) / 1024:.1f} MiB "
          f"(after the imports, before the first press: {int(loaded) / 1024:.1f} MiB; {how})")


def start_figures(repeat: int = 5, valgrind: bool = True) -> None:
    """Cold start of the real command: `elgrande-companion run` with an empty key script, until it exits.

    It reads its config, resumes or not, draws its first frame, prints it and exits: what a user waits for
    (and a little more: the exit). From bytecode, as an installed program runs: the installed one, else
    bytecode a first run writes into a temporary cache folder (PYTHONPYCACHEPREFIX).
    """
    from companion.measure.sample import four_player_game

    command, how = _command()
    with tempfile.TemporaryDirectory() as tmp:
        empty, resumed, script = Path(tmp) / "empty", Path(tmp) / "resumed", Path(tmp) / "none.keys"
        empty.mkdir()
        resumed.mkdir()
        script.write_text("# no presses: the first frame only\n")
        four_player_game(resumed / "game.jsonl").close()
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        if _installed_bytecode():
            bytecode = "the installed bytecode"
        else:
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
            bytecode = "bytecode written by a first run (none is installed beside the sources)"
        base = [*command, "run", "--keys", str(script), "--config", str(Path(tmp) / "none.toml")]
        subprocess.run([*base, "--state-dir", str(empty)], capture_output=True, env=env)  # the first run
        print(f"start-up: {how} run --keys <empty script>, until it exits after its first frame "
              f"(median of {repeat}; {bytecode})")
        for label, folder in (("no saved game", empty), ("resuming a finished 4-player game", resumed)):
            times = []
            for _ in range(repeat):
                start = time.perf_counter()
                done = subprocess.run([*base, "--state-dir", str(folder)], capture_output=True, text=True, env=env)
                times.append(time.perf_counter() - start)
                if done.returncode != 0:
                    print(f"  {label}: failed ({(done.stderr.strip().splitlines() or ['no output'])[-1]})")
                    break
            else:
                print(f"  {label}: {statistics.median(times) * 1000:.0f} ms")


def _command() -> tuple[list[str], str]:
    """The installed `elgrande-companion` entry point (beside this Python first), else `python -m companion`."""
    beside = Path(sys.executable).with_name("elgrande-companion")
    found = str(beside) if beside.exists() else shutil.which("elgrande-companion")
    if found:
        return [found], "the installed elgrande-companion"
    return [sys.executable, "-m", "companion"], "python -m companion (no elgrande-companion command found)"


def _installed_bytecode() -> bool:
    import importlib.util

    import companion.app

    return Path(importlib.util.cache_from_source(companion.app.__file__)).exists()


def display_figures(repeat: int = 1, valgrind: bool = True) -> None:
    """The sample game through the display loop onto a panel model; every shipped key script at 1 and 4
    presses/s; then a burst of presses."""
    from hardware.bench.burst import print_report
    from hardware.bench.display import MODELS, report, scripts_report

    families, groups = sample_game_families()
    report(families, groups, models=MODELS, note="to time your panel on the Pi: sudo systemctl stop elgrande-companion; "
                                   "elgrande-companion bench --panel")
    table_figures(families, groups)
    scripts = shipped_scripts()
    for model in MODELS:
        if model.partial:  # the V1 refreshes fully on every press: the sample game says enough
            scripts_report(scripts, model=model)
    print_report()


def table_figures(families: list[str], groups: list[int]) -> None:
    """The sample game at a table's pace (50-150 s between steps) with the idle sleep and the wake (issue 36)."""
    from hardware.bench.table import table_report

    table_report(families, groups)


def sample_game_families() -> tuple[list[str], list[int]]:
    """The family of each frame of the sample game by keys (as the app hands them to the display),
    and the presses of each step (a line of the key script)."""
    from companion.measure.key_scripts import SAMPLE_KEYS
    from hardware.sim.terminal import parse_script

    lines = SAMPLE_KEYS.read_text(encoding="utf-8").splitlines()
    groups = [n for n in (len(parse_script(line)) for line in lines) if n]
    return script_families(SAMPLE_KEYS), groups


def script_families(path: Path) -> list[str]:
    """The family of each frame (the first screen, then one a press) of the key script ``path``, played
    from a new game in a temporary state folder, as the app hands them to the display."""
    from companion.app import Games, make_controller
    from companion.ui.families import family
    from hardware.sim.terminal import parse_script

    presses = [event for event in parse_script(path.read_text(encoding="utf-8"), where=path.name)
               if event is not None]
    with tempfile.TemporaryDirectory() as tmp:
        ui = make_controller(Games(Path(tmp)), seed=lambda: 1)
        families = [family(ui.screen().kind)]
        for press in presses:
            ui.press(press.key, press.long)
            families.append(family(ui.screen().kind))
        if ui.game is not None:
            ui.game.close()
    return families


def shipped_scripts() -> list[tuple[str, list[str]]]:
    """Every key script the companion ships (companion/samples/*.keys): its name and its frames' families."""
    from companion.measure.key_scripts import SAMPLE_KEYS

    return [(path.stem, script_families(path)) for path in sorted(SAMPLE_KEYS.parent.glob("*.keys"))]


def panel_figures(config_path: Path | None) -> int:
    """`bench --panel`: time the real panel, then play the sample game on a model with its times."""
    import hardware
    from companion.settings.file import ConfigError, load_config

    try:
        display = load_config(config_path).display
    except ConfigError as error:
        print(f"bench --panel: {error}")
        return 2
    reasons = hardware.missing()
    if reasons or display.model == "none":
        print(f"bench --panel: no e-paper panel here ({reasons[0] if reasons else 'display.model is none'})")
        return 2
    from hardware.bench.display import measure_panel, measured_model, report, scripts_report, time_partials
    from hardware.display import PanelError, make_panel, version

    panel = make_panel(display.driver, display.model, rotation=display.rotation, busy_timeout=display.busy_timeout)
    try:
        panel.open()
    except PanelError as error:
        print(f"bench --panel: the panel cannot be opened ({error}; is the companion's service running? "
              "sudo systemctl stop elgrande-companion)")
        return 2
    unreset = None
    try:
        what = getattr(panel, "what", None)
        print(f"bench --panel: {what() if callable(what) else '2.7inch'} {version(display.model)} through the "
              f"{display.driver} driver, "
              "timing refreshes (the panel will blink)")
        times = measure_panel(panel)
        if hasattr(panel, "partial_reset") and panel.supports_partial:  # the built-in driver
            panel.partial_reset = False  # upstream resets before every partial; is it needed? time it without
            try:
                unreset = time_partials(panel)
            except PanelError as error:
                print(f"  partial refreshes without the reset before each failed: {error}")
            finally:
                panel.partial_reset = True
    except PanelError as error:
        print(f"bench --panel: the panel failed ({error})")
        return 2
    finally:
        panel.close()
    partial = "no partial refresh" if times.partial is None else f"partial {times.partial:.3f} s"
    print(f"  measured (transfer included): full {times.full:.3f} s, {partial}, sleep {times.sleep:.3f} s, "
          f"wake {times.wake:.3f} s")
    if times.partial is not None:
        print(f"  a partial refresh beyond the panel's own 0.3 s (transfer, resets, Python): "
              f"{times.partial - 0.3:.3f} s")
    if unreset is not None and times.partial is not None:
        print(f"  a partial without the hardware reset before it (display.partial_reset off): {unreset:.3f} s, "
              f"{(times.partial - unreset) * 1000:.0f} ms less; look at the glass: no ghosts, no garbage?")
    wait = getattr(panel, "busy_wait", None)
    if wait is not None:
        print(f"  BUSY: {wait.edge_waits} waits on its edge, {wait.polls} polls (an edge that disagreed "
              "with the line)")
    families, groups = sample_game_families()
    can_partial = hasattr(panel, "write_base") and panel.supports_partial
    measured = measured_model(times, display.model, can_partial, doze=hasattr(panel, "doze"))
    report(families, groups, models=[measured])
    scripts_report(shipped_scripts(), model=measured)
    return 0


def replay_figures(repeat: int, valgrind: bool) -> None:
    from companion.measure.sample import four_player_game

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        start = time.perf_counter()
        game = four_player_game(path)
        played = time.perf_counter() - start
        steps = len(game.steps)
        game.close()
        print(f"replay: a complete 4-player journal, {steps} steps, {path.stat().st_size} bytes")
        print(f"  play live (each step fsynced): {played * 1000:.1f} ms, {played / steps * 1000:.2f} ms/step")
        from companion.measure.bench_replay import replay_lines

        replay_lines(path, steps, repeat)
        if valgrind:
            _instructions(path)


def _instructions(path: Path) -> None:
    code = "import sys; from companion.play.game import Game; Game.resume(sys.argv[1]).close()"
    counts = _count_instructions([("python start-up", [sys.executable, "-c", "import companion.play.game"]),
                                  ("start-up + replay", [sys.executable, "-c", code, str(path)])])
    if counts:
        replay = counts["start-up + replay"] - counts["python start-up"]
        print(f"  instructions to resume from the snapshot (callgrind, start-up subtracted; not a replay: "
              f"the targets below count a replay per step): {replay:,}")


def _count_instructions(runs: list[tuple[str, list[str]]]) -> dict[str, int] | None:
    """Instructions each command executes under callgrind; None (and a line saying why) if it cannot."""
    tool = shutil.which("valgrind")
    if not tool:
        print("  instructions: valgrind not found (apt install valgrind to count them)")
        return None
    counts = {}
    for label, argv in runs:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "callgrind.out"
            done = subprocess.run([tool, "--tool=callgrind", f"--callgrind-out-file={out}", *argv],
                                  capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
            total = _callgrind_total(out) if done.returncode == 0 and out.exists() else None
        if total is None:
            print(f"  instructions: valgrind failed ({done.stderr.strip().splitlines()[-1:]})")
            return None
        counts[label] = total
    return counts


def _callgrind_total(out: Path) -> int | None:
    for line in out.read_text().splitlines():
        if line.startswith("summary:") or line.startswith("totals:"):
            return int(line.split()[1])
    return None
