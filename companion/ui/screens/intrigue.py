"""Intrigue & the King: a round's card play, the special action a turn begins with, the turn.

RULES-EXPANSIONS.md §1 ("S:n" = seed 004, line n): the companion keeps the card values, the deal
and the throws; with the board recorded also the placements and the Court intake the player enters,
and the Intrigue card's moves as the turn's Move Caballeros.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.engine.modes import intrigue
from companion.engine.modes import steps as s
from companion.rules.big_box.intrigue_round import GRAND_INQUISITOR, INTRIGUE_ACTION, KING_ACTION, STACK_7
from companion.rules.special_scoring import KINDS, kind_of
from companion.ui.intents import Push, Say, Send
from companion.ui.pages import ListPage, Page
from companion.ui.screens import big_box
from companion.ui.screens.common import MENU_KEY, REFUSED, View, refusal
from companion.ui.screens.corrections import tile_page
from companion.ui.screens.scoring import special_menu, start_special
from companion.ui.screens.turn import done_this_turn, placing_rows
from companion.ui.screens.turn_moves import grande_row, king_page
from companion.ui.words import tile_word

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
    card = intrigue.card(value, game.state if game else None)
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
    return f"Card {value}: {EFFECT_SHORT[intrigue.card(value, game.state).effect]}"


def turn(game: Game, view: View = View()) -> Page:
    """A turn: first the special action (the holders' choice with 2-3 players, S:170-175; in K&C
    also the Grand Inquisitor card and the stack-7 card while nobody has taken it, S:273), then
    what happens on the board. An action without a choice is recorded with the step that began
    the turn (companion/engine/flow.py: ``without_a_choice``): its page shows only in a game recorded before that."""
    p = game.prompt
    colour = p.colour
    assert colour is not None
    if "SpecialActionChosen" in p.expects:
        items = [(action_label(game, colour, action), action) for action in p.choices]
        return ListPage("intrigue_action", p.headline, p.asks,
                        lambda a: Send(s.SpecialActionChosen(colour, a), then=after_action), items=items, **MENU_KEY)
    actions = turn_actions(game, view)
    done = done_this_turn(game, view)
    refused = not_by_this_card(game)
    return ListPage("turn", p.headline, p.asks, lambda do: do(), items=actions,
                    marks=[done.get(label, "") or (REFUSED if label in refused else "") for label, _ in actions],
                    **MENU_KEY)


def _refusal(check: Callable[..., None], state: object, step: s.Step) -> str:
    try:
        check(state, step)
    except s.StepRefused as refusal:
        return str(refusal)
    return ""


def scoring_kinds(game: Game) -> list[str]:
    """The special scorings the special action performed may start (the mode's check of each)."""
    return [kind for kind in KINDS if not _refusal(intrigue.check_special, game.state, s.SpecialScoringStarted(kind, ()))]


def not_by_this_card(game: Game) -> dict[str, str]:
    """The turn page's rows of a move by the card (the King, a scoreboard, a Grande) that the special
    action performed does not allow, each with the referee's one-line reason: the mode's own check
    of that move, asked before the table chooses the row (issue 34: no page offers a refusal)."""
    state = game.state
    colour = state.active
    if colour is None:
        return {}
    king = s.KingMoved(state.king or "", by_card=True)
    probes: list[tuple[str, Callable[..., None], s.Step]] = [("King moved", intrigue.check_king, king)]
    if state.tiles:
        tile, where = next(iter(state.tiles.items()))
        probes.append((tile_word(state).capitalize(), intrigue.check_tile, s.TileMoved(tile, where, by_card=True)))
    probes.append(("Grande moved", intrigue.check_grande, s.GrandeMoved(colour, state.grandes.get(colour, ""), by_card=True)))
    out = {}
    kinds = scoring_kinds(game)
    if not kinds:  # (the reason: the first kind's, the card's action the same for all)
        out["Special scoring"] = _refusal(intrigue.check_special, state, s.SpecialScoringStarted(next(iter(KINDS)), ()))
    for label, check, step in probes:
        why = _refusal(check, state, step)
        if why:
            out[label] = why
    for holder in state.vetoes:  # the 40's Veto: only while its holder's own action is open to him (S:180)
        why = refusal(game, s.VetoUsed(holder)) if holder != colour else ""
        if why:
            out[f"{state.name(holder)} uses the Veto"] = why
    return out


def after_action(game: Game) -> Page | None:
    """The King card's action opens the King's page at once (Back: he stays)."""
    state = game.state
    return king_page(game) if state.active and state.actions.get(state.active) == KING_ACTION else None


def turn_actions(game: Game, view: View = View()) -> list[tuple[str, object]]:
    """The turn page's rows: a scoring card's scoring first (where the cursor starts), then as the
    base game's turn, without its Power cards and action cards."""
    state = game.state
    colour = state.active
    assert colour is not None
    effect = intrigue.own_effect(state, colour)
    kind = kind_of(effect) if effect else None
    actions: list[tuple[str, object]] = []
    scoring: list[tuple[str, object]] = [] if state.turn_scored else [
        ("Special scoring", lambda: Push(special_menu(game, scoring_kinds(game))))]
    if kind and not state.turn_scored:
        key = kind.key
        actions.append((f"Score: {kind.label}", lambda: start_special(game, key)))
    elif effect == "special_scoring":
        actions, scoring = scoring, []
    actions += [
        ("End the turn", lambda: Send(s.TurnEnded(colour))),
        *placing_rows(game, colour, view),
        ("King moved", lambda: Push(king_page(game))),
        *scoring,
        (tile_word(state).capitalize(), lambda: Push(tile_page(game, by_card=True))),  # the classic's word
        grande_row(game, colour),
    ]
    actions += big_box.card_rows(game)
    if intrigue.king_colonies(state) and state.actions.get(colour) == STACK_7 and state.turned_over != colour:
        actions.append(("Turn over card: a Veto", lambda: Send(s.TurnedOverKept(colour))))  # S:275
    for holder in state.vetoes:  # the 40's Veto before its holder's own turn (S:180); K&C's turned over card
        if holder != colour and not state.turn_scored and (
                holder == state.turned_over or holder not in state.turn_order[:state.turn]):
            actions.append((f"{state.name(holder)} uses the Veto", lambda h=holder: Send(s.VetoUsed(h))))
    refused = not_by_this_card(game)  # (such a row says why on OK: nothing is sent)
    actions = [(label, (lambda why=refused[label]: Say(why)) if label in refused else do) for label, do in actions]
    return actions
