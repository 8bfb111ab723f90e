"""`elgrande-companion run --hardware` in a process of its own, on fakes: run by test_pi.py.

    python pi_run_with_fakes.py EVENTS STATE_DIR HOLD [STOP_TIMEOUT]

gpiozero's MockFactory stands in for the pins, the fake Waveshare driver of
conftest.py for the panel, and the device check says "a Pi". Everything the
shutdown does is appended to the file EVENTS, one line each, in the order it
happens: the driver's calls, the sd_notify messages (also sent for real to
$NOTIFY_SOCKET), the key pins closing, the journal closing. The panel's BUSY
line reads "busy" during a refresh for as long as the file HOLD exists, so the
test decides when a refresh ends. Nothing here is imported by the companion.
"""

import sys
from pathlib import Path

events_path, state_dir, hold = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
sys.path.insert(0, str(Path(__file__).resolve().parent))  # for conftest's FakeDriver


def event(text: str) -> None:
    with open(events_path, "a", encoding="utf-8") as out:
        out.write(text + "\n")


class Logged(list):
    """The fake driver's call list: each call also goes to EVENTS."""

    def append(self, call) -> None:
        super().append(call)
        words = [call] if isinstance(call, str) else [str(a) for a in call if not isinstance(a, bytes)]
        event("driver " + " ".join(words))  # the name and the arguments, not the frame's bytes


def main() -> int:
    import types

    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    import hardware
    import hardware.pi
    from companion.cli import main as cli
    from companion.game.game import Game
    from conftest import FakeDriver
    from hardware.keys.gpio import GpioKeys
    from hardware.sd_notify import Notifier

    Device.pin_factory = MockFactory()
    hardware.missing = lambda dev="/dev": []  # "this is a Pi"
    if len(sys.argv) > 4:
        hardware.pi.STOP_TIMEOUT = float(sys.argv[4])

    driver = FakeDriver("v2")
    driver.calls = Logged()
    config = driver.module.epdconfig
    read = config.digital_read

    def digital_read(pin):
        last = driver.calls[-1] if driver.calls else ""
        refreshing = (last if isinstance(last, str) else last[0]).startswith("display")
        if refreshing and hold.exists():
            return driver.busy_level
        return read(pin)

    config.digital_read = digital_read
    package = types.ModuleType("waveshare_epd")
    package.__path__ = []
    sys.modules["waveshare_epd"] = package
    sys.modules["waveshare_epd.epd2in7_V2"] = driver.module

    notify = Notifier.notify

    def logged_notify(self, *assignments):
        event("notify " + " ".join(assignments))
        return notify(self, *assignments)

    Notifier.notify = logged_notify
    close_keys = GpioKeys.close

    def logged_close_keys(self):
        close_keys(self)
        event("keys closed")

    GpioKeys.close = logged_close_keys
    close_game = Game.close

    def logged_close_game(self):
        close_game(self)
        event("journal closed")

    Game.close = logged_close_game
    status = cli(["run", "--hardware", "--state-dir", str(state_dir)])
    event(f"exit {status}")
    return status


if __name__ == "__main__":
    sys.exit(main())
