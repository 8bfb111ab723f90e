"""The screens' tour through games of the Big Box: Grand Inquisitor & the Colonies (the wizard's
mode, the black Caballeros' and the Limit table's region cards, a delivery, a new region's count
and its seats) and Intrigue & the King (its setup notice, a card played by value, the deal, a
turn's special action, a scoring card's turn, Quarantine) and The King & the Colonies (its setup
notice, a turn's choice with the Grand Inquisitor card, who may leave him, and the stack-7 card),
Grandissimo (the Queen & Jester card, the figures, the Jester's gift, the cards the table decides,
the Double turn). Part of the tour in catalogue.py, which the golden images and `screens` follow."""

from __future__ import annotations

from collections.abc import Iterator

from companion.measure.hands import BOARD, Hands, TourError, seat_colours
from companion.ui.grammar import BACK, KEY1, OK, UP
from companion.ui.view import Screen

COLONIES = "GI & Colonies"
INTRIGUE = "Intrigue & King"
KING_COLONIES = "King & Colonies"


def _classic_game(t: Hands, colours: tuple[str, ...], mode: str) -> None:
    """The wizard to its variants: the classic game, the seats' colours, scores only (the board
    recorded is the board tour's), the Big Box mode on."""
    t.choose("El Grande classic")
    t.choose(f"{len(colours)} players")
    seat_colours(t, colours)
    t.choose(BOARD)
    t.choose(mode)


def colonies_game(t: Hands) -> Iterator[tuple[str, Screen]]:
    """Four players of the classic game with the Colonies, to the first general scoring's France."""
    try:
        _classic_game(t, ("Red", "Blue", "Green", "Yellow"), COLONIES)
        yield "80-setup-variants-big-box", t.expect("setup_variants")
        t.choose("Start the game")
        t.choose("Castilla la Vieja")
        for home in ("Galicia", "Aragón", "Sevilla", "Granada"):
            t.choose(home)
        yield "81-setup-black", t.expect("setup_black")
        t.choose("Valencia")
        t.choose("Castilla la Nueva")
        yield "82-setup-limit", t.expect("setup_limit")
        t.choose("Cataluña")
        t.choose("Red")
        yield "79-colonies-setup", t.expect("big_box_setup")  # what the table does before round 1
        t.press(OK)
        t.press(KEY1, long=True)
        yield "91-map-big-box", t.choose("Map")  # Spain, black in Valencia and Toledo; OK: the next page
        yield "92-map-beyond-spain", t.press(OK)
        t.press(OK)
        for round_ in range(3):
            while t.kind == "power_cards":
                t.press(OK)  # the lowest card left
            while t.kind in ("turn_card", "turn"):
                if t.kind == "turn_card":
                    body = t.screen.body  # (the cards left: a taken one keeps its row, marked)
                    offered = " ".join(item for item, mark in zip(getattr(body, "items", ()), getattr(body, "marks", ()))
                                       if not mark)
                    t.choose("Grand Inquisitor" if round_ == 0 and "Grand Inquisitor" in offered else "Stack")
                else:
                    t.choose("End the turn")
            if round_ == 1:
                t.press(KEY1, long=True)
                t.choose("Gold or wares delivered")
                yield "83-delivery", t.point("Blue: gold")
                t.press(OK)
            while t.kind in ("round_over",):
                t.press(OK)
        while t.kind in ("discs", "scoring") and not t.screen.prompt.startswith("France"):
            t.press(OK)
        yield "84-scoring-france", t.expect("scoring")
        t.set_counts({"Red": 2, "Blue": 1})
        t.press(OK)
        yield "85-seat", t.expect("seat")
        t.press(UP)  # from nobody round to Blue
        t.press(OK)
    finally:
        if t.ui.game is not None:
            t.ui.game.close()


