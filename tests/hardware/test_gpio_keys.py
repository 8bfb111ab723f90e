"""GpioKeys on gpiozero's own MockFactory: pins driven low/high, a fake clock, no Pi."""

import logging
import threading

import pytest

from hardware.keys import GpioKeys, KeyEvent, KeysUnavailable


@pytest.fixture
def keys(mock_factory, clock):
    k = GpioKeys(clock=clock)
    mock_factory.opened.append(k)
    return k


def tap(factory, clock, pin, at, hold):
    clock.advance_to(at)
    factory.pin(pin).drive_low()
    clock.advance_to(at + hold)
    factory.pin(pin).drive_high()


def test_a_short_press_on_key1(keys, mock_factory, clock):
    tap(mock_factory, clock, 5, at=1.0, hold=0.1)
    assert keys.read(timeout=0) == [KeyEvent(0)]
    assert keys.read(timeout=0) == []


def test_a_key_is_waiting_from_its_first_edge_until_its_press_is_read(keys, mock_factory, clock):
    assert not keys.waiting()                       # the rest check may go on
    clock.advance_to(1.0)
    mock_factory.pin(5).drive_low()
    assert keys.waiting()                           # an edge not read yet: the rest check gives way
    clock.advance_to(1.05)
    assert keys.read(timeout=0) == []
    assert keys.waiting()                           # down, its press (short or long) not known yet
    clock.advance_to(1.1)
    mock_factory.pin(5).drive_high()
    clock.advance_to(1.2)
    assert keys.read(timeout=0) == [KeyEvent(0)]
    assert not keys.waiting()


def test_callbacks_only_enqueue_edges_with_the_clock_time(keys, mock_factory, clock):
    clock.advance_to(2.5)
    mock_factory.pin(6).drive_low()
    assert keys.edges.qsize() == 1
    assert keys.detector.held == frozenset()  # nothing decided on gpiozero's thread
    edge = keys.edges.get_nowait()
    assert edge == (1, True, 2.5)
    keys.edges.put(edge)
    clock.advance_to(2.53)  # low for debounce (30 ms): the press counts
    keys.read(timeout=0)
    assert keys.detector.held == {1}


def test_a_long_press_comes_while_the_key_is_still_held(keys, mock_factory, clock):
    mock_factory.pin(19).drive_low()
    clock.advance_to(0.5)
    assert keys.read(timeout=0) == []
    clock.advance_to(0.85)
    assert keys.read(timeout=0) == [KeyEvent(3, long=True)]
    clock.advance_to(2.0)
    mock_factory.pin(19).drive_high()
    assert keys.read(timeout=0) == []


def test_a_blocking_read_returns_at_the_long_press_deadline(keys, mock_factory, clock):
    mock_factory.pin(5).drive_low()
    keys.read(timeout=0)
    clock.advance_to(0.9)  # past the deadline: an unbounded read must not wait for an edge
    result = []
    reader = threading.Thread(target=lambda: result.extend(keys.read(timeout=None)))
    reader.start()
    reader.join(10)
    assert not reader.is_alive()
    assert result == [KeyEvent(0, long=True)]


def test_a_blocking_read_returns_as_soon_as_an_edge_is_there(keys, mock_factory, clock):
    mock_factory.pin(13).drive_low()
    clock.advance_to(0.2)
    mock_factory.pin(13).drive_high()
    assert keys.read(timeout=30) == [KeyEvent(2)]


def test_contact_bounce_gives_one_press(keys, mock_factory, clock):
    pin = mock_factory.pin(5)
    for t, low in [(0.0, True), (0.003, False), (0.007, True), (0.2, False), (0.204, True), (0.209, False)]:
        clock.advance_to(t)
        pin.drive_low() if low else pin.drive_high()
    clock.advance_to(1.0)
    assert keys.read(timeout=0) == [KeyEvent(0)]


