"""The settings file: which pins, which panel, where the saved games go.

A small TOML file (read with the standard library's ``tomllib``); every key
is optional and a missing file means "all defaults", which fit the Waveshare
2.7inch e-Paper HAT. A file that cannot be used raises :class:`ConfigError`
with one line that names the file and the key, for example::

    config.toml: display.rotation must be one of 0, 90, 180, 270, not 45

Where the file is looked for: the path given, else ``$ELGRANDE_CONFIG``,
else ``$XDG_CONFIG_HOME/elgrande-companion/config.toml`` (normally
``~/.config/elgrande-companion/config.toml``). The systemd unit points
``$ELGRANDE_CONFIG`` at ``/etc/elgrande-companion/config.toml``.

Where the saved games go: see :func:`state_dir`.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping
from dataclasses import field, fields, replace
from pathlib import Path

from companion.language import _
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)
from companion.settings import big_box, language
from companion.settings.big_box import BigBoxConfig
from companion.settings.panel import DISTANCES, MODEL_NAMES, panel, size_problem
from companion.settings.values import (
    _classic_text,
    _edition,
    _integer,
    _one_of,
    _owner,
    _path,
    _pins,
    _place,
    _roster,
    _seconds,
)
from companion.settings.words import _Bad, _describe, _escape, _flag, _name

APP = "elgrande-companion"

#: The e-paper HAT's own pins (BCM numbers): keys must not use them.
DISPLAY_PINS = {8: "CS", 10: "DIN", 11: "CLK", 17: "RST", 18: "PWR", 24: "BUSY", 25: "DC"}
MODELS = MODEL_NAMES  # the panels of companion/settings/panel.py, their old names, and "none"
#: How the panel is driven: our own bulk-transfer driver, or Waveshare's driver module (the fallback).
DRIVERS = ("builtin", "waveshare")
ROTATIONS = (0, 90, 180, 270)
#: The 2.7inch panels' size (v1 and v2 alike), landscape: the only size a panel model may be given.
PANEL_SIZE = (264, 176)
#: The keys' pins: BCM GPIO numbers (companion/settings/bounds.py).


#: The largest settings file read (the example with every key explained is about 6 KB).
MAX_SETTINGS = 1 << 20


class ConfigError(Exception):
    """A settings file that cannot be used; ``str()`` is one line naming the file and the key."""


@dataclass(frozen=True)
class KeysConfig:
    """The four keys beside the screen."""

    #: BCM GPIO numbers of KEY1..KEY4 (pressed = pulled to ground).
    pins: tuple[int, int, int, int] = (5, 6, 13, 19)
    #: Seconds a key is held before it counts as a long press.
    long_press: float = 0.8
    #: Seconds a key must be quiet before a change of level counts (contact bounce).
    debounce: float = 0.03


@dataclass(frozen=True)
class DisplayConfig:
    """The e-paper panel."""

    #: A panel of companion/settings/panel.py ("2in7_V2", "2in7", "4in2_V2", "7in5_V2"; "v2" and "v1"
    #: are the 2.7inch ones' older names) or "none".
    model: str = "2in7_V2"
    #: Degrees the picture is turned: 0, 90, 180 or 270.
    rotation: int = 0
    #: Panel size in pixels, landscape (a panel's own when the file names a panel and no size).
    width: int = 264
    height: int = 176
    #: Partial refreshes since the last full one after which a full one clears the ghosting
    #: (done when the keys are quiet; 0: always full).
    partials_before_full: int = 20
    #: Seconds without a new picture before the panel is put to sleep (0: right after each refresh).
    idle_sleep: float = 120.0
    #: Seconds to wait for the panel's BUSY line before reporting that it does not answer.
    busy_timeout: float = 10.0
    #: "builtin" (our driver, whole frames per SPI transfer) or "waveshare" (Waveshare's driver module).
    driver: str = "builtin"
    #: The built-in driver resets the V2 before every partial refresh, as Waveshare's drivers do.
    partial_reset: bool = True
    #: "arm" (held in the hand) or "table" (read across the table: text scaled up where the panel allows).
    reading_distance: str = "arm"
    #: Seconds without a key press before the panel shows the table view (0: never).
    table_view: float = 90.0


@dataclass(frozen=True)
class GameConfig:
    """The game and its saved files."""

    #: "2023" (Hans im Glück 2023) or "classic".
    edition: str = "2023"
    #: Folder of the saved games ("" = the default, see :func:`state_dir`).
    state_dir: str = ""
    #: Where the table stands: the location of the plays in the BG Stats export.
    location: str = "Table"
    #: Keep the Castillo tally off the screen until the Castillo is scored (a throw is only said) in
    #: every game, also one started with the wizard's *Secret Castillo* off (companion/engine/settings.py).
    hide_castillo: bool = False
    #: The table's regular players: the new-game wizard offers their names for each seat.
    players: tuple[str, ...] = ()
    #: The player who owns the BG Stats app ("" = nobody named): the export's userInfo.meRefId.
    me: str = ""
    #: "modern" (seed 003) or "1995" (seed 004): the text a new classic game's cards follow where the
    #: two differ (companion/engine/classic_1995.py); the game keeps it whatever the file says later.
    classic_text: str = "modern"
    #: The table's language: "en", "de", or "" for the system's (companion/settings/language.py).
    language: str = ""


@dataclass(frozen=True)
class Config:
    keys: KeysConfig = KeysConfig()
    display: DisplayConfig = DisplayConfig()
    game: GameConfig = GameConfig()
    big_box: BigBoxConfig = BigBoxConfig()
    #: The file these settings came from (None: no file, all defaults).
    source: Path | None = field(default=None, compare=False)


SECTIONS = {"keys": KeysConfig, "display": DisplayConfig, "game": GameConfig, "big_box": BigBoxConfig}


# ---------------------------------------------------------------- locations


def default_config_path(env: Mapping[str, str] | None = None) -> Path:
    """``$ELGRANDE_CONFIG``, else the user's config folder (``$XDG_CONFIG_HOME`` or ``~/.config``)."""
    env = os.environ if env is None else env
    if env.get("ELGRANDE_CONFIG"):
        return Path(env["ELGRANDE_CONFIG"]).expanduser()
    return _user_dir(env, "XDG_CONFIG_HOME", ".config", "APPDATA") / "config.toml"