def intrigue_game(t: Hands) -> Iterator[tuple[str, Screen]]:
    """Three players of the classic game with Intrigue & the King, into the first turn."""
    try:
        _classic_game(t, ("Red", "Blue", "Green"), INTRIGUE)
        t.choose("Start the game")
        t.choose("Castilla la Vieja")
        for home in ("Galicia", "Aragón", "Sevilla"):
            t.choose(home)
        t.choose("Red")  # plays the first card (S:166)
        yield "86-intrigue-setup", t.expect("big_box_setup")
        t.press(OK)
        t.expect("intrigue_card")
        yield "87-intrigue-card", t.point("145")
        t.press(OK)
        t.choose(" 20")
        t.choose("100")
        yield "88-intrigue-deal", t.expect("intrigue_deal")
        t.press(OK)
        yield "89-intrigue-action", t.expect("intrigue_action")  # 3 players: the King's holder may choose
        t.choose("Card 145")
        yield "90-intrigue-turn", t.expect("turn")
        t.choose("End the turn")
        while t.kind in ("intrigue_action", "turn"):  # the round's other turns: their first action, ended
            t.press(OK) if t.kind == "intrigue_action" else t.choose("End the turn")
        while t.kind == "round_over":
            t.press(OK)
        for value in (" 93", " 90", " 10"):  # the 93 played as its player's own action (Quarantine, S:186)
            t.choose(value)
        t.expect("intrigue_deal")
        t.press(OK)
        while t.kind == "intrigue_action" and "Card 93" not in " ".join(getattr(t.screen.body, "items", ())):
            t.press(OK)
            t.choose("End the turn")
        t.choose("Card 93")
        yield "67-turn-quarantine", t.point("Quarantine")  # 2 lists: the scoreboard, the region (S:186)
        yield "68-quarantine-tile", t.choose("Quarantine")
        t.press(OK)
        t.choose("País Vasco")
    finally:
        if t.ui.game is not None:
            t.ui.game.close()


def king_colonies_game(t: Hands) -> Iterator[tuple[str, Screen]]:
    """Four players of the classic game with The King & the Colonies, into the first turn's choice."""
    try:
        _classic_game(t, ("Red", "Blue", "Green", "Yellow"), KING_COLONIES)
        t.choose("Start the game")
        t.choose("Castilla la Vieja")
        for home in ("Galicia", "Aragón", "Sevilla", "Granada"):
            t.choose(home)
        t.choose("Valencia")
        t.choose("Castilla la Nueva")
        t.choose("Cataluña")
        t.choose("Red")  # plays the first card (S:166)
        yield "97-king-colonies-setup", t.expect("big_box_setup")  # the Colonies' 2 by the disc (S:269)
        t.press(OK)
        for value in ("130", " 60", " 25", "180"):  # Yellow the King, Green the Intrigant (S:167)
            t.choose(value)
        t.expect("intrigue_deal")
        t.press(OK)
        yield "98-king-colonies-action", t.expect("intrigue_action")  # or the two cards (S:273)
        t.choose("Grand Inquisitor")
        yield "34-turn-leave-inquisitor", t.point("Grand Inquisitor stays")  # 1 OK: he "may" (S:242)
        t.choose("End the turn")
        yield "99-king-colonies-action-taken", t.expect("intrigue_action")  # one taker a round
    finally:
        if t.ui.game is not None:
            t.ui.game.close()


