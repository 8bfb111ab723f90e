"""Under the pseudo-locale "xx" the CLI's --help and its one-line errors show no unwrapped text.

Every marked string comes out wrapped in « » (companion/language/pseudo.py); what is left outside
the wrapping may only be what a command line types as it is: the program's and the commands'
names, the options, their metavars and choices.
"""

import argparse
import re

import pytest

from companion.cli import COMMANDS, build_parser, main
from companion.language import PSEUDO
from companion.language.pseudo import CLOSE, OPEN

#: One wrapped string with nothing wrapped inside it (a translated word inside a sentence nests).
WRAPPED = re.compile(re.escape(OPEN) + "[^" + OPEN + CLOSE + "]*" + re.escape(CLOSE))


def typed_words(parser: argparse.ArgumentParser) -> set[str]:
    """The words a command line types as they are, in ``parser`` and its sub-commands."""
    words = {"elgrande", "companion", "COMMAND"}
    todo = [parser]
    while todo:
        p = todo.pop()
        words.update(re.findall(r"[A-Za-z]+", p.prog))
        for action in p._actions:
            for text in (*action.option_strings, action.metavar or "", action.dest or "", (action.dest or "").upper()):
                words.update(re.findall(r"[A-Za-z]+", str(text)))
            for choice in action.choices or ():
                words.update(re.findall(r"[A-Za-z]+", str(choice)))
                if isinstance(action.choices, dict):
                    todo.append(action.choices[choice])
    return words


def unwrapped(text: str, allowed: set[str]) -> list[str]:
    outside, before = text, None
    while outside != before:
        before, outside = outside, WRAPPED.sub(" ", outside)
    return [w for w in re.findall(r"[A-Za-z]{2,}", outside) if w not in allowed]


@pytest.fixture
def pseudo(monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANGUAGE", PSEUDO)


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_is_all_wrapped(capsys, pseudo, command):
    with pytest.raises(SystemExit) as done:
        main([command, "--help"] if command else ["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert OPEN in out
    assert unwrapped(out, typed_words(build_parser())) == []


ERRORS = [
    ("score",),
    ("score", "--frob"),
    ("score", "--count", "red"),
    ("score", "--count", "red=x"),
    ("score", "--count", "red=1", "--count", "red=2"),
    ("score", "--count", "red=1", "--values", "5/3"),
    ("score", "--count", "red=1", "--players", "1", "--count", "blue=2", "--castillo"),
    ("score", "--count", "red=1", "--region", "Navarra", "--limit", "6", "--castillo"),
    ("screens", "/tmp/never-written", "--size", "10x10"),
    ("screens", "/tmp/never-written", "--size", "big"),
    ("screens", "/tmp/never-written", "--panel", "nope"),
    ("replay", "/no/such/game.jsonl"),
    ("replay",),
    ("nonsense",),
]


@pytest.mark.parametrize("argv", ERRORS, ids=" ".join)
def test_errors_are_one_wrapped_line(cli, pseudo, argv):
    status, out, err = cli(*argv)
    assert status == 2
    line = err.strip()
    assert "\n" not in line
    prefix, _, message = line.partition(": ")
    assert prefix.startswith("elgrande-companion")
    assert message.startswith(OPEN) and message.endswith(CLOSE), line


@pytest.mark.parametrize("text", [
    '[game]\nlanguage = "fr"\n',
    "[keys]\nlong_press = 9\n",
    "[gmae]\n",
    "[game]\nplayers = 3\n",
    '[display]\nmodel = "nope"\n',
    "[big_box]\nfrance = 3\n",
], ids=["language", "bound", "section", "players", "model", "big_box"])
def test_settings_errors_are_one_wrapped_line(cli, pseudo, tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    status, out, err = cli("config", "--config", str(path))
    assert status == 2
    line = err.strip()
    assert "\n" not in line
    message = line.removeprefix(f"elgrande-companion config: {path}: ")
    assert message.startswith(OPEN) and message.endswith(CLOSE), line
