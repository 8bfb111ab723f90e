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


def test_intrigue_s_grande_card_with_the_king_on_the_grande_says_why_before_ok_and_sends_nothing():
    """Intrigue & the King, the board recorded: Ann performs her own card 80 (a Grande moves) with
    the King on her Grande. The card allows the move, but none of its moves may be made: the turn
    page marks *Grande moved* and says why while the cursor is on it, before OK; OK says it again."""
    from companion.engine.modes import steps as ik
    from companion.engine.settings import REVISION, Player, Settings
    from companion.play.game import Game
    from companion.ui.controller import Controller
    from companion.ui.grammar import DOWN

    players = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"), Player("Di", "yellow"))
    game = Game.new(Settings(edition="classic", players=players, seed=7, revision=REVISION, expansion="intrigue",
                             board=True))
    ui = Controller(lambda settings: Game.new(settings), game=game)
    ui.send(s.SetupDone(king="castilla", first="red", homes=(
        ("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "granada"))))
    ui.send(s.KingMoved("galicia"))  # the King on Ann's Grande
    for value in (80, 130, 25, 180):  # Di's 180: the King's card, Cy's 25: the Intrigue card; Ann's own 80
        ui.send(ik.IntrigueCardPlayed(game.prompt.colour, value))
    for colour in ("yellow", "blue"):
        ui.send(s.TurnEnded(colour))
    assert game.state.active == "red" and game.state.king == game.state.grandes["red"] == "galicia"
    body = ui.screen().body
    row = body.items.index("Grande moved")
    assert body.marks[row] == "not now" and body.cursor != row
    while ui.screen().body.cursor != row:
        ui.press(DOWN)
    assert "King's region" in ui.screen().error  # said before the choice, the cursor on its row
    steps = len(game.steps)
    ui.press(OK)
    said = ui.screen()
    assert said.kind == "turn" and "King's region" in said.error and len(game.steps) == steps
