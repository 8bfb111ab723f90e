"""DisplayLoop: stepped on a fake clock (no thread), and threaded with Events (no sleeps)."""

import logging
import threading

import pytest

from hardware.display import DisplayLoop, PanelError, PanelTimeout, RefreshPolicy

WAIT = 10  # seconds an Event may take before the test fails (never reached when all is well)


class FakePanel:
    """Records what it is asked; ``fail`` holds errors for the next calls of a method."""

    def __init__(self, size=(264, 176), supports_partial=True):
        self.size = size
        self.supports_partial = supports_partial
        self.calls = []
        self.fail = {"show": [], "sleep": [], "wake": []}

    def _maybe_fail(self, name):
        if self.fail[name]:
            raise self.fail[name].pop(0)

    def show(self, image, full):
        self.calls.append(("show", image, full))
        self._maybe_fail("show")

    def sleep(self):
        self.calls.append(("sleep",))
        self._maybe_fail("sleep")

    def wake(self):
        self.calls.append(("wake",))
        self._maybe_fail("wake")

    def close(self):
        self.calls.append(("close",))

    def shows(self):
        return [(c[1], c[2]) for c in self.calls if c[0] == "show"]

    def names(self):
        return [c[0] for c in self.calls]


@pytest.fixture
def panel():
    return FakePanel()


def test_frames_are_partial_across_families_once_the_glass_is_known(panel, clock, make_frame):
    loop = DisplayLoop(panel, clock=clock)
    frames = [make_frame(mark=i) for i in range(4)]
    for image, family in zip(frames, ["turn", "turn", "menu", "menu"]):
        loop.submit(image, family)
        loop.step()
    assert panel.shows() == [(frames[0], True), (frames[1], False), (frames[2], False), (frames[3], False)]
    assert (loop.refreshes, loop.fulls) == (4, 1)


def press(loop, clock, image, family="turn", at=None):
    """A frame comes at ``at`` (default: now) and the display thread takes it."""
    if at is not None:
        clock.advance_to(at)
    loop.submit(image, family)
    return loop.step()


def test_a_due_full_refresh_never_lands_in_a_burst_but_when_the_keys_are_quiet(panel, clock, make_frame):
    loop = DisplayLoop(panel, clock=clock, policy=RefreshPolicy(full_every=3, quiet_after=2.0, idle_after=None),
                       idle_sleep_after=None)
    frames = [make_frame(mark=i) for i in range(10)]
    for t, image in enumerate(frames):          # one press a second: a burst of ten
        wake_at = press(loop, clock, image, at=float(t))
    assert [full for _, full in panel.shows()] == [True] + [False] * 9
    assert wake_at == pytest.approx(11.0)       # 2 s after the last frame came
    clock.advance_to(10.9)
    loop.step()
    assert len(panel.shows()) == 10
    clock.advance_to(11.0)
    assert loop.step() is None                  # done: nothing more until a frame comes
    assert panel.shows()[-1] == (frames[-1], True)  # the frame on the glass, fully refreshed
    assert loop.cleanups == 1 and not loop.policy.due


def test_a_frame_that_comes_before_the_quiet_time_puts_the_full_refresh_off(panel, clock, make_frame):
    loop = DisplayLoop(panel, clock=clock, policy=RefreshPolicy(full_every=1, quiet_after=2.0, idle_after=None),
                       idle_sleep_after=None)
    press(loop, clock, make_frame(mark=1), at=0.0)
    press(loop, clock, make_frame(mark=2), at=1.0)
    assert loop.step() == pytest.approx(3.0)
    last = make_frame(mark=3)
    assert press(loop, clock, last, at=2.9) == pytest.approx(4.9)
    clock.advance_to(4.9)
    loop.step()
    assert [full for _, full in panel.shows()] == [True, False, False, True]
    assert panel.shows()[-1][0] is last


def test_the_idle_timer_cleans_up_a_single_partial(panel, clock, make_frame):
    loop = DisplayLoop(panel, clock=clock, policy=RefreshPolicy(full_every=20, idle_after=60.0),
                       idle_sleep_after=None)
    press(loop, clock, make_frame(mark=1), at=0.0)
    assert press(loop, clock, make_frame(mark=2), at=1.0) == pytest.approx(61.0)
    clock.advance_to(61.0)
    loop.step()
    assert [full for _, full in panel.shows()] == [True, False, True]


