"""The settings file's values: the defaults, and every mistake one line naming the file and the key
(a bad value, an unknown name, a file that is not TOML, a key on the display's pins).
"""

import re
from dataclasses import fields
from pathlib import Path

import pytest

from companion.settings.file import (
    DISPLAY_PINS,
    SECTIONS,
    Config,
    ConfigError,
    DisplayConfig,
    GameConfig,
    KeysConfig,
    load_config,
    parse_config,
)


def error_of(path: Path) -> str:
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    message = str(caught.value)
    assert "\n" not in message and "\r" not in message
    assert len(message.splitlines()) == 1
    assert message.startswith(f"{path}: ")
    return message


# ------------------------------------------------------------ defaults


def test_a_missing_file_means_all_defaults(tmp_path):
    config = load_config(tmp_path / "nowhere.toml")
    assert config == Config()
    assert config.source is None
    assert config.keys.pins == (5, 6, 13, 19)
    assert (config.keys.long_press, config.keys.debounce) == (0.8, 0.03)
    assert (config.display.model, config.display.rotation) == ("2in7_V2", 0)
    assert (config.display.width, config.display.height) == (264, 176)
    assert (config.display.partials_before_full, config.display.idle_sleep, config.display.busy_timeout) == (
        20, 120.0, 10.0)
    assert (config.game.edition, config.game.state_dir) == ("2023", "")


def test_an_empty_file_means_all_defaults_and_remembers_where_it_came_from(write):
    path = write("# nothing set\n")
    config = load_config(path)
    assert config == Config() and config.source == path


def test_a_file_with_every_key(write):
    config = load_config(write("""
[keys]
pins = [20, 21, 22, 23]
long_press = 1
debounce = 0
[display]
model = "v1"
rotation = 180
width = 264
height = 176
partials_before_full = 0
idle_sleep = 0
busy_timeout = 30
[game]
edition = "classic"
state_dir = "/srv/games"
location = "Ann's kitchen"
"""))
    assert config.keys == KeysConfig(pins=(20, 21, 22, 23), long_press=1.0, debounce=0.0)
    assert config.display == DisplayConfig(model="v1", rotation=180, partials_before_full=0, idle_sleep=0.0,
                                           busy_timeout=30.0)
    assert config.game == GameConfig(edition="classic", state_dir="/srv/games", location="Ann's kitchen")
    assert isinstance(config.keys.long_press, float) and isinstance(config.display.busy_timeout, float)


def test_the_app_owner_is_a_name_or_nobody(write):
    assert load_config(write('[game]\nme = " Ann "\n')).game.me == "Ann"
    assert load_config(write('[game]\nme = ""\n')).game == GameConfig()


def test_sections_may_be_left_out(write):
    config = load_config(write("[display]\nmodel = \"none\"\n"))
    assert config.keys == KeysConfig() and config.game == GameConfig()
    assert config.display == DisplayConfig(model="none")


# ------------------------------------------------------------ every key's bad values

