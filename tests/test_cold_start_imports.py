"""A start to the first frame imports only what that frame needs (the bench counts its instructions).

Each check runs a fresh interpreter, since this test process has imported everything long ago.
"""

import json
import re
import subprocess
import sys

import pytest

#: Modules a start of `run` must not pay for: other commands, and standard modules used elsewhere.
NOT_AT_START = ("companion.commands.bench", "companion.measure", "companion.commands.score", "companion.commands.config",
                "companion.commands.screens", "companion.commands.export", "companion.commands.replay",
                "asyncio", "ssl", "socket", "tomllib", "difflib", "secrets", "statistics",
                "PIL.JpegImagePlugin", "PIL.GifImagePlugin", "PIL.BmpImagePlugin",
                "PIL.PngImagePlugin", "PIL.ImageFile",  # the font sheets are binary PBM, read raw
                "companion.ui.screens.menu",  # the menu's pages come with the first menu
                # the Game over page's QR code (issue 38): its page, its drawing and its encoder
                "companion.ui.screens.phone", "companion.ui.draw.code", "companion.record.bgstats_link", "segno")

#: What only a game in play needs (its phase chart, journal and undo): a start without a saved game
#: shows the new-game wizard and imports them when the wizard starts the game.
ONLY_WITH_A_GAME = ("companion.play.game", "companion.record.journal",
                    "companion.engine.steps",
                    # the wizard's first page needs the settings (companion.engine.settings), not the game's
                    # state, the decks or the editions' tables
                    "companion.engine.state", "companion.rules.cards", "companion.rules.editions",
                    # the parts of rules.cards: the card model and Power Shift's modifiers
                    "companion.rules.action_card", "companion.rules.power_shift")

#: What only a card read needs (issue 36): the decks, every card built, made when rules/cards.py is first
#: asked for one; the sample game resumes at its end, where no card is read.
ONLY_WITH_A_CARD = ("companion.rules.deck_classic", "companion.rules.deck_2023")

#: What only a page of play needs, not a finished game's standings (issue 36: each phase's pages are
#: imported with their phase): the referee (asked with a step's first check or an offer's first
#: refusal), a turn's and a scoring's pages, the words that describe steps.
ONLY_WITH_PLAY = ("companion.engine.referee", "companion.ui.screens.scoring", "companion.ui.screens.turn",
                  "companion.ui.words")

#: What only a step taken or undone needs (issue 23): a game resumed from its snapshot shows its first
#: frame without its phase chart (python-statemachine) or undo's in-memory copies (pickle).
ONLY_WITH_A_STEP = ("companion.engine.phases", "statemachine", "pickle")


