"""`elgrande-companion run --hardware` in a process of its own, on fakes: run by test_pi_signals.py.

    python pi_run_with_fakes.py EVENTS STATE_DIR HOLD DRIVER [STOP_TIMEOUT]

gpiozero's MockFactory stands in for the pins and the device check says "a
Pi". DRIVER "builtin" (the default adapter) drives conftest.py's fake
``spidev`` and traced pins; "waveshare" uses conftest.py's fake Waveshare
driver module. Everything the shutdown does is appended to the file EVENTS,
one line each, in the order it happens: frames going to the panel, the panel
going to sleep and letting go of its pins and SPI, the sd_notify messages
(also sent for real to $NOTIFY_SOCKET), the key pins closing, the journal
closing. Once a frame has gone to the panel its BUSY line reads "busy" for as
long as the file HOLD exists, so the test decides when that refresh ends.
Nothing here is imported by the companion.
"""

import sys
import types
from pathlib import Path

events_path, state_dir, hold, driver_name = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4]
sys.path.insert(0, str(Path(__file__).resolve().parent))  # for conftest's fakes


def event(text: str) -> None:
    with open(events_path, "a", encoding="utf-8") as out:
        out.write(text + "\n")


def logged(cls, name: str, before: str | None = None, after: str | None = None) -> None:
    """Wrap ``cls.name`` so that it logs ``before`` on entry and ``after`` on a normal return."""
    original = getattr(cls, name)

    def wrapper(self, *args, **kwargs):
        if before:
            event(before)
        result = original(self, *args, **kwargs)
        if after:
            event(after)
        return result

    setattr(cls, name, wrapper)


def fake_builtin_wires(shown: list) -> object:
    """conftest's traced pins and fake spidev, with a BUSY line held while HOLD exists after a frame."""
    from conftest import BUSY, DC, PWR, RST, FakeSpiDev, Wire, _pin_classes
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    wire = Wire(busy_level=1)
    wire.record = False
    wire.factory = factory = MockFactory()
    trace_pin, busy_pin = _pin_classes(wire)

    class HeldBusy(busy_pin):
        def _get_state(self):
            if shown and hold.exists():
                return bool(wire.busy_level)
            return super()._get_state()

    for pin in (RST, DC, PWR):
        factory.pin(pin, pin_class=trace_pin)
    factory.pin(BUSY, pin_class=HeldBusy)
    Device.pin_factory = factory

    class LoggedSpiDev(FakeSpiDev):
        def close(self):
            was_open = self.fd is not None
            super().close()
            if was_open:
                event("spi closed")

    spidev = types.ModuleType("spidev")
    spidev.SpiDev = lambda *args: LoggedSpiDev(wire)
    sys.modules["spidev"] = spidev
    return wire


def fake_waveshare_driver(shown: list) -> None:
    from conftest import FakeDriver
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    Device.pin_factory = MockFactory()
    driver = FakeDriver("v2")
    config = driver.module.epdconfig
    read, module_exit = config.digital_read, config.module_exit

    def digital_read(pin):
        if shown and hold.exists():
            return driver.busy_level
        return read(pin)

    def logged_exit(cleanup=False):
        module_exit(cleanup)
        event("spi closed" if not cleanup else "driver pins closed")

    config.digital_read, config.module_exit = digital_read, logged_exit
    package = types.ModuleType("waveshare_epd")
    package.__path__ = []
    sys.modules["waveshare_epd"] = package
    sys.modules["waveshare_epd.epd2in7_V2"] = driver.module


def main() -> int:
    import hardware
    import hardware.pi
    from companion.cli import main as cli
    from companion.play.game import Game
    from hardware.display import ADAPTERS
    from hardware.display.refresh import Epd27Panel
    from hardware.keys.gpio import GpioKeys
    from hardware.sd_notify import Notifier

    hardware.missing = lambda dev="/dev": []  # "this is a Pi"
    if len(sys.argv) > 5:
        hardware.pi.STOP_TIMEOUT = float(sys.argv[5])
    shown: list = []
    wire = fake_builtin_wires(shown) if driver_name == "builtin" else fake_waveshare_driver(shown)

    show = Epd27Panel.show

    def logged_show(self, image, full):
        shown.append(full)
        event("panel refresh " + ("full" if full else "partial"))
        show(self, image, full)
        event("panel refresh done")

    Epd27Panel.show = logged_show
    sleep = Epd27Panel.sleep

    def logged_sleep(self):
        awake = not self._asleep  # close() sleeps again: a no-op, not logged
        sleep(self)
        if awake:
            event("panel asleep")

    Epd27Panel.sleep = logged_sleep
    for adapter in ADAPTERS.values():  # each adapter lets go of its own devices
        logged(adapter, "_release", after="panel released")
    notify = Notifier.notify

    def logged_notify(self, *assignments):
        event("notify " + " ".join(assignments))
        return notify(self, *assignments)

    Notifier.notify = logged_notify
    logged(GpioKeys, "close", after="keys closed")
    logged(Game, "close", after="journal closed")

    config = state_dir.parent / "config.toml"
    config.write_text(f'[display]\ndriver = "{driver_name}"\n')
    status = cli(["run", "--hardware", "--config", str(config), "--state-dir", str(state_dir)])
    if wire is not None:
        event(f"spi opened {wire.opens}, closed {wire.closes}")
    event(f"exit {status}")
    return status


if __name__ == "__main__":
    sys.exit(main())
