"""The screens' tour through short games of the 2023 edition, each to the screen it is there for:
two players with the dummy, three recording the board (placements, the map, a Court intake; a
take naming its card, Intrigue, and its move's how many) and three with New Regency (Chalet).
Part of the tour in catalogue.py, which the golden images and `screens` follow."""

from __future__ import annotations

from collections.abc import Iterator

from companion.measure.hands import Hands, dummy_game, name_shown
from companion.measure.whole_game import power_cards
from companion.ui.grammar import BACK, DOWN, KEY1, OK, UP
from companion.ui.view import Screen, Spinners


def two_player_game(t: Hands) -> Iterator[tuple[str, Screen]]:
    """Two players of the 2023 edition with the dummy, the setup drawn: the dummy's round start
    and the card it takes."""
    try:
        dummy_game(t)
        yield "10-setup-drawn", t.expect("setup_drawn")
        t.press(OK)
        yield "11-dummy-round-start", t.expect("dummy")
        t.press(OK)
        yield "13-power-cards-with-dummy", t.expect("power_cards")
        power_cards(t, {"Red": 13, "Blue": 1})
        # The dummy takes its card when its Power card's turn comes.
        for _ in range(20):
            if t.kind == "dummy":
                break
            if t.kind == "turn_card":
                t.choose("Stack")
            else:
                t.choose("End the turn")
        yield "28-dummy-takes-a-card", t.expect("dummy")
        t.press(OK)
    finally:
        if t.game is not None:
            t.game.close()


def two_player_round_two(t: Hands) -> Iterator[tuple[str, Screen]]:
    """The same game to round 2, which begins on its first Power card: the round-over page folded
    in (the First Player, new cards, the dummy's moves above the cards)."""
    try:
        dummy_game(t)
        for _ in range(40):  # round 1: the first stack left each turn, every notice read
            if t.kind == "power_cards":
                if t.game is not None and t.game.state.round == 2:
                    break
                power_cards(t, {"Red": 13, "Blue": 1})
            elif t.kind == "turn_card":
                t.choose("Stack")
            elif t.kind == "turn":
                t.choose("End the turn")
            else:
                t.press(OK)
        yield "29-power-cards-round-start", t.expect("power_cards")
    finally:
        if t.game is not None:
            t.game.close()


def board_game(t: Hands) -> Iterator[tuple[str, Screen]]:
    """Three players recording the board: Red takes a card and places 2 in Aragón and 1 in the
    Castillo, the card not named: Back from the page that opens with the take (whose OK rows name
    the card), *Place Caballeros* on the turn page, whose page adds the OK that names none."""
    try:
        t.set_up(("Red", "Blue", "Green"), ("Board recorded",), king="Toledo")
        power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
        t.choose("Stack 3")
        t.expect("placements")  # (its OK rows name the card: the likeliest's the OK row)
        t.press(BACK)
        t.choose("Place Caballeros")
        yield "42-placements", t.expect("placements")  # the card's 3 in Aragón, the cursor on OK
        t.press(DOWN)  # round to the Castillo
        t.press(OK)  # + takes one of Aragón's 3
        yield "43-placements-set", t.expect("placements")
        while isinstance(body := t.screen.body, Spinners) and body.cursor != len(body.rows):
            t.press(UP)  # round to the OK row naming no card, the farthest up
        t.press(OK)  # the card not named, all placed: stack 3 may hold a scoring card, so the turn
        yield "44-placed", t.expect("turn")  # waits on it: a row per card, the likeliest's (issue 35)
        t.choose("End the turn")  # no special action
        t.expect("turn_card")
        t.press(KEY1, long=True)
        yield "47-map", t.choose("Map")
        t.press(OK)
        t.choose("Stack 1")  # Green, whose 5 brought 4 to the Court
        t.press(BACK)  # leave the placements: the cursor starts on their OK row
        yield "48-intake", t.choose("Court intake")
        t.press(BACK)
    finally:
        if t.game is not None:
            t.game.close()


def name_card_game(t: Hands) -> Iterator[tuple[str, Screen]]:
    """Three players recording the board, the card named at its action (issue 35): Red's Stack 1
    asks nothing; its 1 Caballero's list of places opens (Castilla), then the turn page lists the
    stack's cards, the likeliest under the cursor (engine/offers/take.py ``to_name``). Red names
    Intrigue there (move up to 2 own and 2 others' Caballeros), whose OK opens its move: Blue's from
    Aragón, Blue's home with its 2, to where and how many in one list: the card lets 1 or 2 go, so
    each place is two rows (card_moves.py), "Sevilla: 1", "Sevilla: 2"; both to Sevilla."""
    try:
        t.set_up(("Red", "Blue", "Green"), ("Board recorded",), king="Toledo")
        power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
        t.choose("Stack 1")
        t.choose("Castilla")  # its 1 Caballero: a list of places
        yield "41-name-card", t.expect("turn")
        t.choose("Intrigue")
        t.expect("who")
        t.choose("Blue")
        yield "41-to-how-many", t.expect("region")  # Blue's only region, Aragón: from where is not asked
        t.choose("Sevilla: 2")  # both: the others' 2 used, Red's own next (or Done moving)
        t.expect("region")
    finally:
        if t.game is not None:
            t.game.close()


def new_regency_game(t: Hands) -> Iterator[tuple[str, Screen]]:
    """Three players with New Regency: the 5th stack shows Chalet, and Red takes it."""
    try:
        t.set_up(("Red", "Blue", "Green"), ("New Regency",))
        t.press(UP, long=True)
        t.choose("Cards showing this round")
        name_shown(t, {5: "Chalet"})
        power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
        t.choose("Chalet")
        t.choose("Chalet: King to fewest")
        yield "29-chalet", t.expect("chalet")
        t.choose("Aragón")
        t.expect("turn")
    finally:
        if t.game is not None:
            t.game.close()