def test_a_glitch_on_a_key_line_is_no_press(keys, mock_factory, clock):
    """Half a millisecond low, as noise on the pull-up would make it: nothing, now or later."""
    clock.advance_to(1.0)
    mock_factory.pin(5).drive_low()
    clock.advance_to(1.0005)
    mock_factory.pin(5).drive_high()
    assert keys.read(timeout=0) == []
    clock.advance_to(5.0)
    assert keys.read(timeout=0) == []
    assert keys.detector.held == frozenset()
    tap(mock_factory, clock, 5, at=6.0, hold=0.05)  # a real press right after still counts
    assert keys.read(timeout=0) == [KeyEvent(0)]


def test_wake_ends_a_waiting_read_at_once_with_nothing(keys, mock_factory, clock):
    result = []
    reader = threading.Thread(target=lambda: result.append(keys.read(timeout=None)))
    reader.start()
    keys.wake()
    reader.join(10)
    assert not reader.is_alive() and result == [[]]
    keys.wake()
    tap(mock_factory, clock, 13, at=1.0, hold=0.1)  # a marker among edges is skipped
    assert keys.read(timeout=0) == [KeyEvent(2)]


def test_a_stuck_key_is_reported_once_and_ignored_until_released(keys, mock_factory, clock, caplog):
    mock_factory.pin(6).drive_low()
    clock.advance_to(0.9)
    assert keys.read(timeout=0) == [KeyEvent(1, long=True)]
    clock.advance_to(11.0)
    with caplog.at_level(logging.WARNING, logger="hardware.keys.gpio"):
        assert keys.read(timeout=0) == []
        clock.advance_to(30.0)
        assert keys.read(timeout=0) == []
    assert [r.getMessage() for r in caplog.records] == [
        "KEY2 (GPIO 6) has been down for over 10 s: ignored until released"]
    tap(mock_factory, clock, 13, at=31.0, hold=0.1)  # the others still work
    mock_factory.pin(6).drive_high()
    assert keys.read(timeout=0) == [KeyEvent(2)]
    tap(mock_factory, clock, 6, at=40.0, hold=0.1)
    assert keys.read(timeout=0) == [KeyEvent(1)]


def test_several_keys_at_once(keys, mock_factory, clock):
    mock_factory.pin(5).drive_low()
    clock.advance_to(0.1)
    mock_factory.pin(13).drive_low()
    clock.advance_to(0.2)
    mock_factory.pin(13).drive_high()
    clock.advance_to(0.3)
    mock_factory.pin(19).drive_low()
    clock.advance_to(0.4)
    mock_factory.pin(19).drive_high()
    mock_factory.pin(5).drive_high()
    assert keys.read(timeout=0) == [KeyEvent(2), KeyEvent(3), KeyEvent(0)]


def test_custom_pins_map_to_keys_in_order(mock_factory, clock):
    keys = GpioKeys(pins=(17, 27, 22, 23), clock=clock)
    mock_factory.opened.append(keys)
    tap(mock_factory, clock, 27, at=0.0, hold=0.1)
    tap(mock_factory, clock, 5, at=1.0, hold=0.1)  # a default pin, not ours now
    tap(mock_factory, clock, 23, at=2.0, hold=1.0)
    assert keys.read(timeout=0) == [KeyEvent(1), KeyEvent(3, long=True)]


def test_a_busy_pin_is_a_clear_error_and_leaves_no_pin_claimed(mock_factory, clock):
    from gpiozero import Button

    blocker = Button(13)
    with pytest.raises(KeysUnavailable, match=r"cannot open key pins \(5, 6, 13, 19\)"):
        GpioKeys(clock=clock)
    blocker.close()
    keys = GpioKeys(clock=clock)  # 5 and 6, opened before the failure, were released
    mock_factory.opened.append(keys)
    tap(mock_factory, clock, 5, at=0.0, hold=0.1)
    assert keys.read(timeout=0) == [KeyEvent(0)]


def test_close_releases_the_pins_and_can_be_called_twice(mock_factory, clock):
    from gpiozero import Button

    keys = GpioKeys(clock=clock)
    keys.close()
    keys.close()
    mock_factory.pin(5).drive_low()
    assert keys.edges.empty()
    Button(5).close()  # free again
