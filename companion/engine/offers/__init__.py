"""The turn's offers: for each prompt of a turn, the typed options the table may choose, computed
once from the same functions the referee checks with (issue 34). Functions of (state) and, where
the phase matters, the kinds the chart accepts now (``expects``: ``Game.expects``), never of a
Game or a page. A refused option carries the referee's own reason; the default is never one."""

from companion.engine.offers.moves import (
    card_moves_the_king,
    grande,
    king,
    leads_most,
    moves_only_the_king,
    tile_regions,
    tiles,
)
from companion.engine.offers.offer import (
    Offer,
    Option,
    offer,
    refusal,
)
from companion.engine.offers.turn import (
    KINGS_STACK,
    awaits_action,
    card_known,
    chalet,
    granted,
    intake_short,
    kings_to_fewest,
    named_card,
    named_scoring,
    own_move,
    placeable,
    rows,
    special_begun,
    special_done,
    stand_in,
    taken_stack,
    turn_end,
    vetoes,
    waiting,
)

__all__ = [
    "KINGS_STACK",
    "Offer",
    "Option",
    "awaits_action",
    "card_known",
    "card_moves_the_king",
    "chalet",
    "grande",
    "granted",
    "intake_short",
    "king",
    "kings_to_fewest",
    "leads_most",
    "moves_only_the_king",
    "named_card",
    "named_scoring",
    "offer",
    "own_move",
    "placeable",
    "refusal",
    "rows",
    "special_begun",
    "special_done",
    "stand_in",
    "taken_stack",
    "tile_regions",
    "tiles",
    "turn_end",
    "vetoes",
    "waiting",
]
