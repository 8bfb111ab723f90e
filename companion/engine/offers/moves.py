"""The offers of a card's own move of a piece: the player's Grande (Adopted Home, the classic
Grande card), a scoring tile (Enactment, Mobile Scoreboard: which tile, then where) and the King
(the King's card, Royal Advisor...). Each destination is an option checked by the referee; the
default is where today's pages put the cursor, when the referee accepts it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.engine import card_duties, card_effects, hooks, queries
from companion.engine import steps as s
from companion.engine.offers.card_moves import centred
from companion.engine.offers.offer import Offer, Option, offer, refusal, refused_far
from companion.rules import cards, spain
from companion.rules import region_moves as places

if TYPE_CHECKING:
    from companion.engine.state import GameState

#: The King's card's stack.
KINGS_STACK = 5


def grande(state: GameState, expects: Sequence[str], colour: str) -> Offer:
    """Where the card moves ``colour``'s own Grande ("move:grande:<region>"), the default where it
    stands (OK: it stays); every option refused while the King stands on it."""
    here = state.grandes.get(colour)
    options = [Option(f"move:grande:{r}", steps, refusal(state, expects, steps))
               for r in hooks.of(state.settings).where(places.GRANDE)
               for steps in [(s.GrandeMoved(colour, r, by_card=True),)]]
    return refused_far(offer("grande", options, [f"move:grande:{here}"]))


def tiles(state: GameState, expects: Sequence[str]) -> Offer:
    """Which scoring tile the card moves ("tile:<tile>", opening its regions): a tile none of whose
    moves the referee accepts (the one in the King's region) says why; the default the first that
    may move."""
    options = []
    for tile in state.tiles:
        where = tile_regions(state, expects, tile)
        options.append(Option(f"tile:{tile}", (), where.why_not))
    return offer("tile", options)


def tile_regions(state: GameState, expects: Sequence[str], tile: str) -> Offer:
    """Where the card moves ``tile`` ("tile:<tile>:<region>", the Castillo too; never off the
    board), the default where the player leads by the most (``leads_most``), else where it lies."""
    listed = [*hooks.of(state.settings).where(places.SCOREBOARD), spain.CASTILLO]
    options = [Option(f"tile:{tile}:{r}", steps, refusal(state, expects, steps))
               for r in listed for steps in [(s.TileMoved(tile, r, True),)]]
    likeliest = leads_most(state, {state.king, state.tiles.get(tile)})
    return refused_far(offer("tile_region", options, [f"tile:{tile}:{likeliest}", f"tile:{tile}:{state.tiles.get(tile)}"]))


def leads_most(state: GameState, aside: set) -> str | None:
    """The region where the active player leads the other colours by the most Caballeros, regions
    in ``aside`` left out; the first in the board's order among equals."""
    colour = state.active
    regions = [r for r in spain.SCORING_ORDER if r in state.regions and r not in aside]
    if colour is None or not regions:
        return None

    def lead(region: str) -> int:
        counts = state.counts[region]
        return counts.get(colour, 0) - max((n for c, n in counts.items() if c != colour), default=0)

    return max(regions, key=lead)


def king(state: GameState, expects: Sequence[str]) -> Offer:
    """Where the card moves the King ("king:<region>"): Spain's regions, then where else he may
    go; where he stands he stays (no step), the default. With Competition (New Regency, from rules
    revision 5) the Grandes where he goes are thrown into the Castillo in the same unit. Royal
    Advisor's rows round the default (``centred``): his neighbours, the card's only choices, a press
    or two away, the regions it refuses the farthest."""
    abroad = (tuple(queries.king_may_enter(state)) if not state.settings.new_regency
              else (spain.FRANCE, spain.PORTUGAL, spain.CASTILLO))
    options = []
    for r in (*spain.SCORING_ORDER, *abroad):
        if r == state.king:
            options.append(Option(f"king:{r}"))
            continue
        thrown = (s.GrandesToCastillo(),) if competition_throws(state, r) else ()
        steps = (s.KingMoved(r, by_card=True), *thrown)
        options.append(Option(f"king:{r}", steps, refusal(state, expects, steps)))
    offered = offer("king", options, [f"king:{state.king}"])
    card = kings_card(state)
    if card is not None and card.param("to") == "adjacent":  # Royal Advisor: his neighbours round him
        return centred(offered, lambda _: 0)
    return offered


def competition_throws(state: GameState, region: str) -> bool:
    """Competition (New Regency), from rules revision 5: "Throw all Grandes from that region into the
    Castillo" (002 l.1253-1257) comes with the King's move, one unit, when the card is Competition and
    a Grande stands where he goes (the referee refuses the turn's end without it: card_duties.py)."""
    if state.settings.revision < card_duties.COMPETITION_SINCE or not state.settings.new_regency:
        return False
    found = card_effects.candidates(state, frozenset(cards.Effect))
    return (bool(found) and all(c.effect is cards.Effect.KING_COMPETITION for c in found)
            and not queries.text_unknown(state) and region in state.grandes.values())


def kings_card(state: GameState) -> cards.ActionCard | None:
    """The active player's card when the table knows it: named, or the King's card (stack 5 of a
    game without New Regency)."""
    taken = queries.taken_by(state, state.active) if state.active else None
    if taken is None:
        return None
    _, stack, key = taken
    if key is None and stack == KINGS_STACK and not state.settings.new_regency:
        key = next((k for k in queries.kings_cards() if k.startswith(state.settings.edition + ".")), None)
    return cards.card(key) if key else None


def card_moves_the_king(state: GameState) -> bool:
    """Whether the turn's card moves the King anywhere or next door (the King's card, Your Majesty,
    Royal Advisor): his page opens at once when it is taken (issue 35: the classic Royal Advisor's
    took Back, the turn page's row and its OK first)."""
    card = kings_card(state)
    return (card is not None and card.effect is cards.Effect.MOVE_KING
            and card.param("to") in (None, "anywhere", "adjacent"))


def moves_only_the_king(state: GameState) -> bool:
    """The turn's card moves the King and does nothing more (the King's card, Your Majesty)."""
    card = kings_card(state)
    return card is not None and card.effect is cards.Effect.MOVE_KING
