"""The display loop's timers in simulated time: a deadline it hands out is a deadline it keeps.

The loop used to compute "quiet for 60 s yet?" as a difference of times, but hand out the next
wake-up as a sum: after a partial at 15.94 s the clock came to 60 - 1.4e-14 s of quiet, the
remaining 1.4e-14 s added to a clock near 76 s changed nothing, and the bench's loop (and `bench
--panel`'s) called it again at the same instant for ever. Every test here is bounded by a count of
steps, never by a timer.
"""

import pytest

from hardware.bench.display import PanelModel, Unsettled, play
from hardware.display import DisplayLoop, RefreshPolicy
from hardware.sim.panel import SimulatedPanel

#: A press time (s) at which the old arithmetic fell short of the 60 s idle clean-up by a rounding error.
SHORT_BY_A_HAIR = 15.9416


def steps_until_settled(loop, clock, limit=20):
    """Step the loop as its thread would, moving the clock to each wake-up; how many steps it took."""
    wake = loop.step()
    for count in range(1, limit + 1):
        if wake is None:
            return count
        clock.advance_to(wake)
        wake = loop.step()
    raise AssertionError(f"still not settled after {limit} steps (clock {clock()!r}, wake-up {wake!r})")


def test_the_idle_clean_up_happens_when_the_clock_reaches_the_time_the_loop_asked_for(clock, make_frame):
    panel = SimulatedPanel(clock, partial_s=0.3)
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=None)
    loop.submit(make_frame(), "turn")
    loop.step()
    clock.advance_to(SHORT_BY_A_HAIR)
    loop.submit(make_frame(mark=1), "turn")
    assert steps_until_settled(loop, clock) <= 3
    assert loop.cleanups == 1 and [c.full for c in panel.history] == [True, False, True]
    assert panel.history[-1].start == pytest.approx(SHORT_BY_A_HAIR + 60.0)


@pytest.mark.parametrize("press", [SHORT_BY_A_HAIR + i * 0.0731 for i in range(-20, 200)])
def test_no_press_time_leaves_the_loop_waiting_for_a_moment_that_never_comes(clock, make_frame, press):
    panel = SimulatedPanel(clock, partial_s=0.3, transfer_s=0.001, byte_s=2e-6)
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=120.0)
    loop.submit(make_frame(), "turn")
    loop.step()
    clock.advance_to(press)
    loop.submit(make_frame(mark=1), "turn")
    steps_until_settled(loop, clock)
    assert loop.cleanups == 1 and loop.asleep  # cleaned up after 60 s, asleep after 120 s


def test_the_quiet_clean_up_keeps_its_deadline_too(clock, make_frame):
    panel = SimulatedPanel(clock, partial_s=0.3)
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=None, policy=RefreshPolicy(full_every=1))
    loop.submit(make_frame(), "turn")
    loop.step()
    for i in range(200):  # a partial, then its clean-up 2 s of quiet later, at ever later odd times
        clock.advance_to(clock() + 0.1 + i * 0.0137)
        loop.submit(make_frame(mark=i % 7 + 1), "turn")
        steps_until_settled(loop, clock)
    assert loop.cleanups == 200


def test_the_bench_plays_a_game_that_used_to_spin_for_ever():
    model = PanelModel(transfer_s=0.0, byte_s=0.0, reset_s=0.0, busy_s=0.0)
    run = play(["turn", "turn"], [SHORT_BY_A_HAIR - 6.0], model)  # the first frame's full refresh ends at 6 s
    assert (run.fulls, run.partials, run.cleanups) == (2, 1, 1)


def test_the_bench_gives_up_by_a_count_of_rounds_not_a_timer(monkeypatch):
    class Stuck(DisplayLoop):
        def step(self):  # never does anything, always wants to run again now
            return self.clock()

        @property
        def pending(self):
            return False

    monkeypatch.setattr("hardware.bench.display.DisplayLoop", Stuck)
    with pytest.raises(Unsettled, match="did not settle after 50 rounds"):
        play(["turn", "turn"], [1.0], max_rounds=50)