BAD = [
    # key, its TOML value, words the one line must hold
    ("keys.pins", '"5, 6, 13, 19"', 'must be a list of 4 GPIO numbers like [5, 6, 13, 19], not the text'),
    ("keys.pins", "[5, 6, 13]", "must have 4 GPIO numbers (KEY1..KEY4), not 3"),
    ("keys.pins", "[5, 6, 13, 19, 26]", "not 5"),
    ("keys.pins", "[5, 6, 13, 13]", "GPIO 13 is given twice (KEY3 and KEY4)"),
    ("keys.pins", "[5, 6, 13, 28]", "KEY4 must be a BCM GPIO number from 0 to 27, not 28"),
    ("keys.pins", "[-1, 6, 13, 19]", "KEY1 must be a BCM GPIO number from 0 to 27, not -1"),
    ("keys.pins", '[5, "6", 13, 19]', 'KEY2 must be a GPIO number, not the text "6"'),
    ("keys.pins", "[5, 6, true, 19]", "KEY3 must be a GPIO number, not true (true/false)"),
    ("keys.pins", "[5, 6, 13.0, 19]", "KEY3 must be a GPIO number, not 13.0"),
    ("keys.pins", "[5, 6, 13, 24]", "GPIO 24 is the display's BUSY pin"),
    ("keys.long_press", "0.1", "must be between 0.25 and 5 seconds, not 0.1"),
    ("keys.long_press", "6", "must be between 0.25 and 5 seconds, not 6"),
    ("keys.long_press", '"long"', 'must be a number of seconds, not the text "long"'),
    ("keys.long_press", "nan", "not nan"),
    ("keys.long_press", "true", "must be a number of seconds, not true"),
    ("keys.debounce", "-0.01", "must be between 0 and 0.2 seconds, not -0.01"),
    ("keys.debounce", "0.3", "not 0.3"),
    ("keys.debounce", "[0.03]", "must be a number of seconds, not a list"),
    ("display.model", '"v3"', 'must be one of "2in7_V2", "2in7", "4in2_V2", "7in5_V2", "none", "v2", "v1", not "v3"'),
    ("display.model", '"V2"', 'not "V2"'),
    ("display.model", "2", 'must be one of "2in7_V2", "2in7", "4in2_V2", "7in5_V2", "none", "v2", "v1", not 2'),
    ("display.reading_distance", '"far"', 'must be one of "arm", "table", not "far"'),
    ("display.table_view", "-1", "must be 0 (never) or between 15 and 86400 seconds, not -1"),
    # issue 33: a wait below the time between two presses took every press away (each only ended the view)
    ("display.table_view", "0.5", "must be 0 (never) or between 15 and 86400 seconds, not 0.5"),
    ("display.table_view", "14.9", "not 14.9"),
    ("display.table_view", "86401", "not 86401"),
    ("display.table_view", "nan", "not nan"),
    ("display.rotation", "45", "must be one of 0, 90, 180, 270, not 45"),
    ("display.rotation", "90.0", "not 90.0"),
    ("display.rotation", '"90"', 'not the text "90"'),
    ("display.rotation", "false", "not false (true/false)"),
    ("display.width", "0", "must be between 160 and 4096, not 0"),
    ("display.width", "264.5", "must be a whole number, not 264.5"),
    ("display.height", "5000", "must be between 96 and 4096, not 5000"),
    ("display.height", '"176"', 'must be a whole number, not the text "176"'),
    ("display.partials_before_full", "-1", "must be between 0 and 100, not -1"),
    ("display.partials_before_full", "101", "not 101"),
    ("display.partials_before_full", "2.5", "must be a whole number, not 2.5"),
    ("display.idle_sleep", "-1", "must be between 0 and 86400 seconds, not -1"),
    ("display.idle_sleep", "inf", "not inf"),
    ("display.idle_sleep", "{ minutes = 2 }", "must be a number of seconds, not a section"),
    ("display.busy_timeout", "0.5", "must be between 1 and 120 seconds, not 0.5"),
    ("display.busy_timeout", "121", "not 121"),
    ("display.driver", '"fast"', 'must be one of "builtin", "waveshare", not "fast"'),
    ("display.partial_reset", '"no"', 'must be true or false, not the text "no"'),
    ("game.edition", '"2020"', 'must be one of "2023", "classic", not "2020"'),
    ("game.edition", "2023", 'must be one of "2023", "classic", not 2023'),
    ("game.edition", '"Classic"', 'not "Classic"'),
    ("game.state_dir", '"games"', 'must be a full path like "/home/pi/elgrande-games" (or "" for the default), '
                                  'not "games"'),
    ("game.state_dir", "1", "must be a folder path in quotes, not 1"),
    ("game.state_dir", "1979-05-27", "must be a folder path in quotes, not a date"),
    ("game.location", "1", 'must be a name in quotes like "Table", not 1'),
    ("game.location", '""', 'must be a name of 1 to 60 characters on one line, like "Table", not ""'),
    ("game.location", '"   "', 'not "   "'),
    ("game.location", '"' + "x" * 61 + '"', "1 to 60 characters"),
    ("game.location", '"Ann\\nkitchen"', r'not "Ann\nkitchen"'),
    ("game.hide_castillo", "1", "must be true or false, not 1"),
    ("game.players", '"Ann"', "must be a list of names in quotes"),
    ("game.players", '["Ann", "ann"]', "a name is given twice"),
    ("game.players", '["A very long name indeed"]', "a name is 1 to 12 characters"),
    ("game.hide_castillo", "\"yes\"", "must be true or false, not the text \"yes\""),
    ("game.me", "1", 'must be a player\'s name in quotes like "Ann" (or ""), not 1'),
    ("game.me", '"   "', 'must be a name of 1 to 12 characters on one line (or ""), not "   "'),
    ("game.me", '"A very long name indeed"', "1 to 12 characters"),
    ("game.me", '"Ann\\nBo"', r'not "Ann\nBo"'),
    ("game.classic_text", '"1996"', 'must be "modern" or "1995", not "1996"'),
    ("game.classic_text", "1995", 'must be "modern" or "1995" in quotes, not the number 1995'),
    ("game.language", '"fr"', 'must be one of "en", "de" (or "" for the system\'s language), not "fr"'),
    ("big_box.france", "3", 'must be a scoreboard in quotes like "4/2/1" (1st/2nd/3rd), not 3'),
    ("big_box.america", '"4/0"', 'must be three scores like "4/2/1" (1st/2nd/3rd), not "4/0"'),
    ("big_box.mediterranean", '"4/5/1"', 'the scores go down from a 1st of 1 to 20, not "4/5/1"'),
    ("big_box.portugal", '"0/0/0"', 'the scores go down from a 1st of 1 to 20, not "0/0/0"'),
    ("big_box.portugal", '"5/-1/0"', 'must be three scores'),
    ("big_box.captain", '"3"', 'must be a whole number of points, not the text "3"'),
    ("big_box.viceroy", "21", "must be between 0 and 20 points, not 21"),
    ("big_box.ambassador", "-1", "must be between 0 and 20 points, not -1"),
    ("big_box.envoy", "1.5", "must be a whole number of points, not 1.5"),
    ("big_box.caballero_cards", "[5, 4]", "must be a table like { 2 = [5, 4], 3 = [5, 4, 3] }, not a list"),
    ("big_box.caballero_cards", "{ 6 = [5, 4] }", "caballero_cards: a player count is 2 to 5, not 6"),
    ("big_box.caballero_cards", "{ 3 = [5, 4] }", "caballero_cards.3: 3 players use 3 Caballero cards, not 2"),
    ("big_box.caballero_cards", "{ 2 = [5, 5] }", "caballero_cards.2: there is one Caballero card of each number"),
    ("big_box.caballero_cards", "{ 2 = [5, 6] }", "caballero_cards.2: the Caballero cards show 1 to 5"),
    ("big_box.caballero_cards", '{ 2 = "54" }', "caballero_cards.2 must be a list of Caballero cards like [5, 4]"),
    ("big_box.intrigue_cards", "3", "must be tables like [big_box.intrigue_cards.130], not 3"),
    ("big_box.intrigue_cards", "{ 130 = { heads = 9 } }", "intrigue_cards.130.heads must be between 0 and 6, not 9"),
    ("big_box.intrigue_cards", '{ 130 = { effect = "fly" } }', "intrigue_cards.130.effect: unknown effect kind 'fly'"),
    ("big_box.intrigue_cards", "{ abc = { heads = 1 } }", "intrigue_cards.abc: a card is named by its value"),
    ("big_box.intrigue_cards", "{ 130 = { colour = 1 } }", "intrigue_cards.130: unknown field 'colour'"),
    ("big_box.intrigue_cards", "{ 130 = 3 }", "intrigue_cards.130 must be a table of heads, effect"),
    ("big_box.intrigue_cards", '{ 130 = { title = "' + "x" * 65 + '" } }',
     "intrigue_cards.130.title must be at most 64 characters, not 65"),
    ("big_box.intrigue_cards", "{ 130 = { heads = 1 }, 0130 = { heads = 2 } }", "intrigue_cards: a card is corrected twice"),
    ("big_box.kc_placement", '"heads"', 'kc_placement must be "caballero_card" or "action_card", not "heads"'),
    ("big_box.kc_placement", "1", 'kc_placement must be "caballero_card" or "action_card", not 1'),
    ("big_box.players_edition", '"yes"', 'players_edition must be true or false, not the text "yes"'),
]


