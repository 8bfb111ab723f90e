"""A player's turn: the action card taken, then what happens on the board. The rows the card
may grant and when the turn is done are the engine's offers (companion/engine/offers); the turn's
small pages are turn_card.py (the card taken), turn_placing.py (the Caballeros), turn_asks.py,
turn_figures.py, the card's own moves turn_moves.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import offers as engine_offers
from companion.engine.modes import steps as s
from companion.ui.intents import Push, Send
from companion.ui.pages import ListPage, Page
from companion.ui.screens import big_box, card_effects, turn_asks
from companion.ui.screens.common import MENU_KEY, REFUSED, View, say_refused
from companion.ui.screens.turn_asks import placing_rows
from companion.ui.screens.turn_moves import grande_row, king_page, tile_label, tile_move

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game

__all__ = ["done_this_turn", "king_page", "placing_rows", "turn", "turn_actions"]


def turn(game: Game, view: View = View()) -> Page:
    p = game.prompt
    colour = p.colour
    assert colour is not None
    if "ActionCardTaken" in p.expects:
        return turn_asks.card_page(game)
    actions = turn_actions(game, view)
    done = done_this_turn(game, view)
    why = refused(game, actions)  # (said before the choice: the row marked, its reason on the error line)
    if throw_shown(game, view):
        why.pop(THROW, None)  # (its page corrects the throw shown: it may go down)
    actions = say_refused(actions, why)
    marks = [done.get(label, "") or (REFUSED if why.get(label) else "") for label, _ in actions]
    cursor = start_row(game, actions, done)
    if why.get(actions[cursor][0]) and not why.get(END) and END in why:
        cursor = [label for label, _ in actions].index(END)  # (the cursor never starts on a refused row)
    return ListPage("turn", p.headline, p.asks, lambda do: do(), items=actions, cursor=cursor, marks=marks,
                    reasons=[why.get(label, "") for label, _ in actions] if any(why.values()) else [], **MENU_KEY)


def refused(game: Game, actions: list[tuple[str, object]]) -> dict[str, str]:
    """Row -> why the referee refuses it now ("" where it is accepted), for the turn page's own
    rows: the engine's offers (companion/engine/offers/rows.py)."""
    state = game.state
    ids = {END: "end", "Competition: Grandes in": "competition", "King moved": "king", tile_label(state): "tile",
           "Grande moved": "grande", "Power card back to hand": "power_back", "Stand-in: swap King": "stand_in",
           "Special scoring": "special_scoring", THROW: "throw"}
    kind = engine_offers.named_scoring(state)
    if kind:
        ids[turn_asks.special_row(game, kind)[0]] = f"scoring:{kind}"
    shown = {label: ids[label] for label, _ in actions if label in ids}
    rows = engine_offers.turn_rows(state, game.expects, shown.values())
    return {**{label: rows.option(id).why_not for label, id in shown.items()},
            **turn_asks.figure_refusals(game, state.active or "")}


END = "End the turn"
PLACE = "Place Caballeros"
THROW = "Throw into the Castillo"


def throw_shown(game: Game, view: View) -> bool:
    """Whether the throw's page shows this turn's throw (the tally not hidden), to correct it."""
    return bool(game.state.turn_thrown) and not view.hide_castillo


def start_row(game: Game, actions: list[tuple[str, object]], done: dict[str, str]) -> int:
    """Where the turn page's cursor starts: on the named card's action while it is to do, then on
    the placement while nothing is placed and some may be, then on the turn's end (a finished
    action moves the cursor on: OK never opens it again)."""
    state = game.state
    labels = [label for label, _ in actions]
    if engine_offers.waiting(state) and len(labels) > 1:
        return 1  # the unnamed card's action, "End the turn" one ▲ above it (turn_actions)
    if labels and labels[0] != END and not done.get(labels[0]) and not engine_offers.special_done(state):
        return 0
    if PLACE in labels and engine_offers.placeable(state) and not state.turn_placed + state.turn_thrown:
        return labels.index(PLACE)
    return labels.index(END) if END in labels else 0


#: What each step of a turn marks on the turn page.
_DONE = {s.KingMoved: "King moved", s.GrandeMoved: "Grande moved", s.PowerCardReturned: "Power card back to hand"}


