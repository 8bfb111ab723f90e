"""The example settings file, `elgrande-companion config`, and the [big_box] section it writes back."""

import tomllib
from dataclasses import fields

from companion.settings.example import example_config
from companion.settings.file import SECTIONS, BigBoxConfig, Config, load_config, parse_config

# ------------------------------------------------------------ the example file


def test_the_example_parses_back_to_the_defaults():
    table = tomllib.loads(example_config())
    assert parse_config(table) == Config()


def test_the_example_shows_every_key():
    table = tomllib.loads(example_config())
    assert set(table) == set(SECTIONS)
    for section, cls in SECTIONS.items():
        assert set(table[section]) == {f.name for f in fields(cls)}, section


def test_the_example_written_to_a_file_loads(write):
    path = write(example_config())
    assert load_config(path) == Config()
    assert all(len(line) <= 100 for line in example_config().splitlines())


# -- `elgrande-companion config` ------------------------------------------------------------


def test_the_config_command_shows_the_settings_in_use_and_where_games_are_kept(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "games"))
    path = tmp_path / "config.toml"
    path.write_text('[display]\nmodel = "v1"\nrotation = 180\n')
    status, out, err = cli("config", "--config", str(path))
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == f"settings file: {path}"
    assert 'model = "v1"' in lines and "rotation = 180" in lines and "pins = [5, 6, 13, 19]" in lines
    assert lines[-1] == f"game logs: {tmp_path / 'games'}"


def test_the_config_command_says_when_there_is_no_file(cli, tmp_path):
    status, out, err = cli("config", "--config", str(tmp_path / "none.toml"))
    assert status == 0, err
    assert out.splitlines()[0].endswith("(not there: every setting is its default)")


def test_the_config_command_reports_a_mistake_in_one_line(cli, tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[display]\nmodel = "v3"\n')
    status, out, err = cli("config", "--config", str(path))
    assert status == 2 and out == ""
    assert err.strip().splitlines() == [f'elgrande-companion config: {path}: display.model must be one of '
                                        '"2in7_V2", "2in7", "4in2_V2", "7in5_V2", "none", "v2", "v1", not "v3"']


def test_the_example_printed_is_the_defaults(cli, tmp_path):
    status, out, err = cli("config", "--example")
    assert status == 0, err
    path = tmp_path / "config.toml"
    path.write_text(out)
    assert load_config(path) == Config()


# -- [big_box]: the table's readings of the Big Box's open facts -----------------------------


def test_the_big_box_readings_are_read_and_the_config_command_writes_them_back(write, cli):
    path = write('[big_box]\namerica = "5/2/0"\ncaptain = 4\ncaballero_cards = { 3 = [5, 3, 1] }\n'
                 'kc_placement = "action_card"\nplayers_edition = true\n'
                 '[big_box.intrigue_cards.130]\nheads = 3\neffect = "move_caballeros"\ntitle = "Reposition"\n')
    big_box = load_config(path).big_box
    assert (big_box.america, big_box.captain, big_box.france) == ((5, 2, 0), 4, (3, 1, 0))
    assert big_box.kc_placement == "action_card" and big_box.players_edition
    assert dict(big_box.caballero_cards) == {2: (5, 4), 3: (5, 3, 1), 4: (5, 4, 3, 2)}
    assert big_box.intrigue_cards == ((130, (("heads", 3), ("effect", "move_caballeros"), ("title", "Reposition"))),)
    status, out, err = cli("config", "--config", str(path))
    assert status == 0, err
    shown = out.split("[big_box]\n")[1].split("game logs:")[0]
    assert load_config(write("[big_box]\n" + shown, "again.toml")).big_box == big_box


def test_the_big_box_defaults_are_the_companions():
    from companion.rules.big_box import regions
    from companion.rules.big_box.intrigue_round import KC_PLACEMENT_SETTINGS, caballero_cards
    from companion.settings import big_box as big_box_config

    d = BigBoxConfig()
    assert [d.france, d.america, d.mediterranean, d.portugal] == [
        regions.REGIONS[r].values for r in (regions.FRANCE, regions.AMERICA, regions.MEDITERRANEAN, regions.PORTUGAL)]
    assert (d.captain, d.viceroy, d.ambassador, d.envoy) == (
        regions.CAPTAIN.amount, regions.VICEROY.amount, regions.AMBASSADOR.amount, regions.ENVOY.amount)
    assert all(cards == caballero_cards(n) for n, cards in d.caballero_cards)
    assert big_box_config.KC_PLACEMENTS == KC_PLACEMENT_SETTINGS and d.kc_placement == KC_PLACEMENT_SETTINGS[0]
