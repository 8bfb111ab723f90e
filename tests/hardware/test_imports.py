"""Every hardware module imports on a PC without pulling in a hardware library,
and detect() looks at device files only."""

import pkgutil
import subprocess
import sys
from pathlib import Path

import hardware
from hardware import detect, missing

HARDWARE_LIBRARIES = ("gpiozero", "spidev", "lgpio", "RPi", "waveshare_epd", "epaper")


def all_modules() -> list[str]:
    return ["hardware"] + [m.name for m in pkgutil.walk_packages(hardware.__path__, "hardware.")]


def test_no_module_imports_a_hardware_library_at_import_time():
    modules = all_modules()
    assert {"hardware.keys.gpio", "hardware.display.waveshare", "hardware.bench.burst"} <= set(modules)
    code = (f"import importlib, sys\n"
            f"for name in {modules!r}: importlib.import_module(name)\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HARDWARE_LIBRARIES!r}))\n")
    root = Path(hardware.__file__).parent.parent
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root,
                          env={"PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_detect_wants_spi_and_a_gpio_chip(tmp_path):
    assert not detect(tmp_path)
    assert len(missing(tmp_path)) == 2
    (tmp_path / "spidev0.0").touch()
    assert missing(tmp_path) == [f"no {tmp_path}/gpiochip*: no GPIO character device (not a Raspberry Pi?)"]
    (tmp_path / "gpiochip0").touch()
    assert detect(tmp_path) and missing(tmp_path) == []


def test_detect_without_spi_explains_how_to_enable_it(tmp_path):
    (tmp_path / "gpiochip4").touch()
    assert not detect(tmp_path)
    assert "raspi-config" in missing(tmp_path)[0]
