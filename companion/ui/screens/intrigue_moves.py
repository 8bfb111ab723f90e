"""Intrigue & the King: the turn's moves by the card (the King, a scoreboard, a Grande), each row
marked with the referee's reason where the special action performed does not allow it
(engine/modes/offers.py: the mode's own check of that move, asked before the table chooses)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.modes import offers
from companion.engine.modes import steps as s
from companion.ui.intents import Push
from companion.ui.screens.common import refusal
from companion.ui.screens.corrections import tile_page
from companion.ui.screens.turn_moves import grande_refused, grande_row, king_page
from companion.ui.words import tile_word

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def move_rows(game: Game, colour: str) -> tuple[list[tuple[str, object]], list[tuple[str, object]]]:
    """The King's row, then the scoreboard's and the Grande's (a scoring's rows go between them)."""
    state = game.state
    king: list[tuple[str, object]] = [("King moved", lambda: Push(king_page(game)))]
    tile = (tile_word(state).capitalize(), lambda: Push(tile_page(game, by_card=True)))  # the classic's word
    return king, [tile, grande_row(game, colour)]


def not_by_this_card(game: Game) -> dict[str, str]:
    """The turn page's rows of a move by the card (the King, a scoreboard, a Grande, a scoring) that
    the special action performed does not allow, each with the referee's one-line reason, by the row's
    label (issue 34: no page offers a refusal); a Veto only while its holder's own action is open to him."""
    state = game.state
    colour = state.active
    if colour is None:
        return {}
    labels = {"king": "King moved", "tile": tile_word(state).capitalize(), "grande": "Grande moved",
              "scoring": "Special scoring"}
    out = {labels[key]: why for key, why in offers.card_refusals(state).items()}
    if "Grande moved" not in out and state.grandes.get(colour):  # allowed by the action, every move refused
        out["Grande moved"] = grande_refused(game, colour)  # (the King on the Grande: the base game's offer)
    for holder in state.vetoes:  # the 40's Veto: only while its holder's own action is open to him (S:180)
        why = refusal(game, s.VetoUsed(holder)) if holder != colour else ""
        if why:
            out[f"{state.name(holder)} uses the Veto"] = why
    return out