def grandissimo_game(t: Hands) -> Iterator[tuple[str, Screen]]:
    """Three players of the classic game with Grandissimo: its own choice in the wizard, the
    Queen & Jester card's rows on the turn, and the figures and tokens from the menu."""
    try:
        _classic_game(t, ("Red", "Blue", "Green"), "Grandissimo")
        yield "93-setup-variants-grandissimo", t.point("  Black take places")
        t.choose("Start the game")
        t.choose("Companion draws all")
        while t.kind in ("setup_drawn", "big_box_setup"):
            t.press(OK)
        while t.kind == "power_cards":
            t.press(OK)
        t.choose("Queen & Jester")  # the first to take a card takes stack 7
        yield "94-turn-queen-and-jester", t.expect("turn")
        t.choose("Take the Queen")
        t.press(KEY1, long=True)
        yield "95-holdings", t.choose("Figures and tokens")
        yield "96-holding-to", t.choose("Ship token 1")
        t.choose("Blue")
        t.press(KEY1, long=True)
        t.choose("Figures and tokens")
        t.choose("Jester")
        t.choose("Red")  # the Jester's holder gives on his own turn (S:390)
        t.choose("End the turn")
        _to_turn_card(t, "Red")
        t.choose("Stack 6")
        yield "17-turn-table-decides", t.point("Table decides: Revolution")  # 1 OK each (S:393-397)
        yield "69-jester-gift", t.choose("Jester: give a Caballero")  # 1 list, 1 OK (S:390)
        t.choose("Blue")
        yield "18-double-turn", t.choose("Double turn: 2nd card")  # its stack; the rest the table's (S:393)
        t.choose("Stack 4")
        t.choose("End the turn")
        _to_turn_card(t, "Blue")
        t.press(OK)
        yield "19-gift-placed", t.choose("Place Red's gift")  # 1 list, 1 OK (S:390, S:399)
        t.choose("Portugal")
    finally:
        if t.ui.game is not None:
            t.ui.game.close()


def _to_turn_card(t: Hands, colour: str) -> None:
    """On through the Power cards and the others' turns (each its first card, ended) to ``colour``'s."""
    for _ in range(60):
        if t.kind == "turn_card" and t.screen.headline.endswith(colour):
            return
        if t.kind == "turn":
            t.choose("End the turn")
        else:
            t.press(OK)
    raise TourError(f"no turn of {colour}'s came: {t.screen}")


def colonies_board_game(t: Hands) -> Iterator[tuple[str, Screen]]:
    """Four players of the Colonies with the board recorded: the setup's secret discs, the King's
    card placing into France and onto the ship, a sail to America the next round, the map beyond
    Spain."""
    try:
        t.choose("El Grande classic")
        t.choose("4 players")
        seat_colours(t, ("Red", "Blue", "Green", "Yellow"))
        t.choose(COLONIES)  # the board stays recorded
        t.choose("Start the game")
        for region in ("Cataluña", "Galicia", "Aragón", "Sevilla", "Granada", "Valencia", "Castilla la Nueva",
                       "Castilla la Vieja", "Red"):
            t.choose(region)  # the King, four homes, the black pairs, the Limit table, the first player
        t.expect("big_box_setup")
        yield "73-setup-discs", t.press(OK)
        yield "74-setup-disc", t.press(OK)
        for region in ("País Vasco", "Cataluña", "Castilla la Nueva", "none"):
            t.choose(region)  # Blue names the King's region: his 2 stay in the Court
        while t.kind == "power_cards":
            t.press(OK)  # the lowest card left
        king, sailed = False, False
        for _round in range(2):
            while t.kind in ("turn_card", "turn", "placements") or t.screen.prompt == "King to which region?":
                items = getattr(t.screen.body, "items", ())
                if t.kind == "turn_card" and not king:
                    king = True
                    t.choose("King's card")
                    t.press(BACK)  # the King stays in Cataluña
                    yield "75-placements-france-ship", t.choose("Place Caballeros")
                    t.counts({"France": 2, "Ship": 2})
                elif t.kind == "turn_card":
                    t.choose("Stack")
                elif t.kind == "turn" and "Sail" in items and not sailed:
                    sailed = True
                    yield "76-turn-sail", t.point("Sail")
                    yield "77-sail-from", t.choose("Sail")
                    yield "78-sail-to", t.choose("Ship")
                    t.choose("America")
                    t.press(OK)  # all of them
                elif t.kind == "turn":
                    t.choose("End the turn")
                elif t.kind == "placements":
                    t.counts({})  # nothing placed from the card's page
                else:
                    t.press(BACK)  # the King's page: he stays
            while t.kind in ("round_over", "power_cards"):
                t.press(OK)
        t.press(KEY1, long=True)
        t.choose("Map")
        yield "66-map-beyond-spain-board", t.press(OK)  # 2 in France, 2 in America
    finally:
        if t.ui.game is not None:
            t.ui.game.close()
