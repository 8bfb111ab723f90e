"""Where the settings file is looked for, and where the saved games go."""

from pathlib import Path

from companion.settings.file import Config, GameConfig, default_config_path, load_config, state_dir

# ------------------------------------------------------------ where the file is looked for


def test_the_config_path_comes_from_elgrande_config_first(tmp_path):
    env = {"ELGRANDE_CONFIG": "/etc/elgrande-companion/config.toml", "XDG_CONFIG_HOME": "/xdg", "HOME": "/h"}
    assert default_config_path(env) == Path("/etc/elgrande-companion/config.toml")


def test_the_config_path_then_xdg_then_home():
    assert default_config_path({"XDG_CONFIG_HOME": "/xdg", "HOME": "/h"}) == Path(
        "/xdg/elgrande-companion/config.toml")
    assert default_config_path({"HOME": "/h"}) == Path("/h/.config/elgrande-companion/config.toml")
    assert default_config_path({"XDG_CONFIG_HOME": "relative", "HOME": "/h"}) == Path(
        "/h/.config/elgrande-companion/config.toml")  # the XDG spec: relative paths are ignored


def test_load_config_reads_the_file_elgrande_config_names(write):
    path = write("[game]\nedition = \"classic\"\n", name="elsewhere.toml")
    assert load_config(env={"ELGRANDE_CONFIG": str(path)}).game.edition == "classic"


# ------------------------------------------------------------ where the saved games go


def with_state_dir(folder: str) -> Config:
    return Config(game=GameConfig(state_dir=folder))


def test_state_dir_systemd_first_and_only_its_first_entry():
    env = {"STATE_DIRECTORY": "/var/lib/elgrande-companion:/var/lib/other", "XDG_STATE_HOME": "/xdg",
           "HOME": "/h"}
    assert state_dir(with_state_dir("/srv/games"), env) == Path("/var/lib/elgrande-companion")


def test_state_dir_then_the_config():
    env = {"XDG_STATE_HOME": "/xdg", "HOME": "/h"}
    assert state_dir(with_state_dir("/srv/games"), env) == Path("/srv/games")
    assert state_dir(with_state_dir("/srv/games"), {**env, "STATE_DIRECTORY": ""}) == Path("/srv/games")


def test_state_dir_then_xdg_state_home_then_home():
    assert state_dir(Config(), {"XDG_STATE_HOME": "/xdg", "HOME": "/h"}) == Path("/xdg/elgrande-companion")
    assert state_dir(None, {"XDG_STATE_HOME": "/xdg", "HOME": "/h"}) == Path("/xdg/elgrande-companion")
    assert state_dir(Config(), {"HOME": "/h"}) == Path("/h/.local/state/elgrande-companion")
    assert state_dir(Config(), {"XDG_STATE_HOME": "rel", "HOME": "/h"}) == Path(
        "/h/.local/state/elgrande-companion")


def test_state_dir_reads_the_environment_by_default(monkeypatch, tmp_path):
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path))
    assert state_dir() == tmp_path


def test_state_dir_from_the_file_may_start_with_a_tilde(write):
    config = load_config(write('[game]\nstate_dir = "~/games"\n'))
    assert state_dir(config, {}) == Path("~/games").expanduser()
