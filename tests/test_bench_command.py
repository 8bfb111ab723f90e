"""`elgrande-companion bench` prints every figure the issues ask for (it asserts nothing about speed)."""

import re

import pytest

FIGURES = r"(\d+) full \((\d+) when quiet\), +(\d+) partial refreshes \([\d.]+ full per 20 presses\); " \
          r"press -> glass median [\d.]+ s, 95th percentile [\d.]+ s, worst [\d.]+ s; panel busy [\d.]+ min"


def test_bench_prints_every_section(cli):
    status, out, err = cli("bench", "--repeat", "1", "--no-valgrind")
    assert status == 0, err
    assert re.search(r"replay: a complete 4-player journal, 150 steps", out)
    assert re.search(r"key presses: the sample 4-player game by keys, \d+ presses, \d+ steps", out)
    assert re.search(r"per press: median [\d.]+ ms, 95th percentile [\d.]+ ms, slowest [\d.]+ ms; whole game "
                     r"[\d.]+ s \(the controller and its first frame before the first press: [\d.]+ ms, not counted\)",
                     out)
    assert re.search(r"memory: peak RSS of a whole game by keys [\d.]+ MiB .*(VmHWM from its own /proc/self/status|"
                     r"its own ru_maxrss)", out)
    assert re.search(r"start-up: (the installed elgrande-companion|python -m companion .*) run --keys", out)
    assert re.search(r"no saved game: \d+ ms", out)
    assert re.search(r"resuming a finished 4-player game: \d+ ms", out)
    assert "model V2: partial 0.3 s + 1 RAM write, full 6 s + 2 RAM writes; a RAM write 1 ms + 5808 x 2 us" in out
    assert "elgrande-companion bench --panel" in out
    for scenario in ("V2 1 press/s", "V2 4 presses/s", "V2 at the table", "V1 1 press/s", "V1 4 presses/s"):
        assert re.search(re.escape(scenario) + " +" + FIGURES, out), scenario
    assert re.search(r"starting \d+ partial refreshes after the last full one \(a random point", out)
    assert re.search(r"V2 +newest-frame mailbox +last press -> on glass +0\.\d\d s", out)
    assert re.search(r"writes: the sample game by keys, \d+ presses, \d+ steps: \d+ fsyncs, [\d.]+ a step", out)
    assert "instructions" not in out  # --no-valgrind
    from companion.measure.key_scripts import SAMPLE_KEYS

    assert "display, every shipped key script at 1 and 4 presses/s" in out
    assert "driver: a 42 ms reset before every partial and in a re-init, 1 ms to notice BUSY clear" in out
    assert "the refresh policy has no cap" in out
    for script in sorted(SAMPLE_KEYS.parent.glob("*.keys")):
        assert re.search(re.escape(script.stem) + r" +\d+ presses; 1/s p50 [\d.]+ p95 [\d.]+ s, \d+ full "
                         r"\(0 mid-burst\); 4/s p50 [\d.]+ p95 0\.\d\d s, \d+ full \(0 mid-burst\)", out), script.stem
    assert "target p95 <= 1 s at 4 presses/s on every script: met" in out


def test_bench_panel_without_a_panel_says_so_in_one_line_and_exits_2(cli, monkeypatch):
    import hardware

    monkeypatch.setattr(hardware, "missing", lambda dev="/dev": ["no /dev/spidev0.0: SPI is off"])
    status, out, err = cli("bench", "--panel")
    assert status == 2
    assert out.splitlines() == ["bench --panel: no e-paper panel here (no /dev/spidev0.0: SPI is off)"]


def test_bench_panel_when_the_driver_cannot_open_it(cli, monkeypatch):
    import hardware
    from hardware.display import FastEpd27, PanelUnavailable, WaveshareEpd27

    def refuse(self):
        raise PanelUnavailable("GPIO busy")

    monkeypatch.setattr(hardware, "missing", lambda dev="/dev": [])
    monkeypatch.setattr(FastEpd27, "open", refuse)  # the built-in driver, the default
    monkeypatch.setattr(WaveshareEpd27, "open", refuse)
    status, out, err = cli("bench", "--panel")
    assert status == 2 and len(out.splitlines()) == 1 and "GPIO busy" in out


class InstantPanel:
    """A panel that does everything at once (so no figure here means anything but 'printed')."""

    supports_partial = True
    size = (264, 176)

    def __init__(self, model, **options):
        self.calls = []

    def open(self):
        return self

    def show(self, image, full):
        self.calls.append(("show", full))

    def sleep(self):
        self.calls.append(("sleep",))

    def wake(self):
        self.calls.append(("wake",))

    def close(self):
        self.calls.append(("close",))


