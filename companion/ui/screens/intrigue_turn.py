"""Intrigue & the King: the turn's page once its special action is chosen: a scoring card's
scoring first, then as the base game's turn, without its Power cards and action cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.modes import offers
from companion.engine.modes import steps as s
from companion.ui.intents import Push, Send
from companion.ui.pages import ListPage, Page
from companion.ui.screens import big_box
from companion.ui.screens.common import MENU_KEY, REFUSED, View, say_refused
from companion.ui.screens.intrigue_moves import move_rows, not_by_this_card
from companion.ui.screens.scoring import special_menu, start_special
from companion.ui.screens.turn import done_this_turn, placing_rows

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def turn(game: Game, view: View = View()) -> Page:
    """The turn's rows, those the card's action does not allow marked *not now* (OK says why)."""
    p = game.prompt
    actions = turn_actions(game, view)
    done = done_this_turn(game, view)
    refused = not_by_this_card(game)
    return ListPage("turn", p.headline, p.asks, lambda do: do(), items=actions,
                    marks=[done.get(label, "") or (REFUSED if label in refused else "") for label, _ in actions],
                    **MENU_KEY)


def turn_actions(game: Game, view: View = View()) -> list[tuple[str, object]]:
    """The turn page's rows: a scoring card's scoring first (where the cursor starts), then as the
    base game's turn, without its Power cards and action cards."""
    state = game.state
    colour = state.active
    assert colour is not None
    effect, kind = offers.own_scoring(state, colour)
    actions: list[tuple[str, object]] = []
    king, moves = move_rows(game, colour)
    scoring: list[tuple[str, object]] = [] if state.turn_scored else [
        ("Special scoring", lambda: Push(special_menu(game, offers.card_scorings(game.state))))]
    if kind and not state.turn_scored:
        key = kind.key
        actions.append((f"Score: {kind.label}", lambda: start_special(game, key)))
    elif effect == "special_scoring":
        actions, scoring = scoring, []
    actions += [
        ("End the turn", lambda: Send(s.TurnEnded(colour))),
        *placing_rows(game, colour, view),
        *king,
        *scoring,
        *moves,
    ]
    actions += big_box.card_rows(game)
    if offers.keeps_turned_over(state, colour):
        actions.append(("Turn over card: a Veto", lambda: Send(s.TurnedOverKept(colour))))  # S:275
    for holder in offers.vetoes_before_their_turn(state, colour):  # (S:180, S:275)
        actions.append((f"{state.name(holder)} uses the Veto", lambda h=holder: Send(s.VetoUsed(h))))
    refused = not_by_this_card(game)  # (such a row says why on OK: nothing is sent)
    return say_refused(actions, refused)