@pytest.mark.parametrize("key, value, words", BAD, ids=[f"{k}={v}" for k, v, _ in BAD])
def test_every_bad_value_is_one_line_naming_the_file_and_the_key(write, key, value, words):
    section, name = key.split(".")
    path = write(f"[{section}]\n{name} = {value}\n")
    message = error_of(path)
    assert f"{path}: {key}" in message
    assert words in message


def test_every_key_has_a_bad_value_in_the_table():
    tested = {key for key, _, _ in BAD}
    assert tested == {f"{section}.{f.name}" for section, cls in SECTIONS.items() for f in fields(cls)}


@pytest.mark.parametrize("text, shown", [
    ('[display]\nmodel = "v\\n2"\n', r'not "v\n2"'),
    ('[game]\nstate_dir = "games\\r\\n"\n', r'not "games\r\n"'),
    ('[game]\nedition = "a\\u2028b"\n', r'not "a\u2028b"'),
    ('[game]\nedition = "tab\\there"\n', r'not "tab\there"'),
    ('[keys]\n"long\\npress" = 1\n', r'unknown key keys."long\npress"'),
    ('["new\\nsection"]\n', r'unknown section ["new\nsection"]'),
])
def test_line_breaks_inside_values_and_names_stay_on_one_line(write, text, shown):
    assert shown in error_of(write(text))