def test_bench_panel_times_the_panel_and_plays_the_game_with_its_times(cli, monkeypatch):
    import companion.measure.bench as bench
    import hardware
    import hardware.display

    opened = []
    monkeypatch.setattr(hardware, "missing", lambda dev="/dev": [])
    monkeypatch.setitem(hardware.display.ADAPTERS, "builtin",
                        lambda model, **options: opened.append(InstantPanel(model)) or opened[-1])
    monkeypatch.setattr(bench, "shipped_scripts", lambda: [("a script", ["turn"] * 30)])  # (not all of them)
    status, out, err = cli("bench", "--panel")
    assert status == 0, err
    assert "through the builtin driver" in out
    assert "every shipped key script at 1 and 4 presses/s on the model V2 measured" in out
    assert re.search(r"a script +29 presses; 1/s p50 [\d.]+ p95 [\d.]+ s", out)
    assert re.search(r"measured \(transfer included\): full [\d.]+ s, partial [\d.]+ s, sleep [\d.]+ s, "
                     r"wake [\d.]+ s", out)
    assert re.search(r"V2 measured 1 press/s +" + FIGURES, out)
    assert opened[0].calls[-1] == ("close",)  # the panel is released
    assert "without the hardware reset" not in out  # a panel without the setting: timed one way only


class ResettingPanel(InstantPanel):
    """The built-in driver's knobs: the reset before each partial, and its BUSY wait's counts."""

    def __init__(self, model, **options):
        super().__init__(model, **options)
        self.partial_reset = True
        self.busy_wait = type("Wait", (), {"edge_waits": 12, "polls": 0})()

    def show(self, image, full):
        self.calls.append(("show", full, self.partial_reset))


def test_bench_panel_times_partials_with_and_without_the_reset_and_says_how_busy_was_waited_for(cli, monkeypatch):
    import companion.measure.bench as bench
    import hardware
    import hardware.display

    opened = []
    monkeypatch.setattr(hardware, "missing", lambda dev="/dev": [])
    monkeypatch.setitem(hardware.display.ADAPTERS, "builtin",
                        lambda model, **options: opened.append(ResettingPanel(model)) or opened[-1])
    monkeypatch.setattr(bench, "shipped_scripts", lambda: [])
    status, out, err = cli("bench", "--panel")
    assert status == 0, err
    assert re.search(r"a partial without the hardware reset before it \(display.partial_reset off\): [\d.]+ s", out)
    assert "BUSY: 12 waits on its edge, 0 polls" in out
    panel = opened[0]
    assert ("show", False, False) in panel.calls and panel.partial_reset  # timed without, then put back


def test_measure_panel_takes_the_median_of_each_operation():
    from hardware.bench.display import measure_panel

    now = [0.0]
    cost = {"full": 6.0, "partial": 0.5, "sleep": 2.0, "wake": 0.4}

    class Timed(InstantPanel):
        def show(self, image, full):
            now[0] += cost["full" if full else "partial"]

        def sleep(self):
            now[0] += cost["sleep"]

        def wake(self):
            now[0] += cost["wake"]

    times = measure_panel(Timed("v2"), clock=lambda: now[0])
    assert (times.full, times.partial, times.sleep, times.wake) == pytest.approx((6.0, 0.5, 2.0, 0.4))


FAKE_VALGRIND = """#!{python}
import sys
out = next(a.split("=", 1)[1] for a in sys.argv if a.startswith("--callgrind-out-file="))
with open(out, "w") as f:
    f.write("events: Ir\\nsummary: %d\\n" % (10**6 + 1000 * len(" ".join(sys.argv))))
"""


def test_bench_prints_the_instruction_counts(tmp_path, monkeypatch, capsys):
    """With valgrind there (a stand-in that writes a callgrind summary), every count gets its line."""
    import shutil
    import sys

    from companion.measure.bench_instructions import instruction_figures

    fake = tmp_path / "valgrind"
    fake.write_text(FAKE_VALGRIND.format(python=sys.executable))
    fake.chmod(0o755)
    monkeypatch.setattr(shutil, "which", lambda name: str(fake) if name == "valgrind" else None)
    instruction_figures()
    out = capsys.readouterr().out
    assert re.search(r"per navigation press \(menu, cursor moved, frame drawn; mean of 40\): -?[\d,]+\n", out), out
    assert re.search(r"cold start to the first frame \(no saved game\): [\d,]+ "
                     r"\(of which the bare interpreter: [\d,]+\)", out), out
    assert re.search(r"cold start to the first frame \(resuming a finished 4-player game\): [\d,]+", out), out
    assert re.search(r"cold start to the first frame with the Pi's imports \(hardware.pi, gpiozero, a stand-in "
                     r"spidev; no saved game\): [\d,]+ \(the Pi's imports: [+-][\d,]+; lgpio not included\)", out), out
    assert re.search(r"undo at step 20 of a 4-player game read by a full replay of its log \(not after a resume: "
                     r"see below\): -?[\d,]+\n", out), out
    assert re.search(r"undo at step 140 of a 4-player game read by a full replay of its log \(not after a resume: "
                     r"see below\): -?[\d,]+\n", out), out
    assert re.search(r"conservation check per step: -?[\d,.]+ k instructions", out), out


