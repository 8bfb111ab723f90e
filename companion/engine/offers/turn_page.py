"""The turn page as one offer (issue 34): its rows in their order, each with a stable id, its mark
(what the turn did: "done", "2 in", "3 moved", "2 unplaced") and the referee's reason when it would
refuse it now, and the row the cursor starts on. A function of the state, the kinds the chart asks
for (``expects``) and how the table wants the Castillo shown; the screen (ui/screens/turn.py) only
names each row and opens its page or sends its step.

Ids: "end", "place", "throw", "intake", "king", "tile", "grande", "power_back", "competition",
"stand_in", "special_scoring", "scoring:<kind>", "chalet", "veto:<colour>", "effect:<effect>" (the
card's special action, one per kind of effect: offers/effects.py), "name:<card key>" (a card not named:
one row per card its stack may still show, the likeliest first, each naming it: offers/take.py
``to_name``, issue 35; in place of the kinds of effect and the rows the card may grant). A way to play's own rows are its
rules' options (engine/hooks.py ``Rules.turn_options``; their ids its own, e.g. "mode:sail",
"figure:Queen"): beside the placement, just below the first row, after the card's rows. What a
turn did is the state's (``GameState.turn_done``, kept by turn_rules.keep_done), never the steps'."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.engine import hooks, queries
from companion.engine.offers import effects as card_offers
from companion.engine.offers import take, turn
from companion.engine.offers.offer import Offer, Option
from companion.engine.offers.rows import turn_rows
from companion.rules.cards import Effect

if TYPE_CHECKING:
    from companion.engine.state import GameState

#: The rows whose reason is the engine's turn rows' (offers/rows.py), beside "scoring:<kind>".
_CHECKED = frozenset({"end", "competition", "king", "tile", "grande", "power_back", "stand_in",
                      "special_scoring", "throw"})
#: The rows a card not named may grant that its naming rows stand for (the card named brings its own).
_NAMED_ROWS = frozenset({*turn.ROWS, "scoring"})
#: What the turn did (``GameState.turn_done``) -> the row it marks done.
_DONE = {"KingMoved": "king", "GrandeMoved": "grande", "PowerCardReturned": "power_back", "TileMoved": "tile"}


def effect_ids(state: GameState) -> list[str]:
    """The rows of the card's special action: one per kind of effect the card (or, not named, its
    stack) may have (offers/effects.py)."""
    return [f"effect:{e.value}" for e, _ in card_offers.effects(state)]


def order(state: GameState, expects: Sequence[str], *, mode_placing: Sequence[str] = (),
          figures: Sequence[str] = (), mode_cards: Sequence[str] = ()) -> list[str]:
    """The turn page's rows in their order: the named card's special scoring and action first
    (where the cursor starts), the turn's end, the placement, an unnamed card's action, the card's
    moves; the placement after them while the page waits on an unnamed card's action; the Vetoes;
    Grandissimo's figures below the first row; the named card's own move first of all."""
    card = turn.named_card(state)
    kind = turn.named_scoring(state)
    granted = turn.rows(state)
    ids: list[str] = []
    if kind and not state.turn_scored:
        ids.append(f"scoring:{kind}")
    effects = effect_ids(state)
    names = [f"{take.NAME}{key}" for key in take.to_name(state)]
    if names:  # the card not named: one row per card it may be, in place of its kinds of effect (issue 35)
        effects = take.laid_out(state, names, placed=turn.waiting(state))
        if not queries.text_unknown(state):  # (a 2023 card without a text: its rows stay, for "another card")
            granted -= _NAMED_ROWS
    if card:  # the named card's action first, where the cursor starts; an unnamed card's after placing
        ids, effects = ids + effects, []
    if card and turn.kings_to_fewest(state):
        ids.append("chalet")
    if not turn.recorded(state):
        placing = ["throw"]
    else:
        placing = ["place", *(["intake"] if queries.intake_room(state, state.active or "") else []), *mode_placing]
    ids += ["end", *placing, *effects, *(["special_scoring"] if "scoring" in granted else []),
            *[row for row in ("king", "tile", "grande", "power_back") if row in granted]]
    if turn.waiting(state) and names:  # the placements done: the likeliest card just below the turn's end,
        up, down = take.around_end(names, beside=state.said.skipped)  # the next ones around them
        ids = [*up, ids[0], *down, *ids[1 + len(placing) + len(names):], *ids[1:1 + len(placing)]]
    elif turn.waiting(state):  # the placements done, an unnamed card's action first: just below the turn's end
        ids = [ids[0], *ids[1 + len(placing):], *ids[1:1 + len(placing)]]
    elif names and "place" in ids:  # before them: the cards that act first just below the placements' row
        laid = take.laid_out(state, names, placed=False)  # (opened by the take: every card, around the cursor)
        first = laid if take.names_first(state) else [i for i in laid if take.acts_first(i)]
        ids = [i for i in ids if i not in first]
        ids[ids.index("place") + 1:ids.index("place") + 1] = first
    ids += [o.id for o in turn.vetoes(state, expects).options]
    ids[1:1] = figures
    own = turn.own_move(state)
    if own in ids:  # the named card's move first, where the cursor starts while it is to do
        ids.remove(own)
        ids.insert(0, own)
    ids += mode_cards
    ids += [row for row in ("competition", "stand_in") if row in granted]
    return ids


def marks(state: GameState, *, hide_castillo: bool = False) -> dict[str, str]:
    """Row id -> its mark for what the active player entered this turn ("done", "2 in", "3 moved",
    "2 unplaced", "1 short", "4 placed"); the rows of the card's action by ``effect_ids``."""
    done = state.turn_done
    found = {_DONE[kind]: "done" for kind in done if kind in _DONE}
    if state.turn_thrown:
        found["throw"] = "done" if hide_castillo else f"{state.turn_thrown} in"
    moved = sum(n for *_, n in state.turn_moves)
    effects = effect_ids(state) if moved or turn.special_begun(state) else []
    for id in effects if moved else ():
        found[id] = f"{moved} moved"
    if turn.special_begun(state):
        for id in effects:
            found.setdefault(id, "done")
    left = turn.placeable(state)
    if left:
        found["end"] = f"{left} unplaced"
    short = turn.intake_short(state)
    if short:
        found["intake"] = f"{short} short"
    elif short == 0 and "CourtIntake" in done:
        found["intake"] = "done"
    if state.turn_thrown + state.turn_placed:  # (with the tally hidden, not how many went in)
        found["place"] = ("done" if hide_castillo and state.turn_thrown
                          else f"{state.turn_thrown + state.turn_placed} placed")
    return found