class BasePanel(FakePanel):
    """A panel that can take the glass's picture back into its memory after waking (the V2)."""

    def write_base(self, image):
        self.calls.append(("write_base", image))


def test_after_waking_the_frame_on_the_glass_is_written_back_and_the_next_one_is_partial(clock, make_frame):
    panel = BasePanel()
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=120)
    first, second = make_frame(mark=1), make_frame(mark=2)
    press(loop, clock, first, at=0.0)
    clock.advance_to(120.0)
    loop.step()
    assert loop.asleep
    press(loop, clock, second, at=500.0)
    assert panel.calls[-3:] == [("wake",), ("write_base", first), ("show", second, False)]
    assert loop.base_writes == 1 and loop.fulls == 1


def test_a_panel_that_fails_its_base_write_gets_a_full_refresh(clock, make_frame):
    panel = BasePanel()
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=1, retry_after=1)
    press(loop, clock, make_frame(mark=1), at=0.0)
    clock.advance_to(1.0)
    loop.step()
    panel.write_base = lambda image: (_ for _ in ()).throw(PanelError("SPI"))
    loop._write_base = panel.write_base
    frame = make_frame(mark=2)
    press(loop, clock, frame, at=5.0)
    assert loop.errors == 1 and loop.pending
    clock.advance_to(6.0)
    loop.step()
    assert panel.shows()[-1] == (frame, True)


def test_a_due_full_refresh_is_done_before_the_panel_sleeps(panel, clock, make_frame):
    loop = DisplayLoop(panel, clock=clock, policy=RefreshPolicy(full_every=2, quiet_after=30.0),
                       idle_sleep_after=10)
    for t in range(3):
        press(loop, clock, make_frame(mark=t), at=float(t))
    clock.advance_to(12.0)
    loop.step()
    assert panel.names()[-2:] == ["show", "sleep"] and panel.shows()[-1][1] is True
    assert loop.cleanups == 1


def test_a_failed_cleanup_is_retried_like_a_frame(panel, clock, make_frame):
    loop = DisplayLoop(panel, clock=clock, policy=RefreshPolicy(full_every=1, quiet_after=2.0, idle_after=None),
                       idle_sleep_after=None, retry_after=1.0)
    last = make_frame(mark=2)
    press(loop, clock, make_frame(mark=1), at=0.0)
    press(loop, clock, last, at=1.0)
    panel.fail["show"].append(PanelError("SPI"))
    clock.advance_to(3.0)
    assert loop.step() == pytest.approx(4.0)
    assert loop.errors == 1 and loop.pending
    clock.advance_to(4.0)
    loop.step()
    assert panel.shows()[-2:] == [(last, True), (last, True)] and not loop.pending


def test_only_the_newest_frame_is_shown_when_several_wait(panel, clock, make_frame):
    loop = DisplayLoop(panel, clock=clock)
    frames = [make_frame(mark=i) for i in range(10)]
    for image in frames:
        loop.submit(image, "turn")
    assert loop.pending
    loop.step()
    assert panel.shows() == [(frames[-1], True)]
    assert loop.dropped == 9
    assert not loop.pending


def test_a_v1_panel_is_always_refreshed_fully(clock, make_frame):
    panel = FakePanel(supports_partial=False)
    loop = DisplayLoop(panel, clock=clock)
    for i in range(3):
        loop.submit(make_frame(mark=i), "turn")
        loop.step()
    assert [full for _, full in panel.shows()] == [True, True, True]


def test_the_panel_sleeps_when_idle_and_wakes_for_the_next_frame_with_a_full_refresh(panel, clock, make_frame):
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=120)
    loop.submit(make_frame(), "turn")
    assert loop.step() == pytest.approx(120.0)  # when it wants to run next: to sleep
    clock.advance_to(119.9)
    loop.step()
    assert "sleep" not in panel.names()
    clock.advance_to(120.0)
    assert loop.step() is None                   # asleep: nothing to do until a frame comes
    assert panel.names() == ["show", "sleep"] and loop.asleep
    clock.advance_to(500.0)
    loop.submit(make_frame(mark=1), "turn")
    loop.step()
    assert panel.names() == ["show", "sleep", "wake", "show"]
    assert panel.shows()[-1][1] is True          # full after waking, though the same screen