def test_bench_says_when_valgrind_is_missing(monkeypatch, capsys):
    import shutil

    from companion.measure.bench_instructions import instruction_figures

    monkeypatch.setattr(shutil, "which", lambda name: None)
    instruction_figures()
    assert "valgrind not found: no instruction counts" in capsys.readouterr().out


def test_the_pi_cold_start_imports_the_pis_modules_and_the_stand_in_spidev(tmp_path):
    """What the bench's figure with the Pi's imports runs, run for real: the first frame, and the Pi's modules."""
    import json
    import os
    import subprocess
    import sys

    from companion.measure.bench_instructions import COLD_PI, SPIDEV_STAND_IN

    (tmp_path / "stand-ins").mkdir()
    (tmp_path / "stand-ins" / "spidev.py").write_text(SPIDEV_STAND_IN)
    (tmp_path / "none.keys").write_text("")
    report = ("sys.stdout.write(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
              "('hardware', 'gpiozero', 'spidev'))) + chr(10)); sys.stdout.flush(); os._exit(0)")
    code = "import json; " + COLD_PI.replace("os._exit(0)", report)
    env = {**os.environ, "ELGRANDE_CONFIG": str(tmp_path / "none.toml")}
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "stand-ins"), "run", "--keys",
                           str(tmp_path / "none.keys"), "--state-dir", str(tmp_path / "state")],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    modules = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert {"hardware.pi", "gpiozero", "spidev"} <= modules
    assert "1 frame shown; no game started yet" in done.stdout  # the first frame, drawn and shown


def test_the_bench_prints_every_target_of_issue_23_with_its_target(tmp_path, monkeypatch, capsys):
    """Each figure of issue 23's Targets table gets its line, with its target (counts from a stand-in
    valgrind; the children run for real, unmeasured)."""
    import sys

    from companion.measure.bench_instructions import Counter
    from companion.measure.bench_targets import target_figures

    fake = tmp_path / "valgrind"
    fake.write_text(FAKE_VALGRIND.format(python=sys.executable))
    fake.chmod(0o755)
    (tmp_path / "counts").mkdir()
    monkeypatch.setenv("ELGRANDE_CONFIG", str(tmp_path / "none.toml"))
    target_figures(Counter(str(fake), tmp_path / "counts"))
    out = capsys.readouterr().out
    for figure, target in (("resume a finished 150-step game, to the first frame", "500.0"),
                           (r"resume the \d+-step King & the Colonies board game, to the first frame", "500.0"),
                           (r"replay per step, scores only \(the 150-step sample\)", "1.0"),
                           (r"replay per step, board recorded \(the 195-step board sample\)", "1.5"),
                           (r"confirming a turn's placements \(.*\)", "8.0"),
                           (r"cold start with the Pi's imports \(no saved game\)", "400.0")):
        assert re.search(figure + r": -?[\d,.]+ M \(target <= " + re.escape(target) + r" M: (met|NOT met); "
                         r"issue 23 measured [\d,.–-]+ M\)", out), (figure, out)
    assert "the phase chart built before it" in out
    assert re.search(r"the phase chart's library alone, per event .*: -?[\d,.]+ M", out), out


def test_the_rest_checks_line_counts_a_whole_check_and_its_longest_slice_by_differences(tmp_path, capsys):
    from companion.measure import bench_check

    runs = []

    def count(code, folder, whole, slices):  # a stand-in for callgrind: instructions by what the child does
        runs.append((int(whole), int(slices)))
        return 50 * M + int(whole) * 160 * M + (110 * M if int(whole) or int(slices) else 0) + int(slices) * 4 * M

    count.tmp = tmp_path
    bench_check.check_figures(count)
    line = capsys.readouterr().out.strip()
    found = re.fullmatch(r"the game log's check while the keys rest \(the 150-step sample resumed from its snapshot; "
                         r"(\d+) slices\): 160\.0 M \(270\.0 M for the first after a start, whose first slice imports "
                         r"the phase chart: 114\.0 M\); the longest slice \(no\. (\d+), [\d.]+ ms here\) 4\.00 M "
                         r"\(no target\)", line)
    assert found, line
    slices, longest = int(found[1]), int(found[2])
    assert slices == 150 // 4 + 2 and 1 <= longest <= slices
    assert (1, longest - 1) in runs and (1, longest) in runs and (0, 1) in runs


M = 1_000_000