def state_dir(config: Config | None = None, env: Mapping[str, str] | None = None) -> Path:
    """The folder of the saved games (not created here).

    ``$STATE_DIRECTORY`` when systemd runs us (``StateDirectory=``; the first
    one if there are several), else ``game.state_dir`` from the file, else
    ``$XDG_STATE_HOME/elgrande-companion`` or ``~/.local/state/elgrande-companion``.
    """
    env = os.environ if env is None else env
    first = env.get("STATE_DIRECTORY", "").split(":")[0]
    if first:
        return Path(first)
    if config is not None and config.game.state_dir:
        return Path(config.game.state_dir).expanduser()
    return _user_dir(env, "XDG_STATE_HOME", ".local/state", "LOCALAPPDATA")


def _user_dir(env: Mapping[str, str], xdg: str, fallback: str, windows: str) -> Path:
    if sys.platform == "win32" and env.get(windows):
        return Path(env[windows]) / APP
    base = env.get(xdg, "")
    # The XDG spec: a relative path in these variables is invalid and ignored.
    if base and os.path.isabs(base):
        return Path(base) / APP
    home = env.get("HOME") or str(Path.home())
    return Path(home) / fallback / APP


# ---------------------------------------------------------------- reading


def load_config(path: Path | None = None, env: Mapping[str, str] | None = None) -> Config:
    """Read the settings file at ``path`` (None: :func:`default_config_path`).

    A missing file gives the defaults. Anything else wrong raises
    :class:`ConfigError` with one line.
    """
    path = default_config_path(env) if path is None else Path(path)
    from companion.record.files import FileFault, read_regular, shown

    try:
        data = read_regular(path, MAX_SETTINGS)  # a FIFO or /dev/zero is refused, never read for ever
    except FileNotFoundError:
        return Config()
    except FileFault as error:  # "<path> is a FIFO, not a file: ...": the path said first, once
        reason = str(error).removeprefix(shown(path) + " ").removeprefix("is ")
        said = _("{path}: cannot read it: it is {reason}") if reason != str(error) else _("{path}: cannot read it: {reason}")
        raise ConfigError(said.format(path=_escape(str(path)), reason=reason)) from None
    except ValueError:  # a NUL in the path
        raise ConfigError(_('{path}: not a usable path').format(path=_escape(str(path)))) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ConfigError(_('{path}: not UTF-8 text (byte {start})').format(path=_escape(str(path)), start=error.start)) from None
    import tomllib  # only when there is a file: not on every start

    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{_escape(str(path))}: {_toml_error(error)}") from None
    except RecursionError:
        raise ConfigError(_('{path}: nested too deep to be a settings file').format(path=_escape(str(path)))) from None
    return parse_config(table, source=path)


