"""Intrigue & the King: a round's card play, the special action a turn begins with, the turn.

RULES-EXPANSIONS.md §1 ("S:n" = seed 004, line n): the companion keeps the card values, the deal
and the throws; with the board recorded also the placements and the Court intake the player enters,
and the Intrigue card's moves as the turn's Move Caballeros.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.modes import offers
from companion.engine.modes import steps as s
from companion.engine.table import standing
from companion.rules.big_box.intrigue_round import GRAND_INQUISITOR, INTRIGUE_ACTION, KING_ACTION, STACK_7
from companion.ui.intents import Send
from companion.ui.pages import ListPage, Page
from companion.ui.screens import intrigue_turn
from companion.ui.screens.common import MENU_KEY, View
from companion.ui.screens.turn_moves import king_page

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game

#: An I&K card's effect kind in a few words (a row: "Card 20: place anywhere").
EFFECT_SHORT = {
    "move_king_anywhere": "King anywhere", "intrigue": "move Cab.", "place_anywhere": "place anywhere",
    "place_five": "place 5", "veto": "a Veto", "score_region": "score a region", "score_castillo": "the Castillo",
    "special_scoring": "a scoring", "grandes_by_disc": "Grandes by disc", "opponent_grandes_by_disc": "Grandes move",
    "move_caballeros": "move Cab.", "move_grande": "a Grande moves", "move_castillo": "move Castillo",
    "send_back": "send back", "move_scoreboard": "scoreboards", "quarantine": "Quarantine", "bridge": "the bridge",
    "joker": "Joker", "unknown": "its action",
}


def card_label(value: int, game: Game | None = None) -> str:
    """A card in the list: its value right-aligned, and its title where the sources (or the table) know its face."""
    card = offers.intrigue_card(value, game.state if game else None)
    return f"{value:>3}" + (f" {card.title}" if card.effect != "unknown" else "")


def cards(game: Game) -> Page:
    """The next player clockwise from the lead plays a card: the values he has not played and
    nobody played this round (S:166), lowest first. The cursor on the lowest: it and the highest
    (one ▲ away) are the cards that take the Intrigue card and the King's card."""
    p = game.prompt
    colour = p.colour
    assert colour is not None
    return ListPage("intrigue_card", p.headline, p.asks, lambda v: Send(s.IntrigueCardPlayed(colour, v)),
                    items=[(card_label(v, game), v) for v in p.choices], **MENU_KEY)


def action_label(game: Game, colour: str, action: str) -> str:
    if action == KING_ACTION:
        return "King's card: move King"
    if action == INTRIGUE_ACTION:
        return "Intrigue card's action"
    if action == GRAND_INQUISITOR:  # The King & the Colonies (S:273): he holds him, places 3
        return "Grand Inquisitor · 3 Cab."
    if action == STACK_7:  # its number is unknown (1-5 assumed); its discs: Menu, Gold or wares
        return "Stack 7 card · 1-5 Cab."
    value = game.state.played[colour]
    return f"Card {value}: {EFFECT_SHORT[offers.intrigue_card(value, game.state).effect]}"


def turn(game: Game, view: View = View()) -> Page:
    """A turn: first the special action (the holders' choice with 2-3 players, S:170-175; in K&C
    also the Grand Inquisitor card and the stack-7 card while nobody has taken it, S:273), then
    what happens on the board (intrigue_turn.py). An action without a choice is recorded with the step that began
    the turn (companion/engine/flow.py: ``without_a_choice``): its page shows only in a game recorded before that."""
    p = game.prompt
    colour = p.colour
    assert colour is not None
    if "SpecialActionChosen" in p.expects:
        items = [(action_label(game, colour, action), action) for action in p.choices]
        return ListPage("intrigue_action", p.headline, p.asks,
                        lambda a: Send(s.SpecialActionChosen(colour, a), then=after_action), items=items, **MENU_KEY)
    return intrigue_turn.turn(game, view)


def after_action(game: Game) -> Page | None:
    """The King card's action opens the King's page at once (Back: he stays)."""
    state = game.state
    return king_page(game) if state.active and standing(state).actions.get(state.active) == KING_ACTION else None
