"""hardware/pin_factory.py: the placeholder lgpio is told from the real one, and only a factory that opens
counts as opened. gpiozero's own LGPIOFactory is constructed over a stand-in lgpio (no Pi here)."""

import subprocess
import sys
import types
from pathlib import Path

from hardware.pin_factory import NO_CHIP, NOT_THE_LIBRARY, OPENED, open_factory

ROOT = Path(__file__).resolve().parents[2]


class LgpioError(Exception):
    pass


def stand_in_lgpio(monkeypatch, *, opens: set[int] | None = None, placeholder: bool = False) -> list:
    """An lgpio module in sys.modules: the empty placeholder, or one whose gpiochip_open opens the chips in
    ``opens`` (and raises the library's own error for others, as the C part does). Returns the calls."""
    module = types.ModuleType("lgpio")
    module.__file__ = "/venv/site-packages/lgpio.py"
    calls: list = []
    if not placeholder:
        def gpiochip_open(chip):
            calls.append(("open", chip))
            if chip not in (opens or set()):
                raise LgpioError("can not open gpiochip")
            return 7

        module.error = LgpioError
        module.gpiochip_open = gpiochip_open
        module.gpiochip_close = lambda handle: calls.append(("close", handle))
        module.gpio_claim_input = module.gpio_claim_alert = lambda *args: 0

        def constant(name):  # SET_PULL_NONE, ...: what gpiozero reads at import
            if name.isupper():
                return 0
            raise AttributeError(name)

        module.__getattr__ = constant
    monkeypatch.setitem(sys.modules, "lgpio", module)
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)
    return calls


def gpiozeros_factory_on_a_pi4(monkeypatch):
    """gpiozero's LGPIOFactory (imported over the stand-in), told it runs on a Pi 4 (no /proc read)."""
    from gpiozero.pins.lgpio import LGPIOFactory

    monkeypatch.setattr(LGPIOFactory, "_get_revision", lambda self: 0xC03111)
    return lambda: LGPIOFactory


def test_the_empty_placeholder_is_not_the_library(monkeypatch, tmp_path):
    stand_in_lgpio(monkeypatch, placeholder=True)
    status, line = open_factory(dev=tmp_path)
    assert status == NOT_THE_LIBRARY
    assert "is not the real library: no gpiochip_open, gpiochip_close" in line and "placeholder" in line


def test_no_lgpio_at_all_is_not_the_library(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "lgpio", None)  # import raises ImportError
    status, line = open_factory(dev=tmp_path)
    assert status == NOT_THE_LIBRARY and line.startswith("lgpio does not import (ModuleNotFoundError")


def test_gpiozeros_factory_opens_the_pi4s_chip_and_is_closed_again(monkeypatch, tmp_path):
    calls = stand_in_lgpio(monkeypatch, opens={0})
    status, line = open_factory(gpiozeros_factory_on_a_pi4(monkeypatch), dev=tmp_path)
    assert (status, line) == (OPENED, "gpiozero's lgpio pin factory opens gpiochip0")
    assert calls == [("open", 0), ("close", 7)]


def test_the_real_library_without_a_chip_is_no_chip_and_says_so(monkeypatch, tmp_path):
    """What an emulated root (or a PC) can prove: lgpio's own error, not an AttributeError."""
    calls = stand_in_lgpio(monkeypatch, opens=set())
    status, line = open_factory(gpiozeros_factory_on_a_pi4(monkeypatch), dev=tmp_path)
    assert status == NO_CHIP
    assert line == (f"lgpio is the real library, but there is no {tmp_path}/gpiochip* to open (LgpioError: can not "
                    "open gpiochip; gpiochip_open(0): LgpioError: can not open gpiochip)")
    assert calls == [("open", 0), ("open", 0)]  # gpiozero's, then lgpio's own answer asked directly


def test_where_gpiozero_stops_before_the_chip_lgpio_itself_is_asked(monkeypatch, tmp_path):
    """Under qemu-user gpiozero finds no Pi revision (the host's /proc/cpuinfo) before it opens a chip: the
    library's own gpiochip_open still shows it is the real one."""
    from gpiozero.exc import PinUnknownPi

    calls = stand_in_lgpio(monkeypatch, opens=set())
    from gpiozero.pins.lgpio import LGPIOFactory

    def no_revision(self):
        raise PinUnknownPi("unable to locate Pi revision in /proc/device-tree or /proc/cpuinfo")

    monkeypatch.setattr(LGPIOFactory, "_get_revision", no_revision)
    status, line = open_factory(lambda: LGPIOFactory, dev=tmp_path)
    assert status == NO_CHIP and calls == [("open", 0)]
    assert line.startswith("lgpio is the real library, but ")
    assert line.endswith("(PinUnknownPi: unable to locate Pi revision in /proc/device-tree or /proc/cpuinfo; "
                         "gpiochip_open(0): LgpioError: can not open gpiochip)")


def test_a_chip_that_will_not_open_is_named(monkeypatch, tmp_path):
    stand_in_lgpio(monkeypatch, opens=set())
    (tmp_path / "gpiochip0").touch()
    status, line = open_factory(gpiozeros_factory_on_a_pi4(monkeypatch), dev=tmp_path)
    assert status == NO_CHIP
    assert line == "gpiozero's lgpio pin factory does not open gpiochip0 (LgpioError: can not open gpiochip)"


def test_the_module_is_one_line_and_its_status(tmp_path):
    """Run as the installer runs it, with the placeholder first on the path."""
    (tmp_path / "lgpio.py").write_text("")
    done = subprocess.run([sys.executable, "-m", "hardware.pin_factory"], capture_output=True, text=True,
                          cwd=tmp_path, env={"PYTHONPATH": f"{tmp_path}:{ROOT}"})
    assert done.returncode == NOT_THE_LIBRARY, done.stderr
    assert done.stdout == f"lgpio ({tmp_path}/lgpio.py) is not the real library: no gpiochip_open, " \
                          "gpiochip_close, gpio_claim_input, gpio_claim_alert (the empty placeholder 0.0.0.2?)\n"

