"""Every hardware module imports on a PC without pulling in a hardware library,
and detect() looks at device files only."""

import pkgutil
import subprocess
import sys
from pathlib import Path

import hardware
from hardware import detect, missing

HARDWARE_LIBRARIES = ("gpiozero", "spidev", "lgpio", "RPi", "waveshare_epd", "epaper")


def fresh_python(code: str, bare: bool = False) -> list[str]:
    """The lines ``code`` prints in a new interpreter started in the checkout (nothing imported yet;
    ``bare``: with no environment but the checkout on its path)."""
    root = Path(hardware.__file__).parent.parent
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root,
                          env={"PYTHONPATH": str(root)} if bare else None)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()


def all_modules() -> list[str]:
    return ["hardware"] + [m.name for m in pkgutil.walk_packages(hardware.__path__, "hardware.")]


def test_no_module_imports_a_hardware_library_at_import_time():
    modules = all_modules()
    assert {"hardware.keys.gpio", "hardware.display.waveshare", "hardware.bench.burst"} <= set(modules)
    code = (f"import importlib, sys\n"
            f"for name in {modules!r}: importlib.import_module(name)\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HARDWARE_LIBRARIES!r}))\n")
    assert fresh_python(code, bare=True) == ["[]"]


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


def test_gpiozero_is_imported_without_importlib_metadata_and_still_finds_its_entry_points():
    """hardware/gpiozero_import.py: the stand-ins live only while gpiozero is imported; gpiozero's own
    look-ups (a pin factory by name, the fonts of gpiozero.boards) still reach the real modules."""
    code = ("import sys\n"
            "from hardware.gpiozero_import import import_gpiozero\n"
            "gpiozero = import_gpiozero()\n"
            "print(sorted(m for m in sys.modules if m.startswith(('importlib.metadata', 'importlib_', 'importlib.res'))))\n"
            "from gpiozero.devices import entry_points\n"
            "print(' '.join(sorted(ep.name for ep in entry_points(group='gpiozero_pin_factories'))))\n"
            "import gpiozero.boards\n"
            "print(gpiozero.boards.resources.files('gpiozero.fonts').joinpath('7seg.txt').is_file())\n"
            "print(import_gpiozero() is gpiozero is sys.modules['gpiozero'])\n")
    before, factories, fonts, same = fresh_python(code)
    assert before == "[]"
    assert {"lgpio", "mock", "native"} <= set(factories.split())
    assert fonts == "True" and same == "True"


def test_gpiozeros_imports_for_devices_we_never_make_wait_for_their_first_use():
    """statistics, colorzero, pprint and subprocess (hardware/gpiozero_import.DEFERRED) are not imported
    with gpiozero; what gpiozero took from them imports the real module when first called."""
    code = ("import sys\n"
            "from hardware.gpiozero_import import DEFERRED, import_gpiozero\n"
            "gpiozero = import_gpiozero()\n"
            "print(sorted(m for m in DEFERRED if m in sys.modules))\n"
            "from gpiozero import input_devices, internal_devices, mixins, output_devices, boards\n"
            "print(input_devices.median([5, 1, 3]), mixins.median([2, 4]), input_devices.mean([1, 2]))\n"
            "print(output_devices.Color(1, 0, 0).html, boards.pformat({'a': 1}))\n"
            "print(internal_devices.subprocess.CalledProcessError is sys.modules['subprocess'].CalledProcessError)\n"
            "print(sorted(m for m in DEFERRED if m in sys.modules))\n")
    before, averages, colour, same, after = fresh_python(code)
    assert before == "[]"
    assert averages == "3 3.0 1.5"
    assert colour == "#ff0000 {'a': 1}"
    assert same == "True"
    assert after == "['colorzero', 'pprint', 'statistics', 'subprocess']"
