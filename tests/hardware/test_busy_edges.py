"""BUSY waited on by its edge: gpiozero's wait_for_inactive / wait_for_active on MockFactory pins.

A helper thread plays the panel: it lets BUSY go once the driver is waiting for it, so nothing
depends on how long anything takes (no timed assertions; the one real wait is the 50 ms a stuck
line is given before it times out). The injected ``sleep`` records what it is asked to sleep: a
10 ms poll there would mean the driver polled.
"""

import sys
import threading
import types

import pytest

from hardware.display import PanelTimeout
from hardware.display.bulk_driver import FastEpd27
from hardware.display.busy import BusyWait

BUSY = 24


class Panel:
    """BUSY's other end: ``start()`` drives the busy level; the line goes idle once a waiter is waiting."""

    def __init__(self, pin, busy_level: int):
        self.pin, self.busy_level = pin, busy_level
        self.waiting = threading.Event()
        self.releases = 0
        self.threads: list[threading.Thread] = []

    def start(self) -> None:
        (self.pin.drive_high if self.busy_level else self.pin.drive_low)()
        thread = threading.Thread(target=self._release, daemon=True)
        self.threads.append(thread)
        thread.start()

    def _release(self) -> None:
        if self.waiting.wait(10):
            self.waiting.clear()
            self.releases += 1
            (self.pin.drive_low if self.busy_level else self.pin.drive_high)()

    def spy(self, wait):
        """``wait`` (the device's edge wait), telling the panel a waiter is in it."""
        calls = []

        def edge(timeout):
            calls.append(timeout)
            self.waiting.set()  # set before blocking: a release that comes first leaves the event set
            return wait(timeout)

        edge.calls = calls
        return edge

    def join(self) -> None:
        for thread in self.threads:
            thread.join(10)


def no_sleep(seconds):
    raise AssertionError(f"the wait polled (sleep {seconds})")


@pytest.mark.parametrize("model, busy_level", [("v2", 1), ("v1", 0)])
def test_the_wait_returns_on_the_edge_without_polling(mock_factory, model, busy_level):
    from gpiozero import DigitalInputDevice

    line = DigitalInputDevice(BUSY, pull_up=False)
    mock_factory.opened.append(line)
    panel = Panel(mock_factory.pin(BUSY), busy_level)
    edge = panel.spy(line.wait_for_inactive if busy_level else line.wait_for_active)
    wait = BusyWait(lambda: line.value, busy_level, timeout=30.0, sleep=no_sleep, edge=edge)
    for _ in range(20):
        panel.start()
        wait()
        assert line.value != busy_level
    panel.join()
    assert (panel.releases, wait.edge_waits, wait.polls) == (20, 20, 0)
    assert all(0 < timeout <= 30.0 for timeout in edge.calls)


def test_a_stuck_line_times_out_on_the_edge_wait_with_the_one_line_error(mock_factory):
    from gpiozero import DigitalInputDevice

    line = DigitalInputDevice(BUSY, pull_up=False)
    mock_factory.opened.append(line)
    mock_factory.pin(BUSY).drive_high()  # V2 busy, and it never ends
    wait = BusyWait(lambda: line.value, 1, timeout=0.05, sleep=no_sleep, edge=line.wait_for_inactive,
                    what="2.7inch e-paper V2")
    with pytest.raises(PanelTimeout, match=r"^2.7inch e-paper V2 still busy after 0.05 s \(BUSY line stuck"):
        wait()
    assert (wait.edge_waits, wait.polls) == (1, 0)


def test_an_edge_that_disagrees_with_the_line_falls_back_to_polling(clock):
    reads = iter([1, 1, 1, 1, 0])  # busy, and still busy after the edge wait said done
    wait = BusyWait(lambda: next(reads), 1, timeout=5.0, clock=clock, sleep=clock.sleep, edge=lambda t: True)
    wait()
    assert (wait.edge_waits, wait.polls) == (2, 2) and clock() == pytest.approx(0.02)


def test_a_missed_edge_with_the_line_idle_after_all_is_no_timeout(clock):
    reads = iter([1, 0])
    wait = BusyWait(lambda: next(reads), 1, timeout=5.0, clock=clock, sleep=clock.sleep, edge=lambda t: False)
    wait()  # the edge wait ran out, but the line reads idle: done
    assert (wait.edge_waits, wait.polls) == (1, 0)


class CommandSpi:
    """spidev.SpiDev enough for the driver: the commands the driver then waits for start the panel working."""

    def __init__(self, factory, panel, waited):
        self.factory, self.panel, self.waited = factory, panel, waited

    def open(self, bus, device):
        pass

    def close(self):
        pass

    def writebytes2(self, data):
        if not self.factory.pin(25).state and data[0] in self.waited:  # DC low: a command
            self.panel.start()


@pytest.mark.parametrize("model", ["v2", "v1"])
def test_our_driver_waits_on_the_edge_and_sleeps_only_for_its_resets(mock_factory, monkeypatch, make_frame, model):
    from gpiozero import DigitalInputDevice

    busy_level = 1 if model == "v2" else 0
    pin = mock_factory.pin(BUSY)
    if not busy_level:
        pin.drive_high()  # the V1's idle level
    panel = Panel(pin, busy_level)
    name = "wait_for_inactive" if busy_level else "wait_for_active"
    original = getattr(DigitalInputDevice, name)
    edge_calls: list = []

    def edge(device, timeout):  # the class's method, spied on: the driver takes it from its BUSY device
        edge_calls.append(timeout)
        panel.waiting.set()
        return original(device, timeout)

    monkeypatch.setattr(DigitalInputDevice, name, edge)
    waited = {"v2": (0x12, 0x20), "v1": (0x04, 0x12)}[model]  # software reset, activate / power on, refresh
    module = types.ModuleType("spidev")
    module.SpiDev = lambda: CommandSpi(mock_factory, panel, waited)
    monkeypatch.setitem(sys.modules, "spidev", module)
    slept: list[float] = []
    epd = FastEpd27(model, sleep=slept.append, busy_timeout=5.0)
    try:
        epd.open()
        epd.show(make_frame(mark=1), full=True)
        epd.show(make_frame(mark=2), full=False)  # the V1 refreshes fully
        wait = epd.busy_wait
    finally:
        epd.close()
        panel.join()
    assert wait is not None and panel.releases == 3 and len(edge_calls) == 3
    assert (wait.edge_waits, wait.polls) == (3, 0)
    resets = {"v2": {0.02, 0.002}, "v1": {0.2, 0.005}}[model]
    assert set(slept) <= resets | {2.0}  # the resets' delays and the 2 s before sleep(), never a poll
