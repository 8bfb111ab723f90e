"""The ghosting policy (hardware/display/ghosting.py) and the table's pace (hardware/bench/table.py),
on the simulated clock: counts and simulated seconds, never the machine's time."""

import pytest

from hardware.bench.display import V2, V42, V75, PanelModel, play
from hardware.bench.table import IDLE_SLEEP_S, TARGET_P95_S, TARGET_WORST_S, at_table, table_report, table_times
from hardware.display.ghosting import QUIET_S, policy_for
from hardware.display.loop import DisplayLoop
from hardware.sim.clock import SimClock
from hardware.sim.panel import SimulatedPanel

PANELS = [V2, V42, V75]


@pytest.fixture(scope="module")
def sample():
    from companion.measure.bench import sample_game_families

    return sample_game_families()


@pytest.mark.parametrize("model", PANELS, ids=lambda m: m.label)
def test_a_burst_is_never_interrupted_and_is_cleaned_at_its_end(model):
    """60 presses a second apart: all partial (no cap), then one clean-up 2 s after the last."""
    times = [1.0 + i for i in range(60)]
    seen: dict = {}
    run = play(["turn"] * 61, times, model, policy=policy_for(model.model), panel_seen=seen)
    history = seen["panel"].history
    assert run.partials == 60 and run.fulls == 2 and run.cleanups == 1
    assert run.mid_burst == 0 and run.forced == 0
    cleanup = history[-1]
    last_press_shown = history[-2].end
    start = history[0].end  # play()'s press times count from the first screen on the glass
    assert cleanup.full and cleanup.start == pytest.approx(start + times[-1] + QUIET_S)
    assert cleanup.start >= last_press_shown
    assert max(run.latencies) < 1.0  # no press waited behind a full refresh


def test_a_few_partials_are_not_cleaned_in_the_middle_of_a_pause():
    """The old policy cleaned any partial after 60 quiet seconds, in the middle of the table's pause;
    now a few partials wait for the due count, and the panel dozes at the idle sleep, no flash first."""
    clock = SimClock()
    panel = SimulatedPanel(clock, partial_s=0.3, full_s=6.0, base_write=True, doze=True)
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=IDLE_SLEEP_S, policy=policy_for("2in7_V2"))
    for _ in range(4):
        loop.submit(panel_frame(panel), "turn")
        loop.step()
        clock.sleep(1.0)
    assert [c.full for c in panel.history] == [True, False, False, False]
    at = loop.step()
    assert at == pytest.approx(3.0 + 6.0 + 0.3 * 3 + IDLE_SLEEP_S, abs=1.0)  # next: the idle sleep, no clean-up
    clock.advance_to(at)
    loop.step()
    assert loop.asleep and panel.dozing and len(panel.history) == 4
    assert loop.step() == pytest.approx(at + panel.settle_s)  # then the power down
    clock.advance_to(at + panel.settle_s)
    loop.step()
    assert not panel.dozing and panel.power_downs == 1


def test_a_press_in_the_sleeps_settle_waits_only_for_the_wake():
    clock = SimClock()
    panel = SimulatedPanel(clock, partial_s=0.3, full_s=6.0, wake_s=0.06, base_write=True, doze=True)
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=IDLE_SLEEP_S, policy=policy_for("2in7_V2"))
    loop.submit(panel_frame(panel), "turn")
    clock.advance_to(loop.step() or 0.0)
    loop.step()
    assert panel.dozing
    clock.sleep(0.5)  # half a second into the 2 s settle
    pressed = clock()
    frame = panel_frame(panel)
    loop.submit(frame, "turn")
    loop.step()
    assert panel.shown_at(frame) - pressed == pytest.approx(0.06 + 0.3)  # the wake, then a partial
    assert panel.history[-1].full is False and panel.power_downs == 0 and loop.base_writes == 1


def panel_frame(panel):
    from PIL import Image

    return Image.new("1", panel.size, 1)


def test_the_table_times_are_seeded_and_paced():
    groups = [3, 1, 4]
    times = table_times(groups, seed=7)
    assert times == table_times(groups, seed=7) and times != table_times(groups, seed=8)
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert [50 <= g <= 150 for g in gaps] == [False, False, True, True, False, False, False]
    assert all(0.7 <= g <= 1.5 for g, long in zip(gaps, [0, 0, 1, 1, 0, 0, 0]) if not long)


@pytest.mark.parametrize("model", PANELS, ids=lambda m: m.label)
def test_every_panel_keeps_pace_with_the_table(sample, model):
    """Issue 36's "Done when": p95 <= 1.0 s and the worst <= 2.5 s with 50-150 s between steps, the
    idle sleep on; every wake writes the base (no full refresh); no press behind a clean-up."""
    families, groups = sample
    table = at_table(families, groups, model)
    assert table.run.p95 <= TARGET_P95_S and table.worst <= TARGET_WORST_S
    assert table.wakes >= len(groups) // 4 and table.base_writes == table.wakes
    assert table.run.fulls == 1 + table.run.cleanups  # the first frame, then clean-ups only
    assert table.behind_cleanup == 0
    assert table.longest_partials <= 30  # the sample's longest run of presses without a 2 s pause, and a few


def test_without_the_base_write_and_the_doze_the_large_panels_miss_it(sample):
    """The targets can fail: the 7.5" waking with a full refresh, as before issue 36, misses them."""
    from dataclasses import replace

    families, groups = sample
    old: PanelModel = replace(V75, base_write=False, doze=False)
    table = at_table(families, groups, old)
    assert table.run.p95 > TARGET_P95_S and table.worst > TARGET_WORST_S and not table.met


def test_the_report_prints_each_panel_with_its_targets(sample):
    families, groups = sample
    lines: list[str] = []
    runs = table_report(families, groups, out=lines.append)
    assert len(lines) == 1 + len(runs) == 4
    for line, model in zip(lines[1:], PANELS):
        assert line.lstrip().startswith(model.label)
        assert "(target <= 1)" in line and "(target <= 2.5)" in line and line.split("):")[-1].startswith(" met;")


def test_the_7in5s_high_voltage_is_never_left_on_past_its_bound():
    """The UC8179 stays powered between refreshes: it sleeps after 30 s at most, whatever the settings say;
    the SSD panels (which power down after every update) keep the settings' idle sleep."""
    from hardware.display.ghosting import idle_sleep_for

    assert idle_sleep_for("7in5_V2", 120.0) == 30.0 and idle_sleep_for("7in5_V2", None) == 30.0
    assert idle_sleep_for("7in5_V2", 10.0) == 10.0
    assert idle_sleep_for("2in7_V2", 120.0) == 120.0 and idle_sleep_for("4in2_V2", None) is None


def test_at_the_table_the_7in5_sleeps_in_every_pause(sample):
    families, groups = sample
    table = at_table(families, groups, V75)
    assert table.sleeps == len(groups)  # every pause is longer than 30 s (and the game's end)
    assert table.run.p95 <= TARGET_P95_S