def done_this_turn(game: Game, view: View = View()) -> dict[str, str]:
    """Turn-page label -> a mark ("2 in", "done") for what the active player has entered this turn."""
    state = game.state
    steps = list(game.steps)
    start = max((i for i, step in enumerate(steps)
                 if isinstance(step, (s.ActionCardTaken, s.SpecialActionChosen)) and step.colour == state.active),
                default=len(steps))
    marks = {}
    for step in steps[start + 1:]:
        if isinstance(step, s.TileMoved):
            marks[tile_label(state)] = "done"
        elif type(step) in _DONE and getattr(step, "colour", state.active) == state.active:
            marks[_DONE[type(step)]] = "done"
    if state.turn_thrown:
        marks["Throw into the Castillo"] = "done" if view.hide_castillo else f"{state.turn_thrown} in"
    moved = sum(n for *_, n in state.turn_moves)
    for label, _ in card_effects.actions(game) if moved else ():
        marks[label] = f"{moved} moved"
    if engine_offers.special_begun(state):
        for label, _ in card_effects.actions(game):
            marks.setdefault(label, "done")
    left = engine_offers.placeable(state)
    if left:
        marks[END] = f"{left} unplaced"
    short = engine_offers.intake_short(state)
    if short:
        marks["Court intake"] = f"{short} short"
    elif short == 0 and any(isinstance(step, s.CourtIntake) for step in steps[start + 1:]):
        marks["Court intake"] = "done"
    if state.turn_thrown + state.turn_placed:  # (with the tally hidden, not how many went in)
        placed = "done" if view.hide_castillo and state.turn_thrown else f"{state.turn_thrown + state.turn_placed} placed"
        marks["Place Caballeros"] = placed
    return marks


def turn_actions(game: Game, view: View = View()) -> list[tuple[str, object]]:
    state = game.state
    colour = state.active
    assert colour is not None
    card = engine_offers.named_card(state)
    kind = engine_offers.named_scoring(state)
    granted = engine_offers.rows(state)
    actions: list[tuple[str, object]] = []
    if kind and not state.turn_scored:
        actions.append(turn_asks.special_row(game, kind))
    effects = card_effects.actions(game)
    if card:  # the named card's action first, where the cursor starts; an unnamed card's after placing
        actions, effects = actions + effects, []
    if card and engine_offers.kings_to_fewest(state):
        actions.append((f"{card.title}: King to fewest", lambda: Push(turn_asks.chalet_page(game))))
    placing = placing_rows(game, colour, view)
    actions += [
        ("End the turn", lambda: Send(s.TurnEnded(colour))),
        *placing,
        *effects,
        *([turn_asks.special_menu_row(game)] if "scoring" in granted else []),
        *([("King moved", lambda: Push(king_page(game)))] if "king" in granted else []),
        *([(tile_label(state), lambda: Push(tile_move(game)))] if "tile" in granted else []),
        *([grande_row(game, colour)] if "grande" in granted else []),
        *([("Power card back to hand", lambda: Push(turn_asks.power_back_page(game, colour)))]
          if "power_back" in granted else []),
    ]
    if engine_offers.waiting(state):  # the placements done, an unnamed card's action first: just below the turn's end
        actions = [actions[0], *actions[1 + len(placing):], *actions[1:1 + len(placing)]]
    for option in engine_offers.vetoes(state, game.expects).options:
        # A Veto stops another player's special action: offered to its holders on others' turns,
        # while it can still stop it (turn_rules.py).
        holder = option.id.split(":", 1)[1]
        actions.append((f"{state.name(holder)} uses a Veto", lambda o=option: Send(*o.steps)))
    actions[1:1] = turn_asks.figure_rows(game, colour)  # (Grandissimo's Queen & Jester, once)
    own_move = engine_offers.own_move(state)
    moves = {"tile": tile_label(state), "grande": "Grande moved"}
    own = [row for row in actions if own_move and row[0] == moves[own_move]]
    if own:  # the named card's move first, where the cursor starts while it is to do
        actions.remove(own[0])
        actions.insert(0, own[0])
    actions += big_box.card_rows(game)
    if "competition" in granted:
        actions.append(("Competition: Grandes in", lambda: Send(s.GrandesToCastillo())))
    if "stand_in" in granted:
        actions.append(("Stand-in: swap King", lambda: turn_asks.stand_in(game)))
    return actions
