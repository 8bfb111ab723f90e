"""The pages show what the engine says a way to play puts on the table (engine/table.py), never a
mode's record: a way to play nobody wrote yet, plugged into engine/hooks.py, has its setup's
questions, its first player's words, its notes and its regions beyond Spain on the pages (issue 34)."""

import pytest

import companion.engine.modes  # noqa: F401  (the Big Box's modes registered)
from companion.engine import hooks
from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.ui.intents import Push, Start
from companion.ui.screens import setup_board
from companion.ui.screens.common import View
from companion.ui.screens.map import map_page

PLAYERS = (Player("Ann", "red"), Player("Bob", "blue"), Player("Cy", "green"))
HOMES = {"red": "galicia", "blue": "aragon", "green": "sevilla"}


class Fifth(hooks.Rules):
    """One more region (Portugal's id), a region card drawn at setup, its own words."""

    title = "A fifth way"
    regions = ("portugal",)
    unowned_regions = 1
    first_player, first_asked = "Leader", "Who leads?"
    setup_notes = ("Each takes a white Caballero",)


@pytest.fixture
def fifth(monkeypatch) -> Settings:
    monkeypatch.setitem(hooks._REGISTERED, "fifth", Fifth())
    monkeypatch.setattr(hooks, "SETTINGS_CHECKS", [])  # (the Big Box's check knows only its own keys)
    return Settings(edition="classic", players=PLAYERS, seed=1, board=True, revision=REVISION, expansion="fifth")


def test_the_setup_from_the_cards_asks_what_the_way_to_play_draws(fifth):
    got = {"king": "toledo", "homes": HOMES}
    drawn = setup_board.enter_setup(fifth, got)
    assert isinstance(drawn, Push) and drawn.page.kind == "setup_black"
    assert drawn.page.prompt == "Region card 1 of 1: 2 black Caballeros"
    first = setup_board.enter_setup(fifth, {**got, "black": ["navarra"]})  # one card: no Limit table asked
    assert isinstance(first, Push) and (first.page.kind, first.page.prompt) == ("setup_first", "Who leads?")
    started = first.page.on_ok("red")
    assert isinstance(started, Start) and started.then is not None and started.then.kind == "big_box_setup"
    assert [line.text for line in started.then.screen().body.rows] == [  # type: ignore[union-attr]
        "A fifth way:", "• Each takes a white Caballero"]


def test_the_drawn_setup_names_the_first_player_as_the_way_to_play_does(fifth):
    done = s.SetupDone(king="toledo", homes=tuple(HOMES.items()), first="blue")
    lines = setup_board.drawn_page(fifth, done).screen().body.rows  # type: ignore[union-attr]
    assert ("Leader", "Bob") in [(line.text, line.right) for line in lines]


def test_the_map_turns_to_the_regions_beyond_spain_the_way_to_play_has(fifth):
    from companion.play.game import Game

    game = Game.new(fifth)
    game.send(s.SetupDone(king="toledo", homes=tuple(HOMES.items()), first="red"))
    page = map_page(game, View())
    assert page.headline == "Round 1 · The board"
    page.on_ok(None)
    assert page.headline == "Round 1 · Beyond Spain"
    assert [place.name for place in page.body.places] == ["Portugal"]  # type: ignore[union-attr]


def test_the_base_game_has_no_page_beyond_spain():
    from companion.play.game import Game

    game = Game.new(Settings(edition="classic", players=PLAYERS, seed=1, board=True, revision=REVISION))
    game.send(s.SetupDone(king="toledo", homes=tuple(HOMES.items()), first="red"))
    page = map_page(game, View())
    assert page.on_ok(None) is not None and page.headline == "Round 1 · The board"
