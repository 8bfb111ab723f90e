"""What the PiSession tests (test_pi.py, test_pi_systemd.py, test_pi_signals.py) share: a config
with changes, a notifier that keeps its messages, a key tapped on the mock pins, a wait for a
condition. Their fixtures `drivers` and `sessions` are conftest.py's."""

import time
from dataclasses import replace

import pytest

from companion.settings.file import Config
from hardware.sd_notify import Notifier


def config(**changes) -> Config:
    """The default config with ``keys_long_press=0.5``, ``display_model="none"`` style changes.

    The panel is driven through a Waveshare driver module (``display_driver="waveshare"``, the
    ``drivers`` fixture's fake) unless a test asks for ``display_driver="builtin"``.
    """
    changes.setdefault("display_driver", "waveshare")
    base = Config()
    sections = {"keys": base.keys, "display": base.display, "game": base.game}
    for name, value in changes.items():
        section, key = name.split("_", 1)
        sections[section] = replace(sections[section], **{key: value})
    return Config(**sections)


class Recorder(Notifier):
    """A notifier that keeps its messages instead of sending them."""

    def __init__(self, watchdog_usec=None):
        super().__init__("@recorder", watchdog_usec=watchdog_usec)
        self.sent = []

    def notify(self, *assignments):
        self.sent.append("\n".join(assignments))
        return True


def received(server) -> str:
    return server.recv(4096).decode()


def tap(factory, clock, pin, at, hold):
    clock.advance_to(at)
    factory.pin(pin).drive_low()
    clock.advance_to(at + hold)
    factory.pin(pin).drive_high()


def wait_for(condition, seconds=5.0):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail("timed out")
        time.sleep(0.005)
