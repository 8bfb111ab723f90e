"""The settings file's [game] classic_text: the text a new classic game's cards follow ("modern", seed
003, or "1995", seed 004), kept in the game log's header only when it is "1995", so every game log
written before replays as the modern text it was played by."""

import dataclasses
import json
import tomllib
from pathlib import Path

import pytest

from companion.engine import classic_1995
from companion.engine import steps as s
from companion.engine.settings_check import check_settings
from companion.play.game import Game
from companion.record.journal import read_only
from companion.settings.file import ConfigError, parse_config
from companion.ui.screens.setup import MODE, Wizard

JOURNALS = Path(__file__).parents[1] / "fixtures" / "journals"


def setting(text: str) -> str:
    return parse_config(tomllib.loads("[game]\n" + text)).game.classic_text


def wizard(edition: str = "classic", text: str = "1995", mode: str = ""):
    return Wizard(edition=edition, new_seed=lambda: 3, players=3, colours=["red", "blue", "green"],
                  classic_text=text, variants={"board", *([MODE + mode] if mode else [])}).settings()


def test_the_setting_takes_modern_or_1995_and_defaults_to_modern():
    assert setting("") == "modern"
    assert setting('classic_text = "1995"') == "1995"
    assert setting('classic_text = "modern"') == "modern"


@pytest.mark.parametrize("line,why", [
    ('classic_text = "1996"', 'game.classic_text must be "modern" or "1995", not "1996"'),
    ("classic_text = 1995", 'game.classic_text must be "modern" or "1995" in quotes, not the number 1995'),
    ("classic_text = true", 'game.classic_text must be "modern" or "1995", not true'),
])
def test_a_bad_value_is_refused_in_one_line(line, why):
    with pytest.raises(ConfigError) as refused:
        setting(line)
    assert str(refused.value).startswith(why) and "\n" not in str(refused.value)


def test_the_header_holds_it_only_when_1995_and_only_in_a_classic_game():
    assert wizard().to_json()["classic_text"] == "1995"
    assert "classic_text" not in wizard(text="modern").to_json()
    assert "classic_text" not in wizard(edition="2023").to_json()  # 2023 games ignore it
    assert "classic_text" not in wizard(mode="intrigue").to_json()  # Intrigue & the King plays its own cards
    assert wizard(mode="colonies").to_json()["classic_text"] == "1995"  # the Big Box's classic cards


def test_a_1995_game_keeps_its_text_in_its_log(tmp_path):
    settings = wizard()
    game = Game.new(settings, tmp_path / "game.jsonl")
    game.send(s.SetupDone(king="castilla", first="red",
                          homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"))))
    game.close()
    header = json.loads((tmp_path / "game.jsonl").read_text().splitlines()[0])["settings"]
    assert header["classic_text"] == "1995"
    again = Game.from_record(read_only(tmp_path / "game.jsonl"))
    assert again.settings == settings and classic_1995.on(again.state)


def test_an_old_classic_log_without_it_replays_as_the_modern_text():
    game = Game.from_record(read_only(JOURNALS / "0.1-classic-5p.jsonl"))
    assert game.settings.classic_text == "modern" and not classic_1995.on(game.state)
    assert "classic_text" not in game.settings.to_json()


@pytest.mark.parametrize("change,why", [
    ({"classic_text": "1996"}, "classic_text is 'modern' or '1995', not '1996'"),
    ({"classic_text": "1995", "edition": "2023", "dummy": None}, "the 1995 text is the classic deck's: not for the"),
])
def test_a_damaged_header_is_refused_in_one_line(change, why):
    with pytest.raises(s.StepRefused, match=why):
        check_settings(dataclasses.replace(wizard(), **change))


def test_this_games_settings_page_shows_the_text_its_cards_follow():
    from companion.ui.screens.menu_sheets import game_settings

    shown = {line.text: line.right for line in game_settings(Game.new(wizard())).lines}
    assert shown["Card text"] == "1995 rules (table)"
    assert {line.text: line.right for line in game_settings(Game.new(wizard(text="modern"))).lines}[
        "Card text"] == "modern"
    assert "Card text" not in {line.text for line in game_settings(Game.new(wizard(edition="2023"))).lines}


def test_the_controller_hands_the_setting_to_the_wizard():
    from companion.ui.controller import Controller

    ui = Controller(lambda settings: Game.new(settings), classic_text="1995")
    assert ui.table.wizard.classic_text == "1995"  # type: ignore[union-attr]
