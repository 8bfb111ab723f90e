"""The turn page's own rows as options (issue 34: the turn pages offer only what the referee
accepts): the turn's end, the King's, a tile's and the Grande's moves by the card, a Power card
back, New Regency's Competition and Stand-in, the special scorings. Each row's option says why the
referee would refuse it now: a row that sends its step, the step's refusal; a row that opens a
page of choices, the first reason when every choice is refused. Ids: "end", "king", "tile",
"grande", "power_back", "throw", "competition", "stand_in", "scoring:<kind>", "special_scoring"."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from companion.engine import hooks, queries, scorings, turn_rules
from companion.engine import steps as s
from companion.engine.offers.moves import grande, king, tiles
from companion.engine.offers.offer import Offer, Option, offer, refusal
from companion.engine.offers.turn import stand_in
from companion.rules import region_moves as places
from companion.rules import spain
from companion.rules.special_scoring import KINDS

if TYPE_CHECKING:
    from companion.engine.state import GameState


def turn_rows(state: GameState, expects: Sequence[str], ids: Iterable[str]) -> Offer:
    """The options of the turn page's rows ``ids`` (those it shows), each with its reason."""
    return offer("turn", [Option(id, *_row(state, expects, id)) for id in ids])


def _row(state: GameState, expects: Sequence[str], id: str) -> tuple[tuple[s.Step, ...], str]:
    colour = state.active or ""
    if id == "end":
        return (s.TurnEnded(colour),), refusal(state, expects, (s.TurnEnded(colour),))
    if id == "throw":  # (one more in; the card's room used up, the page says so itself)
        step = s.CastilloThrow(colour, 1)
        return (step,), refusal(state, expects, (step,)) if queries.card_room(state, colour) else ""
    if id == "competition":
        return (s.GrandesToCastillo(),), refusal(state, expects, (s.GrandesToCastillo(),))
    # A move refused by the turn's own rules (once a turn, not split, after a Veto) says that, not
    # the first region's reason.
    if id == "king":
        return (), (turn_refusal(state, s.KingMoved(state.king or "", by_card=True))
                    or none_allowed([o for o in king(state, expects).options if o.steps]))
    if id == "tile":
        first = next(iter(state.tiles), "")
        return (), turn_refusal(state, s.TileMoved(first, state.tiles.get(first), True)) or tiles(state, expects).why_not
    if id == "grande":
        here = state.grandes.get(colour)
        return (), (turn_refusal(state, s.GrandeMoved(colour, here or "", by_card=True))
                    or grande(state, expects, colour).why_not) if here else ""
    if id == "power_back":  # (none played left to take back: the turn's own reason, once a turn...)
        back = power_back(state, expects, colour)
        return (), back.why_not if back.options else turn_refusal(state, s.PowerCardReturned(colour, 0))
    if id == "stand_in":
        return (), stand_in(state, expects).why_not
    if id == "special_scoring":
        return (), none_allowed([scoring(state, expects, k) for k in menu_kinds(state)])
    if id.startswith("scoring:"):
        return (), scoring(state, expects, id.split(":", 1)[1]).why_not
    return (), ""


def turn_refusal(state: GameState, step: s.Step) -> str:
    """The turn's own rules' reason against ``step`` (turn_rules.py: once a turn, not split...)."""
    try:
        turn_rules.check(state, step)
    except s.StepRefused as refused:
        return str(refused)
    return ""


def none_allowed(options: Sequence[Option]) -> str:
    """The first reason when every option is refused ("" when one is allowed, or there is none)."""
    return options[0].why_not if options and not any(o.allowed for o in options) else ""


def power_back(state: GameState, expects: Sequence[str], colour: str) -> Offer:
    """Empowerment: which played Power card goes back to the hand ("power:<value>", a Modifier card
    "power:modifier"), the default the highest (the card that plays first in a later round)."""
    used = sorted(set(range(1, 14)) - state.hands[colour])
    backs = [(str(v), s.PowerCardReturned(colour, v)) for v in used]
    if state.settings.power_shift and state.modifiers_played.get(colour):
        backs.append(("modifier", s.PowerCardReturned(colour, 0, modifier=True)))  # 000 Empowerment
    options = [Option(f"power:{id}", (step,), refusal(state, expects, (step,))) for id, step in backs]
    return offer("power_back", options, [f"power:{used[-1]}"] if used else [])


def menu_kinds(state: GameState) -> list[str]:
    """The special scorings the menu row lists (rules revision 2: only the card's own kinds)."""
    kinds = turn_rules.scoring_kinds(state) if turn_rules.applies(state) and not state.settings.expansion else None
    return [k for k in KINDS if kinds is None or k in kinds]


def scoring(state: GameState, expects: Sequence[str], kind: str) -> Option:
    """A special scoring of ``kind`` ("scoring:<kind>"): refused when the referee refuses its start
    for every region it may score (one region of the table's choice, or the discs': each alone)."""
    if kind in ("region", "discs"):
        listed = [*hooks.of(state.settings).where(places.SCORE), spain.CASTILLO]
        starts = [s.SpecialScoringStarted("castillo" if r == spain.CASTILLO and kind == "region" else kind, (r,))
                  for r in listed if r != spain.CASTILLO or kind == "region"]
    else:
        starts = [s.SpecialScoringStarted(kind, scorings.special_regions(state, kind))]
    return Option(f"scoring:{kind}", why_not=none_allowed([Option(kind, (st,), refusal(state, expects, (st,)))
                                                           for st in starts]))