def test_idle_time_counts_from_the_last_frame(panel, clock, make_frame):
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=10)
    for t in (0, 8, 16, 24):
        clock.advance_to(t)
        loop.submit(make_frame(mark=t), "turn")
        loop.step()
    clock.advance_to(33.9)
    loop.step()
    assert "sleep" not in panel.names()
    clock.advance_to(34.0)
    loop.step()
    assert panel.names()[-1] == "sleep"


def test_no_idle_sleep_when_disabled(panel, clock, make_frame):
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=None)
    loop.submit(make_frame(), "turn")
    assert loop.step() is None
    clock.advance_to(1e6)
    loop.step()
    assert panel.names() == ["show"]


def test_a_failed_frame_is_logged_and_retried_with_a_full_refresh_after_the_backoff(panel, clock, make_frame, caplog):
    loop = DisplayLoop(panel, clock=clock, retry_after=1.0)
    first, second = make_frame(mark=1), make_frame(mark=2)
    loop.submit(first, "turn")
    loop.step()
    loop.submit(second, "turn")
    panel.fail["show"].append(PanelTimeout("BUSY stuck"))
    with caplog.at_level(logging.WARNING, logger="hardware.display.loop"):
        assert loop.step() == pytest.approx(1.0)
    assert "PanelTimeout: BUSY stuck" in caplog.text
    assert loop.errors == 1 and isinstance(loop.last_error, PanelTimeout) and loop.pending
    clock.advance_to(0.99)
    loop.step()
    assert len(panel.shows()) == 2                # not before the back-off
    clock.advance_to(1.0)
    loop.step()
    assert panel.shows()[-1] == (second, True)    # full: the glass is unknown after an error
    assert loop.last_error is None and not loop.pending


def test_the_backoff_doubles_up_to_the_cap(panel, clock, make_frame):
    loop = DisplayLoop(panel, clock=clock, retry_after=1.0, retry_cap=10.0)
    loop.submit(make_frame(), "turn")
    panel.fail["show"] = [PanelError("SPI")] * 7
    waits = []
    for _ in range(7):
        start = clock()
        wake_at = loop.step()
        waits.append(wake_at - start)
        clock.advance_to(wake_at)
    assert waits == [1, 2, 4, 8, 10, 10, 10]
    loop.step()
    assert loop.refreshes == 1 and loop.errors == 7


def test_a_newer_frame_replaces_a_failed_one_but_waits_for_the_backoff(panel, clock, make_frame):
    loop = DisplayLoop(panel, clock=clock, retry_after=5.0)
    old, new = make_frame(mark=1), make_frame(mark=2)
    panel.fail["show"].append(PanelError("SPI"))
    loop.submit(old, "turn")
    loop.step()
    clock.advance_to(1.0)
    loop.submit(new, "turn")
    assert loop.step() == pytest.approx(5.0)
    clock.advance_to(5.0)
    loop.step()
    assert [image for image, _ in panel.shows()] == [old, new]


def test_a_panel_that_fails_to_sleep_or_wake_does_not_stop_the_loop(panel, clock, make_frame):
    loop = DisplayLoop(panel, clock=clock, idle_sleep_after=1, retry_after=1)
    loop.submit(make_frame(), "turn")
    loop.step()
    panel.fail["sleep"].append(PanelError("sleep failed"))
    clock.advance_to(1)
    loop.step()
    assert loop.asleep and loop.errors == 1       # treated as asleep: the next frame re-initialises it
    frame = make_frame(mark=3)
    panel.fail["wake"].append(PanelTimeout("init busy"))
    loop.submit(frame, "turn")
    loop.step()
    assert loop.errors == 2 and loop.pending
    clock.advance_to(3)
    loop.step()
    assert panel.names()[-2:] == ["wake", "show"] and panel.shows()[-1] == (frame, True)


