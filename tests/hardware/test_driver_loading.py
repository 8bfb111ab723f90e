"""Finding the Waveshare driver: the official package, the `epaper` fallback, one-line errors."""

import sys
import types

import pytest

from hardware.display import PanelUnavailable, WaveshareEpd27
from hardware.display.driver import load


@pytest.fixture
def no_drivers(monkeypatch):
    """Neither driver importable, whatever is installed here (None in sys.modules blocks an import)."""
    for name in list(sys.modules):
        if name.split(".")[0] in ("waveshare_epd", "epaper"):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "waveshare_epd", None)
    monkeypatch.setitem(sys.modules, "epaper", None)
    return monkeypatch


def test_no_driver_at_all_says_how_to_install_one(no_drivers):
    with pytest.raises(PanelUnavailable) as caught:
        load("v2")
    message = str(caught.value)
    assert "pip install waveshare-epaper" in message
    assert "\n" not in message


def test_open_reports_the_missing_driver_the_same_way(no_drivers):
    with pytest.raises(PanelUnavailable, match="pip install waveshare-epaper"):
        WaveshareEpd27("v2").open()


@pytest.mark.parametrize("model, module", [("v2", "epd2in7_V2"), ("v1", "epd2in7")])
def test_the_official_package_comes_first(no_drivers, fake_driver, model, module):
    driver = fake_driver(model)
    no_drivers.setitem(sys.modules, "waveshare_epd", types.ModuleType("waveshare_epd"))
    no_drivers.setitem(sys.modules, f"waveshare_epd.{module}", driver.module)
    epaper = types.ModuleType("epaper")
    epaper.epaper = lambda name: pytest.fail("the fallback was used")
    no_drivers.setitem(sys.modules, "epaper", epaper)
    assert load(model) is driver.module


@pytest.mark.parametrize("model, module", [("v2", "epd2in7_V2"), ("v1", "epd2in7")])
def test_the_epaper_package_is_the_fallback(no_drivers, fake_driver, clock, make_frame, model, module, mocker):
    driver = fake_driver(model)
    epaper = types.ModuleType("epaper")
    epaper.epaper = mocker.Mock(return_value=driver.module)
    no_drivers.setitem(sys.modules, "epaper", epaper)
    panel = WaveshareEpd27(model, clock=clock, sleep=clock.sleep).open()
    panel.show(make_frame(), full=True)
    epaper.epaper.assert_called_once_with(module)
    assert driver.names()[:2] == ["EPD()", "init"]


def _package_whose_driver_fails(tmp_path, body):
    package = tmp_path / "waveshare_epd"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "epd2in7_V2.py").write_text(body)


def test_a_driver_that_crashes_at_import_on_a_pc_is_a_one_line_error(no_drivers, tmp_path):
    _package_whose_driver_fails(tmp_path, "raise OSError('sysfs_software_spi.so: cannot open shared object file')\n")
    no_drivers.delitem(sys.modules, "waveshare_epd")
    no_drivers.syspath_prepend(str(tmp_path))
    with pytest.raises(PanelUnavailable) as caught:
        load("v2")
    message = str(caught.value)
    assert message.startswith("the waveshare_epd driver could not start (OSError: sysfs_software_spi.so")
    assert "Raspberry Pi with SPI enabled" in message and "\n" not in message


def test_a_driver_missing_spidev_names_it(no_drivers, tmp_path):
    _package_whose_driver_fails(tmp_path, "import spidev\n")
    no_drivers.delitem(sys.modules, "waveshare_epd")
    no_drivers.setitem(sys.modules, "spidev", None)
    no_drivers.syspath_prepend(str(tmp_path))
    with pytest.raises(PanelUnavailable, match="it needs the module 'spidev'"):
        load("v2")


def test_an_unknown_model_is_refused():
    with pytest.raises(ValueError, match="v3"):
        load("v3")
