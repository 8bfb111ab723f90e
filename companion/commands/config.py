"""`elgrande-companion config`: which settings the companion uses, and an example file.

Run it after editing the settings file: a mistake is one line naming the
key (exit status 2), before the service would stumble on it.
"""

import argparse
import dataclasses
import json
from pathlib import Path

from companion.commands import UsageError
from companion.language import _


def add_parser(sub) -> None:
    p = sub.add_parser("config", help=_("show the settings in use and where games are kept; check a settings file"),
                       description=_("Reads the settings file (as the companion would), reports a mistake in one line, "
                                   "else prints every setting and the folder of the game logs."))
    p.add_argument("--config", metavar="FILE", type=Path, default=None,
                   help=_("the settings file (default: $ELGRANDE_CONFIG, else "
                        "~/.config/elgrande-companion/config.toml)"))
    p.add_argument("--example", action="store_true",
                   help=_("print an example settings file with every key explained, and stop"))
    p.add_argument("--panels", action="store_true",
                   help=_("list the supported panels (the values of display.model), one a line, and stop "
                        "(settings files from before 0.7 may say v2 or v1 for 2in7_V2 or 2in7: still read)"))
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from companion.settings.example import example_config
    from companion.settings.file import ConfigError, default_config_path, load_config, state_dir

    if args.example:
        print(example_config(), end="")
        return 0
    if args.panels:
        from companion.settings.panel import supported

        print(supported())
        return 0
    path = args.config or default_config_path()
    try:
        config = load_config(path)
    except ConfigError as error:
        raise UsageError(str(error)) from None
    print(f"settings file: {path}" + ("" if config.source else " (not there: every setting is its default)"))
    for section in ("keys", "display", "game", "big_box"):
        print(f"[{section}]")
        for field in dataclasses.fields(getattr(config, section)):
            value = getattr(getattr(config, section), field.name)
            print(f"{field.name} = {_shown(section, field.name, value)}")
    print(_('game logs: {state_dir}').format(state_dir=state_dir(config)))
    return 0


def _shown(section: str, key: str, value) -> str:
    """A setting as the settings file writes it (a scoreboard "4/2/1", a table of card corrections)."""
    if section != "big_box" or not isinstance(value, tuple):
        return json.dumps(list(value) if isinstance(value, tuple) else value)
    if key in ("caballero_cards", "intrigue_cards"):  # (number, contents) pairs: a TOML inline table
        def inner(v) -> str:
            return "{ " + ", ".join(f"{f} = {json.dumps(g)}" for f, g in v) + " }" if key == "intrigue_cards" \
                else json.dumps(list(v))
        return "{ " + ", ".join(f"{n} = {inner(v)}" for n, v in value) + " }"
    return '"' + "/".join(map(str, value)) + '"'
