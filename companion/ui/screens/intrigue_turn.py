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
    """The turn's rows, those the referee refuses now marked *not now*: the reason on the error line
    while the cursor is on one, before the choice; OK there says it again, sending nothing."""
    p = game.prompt
    refused = refusals(game)
    actions = turn_actions(game, view, refused)
    done = done_this_turn(game, view)
    reasons = [refused.get(label, "") for label, _ in actions]
    return ListPage("turn", p.headline, p.asks, lambda do: do(), items=actions,
                    marks=[done.get(label, "") or (REFUSED if why else "") for (label, _), why in zip(actions, reasons)],
                    reasons=reasons if any(reasons) else [], **MENU_KEY)


def refusals(game: Game) -> dict[str, str]:
    """The turn page's refused rows by label, each with the referee's reason: the moves the card's
    action does not allow (or none of whose moves may be made), and the way to play's own rows refused
    now (the engine's turn options, e.g. the Jester's gift with every receiver refused)."""
    refused = {label: why for label, why in not_by_this_card(game).items() if why}
    for option in offers.turn_options(game.state, game.expects).cards:
        if option.why_not:
            refused.setdefault(big_box.row(game, option)[0], option.why_not)
    return refused


def turn_actions(game: Game, view: View = View(), refused: dict[str, str] | None = None) -> list[tuple[str, object]]:
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
    # (a refused row says why on OK: nothing is sent; ``refused``: the page's refusals, asked once)
    return say_refused(actions, refusals(game) if refused is None else refused)