def moved_by_card(state: GameState) -> bool:
    """Whether a scoring tile or a Grande was moved by the card since the turn began."""
    return "TileMoved:card" in state.turn_done or "GrandeMoved:card" in state.turn_done


def turn_page(state: GameState, expects: Sequence[str], *, hide_castillo: bool = False) -> Offer:
    """The turn page's offer: ``order``'s rows, each with its mark (``marks``; a refused row's the
    page's own) and the referee's reason against it now (the engine's turn rows, offers/rows.py;
    the throw's page corrects a throw shown, so that row is never refused while one is), and the
    row the cursor starts on (``start``). The way to play's rows are its rules' options, with their
    reasons (engine/hooks.py ``Rules.turn_options``)."""
    own = hooks.of(state.settings).turn_options(state, expects)
    given = {o.id: o for o in (*own.placing, *own.figures, *own.cards, *take.name_rows(state, expects))}
    ids = order(state, expects, mode_placing=[o.id for o in own.placing], figures=[o.id for o in own.figures],
                mode_cards=[o.id for o in own.cards])
    kind = turn.named_scoring(state)
    checked = [id for id in ids if id in _CHECKED or (kind and id == f"scoring:{kind}")]
    rows = {o.id: o for o in turn_rows(state, expects, checked).options}
    if state.turn_thrown and not hide_castillo and "throw" in rows:
        rows["throw"] = Option("throw", rows["throw"].steps)  # (its page corrects the throw shown: it may go down)
    vetoes = {o.id: o for o in turn.vetoes(state, expects).options}
    done = marks(state, hide_castillo=hide_castillo)
    options = tuple(_option(id, rows.get(id) or given.get(id) or vetoes.get(id), done.get(id, "")) for id in ids)
    return Offer("turn", options, start(state, options))


def _option(id: str, found: Option | None, mark: str) -> Option:
    if found is None:
        return Option(id, mark=mark)
    return Option(id, found.steps, found.why_not, mark)


def start(state: GameState, options: Sequence[Option]) -> str | None:
    """Where the turn page's cursor starts: on the named card's action while it is to do, then on
    the placement while nothing is placed and some may be, then on the turn's end (a finished
    action moves the cursor on: OK never opens it again), except that the placements done, a named
    Empowerment's Power card not yet back puts it on that row (issue 35: its OK, not ▲ and OK, the
    row being the page's last); never on a refused row: on the turn's end
    instead while it is allowed, else (the turn's end itself refused: what it waits for undone, e.g.
    Competition's Grandes) on the first allowed row with nothing done yet, else the first allowed row.
    None when every row is refused (the page shows each one's reason; the screen's cursor: the first
    row). With an unnamed card's action awaited, just below the turn's end."""
    ids = [o.id for o in options]
    if not ids:
        return None
    by_id = {o.id: o for o in options}
    names = [f"{take.NAME}{key}" for key in take.to_name(state)]
    first_names = [i for i in names if take.acts_first(i) and i in ids]
    if turn.waiting(state) and names and names[0] in ids:
        at = names[0]  # the likeliest card, the next ones ▲ and ▼ of it (take.centred)
    elif turn.waiting(state) and len(ids) > 1:
        at = ids[1]  # the unnamed card's action, "End the turn" one ▲ above it (order)
    elif ids[0] != "end" and not options[0].mark and not turn.special_done(state):
        at = ids[0]
    elif first_names and turn.placeable(state) and not state.turn_placed + state.turn_thrown:
        at = first_names[0]  # (opened by the take, or reached by Back from the placements: the likeliest card that acts first)
    elif "place" in ids and turn.placeable(state) and not state.turn_placed + state.turn_thrown:
        at = "place"
    elif "power_back" in ids and not by_id["power_back"].mark and _power_back_named(state):
        at = "power_back"
    else:
        at = "end" if "end" in ids else ids[0]
    if not by_id[at].why_not:
        return at
    if "end" in by_id and not by_id["end"].why_not:
        return "end"  # (the cursor never starts on a refused row)
    allowed = [o for o in options if not o.why_not]
    return next((o.id for o in allowed if not o.mark), allowed[0].id if allowed else None)



def _power_back_named(state: GameState) -> bool:
    """Whether the turn's named card gives a Power card back to the hand (Empowerment)."""
    card = turn.named_card(state)
    return card is not None and card.effect is Effect.POWER_CARD_BACK


def power_back_next(state: GameState, expects: Sequence[str]) -> bool:
    """Whether the named card's Power card back to the hand (Empowerment) opens its list by itself
    once the turn's placement is whole: the turn page's cursor would start on its row (issue 35)."""
    return not turn.placeable(state) and turn_page(state, expects).default == "power_back"
