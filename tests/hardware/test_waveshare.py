"""WaveshareEpd27 against a fake driver module: call order, busy timeout, errors, rotation."""

import pytest

from hardware.display import PanelError, PanelTimeout, WaveshareEpd27, to_buffer


def open_panel(driver, clock, **options):
    return WaveshareEpd27(driver_model(driver), load=lambda model: driver.module, clock=clock,
                          sleep=clock.sleep, **options).open()


def driver_model(driver):
    return "v2" if hasattr(driver.module.EPD, "display_Base") else "v1"


def test_v2_full_then_partials_then_full_again(fake_driver, clock, make_frame):
    driver = fake_driver("v2")
    panel = open_panel(driver, clock)
    assert driver.names() == ["EPD()", "init"]
    a, b, c, d = (make_frame(mark=i) for i in range(4))
    panel.show(a, full=True)
    panel.show(b, full=False)
    panel.show(c, full=False)
    panel.show(d, full=True)
    assert driver.names() == ["EPD()", "init", "display_Base", "display_Partial", "display_Partial",
                              "init", "display_Base"]  # init again: display_Partial reset the controller
    partial = driver.calls[3]
    assert partial[1] == bytes(to_buffer(b)) and partial[2] == (0, 0, 176, 264)  # the whole panel


def test_v2_partial_needs_a_base_picture_first(fake_driver, clock, make_frame):
    driver = fake_driver("v2")
    panel = open_panel(driver, clock)
    panel.show(make_frame(), full=False)
    assert driver.names()[-1] == "display_Base"
    panel.show(make_frame(mark=1), full=False)
    assert driver.names()[-1] == "display_Partial"


def test_an_older_driver_with_display_partial_of_the_buffer_only(fake_driver, clock, make_frame):
    driver = fake_driver("v2", windowed_partial=False)
    panel = open_panel(driver, clock)
    panel.show(make_frame(), full=True)
    panel.show(make_frame(mark=1), full=False)
    assert driver.calls[-1] == ("display_Partial", bytes(to_buffer(make_frame(mark=1))))


def test_v1_only_refreshes_fully_and_inits_once(fake_driver, clock, make_frame):
    driver = fake_driver("v1")
    panel = open_panel(driver, clock)
    assert not panel.supports_partial
    for i in range(3):
        panel.show(make_frame(mark=i), full=False)
    assert driver.names() == ["EPD()", "init", "display", "display", "display"]


def test_sleep_wake_and_close(fake_driver, clock, make_frame):
    driver = fake_driver("v2")
    panel = open_panel(driver, clock)
    panel.show(make_frame(), full=True)
    panel.sleep()
    panel.sleep()  # already asleep: nothing sent
    panel.wake()
    panel.show(make_frame(mark=1), full=False)  # the base was lost in sleep: full
    panel.close()
    panel.close()
    assert driver.names() == ["EPD()", "init", "display_Base", "sleep", "module_exit", "init", "display_Base",
                              "sleep", "module_exit", "module_exit"]
    assert driver.calls[-1] == ("module_exit", True)  # the pins released
    with pytest.raises(PanelError, match="closed"):
        panel.show(make_frame(), full=True)


def test_show_wakes_a_sleeping_panel_itself(fake_driver, clock, make_frame):
    driver = fake_driver("v2")
    panel = open_panel(driver, clock)
    panel.sleep()
    panel.show(make_frame(), full=True)
    assert driver.names()[-2:] == ["init", "display_Base"]


@pytest.mark.parametrize("model", ["v2", "v1"])
def test_a_stuck_busy_line_times_out_instead_of_hanging(fake_driver, clock, make_frame, model):
    driver = fake_driver(model)
    panel = open_panel(driver, clock, busy_timeout=5.0)
    driver.stuck = True  # BUSY stays at the model's busy level (V2 high, V1 low)
    with pytest.raises(PanelTimeout, match="still busy after 5 s"):
        panel.show(make_frame(), full=True)
    assert 5.0 <= clock() < 5.1           # waited its timeout on the injected clock, no longer
    assert driver.busy_reads > 100        # and polled the pin meanwhile
    driver.stuck = False
    panel.show(make_frame(), full=True)   # recovers: init again, then a full refresh
    assert driver.names()[-2] == "init"


def test_a_stuck_busy_line_at_open_is_an_error_too(fake_driver, clock):
    driver = fake_driver("v2")
    driver.stuck = True
    with pytest.raises(PanelTimeout):
        open_panel(driver, clock, busy_timeout=1.0)


def test_driver_exceptions_become_panel_errors_and_the_next_show_starts_over(fake_driver, clock, make_frame):
    driver = fake_driver("v2")
    panel = open_panel(driver, clock)
    panel.show(make_frame(), full=True)
    driver.fail["display_Partial"] = OSError("SPI write failed")
    with pytest.raises(PanelError, match=r"display_Partial\(\) failed: OSError: SPI write failed") as caught:
        panel.show(make_frame(mark=1), full=False)
    assert isinstance(caught.value.__cause__, OSError)
    panel.show(make_frame(mark=2), full=False)
    assert driver.names()[-2:] == ["init", "display_Base"]


def test_init_reporting_failure_is_an_error(fake_driver, clock):
    driver = fake_driver("v2")
    driver.module.EPD.init = lambda self: -1
    with pytest.raises(PanelError, match="init\\(\\) returned -1"):
        open_panel(driver, clock)


def test_frames_of_the_wrong_size_or_mode_are_refused(fake_driver, clock, make_frame):
    panel = open_panel(fake_driver("v2"), clock)
    with pytest.raises(ValueError, match="264x176"):
        panel.show(make_frame(size=(176, 264)), full=True)
    with pytest.raises(ValueError, match="mode"):
        panel.show(make_frame().convert("L"), full=True)


@pytest.mark.parametrize("rotation, size", [(0, (264, 176)), (90, (176, 264)), (180, (264, 176)), (270, (176, 264))])
def test_rotation_sets_the_frame_size_and_the_buffer(fake_driver, clock, make_frame, rotation, size):
    driver = fake_driver("v2")
    panel = open_panel(driver, clock, rotation=rotation)
    assert panel.size == size
    image = make_frame(size=size, mark=5)
    panel.show(image, full=True)
    assert driver.calls[-1][1] == bytes(to_buffer(image, rotation))


def test_using_the_panel_before_open_is_an_error(make_frame):
    with pytest.raises(PanelError, match="open"):
        WaveshareEpd27("v2").show(make_frame(), full=True)
    with pytest.raises(ValueError):
        WaveshareEpd27("v3")
