"""The panel registry (companion/settings/panel.py) and the settings file naming a panel."""

import pytest

from companion.settings.file import ConfigError, parse_config
from companion.settings.panel import MIN_SIZE, PANELS, panel, scale_for, size_problem, supported


def test_the_four_panels_are_registered_with_their_sizes_and_refreshes():
    assert list(PANELS) == ["2in7_V2", "2in7", "4in2_V2", "7in5_V2"]
    assert {name: spec.size for name, spec in PANELS.items()} == {
        "2in7_V2": (264, 176), "2in7": (264, 176), "4in2_V2": (400, 300), "7in5_V2": (800, 480)}
    assert [spec.partial for spec in PANELS.values()] == [True, False, True, True]
    for spec in PANELS.values():
        assert 0 < spec.partial_s <= spec.full_s
        assert spec.module.startswith("epd")
    assert panel("v2") is PANELS["2in7_V2"] and panel("v1") is PANELS["2in7"] and panel("none") is None


@pytest.mark.parametrize("name", list(PANELS))
def test_naming_a_panel_in_the_settings_gives_its_size(name):
    config = parse_config({"display": {"model": name}})
    assert (config.display.width, config.display.height) == PANELS[name].size


def test_a_size_the_named_panel_does_not_have_is_one_line():
    with pytest.raises(ConfigError) as error:
        parse_config({"display": {"model": "4in2_V2", "width": 264, "height": 176}})
    message = str(error.value)
    assert "\n" not in message
    assert "264x176" in message and "4.2inch" in message and "400x300" in message
    assert size_problem("7in5_V2", 480, 800) == ""  # long side first or not


def test_the_reading_distance_scales_the_larger_panels_only():
    assert parse_config({}).display.reading_distance == "arm"
    assert scale_for((264, 176), "v2", "table") == 1     # 2x would leave less than the layout needs
    assert scale_for((400, 300), "4in2_V2", "table") == 2
    assert scale_for((800, 480), "7in5_V2", "table") == 2
    assert all(scale_for(spec.size, name, "arm") == 1 for name, spec in PANELS.items())
    for name, spec in PANELS.items():
        scale = scale_for(spec.size, name, "table")
        assert spec.size[0] // scale >= MIN_SIZE[0] and spec.size[1] // scale >= MIN_SIZE[1]
        if scale > 1:  # body text (16 px a layout pixel) at least 6 mm high on the glass
            assert 16 * scale / spec.px_per_mm >= 6.0


def test_the_supported_panels_are_listed_one_a_line():
    lines = supported().splitlines()
    assert [line.split()[0] for line in lines] == list(PANELS)
    assert "buttons on GPIO" in lines[2] and "keys on the board" in lines[0]


def test_the_bench_models_and_the_drivers_agree_with_the_registry():
    """hardware/ may not import the settings (tests/test_layers.py): its copies are held to the registry here."""
    from hardware.bench.display import MODELS
    from hardware.display import MODEL_NAMES, make_panel
    from hardware.display.driver import MODULES
    from hardware.display.large import LEVELS, NATIVE

    models = {model.model: model for model in MODELS}
    for name, spec in PANELS.items():
        model = models[MODEL_NAMES[name]]
        assert model.partial == spec.partial and model.frame_bytes == spec.frame_bytes
        assert 0 <= model.full_s - spec.full_s <= 0.1       # the 7.5inch's 100 ms after each refresh command
        if spec.partial:
            assert 0 <= model.partial_s - spec.partial_s <= 0.1
        panel = make_panel("builtin", name)
        assert panel.size == spec.size and panel.supports_partial == spec.partial
        if name in NATIVE:
            assert LEVELS[name] == spec.busy_level
        assert MODULES[MODEL_NAMES[name]] == spec.module
