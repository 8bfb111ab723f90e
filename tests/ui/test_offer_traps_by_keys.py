"""Issue 34's two traps, played as a new user would: a card's own move opened at once whose
obvious OK the referee refused. Each page now lists the engine's offer (companion/engine/offers):
what cannot be done is said before the choice, and the cursor never starts on it."""

from companion.engine import steps as s
from companion.ui.grammar import OK, UP
from tests.ui.keys_table import BOARD, Table, name_cards, new_game, play_power_cards


def red_takes(title: str, *board: s.Step) -> Table:
    """3 players, 2023, the board recorded, the King in Toledo, Red at home in Galicia; ``board``:
    corrections made before the round; Red (who plays first) takes ``title`` from stack 4."""
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=[BOARD], king="Toledo", homes=["Galicia", "Aragón", "Sevilla"])
    for step in board:
        t.ui.send(step)
    name_cards(t, "not said", "not said", "not said", title)
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose(title)
    return t


def test_adopted_home_with_the_king_on_the_grande_never_opens_a_grande_page_whose_ok_is_refused():
    t = red_takes("Adopted Home", s.KingMoved("galicia"))  # the King stands on Red's Grande
    assert t.ui.game.state.grandes["red"] == t.ui.game.state.king == "galicia"
    # The Grande cannot move: the card's placements open instead of a page whose every OK is refused
    assert t.screen.kind == "placements"
    turn = t.press(OK)  # the card's Caballeros as pre-filled
    assert turn.kind == "turn" and not turn.error
    body = turn.body
    row = body.items.index("Grande moved")
    assert body.marks[row] == "not now" and body.items[body.cursor] != "Grande moved"
    while t.screen.body.cursor != row:
        t.press(UP)
    assert "King's region" in t.screen.error  # said before the choice, the cursor on its row
    steps = len(t.ui.game.steps)
    said = t.choose("Grande moved")
    assert said.kind == "turn" and "King's region" in said.error and len(t.ui.game.steps) == steps


def test_enactment_s_tile_list_never_starts_on_the_tile_in_the_kings_region_and_its_default_oks_are_accepted():
    t = Table()
    new_game(t, "2023", ["red", "blue", "green"], variants=[BOARD], king="Toledo", homes=["Galicia", "Aragón", "Sevilla"])
    first = next(iter(t.ui.game.state.tiles))
    t.ui.send(s.TileMoved(first, "navarra"))
    t.ui.send(s.KingMoved("navarra"))  # the King on the first tile
    name_cards(t, "not said", "not said", "not said", "Enactment")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    tiles = t.choose("Enactment")
    assert tiles.kind == "tile"
    body = tiles.body
    assert body.items[body.cursor].split(",")[0] != first  # not the tile that cannot move
    row = next(i for i, item in enumerate(body.items) if item.startswith(first))
    assert body.marks[row] == "not now" and not tiles.error
    steps = len(t.ui.game.steps)
    region = t.press(OK)
    assert region.kind == "region" and not region.error
    placements = t.press(OK)  # the default OKs: the tile moved, the placements next
    assert not placements.error and placements.kind == "placements"
    moved = t.ui.game.steps[steps]
    assert isinstance(moved, s.TileMoved) and moved.tile != first and moved.by_card
