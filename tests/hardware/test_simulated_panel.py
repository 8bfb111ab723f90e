"""SimulatedPanel on a SimClock, alone and behind the DisplayLoop; and the burst benchmark."""

import re

import pytest

from hardware.bench.burst import burst, main, print_report, start_point
from hardware.display import DisplayLoop, Panel, PanelError, RefreshPolicy
from hardware.sim.panel import SimulatedPanel


def test_it_is_a_panel(clock):
    assert isinstance(SimulatedPanel(clock), Panel)


def test_refreshes_take_the_datasheet_times_and_are_recorded(clock, make_frame):
    panel = SimulatedPanel(clock)
    a, b = make_frame(mark=1), make_frame(mark=2)
    panel.show(a, full=True)
    panel.show(b, full=False)
    assert clock() == pytest.approx(6.3)
    assert [(c.start, c.end, c.full) for c in panel.history] == [(0.0, 6.0, True), (6.0, pytest.approx(6.3), False)]
    assert panel.on_glass is b
    assert panel.shown_at(a) == 6.0 and panel.shown_at(make_frame()) is None


def test_the_v1_refreshes_fully_when_asked_for_partial(clock, make_frame):
    panel = SimulatedPanel(clock, model="v1")
    panel.show(make_frame(), full=False)
    assert panel.history[0].full and clock() == 6.0


def test_an_asleep_panel_refuses_frames_until_woken(clock, make_frame):
    panel = SimulatedPanel(clock)
    panel.sleep()
    with pytest.raises(PanelError, match="asleep"):
        panel.show(make_frame(), full=True)
    panel.wake()
    panel.show(make_frame(), full=True)
    assert (panel.sleeps, panel.wakes) == (1, 1)
    assert clock() == pytest.approx(2.0 + 0.4 + 6.0)


def test_the_display_loop_sleeps_and_wakes_it_in_simulated_time(clock, make_frame):
    panel = SimulatedPanel(clock)
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=120)
    loop.submit(make_frame(), "turn")
    wake_at = loop.step()
    assert wake_at == pytest.approx(126.0)  # 120 s after the 6 s refresh ended
    clock.advance_to(wake_at)
    loop.step()
    assert panel.asleep
    later = make_frame(mark=1)
    loop.submit(later, "turn")
    loop.step()
    assert panel.on_glass is later and panel.history[-1].full and not panel.asleep


def test_transfers_and_base_writes_take_their_time_and_count_as_busy(clock, make_frame):
    panel = SimulatedPanel(clock, transfer_s=0.001, byte_s=2e-6, base_write=True)
    ram = 0.001 + 5808 * 2e-6
    panel.show(make_frame(), full=False)
    assert clock() == pytest.approx(0.3 + ram)
    panel.show(make_frame(), full=True)
    panel.write_base(make_frame())
    assert clock() == pytest.approx(0.3 + 6.0 + 5 * ram) == pytest.approx(panel.busy)
    assert panel.base_writes == 1 and len(panel.history) == 2  # a base write does not change the glass
    assert not hasattr(SimulatedPanel(clock, model="v1", base_write=True), "write_base")
    assert not hasattr(SimulatedPanel(clock), "write_base")


def test_the_burst_figures():
    ours, naive = burst("mailbox", "v2"), burst("fifo", "v2")
    assert ours.last_latency == pytest.approx(0.375)   # 10 presses in 1.125 s: shown 0.375 s after the last
    assert ours.refreshes == 5
    assert naive.refreshes == 10
    assert naive.last_latency == pytest.approx(1.875)  # ten partials, one after the other
    assert burst("mailbox", "v1").last_latency < burst("fifo", "v1").last_latency


def test_a_burst_that_reaches_a_cap_pays_a_full_refresh_and_without_a_cap_none_does():
    cap = 200
    early, late = burst("fifo", "v2", partials_before=0, cap=cap), burst("fifo", "v2", partials_before=cap - 3, cap=cap)
    assert late.partials_before == cap - 3
    assert late.last_latency == pytest.approx(early.last_latency + 6.0 - 0.3)  # one of the ten is full
    assert RefreshPolicy().cap is None
    uncapped = burst("fifo", "v2", partials_before=10 * cap)
    assert uncapped.last_latency == pytest.approx(early.last_latency)


def test_the_burst_starts_at_a_seeded_random_point_of_a_game():
    points = {start_point(seed) for seed in range(20)}
    assert len(points) > 10 and all(0 <= p < 200 for p in points)
    assert start_point(7) == start_point(7)


def test_the_report_prints_one_line_per_panel_and_strategy(capsys):
    results = print_report(seed=5)
    lines = capsys.readouterr().out.splitlines()
    assert len(results) == 6 and len(lines) == 7
    assert f"starting {start_point(5)} partial refreshes after the last full one" in lines[0]
    assert lines[1].startswith("  V2        newest-frame mailbox") and re.search(r"on glass   0\.3[78] s", lines[1])
    assert main(["--presses", "3", "--rate", "2"]) == 0
    assert "3 key presses at 2 Hz" in capsys.readouterr().out
