"""A player's name: Game.new (the Python API the roster and the QR export will use) refuses, in one line, every
name the game log's own check refuses (companion/engine/forms.py text, through companion/engine/settings_check.py),
so it never writes a log its next start sets aside (issue 33); the names both take stay taken."""

import json

import pytest

from companion.engine.settings import Player, Settings
from companion.engine.steps import StepRefused
from companion.play.game import Game
from companion.record.journal import JournalUnreadable

BAD = {
    "empty": "",
    "a control character": "Ann\x07",
    "a line break": "Ann\nBo",
    "NUL": "A\x00nn",
    "a byte order mark": "\ufeffAnn",
    "a bidi override": "\u202eAnn",
    "a bidi isolate": "Ann\u2066",
    "a lone surrogate": "Ann\ud800",
    "too long": "A" * 65,
}
GOOD = ["Ann", "Zoë", "Łukasz", "张伟", "O'Brien", "Ann-Marie 2", "A" * 64]


def settings_with(name) -> Settings:
    return Settings(edition="2023", players=[Player(name, "red"), Player("Bo", "blue"), Player("Cy", "green")],
                    seed=1)


@pytest.mark.parametrize("name", BAD.values(), ids=BAD.keys())
def test_game_new_refuses_a_name_the_log_refuses_in_one_line_and_writes_nothing(tmp_path, name):
    with pytest.raises(StepRefused) as caught:
        Game.new(settings_with(name), tmp_path / "game.jsonl")  # before: taken, the log written
    message = str(caught.value)
    assert message.startswith("player 1's name must be a short line of text, not ")
    assert message.isprintable() and len(message.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", BAD.values(), ids=BAD.keys())
def test_the_log_refuses_the_same_names(tmp_path, name):
    """The other half of "one check": a header holding such a name is set aside at the start."""
    path = tmp_path / "game.jsonl"
    Game.new(settings_with("Ann"), path).close()
    header, rest = path.read_bytes().split(b"\n", 1)
    fields = json.loads(header)
    fields["settings"]["players"][0]["name"] = name
    path.write_bytes(json.dumps(fields).encode("utf-8", "surrogatepass") + b"\n" + rest)
    with pytest.raises(JournalUnreadable):
        Game.resume(path)


def test_a_name_that_is_not_text_is_refused(tmp_path):
    with pytest.raises(StepRefused, match=r"^player 1's name must be a short line of text, not None$"):
        Game.new(settings_with(None), tmp_path / "game.jsonl")


@pytest.mark.parametrize("name", GOOD)
def test_names_both_take_start_and_resume(tmp_path, name):
    path = tmp_path / "game.jsonl"
    Game.new(settings_with(name), path).close()
    game = Game.resume(path)
    game.close()
    assert game.settings.players[0].name == name