def parse_config(table: Mapping, source: Path | None = None) -> Config:
    """Check and convert an already-parsed TOML table (raises :class:`ConfigError`)."""
    where = f"{_escape(str(source))}: " if source is not None else ""
    try:
        return _parse(table, source)
    except _Bad as bad:
        raise ConfigError(f"{where}{bad}") from None


def _toml_error(error: ValueError) -> str:  # a tomllib.TOMLDecodeError (tomllib is imported where it is raised)
    message = str(error)
    match = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
    if match:
        reason = message[: match.start()]
        return f"line {match.group(1)}: not valid TOML: {reason}"
    match = re.search(r"\s*\(at end of document\)$", message)
    if match:
        return f"at the end: not valid TOML: {message[: match.start()]}"
    return f"not valid TOML: {message}"


def _parse(table: Mapping, source: Path | None) -> Config:
    for name in table:
        if name not in SECTIONS:
            raise _Bad(_("unknown section [{name}]{did_you_mean} (the sections are {sections})").format(
                name=_name(name), did_you_mean=_did_you_mean(name, SECTIONS, '[', ']'),
                sections=', '.join(f'[{s}]' for s in SECTIONS)))
    sections = {}
    for name, cls in SECTIONS.items():
        values = table.get(name, {})
        if not isinstance(values, dict):
            raise _Bad(_('{name} must be a section ([{name}]), not {describe}').format(name=name, describe=_describe(values)))
        known = {f.name: f for f in fields(cls)}
        for key in values:
            if key not in known:
                raise _Bad(_("unknown key {section}.{name}{did_you_mean}").format(
                    section=name, name=_name(key), did_you_mean=_did_you_mean(key, known, prefix=name + '.')))
        section = cls()
        changes = {key: _CHECKS[name, key](f"{name}.{key}", value) for key, value in values.items()}
        spec = panel(str(changes["model"])) if name == "display" and "model" in changes else None
        if spec is not None and not {"width", "height"} & set(values):  # the named panel's own size
            changes["width"], changes["height"] = spec.size
        sections[name] = replace(section, **changes)
    config = Config(**sections, source=source)
    _check_together(config)
    return config


def _check_together(config: Config) -> None:
    """What no single key shows: keys on the panel's pins, a size the panel does not have.

    The one check of the whole file: ``config`` and ``run`` (the service's ``run --hardware``
    too) both read settings through :func:`load_config`, so what one approves the other starts.
    """
    if problem := panel_size_problem(config.display):
        raise _Bad(problem)
    if config.display.model != "none":
        for pin in config.keys.pins:
            if pin in DISPLAY_PINS:
                raise _Bad(_('keys.pins: GPIO {pin} is the display\'s {use} pin; pick another (or set display.model = '
                             '"none")').format(
                    pin=pin, use=DISPLAY_PINS[pin]))


def panel_size_problem(display: DisplayConfig) -> str:
    """Why the panel of ``display.model`` cannot show frames of display.width x display.height
    ("" when it can; with model "none" any size between the keys' limits is drawn)."""
    return size_problem(display.model, display.width, display.height)


def _did_you_mean(word: str, choices, prefix: str = "", suffix: str = "") -> str:
    import difflib  # only for a mistake in a settings file

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return _(" (did you mean {name}?)").format(name=f"{prefix}{close[0]}{suffix}") if close else ""


_CHECKS = {
    ("keys", "pins"): _pins,
    ("keys", "long_press"): _seconds,
    ("keys", "debounce"): _seconds,
    ("display", "model"): lambda k, v: _one_of(k, v, MODELS),
    ("display", "rotation"): lambda k, v: _one_of(k, v, ROTATIONS),
    ("display", "width"): _integer,
    ("display", "height"): _integer,
    ("display", "partials_before_full"): _integer,
    ("display", "idle_sleep"): _seconds,
    ("display", "busy_timeout"): _seconds,
    ("display", "driver"): lambda k, v: _one_of(k, v, DRIVERS),
    ("display", "partial_reset"): _flag,
    ("display", "reading_distance"): lambda k, v: _one_of(k, v, DISTANCES),
    ("display", "table_view"): _seconds,
    ("game", "edition"): _edition,
    ("game", "state_dir"): _path,
    ("game", "location"): _place,
    ("game", "hide_castillo"): _flag,
    ("game", "players"): _roster,
    ("game", "me"): _owner,
    ("game", "classic_text"): _classic_text,
    ("game", "language"): language.check,
    **{("big_box", key): check for key, check in big_box.CHECKS.items()},
}
