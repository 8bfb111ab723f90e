"""[game] language: the system's by default, one line for a value the table does not speak, and a
game log that records no words, so a game resumes in either language."""

import json
from pathlib import Path

import pytest

from companion import language
from companion.language import from_environment
from companion.play.game import Game
from companion.record.journal import read_only
from companion.rules.deck_2023 import DECK_2023, NEW_REGENCY, OLD_HANDS
from companion.rules.deck_classic import CLASSIC_DECK
from companion.settings.example import example_config
from companion.settings.file import ConfigError, parse_config
from companion.settings.language import table_language

FIXTURES = Path(__file__).parents[1] / "fixtures" / "journals"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("env, code", [
    ({}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_AT"}, "de"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANGUAGE": "fr:de", "LANG": "fr_FR.UTF-8"}, "de"),
    ({"LC_ALL": "de_CH.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
    ({"LC_ALL": "", "LC_MESSAGES": "en_US.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # the first set one decides
    ({"LANGUAGE": "de@euro"}, "de"),
])
def test_the_system_language_from_the_environment_only(env, code):
    assert from_environment(env) == code


def test_the_system_language_speaks_the_screens_only_where_every_page_does(monkeypatch):
    """A German Pi shows one language until the German catalogue covers every page (language.WHOLE)."""
    assert "de" not in language.WHOLE
    assert table_language("", {"LANG": "de_DE.UTF-8"}) == "en"
    assert table_language("", {"LANGUAGE": "xx"}) == "xx"
    monkeypatch.setattr("companion.settings.language.WHOLE", ("en", "de"))
    assert table_language("", {"LANG": "de_DE.UTF-8"}) == "de"


def test_the_setting_wins_over_the_system():
    assert table_language("en", {"LANG": "de_DE.UTF-8"}) == "en"
    assert table_language("de", {"LANG": "en_GB.UTF-8"}) == "de"
    assert parse_config({}).game.language == ""
    assert parse_config({"game": {"language": "de"}}).game.language == "de"


@pytest.mark.parametrize("value, said", [
    ("fr", 'not "fr"'),
    ("German", 'not "German"'),
    (1, "not 1"),
    (True, "not true (true/false)"),
])
def test_an_unknown_language_is_one_line(value, said):
    with pytest.raises(ConfigError) as error:
        parse_config({"game": {"language": value}})
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith('game.language must be one of "en", "de"') and message.endswith(said)


def test_the_example_file_explains_the_key():
    assert '\nlanguage = ""\n' in example_config()


def test_a_catalogue_that_is_not_there_is_an_error_not_english():
    with pytest.raises(ValueError):
        language.use("fr")


def _words_of_the_cards() -> set[str]:
    cards = (*DECK_2023, *NEW_REGENCY, *OLD_HANDS, *CLASSIC_DECK)
    return {w for c in cards for w in (c.title, c.text) if w}


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_the_game_logs_record_no_words():
    """Keys and numbers only (a card by its key, a region by its id): nothing a language says."""
    words = _words_of_the_cards()
    for path in sorted(FIXTURES.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            assert not words & set(_strings(json.loads(line))), path.name


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_game_log_replays_to_the_same_standings_in_either_language(name):
    standings = {}
    for code in ("de", "en"):
        language.use(code)
        game = Game.from_record(read_only(FIXTURES / name))
        state = game.state
        logged = {p.colour: p.name for p in game.settings.players}  # (the log's names: a page says a colour's in each language)
        standings[code] = (game.phase, state.round, state.king, len(game.steps),
                           {logged.get(c, c): state.scores.get(c, 0) for c in state.colours})
    assert standings["de"] == standings["en"]
    assert standings["en"][4] == EXPECTED[name]["scores"]
