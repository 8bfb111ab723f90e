"""The new-game wizard by keys: going back through it, the variants a number of players may
have, the Old Hands cards, and the players' names from the roster or spelled."""


from companion.play.game import Game
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


def test_the_seats_start_in_the_boxs_order_and_one_ok_takes_them():
    t = Table()
    t.choose("El Grande 2023")
    seats = t.choose("2 players")
    assert seats.kind == "setup_seats" and seats.body.cursor == 0
    assert seats.body.items == ("These colours", "Seat 1 · Red", "Seat 2 · Blue", "Dummy · Green", "Name the players…")
    before = t.ui.presses
    assert t.press(OK).kind == "setup_variants" and t.ui.presses - before == 1
    t.press(BACK)
    t.choose("Seat 2 · ")
    assert t.screen.prompt == "Seat 2's colour" and t.screen.body.items[t.screen.body.cursor] == "Blue"
    screen = t.choose("Green")  # the dummy's: they change places
    assert screen.body.items == ("These colours", "Seat 1 · Red", "Seat 2 · Green", "Dummy · Blue", "Name the players…")
    t.choose("Dummy · ")
    t.choose("Black")
    t.choose("These colours")
    t.choose(BOARD)  # scores only
    t.choose("Start the game")
    t.choose("Companion draws all")
    settings = t.ui.game.settings
    assert settings.colours == ("red", "green") and settings.dummy == "black"


def test_changing_the_number_of_players_drops_a_variant_they_cannot_have():
    t = Table()
    t.choose("El Grande 2023")
    t.choose("3 players")
    t.choose("These colours")
    t.choose("4 action stacks")
    for _ in range(2):
        t.press(BACK)
    assert t.screen.kind == "setup_players"
    t.choose("4 players")
    t.choose("These colours")
    t.choose(BOARD)  # scores only
    t.choose("Start the game")
    t.choose("Companion draws all")
    assert t.ui.game is not None and not t.ui.game.settings.four_stacks


def test_players_have_names_from_the_roster_or_spelled_and_every_screen_uses_them():
    t = Table()
    t.ui = Controller(lambda settings: Game.new(settings), new_seed=lambda: 42, roster=("Ann", "Bo", "Cy"))
    t.choose("El Grande 2023")
    t.choose("3 players")
    t.choose("These colours")
    assert t.screen.kind == "setup_name" and t.screen.body.items == ("Ann", "Bo", "Cy", "Red", "Spell a name…")
    t.choose("Bo")
    assert t.screen.prompt == "Seat 2 (Blue): who?"
    assert "Bo" not in t.screen.body.items  # a name sits once
    t.choose("Spell a name")
    for key in ("Z", "O", "E", "space", "L", "⌫"):
        t.choose(key)
    assert t.screen.prompt == "Name: Zoe _"
    t.choose("Done")
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
    t.choose("These colours")
    king = t.choose("Start the game")
    assert king.kind == "setup_king" and king.prompt == "The King's region"
    assert king.body.items[:3] == ("Companion draws all", "Galicia", "Navarra") and king.body.cursor == 1
    before = t.ui.presses
    t.press(UP)
    assert t.press(OK).kind == "setup_drawn" and t.ui.presses - before == 2
    t.ui.undo()  # the setup undone: asked again, the King's page without Back
    again = t.screen
    assert again.kind == "setup_king" and again.body.cursor == 1 and again.keys[2] == "Menu"


def test_the_typical_tables_setup_is_15_presses():
    from companion.measure.key_scripts import TYPICAL_TABLE_KEYS

    line = next(line for line in TYPICAL_TABLE_KEYS.read_text(encoding="utf-8").splitlines() if "# new game" in line)
    # edition, players, the colours as they are, the variants as they are, the King 4 rows down (▼ held,
    # ▲), four homes (one ▼ held), first player: 15 (19 before ▼ held went half-way round)
    assert len(line.partition("#")[0].split()) == 15
