"""The table's readings of the Big Box's open facts: chosen in the settings file's [big_box],
recorded in a new game's settings (only what differs from the defaults and what the mode uses),
used by the scoring and the I&K turn, and replayed from the journal as the table played."""

import dataclasses
import json
import tomllib

import pytest

from companion.engine.modes import intrigue, readings
from companion.engine.modes import steps as s
from companion.engine.settings import CardReading, Settings
from companion.engine.settings_check import check_settings
from companion.play.game import Game, JournalError, settings_of
from companion.record.journal import read_only
from companion.settings.file import BigBoxConfig, parse_config
from companion.ui.screens.setup import MODE, Wizard

COLONIES_SETUP = s.SetupDone(king="castilla", first="red", homes=(
    ("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "granada")),
    black=("valencia", "toledo"), limit_table="cataluna")


def table(text: str) -> BigBoxConfig:
    return parse_config(tomllib.loads("[big_box]\n" + text)).big_box


def wizard(mode: str, big_box: BigBoxConfig | None, players: int = 4) -> Settings:
    w = Wizard(edition="classic", new_seed=lambda: 3, players=players,
               colours=["red", "blue", "green", "yellow"][:players], big_box=big_box,
               variants={MODE + mode} if mode else set())
    return w.settings()


def points(game: Game, where: str) -> dict[str, int]:
    return {line.colour: line.points for line in game.state.sheet if line.where == where}


def to_the_regions(game: Game) -> None:
    from companion.measure import script

    for _ in range(3):
        script.quiet_round(game)
    game.send(s.SecretDiscs(tuple((c, None) for c in game.state.colours)))
    game.send(s.Scored("castillo", ()))
    while game.prompt.choices[0] != "ship":
        here = game.prompt.choices[0]
        game.send(s.Scored(here, tuple(game.state.counts[here].items())))


def test_a_default_game_writes_the_same_settings_as_before():
    """No reading, or the defaults written out, or readings the mode does not use: no new key."""
    before = wizard("colonies", None).to_json()
    assert not {"scoreboards", "seat_bonuses", "intrigue_cards", "caballero_cards"} & set(before)
    for big_box in (BigBoxConfig(), table('portugal = "6/0/0"\ncaballero_cards = { 4 = [5, 4, 3, 1] }')):
        assert json.dumps(wizard("colonies", big_box).to_json()) == json.dumps(before)
    base = wizard("", table('america = "5/2/0"\ncaptain = 4'))
    assert base.to_json() == wizard("", None).to_json()
    assert wizard("intrigue", BigBoxConfig()).to_json() == wizard("intrigue", None).to_json()


def test_the_tables_scoreboard_and_seat_bonus_score_and_replay_from_the_journal(tmp_path):
    settings = wizard("colonies", table('america = "5/2/0"\ncaptain = 4\nenvoy = 1\nportugal = "6/0/0"'))
    assert settings.scoreboards == (("america", (5, 2, 0)),)
    assert settings.seat_bonuses == (("Captain", 4),)  # the Envoy's 1 is the default; Portugal not in play
    game = Game.new(settings, tmp_path / "game.jsonl")
    game.send(COLONIES_SETUP)
    to_the_regions(game)
    game.send(s.Scored("ship", (("blue", 1),), seats=(("Captain", "blue"),)))
    game.send(s.Scored("america", (("blue", 3), ("red", 2)), seats=(("Viceroy", "red"),)))
    assert points(game, "ship") == {"blue": 4}
    assert points(game, "america") == {"blue": 5, "red": 2 + 5}  # red's 1 counted + the Viceroy's 5
    assert game.state.values("america") == (5, 2, 0)
    scores = dict(game.state.scores)
    game.close()
    header = json.loads((tmp_path / "game.jsonl").read_text().splitlines()[0])["settings"]
    assert header["scoreboards"] == [["america", [5, 2, 0]]] and header["seat_bonuses"] == [["Captain", 4]]
    again = Game.from_record(read_only(tmp_path / "game.jsonl"))
    assert again.settings == settings and again.state.scores == scores


def test_the_tables_scoreboard_moves_a_region_between_the_groups_it_names():
    """A 5 for America's first makes it a 5-point region at a group scoring (the group follows the value)."""
    from companion.engine.scorings import special_regions

    game = Game.new(wizard("colonies", table('america = "5/2/0"')))
    game.send(COLONIES_SETUP)
    assert "america" in special_regions(game.state, "group5")
    assert "america" not in special_regions(game.state, "group4")


def test_the_intrigue_readings_reach_the_game():
    settings = wizard("intrigue", table(
        'caballero_cards = { 3 = [5, 3, 1] }\n[big_box.intrigue_cards.31]\nheads = 2\neffect = "bridge"\n'
        '[big_box.intrigue_cards.130]\ntitle = "Reposition"\neffect = "move_caballeros"'), players=3)
    assert settings.caballero_cards == (5, 3, 1)
    assert settings.intrigue_cards == (CardReading(31, heads=2, effect="bridge"),
                                       CardReading(130, effect="move_caballeros", title="Reposition"))
    assert Settings.from_json(json.loads(json.dumps(settings.to_json()))) == settings
    game = Game.new(settings)
    game.send(s.SetupDone(king="castilla", first="red",
                          homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"))))
    assert intrigue.cards_in_use(game.state) == (5, 3, 1)
    assert intrigue.card(130, game.state).title == "Reposition"
    assert intrigue.card(31, game.state).heads == 2 and 31 in intrigue.values(game.state)
    game.send(s.IntrigueCardPlayed("red", 31))  # a card the table added: playable
    assert game.state.played == {"red": 31}
    four = wizard("intrigue", table('caballero_cards = { 3 = [5, 3, 1] }'))
    assert four.caballero_cards == ()  # the 4-player set is the default


def test_the_kc_placement_reaches_a_king_and_colonies_game_and_the_other_modes_ignore_it():
    """A settings file is shared between games: the reading goes only where it means something."""
    reading = table('kc_placement = "action_card"')
    settings = wizard("king_colonies", reading)
    assert settings.kc_placement == "action_card"
    check_settings(settings)
    assert settings.to_json()["kc_placement"] == "action_card"
    assert Settings.from_json(json.loads(json.dumps(settings.to_json()))) == settings
    assert readings.lines(settings)[-1] == "Placing: played card's heads (table)"
    for mode in ("", "colonies", "intrigue", "grandissimo"):
        ignored = wizard(mode, reading, players=3)
        check_settings(ignored)  # a new game of another mode starts: not refused
        assert ignored.to_json() == wizard(mode, None, players=3).to_json()
    assert wizard("king_colonies", table('kc_placement = "caballero_card"')).to_json() == \
        wizard("king_colonies", None).to_json()
    assert readings.lines(wizard("king_colonies", None))[-1] == "Placing: Caballero card"


def test_the_players_edition_reaches_an_intrigue_game_and_a_mode_without_intrigue_ignores_it():
    reading = table("players_edition = true")
    for mode in ("intrigue", "king_colonies"):
        settings = wizard(mode, reading)
        assert settings.players_edition and settings.to_json()["players_edition"] is True
        check_settings(settings)
        assert "Players edition: King, Intrigant choose (table)" in readings.lines(settings)
    for mode in ("", "colonies", "grandissimo"):
        ignored = wizard(mode, reading, players=3)
        check_settings(ignored)
        assert ignored.to_json() == wizard(mode, None, players=3).to_json()
    assert "players_edition" not in wizard("intrigue", table("players_edition = false")).to_json()


@pytest.mark.parametrize("change,why", [
    ({"scoreboards": (("galicia", (5, 2, 0)),)}, "a scoreboard of 'galicia'"),
    ({"scoreboards": (("ship", (3, 0, 0)),)}, "a scoreboard of 'ship'"),
    ({"scoreboards": (("america", (2, 3, 0)),)}, "does not go down"),
    ({"scoreboards": (("america", (5, 0, 0)), ("america", (4, 0, 0)))}, "given twice"),
    ({"seat_bonuses": (("Admiral", 4),)}, "'Admiral' is not a seat of Grand Inquisitor & the Colonies"),
    ({"seat_bonuses": (("Captain", 99),)}, "the Captain's bonus must be 0 to 20, not 99"),
    ({"intrigue_cards": (CardReading(130, heads=3),)}, "card corrections are Intrigue & the King's"),
    ({"expansion": "", "edition": "classic", "seat_bonuses": (("Captain", 4),)}, "not the base game's"),
])
def test_a_damaged_header_is_refused_in_one_line(change, why):
    colonies = wizard("colonies", None)
    with pytest.raises(s.StepRefused, match=why) as refused:
        check_settings(dataclasses.replace(colonies, **change))
    assert "\n" not in str(refused.value)


def test_a_damaged_card_correction_is_refused_and_the_file_named(tmp_path):
    settings = wizard("intrigue", None)
    with pytest.raises(s.StepRefused, match="intrigue.cards.130.heads must be between 0 and 6, not 9"):
        check_settings(dataclasses.replace(settings, intrigue_cards=(CardReading(130, heads=9),)))
    path = tmp_path / "game.jsonl"
    Game.new(settings, path).close()
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["settings"]["intrigue_cards"] = [{"value": 130, "effect": "fly"}]
    path.write_text(json.dumps(header) + "\n")
    with pytest.raises(JournalError, match="game.jsonl: its settings make no game .*unknown effect kind 'fly'"):
        settings_of(read_only(path))


def test_the_menu_lists_the_readings_in_force():
    settings = wizard("colonies", table('america = "5/2/0"\ncaptain = 4'))
    assert readings.lines(settings) == ["France 3/1/0 · Ambassador +2 · Envoy +1", "The ship · Captain +4 (table)",
                                        "America 5/2/0 · Viceroy +5 (table)", "The Mediterranean 4/2/1"]
    cards = wizard("intrigue", table('caballero_cards = { 4 = [5, 4, 3, 1] }\n[big_box.intrigue_cards.130]\nheads = 3'))
    assert readings.lines(cards) == ["Caballero cards 5-4-3-1 (table)", "Card 130: heads 3 (table)"]
    assert readings.lines(wizard("grandissimo", None)) == ["Portugal 5/0/0"]


def test_this_games_settings_page_shows_the_readings_in_force():
    from companion.ui.screens.menu_sheets import game_settings

    game = Game.new(wizard("colonies", table('america = "5/2/0"\ncaptain = 4')))
    game.send(COLONIES_SETUP)
    shown = [line.text for line in game_settings(game).lines]
    assert "America 5/2/0 · Viceroy +5 (table)" in shown and "France 3/1/0 · Ambassador +2 · Envoy +1" in shown
    base = Game.new(wizard("", table('america = "5/2/0"')))
    assert not any("America" in line.text for line in game_settings(base).lines)


def test_the_controller_hands_the_settings_files_readings_to_the_wizard():
    from companion.ui.controller import Controller

    big_box = table('captain = 4')
    ui = Controller(lambda settings: Game.new(settings), big_box=big_box)
    assert ui.table.wizard.big_box is big_box  # type: ignore[union-attr]
