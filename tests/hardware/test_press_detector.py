"""PressDetector: edges and a fake clock in, short/long presses out."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardware.keys import KeyEvent, PressDetector

SHORT = KeyEvent(0, long=False)
LONG = KeyEvent(0, long=True)


def test_a_quick_press_is_short_on_release():
    d = PressDetector()
    assert d.press(0, 10.0) == []
    assert d.poll(10.2) == []
    assert d.release(0, 10.3) == [SHORT]
    assert d.poll(20.0) == []


def test_holding_long_after_is_a_long_press_as_soon_as_polled_and_only_once():
    d = PressDetector(long_after=0.8)
    d.press(0, 0.0)
    assert d.poll(0.79) == []
    assert d.poll(0.8) == [LONG]
    assert d.poll(2.0) == []
    assert d.release(0, 3.0) == []


def test_a_long_press_not_seen_by_a_poll_is_reported_by_the_release():
    d = PressDetector(long_after=0.8)
    d.press(0, 0.0)
    assert d.release(0, 1.5) == [LONG]


def test_just_under_long_after_is_short():
    d = PressDetector(long_after=0.8)
    d.press(0, 0.0)
    assert d.release(0, 0.799) == [SHORT]


def test_contact_bounce_on_press_and_release_makes_one_press():
    d = PressDetector(debounce=0.03)
    events = []
    for t, pressed in [(0.0, True), (0.004, False), (0.009, True), (0.012, False), (0.02, True),
                       (0.300, False), (0.305, True), (0.310, False)]:
        events += d.edge(0, pressed, t)
        events += d.poll(t)
    events += d.poll(1.0)
    assert events == [SHORT]


def test_bounce_after_a_release_makes_no_second_press():
    d = PressDetector(debounce=0.03)
    events = d.press(0, 0.0)
    events += d.poll(0.1)
    assert d.held == {0}
    events += d.release(0, 0.2)          # a release counts at once
    for t, pressed in [(0.204, True), (0.209, False), (0.215, True), (0.221, False)]:
        events += d.edge(0, pressed, t)  # the contacts bounce, never 30 ms low
        events += d.poll(t)
    events += d.poll(1.0)
    assert events == [SHORT]
    assert d.held == frozenset()


# ------------------------------------------------------------ glitches: a press needs debounce low


@pytest.mark.parametrize("width", [0.0005, 0.001, 0.01, 0.029])
def test_a_glitch_shorter_than_debounce_never_presses(width):
    """A 0.5 ms spike to GND (or up to 29 ms) on a key line: no press, however it is polled."""
    d = PressDetector(debounce=0.03)
    events = d.press(0, 5.0)
    events += d.poll(5.0 + width / 2)
    events += d.release(0, 5.0 + width)
    for t in (5.0 + width, 5.03, 5.031, 5.1, 6.0, 20.0):
        events += d.poll(t)
    assert events == []
    assert d.held == frozenset() and d.next_deadline() is None


def test_a_burst_of_glitches_never_presses():
    """Noise: many short spikes, none 30 ms long, even if they add up to more than that."""
    d = PressDetector(debounce=0.03)
    events, t = [], 0.0
    for _ in range(50):
        events += d.press(0, t)
        events += d.poll(t + 0.004)
        events += d.release(0, t + 0.005)
        t += 0.008
    events += d.poll(t + 1.0)
    assert events == []


def test_a_press_exactly_debounce_long_counts_and_one_just_shorter_does_not():
    d = PressDetector(debounce=0.025)
    d.press(0, 1.0)
    assert d.release(0, 1.0 + 0.025) == [SHORT]
    d.press(0, 2.0)
    assert d.release(0, 2.0 + 0.0249) == []
    assert d.poll(3.0) == []


def test_the_press_counts_when_polled_after_debounce_and_is_timed_from_its_edge():
    d = PressDetector(debounce=0.03, long_after=0.8)
    d.press(0, 0.0)
    assert d.next_deadline() == pytest.approx(0.03)  # when the press will count
    assert d.poll(0.029) == [] and d.held == frozenset()
    assert d.poll(0.03) == [] and d.held == {0}
    assert d.next_deadline() == pytest.approx(0.8)   # the long press from the edge, not from 0.03
    assert d.poll(0.8) == [LONG]


def test_bounce_on_the_way_down_delays_the_press_and_long_press_timing_starts_at_the_last_edge():
    d = PressDetector(debounce=0.03, long_after=0.8)
    for t, pressed in [(0.0, True), (0.002, False), (0.006, True), (0.008, False), (0.012, True)]:
        assert d.edge(0, pressed, t) == []
    assert d.poll(0.041) == [] and d.held == frozenset()  # 29 ms since the last edge
    assert d.poll(0.042) == [] and d.held == {0}
    assert d.poll(0.811) == []
    assert d.poll(0.812) == [LONG]
    assert d.release(0, 2.0) == []


def test_a_glitch_while_another_key_is_held_does_not_disturb_it():
    d = PressDetector(debounce=0.03, long_after=0.8)
    events = d.press(1, 0.0)
    events += d.press(2, 0.1)
    events += d.release(2, 0.1005)  # glitch on KEY3
    events += d.release(1, 0.3)
    assert events == [KeyEvent(1)]


def test_debounce_zero_takes_every_edge_at_once():
    d = PressDetector(debounce=0.0)
    d.press(0, 1.0)
    assert d.held == {0}
    assert d.release(0, 1.0005) == [SHORT]


def test_edges_further_apart_than_debounce_all_count():
    d = PressDetector(debounce=0.03)
    assert d.press(0, 0.0) == []
    assert d.release(0, 0.05) == [SHORT]
    assert d.press(0, 0.1) == []
    assert d.release(0, 0.15) == [SHORT]


def test_a_stuck_key_emits_nothing_more_until_released_then_works_again():
    d = PressDetector(long_after=0.8, stuck_after=10.0)
    d.press(0, 0.0)
    assert d.poll(1.0) == [LONG]
    assert d.poll(10.5) == []
    assert d.stuck == {0}
    assert d.poll(60.0) == []
    assert d.release(0, 61.0) == []
    assert d.stuck == frozenset()
    d.press(0, 62.0)
    assert d.release(0, 62.1) == [SHORT]


def test_a_key_first_seen_stuck_gives_no_long_press():
    d = PressDetector(long_after=0.8, stuck_after=10.0)
    d.press(0, 0.0)
    assert d.poll(11.0) == []
    assert d.release(0, 12.0) == []


def test_a_stuck_key_does_not_block_the_others():
    d = PressDetector()
    d.press(2, 0.0)
    d.poll(11.0)
    d.press(1, 11.1)
    assert d.release(1, 11.2) == [KeyEvent(1)]
    assert d.stuck == {2}


def test_several_keys_are_independent():
    d = PressDetector(long_after=0.8)
    events = []
    events += d.press(0, 0.0)
    events += d.press(3, 0.1)
    events += d.release(3, 0.3)   # KEY4 short while KEY1 is held
    events += d.poll(0.85)        # KEY1 long
    events += d.press(1, 1.0)
    events += d.release(0, 1.1)
    events += d.release(1, 1.2)
    assert events == [KeyEvent(3), KeyEvent(0, long=True), KeyEvent(1)]


def test_next_deadline_is_when_a_held_key_becomes_long():
    d = PressDetector(long_after=0.8, debounce=0.03)
    assert d.next_deadline() is None
    d.press(1, 5.0)
    assert d.next_deadline() == pytest.approx(5.03)  # the press counts once low for 30 ms
    d.poll(5.03)
    assert d.next_deadline() == pytest.approx(5.8)
    d.poll(5.8)
    assert d.next_deadline() is None  # long sent: nothing more to wait for
    d.release(1, 6.0)
    d.press(1, 6.01)                   # bounce: ignored, but to be settled
    assert d.next_deadline() == pytest.approx(6.04)


def test_unknown_keys_and_bad_settings_are_refused():
    d = PressDetector(keys=4)
    with pytest.raises(ValueError):
        d.press(4, 0.0)
    with pytest.raises(ValueError):
        PressDetector(long_after=20.0, stuck_after=10.0)


#: The properties are about the detector's arithmetic, not this machine's speed: no deadline and no "too slow"
#: health check, which a Pi Zero 2 W or a loaded PC trips. Only these two settings: the rest (the number of
#: examples) is whatever settings profile is in force when this module is imported.
ANY_SPEED = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@ANY_SPEED
@given(st.lists(st.tuples(st.floats(0.03, 9.9), st.floats(0.03, 5.0), st.floats(0.0, 1.0)),
                min_size=1, max_size=20))
def test_every_clean_press_gives_exactly_one_event_long_iff_held_long(cycles):
    """Presses held between debounce and stuck_after, released, polled anywhere: one event each."""
    d = PressDetector(long_after=0.8, debounce=0.03, stuck_after=10.0)
    t, events, expected = 0.0, [], []
    for hold, gap, poll_at in cycles:
        events += d.press(0, t)
        events += d.poll(t + hold * poll_at)
        events += d.release(0, t + hold)
        expected.append(KeyEvent(0, long=hold >= 0.8))
        t += hold + gap
        events += d.poll(t)
    assert events == expected


@ANY_SPEED
@given(st.lists(st.tuples(st.lists(st.floats(0.0001, 0.0299), max_size=5), st.floats(0.03, 3.0),
                          st.floats(0.0, 1.0)), min_size=1, max_size=15))
def test_glitches_between_real_presses_never_count(cycles):
    """Each cycle: a few glitches (each < debounce, 31 ms apart), then a clean press: only the presses count."""
    d = PressDetector(long_after=0.8, debounce=0.03, stuck_after=10.0)
    t, events, expected = 0.0, [], []
    for glitches, hold, poll_at in cycles:
        for width in glitches:
            events += d.press(0, t)
            events += d.poll(t + width * poll_at)
            events += d.release(0, t + width)
            t += width + 0.031
            events += d.poll(t)
        events += d.press(0, t)
        events += d.poll(t + hold * poll_at)
        events += d.release(0, t + hold)
        expected.append(KeyEvent(0, long=hold >= 0.8))
        t += hold + 0.05
        events += d.poll(t)
    assert events == expected


def test_the_properties_never_depend_on_this_machines_speed():
    for test in (test_every_clean_press_gives_exactly_one_event_long_iff_held_long,
                 test_glitches_between_real_presses_never_count):
        chosen = test._hypothesis_internal_use_settings  # what @settings gave the test (hypothesis internals)
        assert chosen.deadline is None
        assert HealthCheck.too_slow in chosen.suppress_health_check
