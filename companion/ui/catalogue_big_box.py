"""The screens' tour through a game of the Big Box: Grand Inquisitor & the Colonies (the wizard's
mode, the black Caballeros' and the Limit table's region cards, a delivery, a new region's count
and its seats). Part of the tour in catalogue.py, which the golden images and `screens` follow."""

from __future__ import annotations

from collections.abc import Iterator

from companion.ui.grammar import KEY1, OK, UP
from companion.ui.hands import Hands
from companion.ui.view import Screen

COLONIES = "Big Box: GI & Colonies"


def colonies_game(t: Hands) -> Iterator[tuple[str, Screen]]:
    """Four players of the classic game with the Colonies, to the first general scoring's France."""
    try:
        t.choose("El Grande classic")
        t.choose("4 players")
        for colour in ("Red", "Blue", "Green", "Yellow"):
            t.choose(colour)
        t.choose(COLONIES)  # (switches the board off: the Big Box keeps scores only for now)
        yield "80-setup-variants-big-box", t.expect("setup_variants")
        t.choose("Start the game")
        t.choose("Enter from the cards")
        t.choose("Castilla la Vieja")
        for home in ("Galicia", "Aragón", "Sevilla", "Granada"):
            t.choose(home)
        yield "81-setup-black", t.expect("setup_black")
        t.choose("Valencia")
        t.choose("Castilla la Nueva")
        yield "82-setup-limit", t.expect("setup_limit")
        t.choose("Cataluña")
        t.choose("Red")
        t.press(KEY1, long=True)
        yield "86-map-big-box", t.choose("Map")  # Spain, black in Valencia and Toledo; OK: the next page
        yield "87-map-beyond-spain", t.press(OK)
        t.press(OK)
        for round_ in range(3):
            while t.kind == "power_cards":
                t.press(OK)  # the lowest card left
            while t.kind in ("turn_card", "turn"):
                if t.kind == "turn_card":
                    offered = " ".join(getattr(t.screen.body, "items", ()))
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