def test_a_value_may_contain_quotes_and_backslashes(write):
    message = error_of(write('[game]\nedition = \'say "hi" \\ bye\'\n'))
    assert message.endswith(r'not "say \"hi\" \\ bye"')


# ------------------------------------------------------------ unknown names


@pytest.mark.parametrize("text, words", [
    ("[keys]\nlong_pres = 1\n", "unknown key keys.long_pres (did you mean keys.long_press?)"),
    ("[keys]\npin = [5, 6, 13, 19]\n", "unknown key keys.pin (did you mean keys.pins?)"),
    ("[display]\nrotate = 90\n", "unknown key display.rotate (did you mean display.rotation?)"),
    ("[display]\npartials = 3\n", "unknown key display.partials"),
    ("[game]\neditoin = \"classic\"\n", "unknown key game.editoin (did you mean game.edition?)"),
    ("[game]\nstatedir = \"/x\"\n", "unknown key game.statedir (did you mean game.state_dir?)"),
    ("[keyz]\n", "unknown section [keyz] (did you mean [keys]?) (the sections are [keys], [display], [game], [big_box])"),
    ("[Display]\n", "unknown section [Display] (did you mean [display]?)"),
    ("[panel]\nmodel = \"v2\"\n", "unknown section [panel] (the sections are [keys], [display], [game], [big_box])"),
    ("model = \"v2\"\n", "unknown section [model]"),
    ("[keys.extra]\n", "unknown key keys.extra"),
    ("keys = 3\n", "keys must be a section ([keys]), not 3"),
])
def test_unknown_names_suggest_the_close_one(write, text, words):
    assert words in error_of(write(text))


def test_no_suggestion_when_nothing_is_close(write):
    message = error_of(write("[keys]\ncolour = \"red\"\n"))
    assert message.endswith("unknown key keys.colour")


# ------------------------------------------------------------ not TOML at all


def test_invalid_toml_names_the_line(write):
    message = error_of(write("[keys]\nlong_press = 1\npins = [5, 6\n\n[display]\n"))
    # where tomllib notices that the list on line 3 never closed
    assert re.search(r": line [345]: not valid TOML: \S", message), message


@pytest.mark.parametrize("text, line", [
    ("[keys\n", 1),
    ("[keys]\nlong_press = 1\nlong_press = 2\n", 3),
    ("[display]\nmodel = v2\n", 2),
    ("# settings\n\n[game]\nedition = \"classic\n", 4),
])
def test_invalid_toml_says_which_line(write, text, line):
    message = error_of(write(text))
    assert f": line {line}: not valid TOML: " in message
    assert "(at line" not in message  # said once, in front


def test_invalid_toml_at_the_very_end(write):
    message = error_of(write("[keys]\nlong_press ="))
    assert "not valid TOML" in message and "end" in message


def test_not_utf8_and_unreadable_files_are_one_line(tmp_path, write):
    path = tmp_path / "latin1.toml"
    path.write_bytes('[game]\n# Espa\xf1a\n'.encode("latin-1"))
    assert "not UTF-8 text (byte 13)" in error_of(path)
    assert "cannot read it" in error_of(tmp_path)  # a folder, not a file


# ------------------------------------------------------------ keys against the display's pins


@pytest.mark.parametrize("pin, name", sorted(DISPLAY_PINS.items()))
def test_key_pins_on_the_display_pins_are_refused(write, pin, name):
    message = error_of(write(f"[keys]\npins = [5, 6, 13, {pin}]\n"))
    assert f"keys.pins: GPIO {pin} is the display's {name} pin" in message
    assert 'display.model = "none"' in message


def test_display_pins_match_the_hat_wiring():
    assert DISPLAY_PINS == {8: "CS", 10: "DIN", 11: "CLK", 17: "RST", 18: "PWR", 24: "BUSY", 25: "DC"}


def test_without_a_panel_those_pins_are_free_for_keys(write):
    config = load_config(write('[keys]\npins = [17, 18, 24, 25]\n[display]\nmodel = "none"\n'))
    assert config.keys.pins == (17, 18, 24, 25)


def test_parse_config_without_a_file_has_no_file_name():
    with pytest.raises(ConfigError) as caught:
        parse_config({"display": {"rotation": 45}})
    assert str(caught.value) == "display.rotation must be one of 0, 90, 180, 270, not 45"
