"""The map screen: Spain on the panel with every place's Caballeros, the King, the Grandes and
the scoring tiles, readable in 1-bit and never drawn outside its cells."""

from PIL import ImageChops

from companion.engine import steps as s
from companion.engine.settings import Player, Settings
from companion.play.game import Game
from companion.ui.draw.map import COLUMNS, ROWS
from companion.ui.draw.render import layout, render
from companion.ui.screens.common import View
from companion.ui.screens.map import map_page, spain_map
from companion.ui.view import Map, Place, Screen

FIVE = tuple(Player(n, c) for n, c in (("Ann", "red"), ("Bo", "blue"), ("Cy", "green"), ("Di", "yellow"),
                                        ("Ed", "black")))


def five_player_game() -> Game:
    game = Game.new(Settings(edition="classic", players=FIVE, seed=3, board=True))
    game.send(s.SetupDone(king="toledo", first="red", homes=(
        ("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "valencia"), ("black", "navarra"))))
    game.send(s.CountsCorrected("aragon", (("red", 12), ("green", 3), ("yellow", 1), ("black", 4))))
    game.send(s.CastilloCorrected("blue", 3))
    game.send(s.TileMoved("8/4/0", "aragon"))
    return game


def test_the_map_holds_every_place_with_the_boards_counts():
    board = spain_map(five_player_game())
    places = {p.name: p for p in board.places}
    assert len(places) == 10 and {p.at for p in board.places} == {(c, r) for c in range(4) for r in range(3)} - {
        (2, 2), (3, 2)}
    aragon = places["Aragón"]
    assert aragon.counts == (("R", 12), ("B", 2), ("G", 3), ("Y", 1), ("K", 4))  # black is K: B is blue
    assert aragon.grandes == ("B",) and aragon.tiles == ("8",)
    assert places["C. Nueva"].king and not places["Aragón"].king  # the classic's Toledo, short for a cell
    assert {"C. Vieja", "P. Vasco"} <= set(places)
    assert places["Castillo"].counts == (("B", 3),)
    assert board.legend[:5] == ("R Ann", "B Bo", "G Cy", "Y Di", "K Ed")


def test_a_secret_castillo_shows_only_who_is_in():
    board = spain_map(five_player_game(), View(hide_castillo=True))
    castillo = next(p for p in board.places if p.name == "Castillo")
    assert castillo.counts == (("B", None),)


def cell_ink_outside(image, box, cells):
    """Pixels inked outside every cell's box within the body box."""
    mask = image.copy()
    for x0, y0, x1, y1 in cells:
        mask.paste(1, (x0, y0, x1, y1))
    return ImageChops.invert(mask.convert("L").crop(box)).getbbox()


def test_five_colours_in_one_region_stay_inside_its_cell():
    page = map_page(five_player_game(), View())
    screen = page.screen()
    image = render(screen)
    lay = layout()
    # The body starts under the headline; each cell is a quarter of its width and a third of its height.
    body = (lay.content.x0, lay.content.y0 + 24, lay.content.x1, lay.content.y1 - 1)
    w, h = (body[2] - body[0]) // COLUMNS, (body[3] - body[1]) // ROWS
    cells = [(body[0] + c * w, body[1] + r * h, body[0] + (c + 1) * w, body[1] + (r + 1) * h)
             for c in range(COLUMNS) for r in range(ROWS)]
    assert cell_ink_outside(image, body, cells) is None
    # Aragón's cell (column 2, row 0) holds its five counts: it has ink on its count lines.
    x0, y0, x1, y1 = cells[2 * ROWS + 0]
    assert ImageChops.invert(image.convert("L").crop((x0 + 2, y0 + 13, x1 - 2, y0 + 37))).getbbox() is not None


def test_turned_to_portrait_the_map_folds_into_two_columns_and_draws_every_place():
    game = five_player_game()
    screen = map_page(game, View()).screen()
    portrait = render(screen, (176, 264))
    assert portrait.size == (176, 264)
    histogram = portrait.convert("L").histogram()
    assert histogram[255] > histogram[0] > 0


def test_the_map_is_in_the_menu_and_ok_returns_to_the_game():
    from companion.ui.controller import Controller
    from companion.ui.grammar import KEY1, OK

    ui = Controller(lambda settings: None, game=five_player_game())
    ui.press(KEY1, long=True)
    items = ui.screen().body.items
    for _ in range(items.index("Map")):
        ui.press(1)  # KEY2: next
    ui.press(OK)
    assert ui.screen().kind == "map" and isinstance(ui.screen().body, Map)
    ui.press(OK)
    assert ui.screen().kind not in ("map", "menu")


def test_an_empty_place_is_just_its_name():
    image = render(Screen("map", "h", body=Map((Place("Galicia", (0, 0)),))))
    assert image.size == (264, 176)
