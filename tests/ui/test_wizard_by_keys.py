"""The new-game wizard by keys: going back through it, the variants a number of players may
have, the Old Hands cards, and the players' names from the roster or spelled."""

import pytest

from companion.game.game import Game
from companion.ui.controller import Controller
from companion.ui.grammar import BACK, OK, UP
from tests.ui.keys_table import BOARD, Table, new_game


def test_old_hands_cards_are_chosen_in_the_wizard_and_named_like_any_card():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=["Old Hands: Veto", "Old Hands: Rivalries"],
             homes=["Galicia", "Aragón", "Sevilla"], king="Castilla")
    assert t.ui.game.settings.old_hands == ("veto", "rivalries")
    t.press(UP, long=True)
    t.choose("This game's settings")
    text = " ".join(" ".join(row.text for row in t.screen.body.rows).split())
    assert "Variants: Secret Castillo, Old Hands: Veto, Old Hands: Rivalries Seed" in text
    t.press(BACK)
    t.press(BACK)
    t.press(UP, long=True)
    t.choose("Cards showing this round")
    t.choose("Stack 2 · ")
    assert "Veto" in t.screen.body.items and t.screen.prompt == "Stack 2 shows"


@pytest.mark.parametrize("players,colours,again", [
    (4, ["Red", "Blue", "Green", "Yellow"], "Black"),
    (2, ["Red", "Blue", "Green"], "Black"),  # the third is the dummy's colour
])
def test_back_from_the_variants_changes_the_last_colour(players, colours, again):
    t = Table()
    t.choose("El Grande 2023")
    t.choose(f"{players} players")
    for colour in colours:
        t.choose(colour)
    assert t.screen.kind == "setup_variants"
    t.press(BACK)
    t.choose(again)
    t.choose(BOARD)  # scores only
    t.choose("Start the game")
    t.choose("Companion draws all")
    settings = t.ui.game.settings
    chosen = [p.colour for p in settings.players] + ([settings.dummy] if settings.dummy else [])
    assert chosen == [c.lower() for c in colours[:-1]] + [again.lower()]


def test_changing_the_number_of_players_drops_a_variant_they_cannot_have():
    t = Table()
    t.choose("El Grande 2023")
    t.choose("3 players")
    for colour in ("Red", "Blue", "Green"):
        t.choose(colour)
    t.choose("4 action stacks")
    for _ in range(4):
        t.press(BACK)
    assert t.screen.kind == "setup_players"
    t.choose("4 players")
    for colour in ("Red", "Blue", "Green", "Yellow"):
        t.choose(colour)
    t.choose(BOARD)  # scores only
    t.choose("Start the game")
    t.choose("Companion draws all")
    assert t.ui.game is not None and not t.ui.game.settings.four_stacks


def test_players_have_names_from_the_roster_or_spelled_and_every_screen_uses_them():
    t = Table()
    t.ui = Controller(lambda settings: Game.new(settings), new_seed=lambda: 42, roster=("Ann", "Bo", "Cy"))
    t.choose("El Grande 2023")
    t.choose("3 players")
    t.choose("Red")
    assert t.screen.kind == "setup_name" and t.screen.body.items == ("Ann", "Bo", "Cy", "Red", "Spell a name…")
    t.choose("Bo")
    t.choose("Blue")
    assert "Bo" not in t.screen.body.items  # a name sits once
    t.choose("Spell a name")
    for key in ("Z", "O", "E", "space", "L", "⌫"):
        t.choose(key)
    assert t.screen.prompt == "Name: Zoe _"
    t.choose("Done")
    t.choose("Green")
    t.choose("Green")  # the colour's own name
    t.choose(BOARD)  # scores only
    t.choose("Start the game")
    t.choose("Companion draws all")
    assert [p.name for p in t.ui.game.settings.players] == ["Bo", "Zoe", "Green"]
    t.press(OK)
    assert any(name in t.screen.headline for name in ("Bo", "Zoe", "Green"))


def test_the_setup_starts_on_the_kings_region_and_the_companion_draws_one_row_up():
    # Issue 22: a table entering the setup from its region cards answers the King's card first
    # (no page before it asks how); the companion's draw is the row above the regions.
    t = Table()
    t.choose("El Grande 2023")
    t.choose("4 players")
    for colour in ("Red", "Blue", "Green", "Yellow"):
        t.choose(colour)
    king = t.choose("Start the game")
    assert king.kind == "setup_king" and king.prompt == "The King's region"
    assert king.body.items[:3] == ("Companion draws all", "Galicia", "Navarra") and king.body.cursor == 1
    before = t.ui.presses
    t.press(UP)
    assert t.press(OK).kind == "setup_drawn" and t.ui.presses - before == 2
    t.ui.undo()  # the setup undone: asked again, the King's page without Back
    again = t.screen
    assert again.kind == "setup_king" and again.body.cursor == 1 and again.keys[2] == "Menu"


def test_the_typical_tables_setup_is_22_presses():
    from companion.tour.demo import TYPICAL_TABLE_KEYS

    line = next(line for line in TYPICAL_TABLE_KEYS.read_text(encoding="utf-8").splitlines() if "# new game" in line)
    # edition, players, four colours, the variants as they are, the King 4 rows down, four homes, first player
    assert len(line.partition("#")[0].split()) == 22