def modules_after(code: str, *args: str) -> set[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("resume", [False, True], ids=["no saved game", "resuming a game"])
def test_run_to_its_first_frame_leaves_the_rest_unimported(tmp_path, resume):
    from companion.measure.sample import four_player_game

    if resume:
        four_player_game(tmp_path / "game.jsonl").close()
    keys = tmp_path / "none.keys"
    keys.write_text("")
    loaded = modules_after("import sys\nfrom companion.cli import main\n"
                           "assert main(sys.argv[1:]) == 0",
                           "run", "--keys", str(keys), "--state-dir", str(tmp_path), "--sim")
    assert "companion.commands.run" in loaded and "companion.ui.draw.render" in loaded
    assert loaded.isdisjoint(NOT_AT_START), sorted(loaded & set(NOT_AT_START))
    assert all((name in loaded) == resume for name in ONLY_WITH_A_GAME), sorted(loaded & set(ONLY_WITH_A_GAME))
    assert loaded.isdisjoint(ONLY_WITH_A_STEP), sorted(loaded & set(ONLY_WITH_A_STEP))
    assert loaded.isdisjoint(ONLY_WITH_A_CARD), sorted(loaded & set(ONLY_WITH_A_CARD))
    assert loaded.isdisjoint(ONLY_WITH_PLAY), sorted(loaded & set(ONLY_WITH_PLAY))  # (the sample game is over)


def test_every_command_is_listed_by_help(capsys):
    from companion.cli import COMMANDS, main

    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert all(f"    {name} " in out for name in COMMANDS), out


def test_an_unknown_command_names_every_command(cli):
    from companion.cli import COMMANDS

    status, _, err = cli("nosuch")
    assert status == 2 and "nosuch" in err
    # every command named, quoted or not (argparse's wording changed between 3.12 patch releases)
    named = set(re.findall(r"[a-z][a-z_-]*", err.rsplit("choose from", 1)[-1]))
    assert set(COMMANDS) <= named, err


def test_a_chosen_command_loads_only_its_own_module(tmp_path):
    loaded = modules_after("import sys\nfrom companion.cli import main\n"
                           "assert main(sys.argv[1:]) == 0", "score", "--values", "5/3/1", "--count", "red=2")
    assert "companion.commands.score" in loaded
    assert not loaded & {"companion.commands.bench", "companion.commands.run", "companion.commands.config"}


#: What the Pi's start (hardware.pi, gpiozero as hardware/gpiozero_import.py imports it) must not pay for
#: either (issue 23): gpiozero's imports for devices the companion never makes, and the socket module,
#: which sd_notify imports with its first message to systemd.
NOT_AT_A_PI_START = ("statistics", "colorzero", "pprint", "subprocess", "socket", "importlib.metadata")


def test_a_start_with_the_pis_imports_leaves_gpiozeros_extras_and_socket_unimported(tmp_path):
    pytest.importorskip("gpiozero")
    keys = tmp_path / "none.keys"
    keys.write_text("")
    stand_ins = tmp_path / "stand-ins"
    stand_ins.mkdir()
    (stand_ins / "spidev.py").write_text("class SpiDev:\n    pass\n")
    loaded = modules_after(f"import sys\nsys.path.insert(0, {str(stand_ins)!r})\nimport hardware.pi, spidev\n"
                           "from hardware.gpiozero_import import import_gpiozero\nimport_gpiozero()\n"
                           "from companion.cli import main\nassert main(sys.argv[1:]) == 0",
                           "run", "--keys", str(keys), "--state-dir", str(tmp_path))
    assert {"gpiozero", "hardware.pi", "hardware.sd_notify", "companion.ui.draw.render"} <= loaded
    assert loaded.isdisjoint(NOT_AT_A_PI_START), sorted(loaded & set(NOT_AT_A_PI_START))


@pytest.mark.parametrize("resume", [False, True], ids=["no saved game", "resuming a game"])
def test_a_start_compiles_no_dataclass_methods(tmp_path, resume):
    """The standard @dataclass compiles each class's methods at import (issue 23): the start path's
    classes use companion.rules.plain_data or plain classes instead."""
    from companion.measure.sample import four_player_game

    if resume:
        four_player_game(tmp_path / "game.jsonl").close()
    keys = tmp_path / "none.keys"
    keys.write_text("")
    probe = ("import sys\nfrom companion.cli import main\nassert main(sys.argv[1:]) == 0\n"
             "import hardware.pi\n"
             "compiled = sorted(f'{c.__module__}.{c.__qualname__}' for name, m in list(sys.modules.items())\n"
             "                  if name.startswith(('companion', 'hardware')) for c in vars(m).values()\n"
             "                  if isinstance(c, type) and c.__module__ == name and '__dataclass_fields__' in vars(c)\n"
             "                  and '__plain_data__' not in vars(c))\n"
             "print(compiled)\n"
             "classes = [c for m in list(sys.modules.values()) for c in vars(m).values() if isinstance(c, type)]\n"
             "print(sum('__plain_data__' in vars(c) for c in classes))")
    done = subprocess.run([sys.executable, "-c", probe, "run", "--keys", str(keys), "--state-dir", str(tmp_path),
                           "--sim"], capture_output=True, text=True, check=True)
    compiled, plain = done.stdout.strip().splitlines()[-2:]
    assert compiled == "[]"
    assert int(plain) >= 10  # the start path's data classes are there, as plain_data made them
