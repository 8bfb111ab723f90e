"""A player's turn: the action card taken, then what happens on the board. The turn page is the
engine's one offer (companion/engine/offers/turn_page.py: its rows in their order, each's mark and
reason, where the cursor starts); this page names each row and opens its page or sends its step.
The turn's small pages are turn_card.py (the card taken), turn_placing.py (the Caballeros),
turn_asks.py, a way to play's own rows big_box.py, the card's own moves turn_moves.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.offers import turn_page as offered
from companion.language import N_, _
from companion.ui.intents import Push, Say, Send
from companion.ui.pages import ListPage, Page
from companion.ui.screens import big_box, card_effects, turn_asks, turn_naming
from companion.ui.screens.common import END, MENU_KEY, REFUSED, View, said_mark
from companion.ui.screens.turn_asks import placing_rows
from companion.ui.screens.turn_moves import grande_row, king_page, tile_label, tile_move

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game

__all__ = ["done_this_turn", "king_page", "placing_rows", "turn", "turn_actions"]

PLACE = N_("Place Caballeros")
THROW = N_("Throw into the Castillo")
INTAKE = N_("Court intake")
KING = N_("King moved")
POWER_BACK = N_("Power card back to hand")
#: The placement's rows of turn_placing.placing_rows -> their ids in the engine's offer (the rest a mode's:
#: the offer names them, big_box.row labels them); the rows say them in the table's language.
_PLACING = {THROW: "throw", PLACE: "place", INTAKE: "intake"}

Row = tuple[str, object]


def turn(game: Game, view: View = View()) -> Page:
    p = game.prompt
    if "ActionCardTaken" in p.expects:
        return turn_asks.card_page(game)
    offer, rows = turn_offer(game, view)
    options = offer.options
    items = [(rows[o.id][0], (lambda reason=o.why_not: Say(reason)) if o.why_not else rows[o.id][1])
             for o in options]
    ids = [o.id for o in options]
    return ListPage("turn", p.headline, p.asks, lambda do: do(), items=items,
                    cursor=ids.index(offer.default) if offer.default in ids else 0,
                    marks=[said_mark(o.mark) or (_(REFUSED) if o.why_not else "") for o in options],
                    reasons=[o.why_not for o in options] if any(o.why_not for o in options) else [], **MENU_KEY)


def turn_offer(game: Game, view: View = View()) -> tuple[offered.Offer, dict[str, Row]]:
    """The engine's offer of the turn page, and each of its ids' row: its label and what OK does."""
    state = game.state
    colour = state.active
    assert colour is not None
    offer = offered.turn_page(state, game.expects, hide_castillo=view.hide_castillo)
    steps = {o.id: o.steps for o in offer.options}  # (the turn's end, Competition: the offer's own steps)
    rows: dict[str, Row] = {
        "end": (_(END), lambda: Send(*steps["end"])),
        "special_scoring": turn_asks.special_menu_row(game),
        "king": (_(KING), lambda: Push(king_page(game))),
        "tile": (tile_label(state), lambda: Push(tile_move(game))),
        "grande": grande_row(game, colour),
        "power_back": (_(POWER_BACK), lambda: Push(card_effects.power_back_page(game, colour))),
        "competition": (_("Competition: Grandes in"), lambda: Send(*steps.get("competition", ()))),
        "stand_in": (_("Stand-in: swap King"), lambda: turn_asks.stand_in(game)),
        "chalet": ("", lambda: Push(turn_asks.chalet_page(game))),
    }
    card = offered.turn.named_card(state)
    if card:
        rows["chalet"] = (_("{card}: King to fewest").format(card=_(card.title)), rows["chalet"][1])
    kind = offered.turn.named_scoring(state)
    if kind:
        rows[f"scoring:{kind}"] = turn_asks.special_row(game, kind)
    rows.update(zip(offered.effect_ids(state), card_effects.actions(game)))
    named = turn_naming.rows(game)  # the card not named: a row per card it may be (issue 35), and the
    rows.update(named)  # turn's end says it stands for a card's action skipped, or a card not listed
    if named:
        rows["end"] = (_(turn_naming.END), rows["end"][1])
    placing = {_(label): id for label, id in _PLACING.items()}  # (placing_rows says them so)
    rows.update((placing[label], (label, do)) for label, do in placing_rows(game, colour, view) if label in placing)
    for option in offer.options:  # a way to play's own rows (its rules' turn_options): named by its page
        if option.id not in rows and not option.id.startswith("veto:"):
            rows[option.id] = big_box.row(game, option)
    for option in offer.options:
        if option.id.startswith("veto:"):
            # A Veto stops another player's special action: offered to its holders on others' turns,
            # while it can still stop it (turn_rules.py).
            holder = option.id.split(":", 1)[1]
            rows[option.id] = (_("{name} uses a Veto").format(name=state.name(holder)), lambda o=option: Send(*o.steps))
    return offer, rows


def turn_actions(game: Game, view: View = View()) -> list[Row]:
    """The turn page's rows in the engine's order: each row's label and what OK does."""
    offer, rows = turn_offer(game, view)
    return [rows[o.id] for o in offer.options]


def done_this_turn(game: Game, view: View = View()) -> dict[str, str]:
    """Turn-page label -> a mark ("2 in", "done") for what the active player has entered this turn
    (the engine's: offers/turn_page.marks), for the pages that name the turn's rows as this one does."""
    state = game.state
    labels = {"end": _(END), "place": _(PLACE), "throw": _(THROW), "intake": _(INTAKE), "king": _(KING),
              "grande": _("Grande moved"), "power_back": _(POWER_BACK), "tile": tile_label(state)}
    marks = offered.marks(state, hide_castillo=view.hide_castillo)
    if any(id.startswith("effect:") for id in marks):
        labels.update((id, label) for id, (label, _do) in zip(offered.effect_ids(state), card_effects.actions(game)))
    return {labels[id]: said_mark(mark) for id, mark in marks.items()}