def test_stop_without_a_thread_shows_the_waiting_frame_and_sleeps(panel, clock, make_frame):
    loop = DisplayLoop(panel, clock=clock)
    image = make_frame()
    loop.submit(image, "turn")
    loop.stop()
    assert panel.calls == [("show", image, True), ("sleep",)]
    loop.stop()
    assert len(panel.calls) == 2


class BlockingPanel(FakePanel):
    """A panel whose first refresh takes until the test says so."""

    def __init__(self):
        super().__init__()
        self.busy = threading.Event()
        self.attempts = threading.Semaphore(0)  # one release per show, failed or not
        self.go_on = threading.Event()
        self.slept = threading.Event()

    def show(self, image, full):
        try:
            super().show(image, full)
        finally:
            self.busy.set()
            self.attempts.release()
        assert self.go_on.wait(WAIT)

    def sleep(self):
        super().sleep()
        self.slept.set()


def test_frames_submitted_during_a_refresh_coalesce_into_one(make_frame):
    panel = BlockingPanel()
    loop = DisplayLoop(panel).start()
    first = make_frame(mark=0)
    loop.submit(first, "turn")
    assert panel.busy.wait(WAIT)
    frames = [make_frame(mark=i) for i in range(1, 11)]
    submitter = threading.Thread(target=lambda: [loop.submit(f, "turn") for f in frames])
    submitter.start()
    submitter.join(WAIT)
    assert not submitter.is_alive()       # submit never waited for the busy panel
    panel.go_on.set()
    loop.stop(timeout=WAIT)
    shown = [image for image, _ in panel.shows()]
    assert shown[-1] is frames[-1]
    assert len(shown) <= 2
    assert panel.names()[-1] == "sleep"
    assert not loop._thread.is_alive()


def test_the_thread_survives_panel_errors_and_stop_flushes_and_sleeps(make_frame):
    panel = BlockingPanel()
    panel.go_on.set()
    panel.fail["show"].append(PanelError("SPI"))
    loop = DisplayLoop(panel, retry_after=0.0).start()
    broken, image = make_frame(mark=1), make_frame(mark=2)
    loop.submit(broken, "turn")
    assert panel.attempts.acquire(timeout=WAIT)  # the first try (it fails) ...
    assert panel.attempts.acquire(timeout=WAIT)  # ... and the retry, on the same thread
    loop.submit(image, "turn")         # the game goes on
    loop.stop(timeout=WAIT)
    assert not loop._thread.is_alive()
    shows = panel.shows()
    # The newest frame, shown partially by the thread or not yet, is on the glass fully at the stop:
    # the picture left there unpowered carries no partial's ghost.
    assert shows[:2] == [(broken, True), (broken, True)] and shows[-1] == (image, True)
    assert shows[2:-1] in ([], [(image, False)])
    assert panel.names()[-1] == "sleep"
    assert loop.errors == 1 and loop.last_error is None


def test_the_thread_sleeps_the_idle_panel(make_frame):
    panel = BlockingPanel()
    panel.go_on.set()
    loop = DisplayLoop(panel, idle_sleep_after=0.0)
    loop.submit(make_frame(), "turn")
    loop.start()
    assert panel.slept.wait(WAIT)
    loop.stop(timeout=WAIT)
    assert panel.names() == ["show", "sleep"]


def test_the_picture_left_at_a_stop_is_refreshed_fully(panel, clock, make_frame):
    """Menu › Switch off's standby picture (or the last page when the service stops) stays on the
    unpowered glass for hours: the stop refreshes it fully, whether it was still waiting or already
    shown partially, and only then sleeps."""
    loop = DisplayLoop(panel, clock=clock)
    first, standby = make_frame(mark=1), make_frame(mark=2)
    loop.submit(first, "turn")
    loop.step()
    loop.submit(standby, "standby")
    loop.step()
    assert panel.shows() == [(first, True), (standby, False)]  # a partial while the game runs
    loop.stop()
    assert panel.shows()[-1] == (standby, True) and panel.names()[-1] == "sleep"
    waiting = DisplayLoop(panel, clock=clock)
    later = make_frame(mark=3)
    waiting.submit(later, "standby")
    waiting.stop()
    assert panel.shows()[-1] == (later, True)
