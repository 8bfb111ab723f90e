"""The turn's offers: for each prompt of a turn, the typed options the table may choose, computed
once from the same functions the referee checks with (issue 34). Functions of (state) and, where
the phase matters, the kinds the chart accepts now (``expects``: ``Game.expects``), never of a
Game or a page. A refused option carries the referee's own reason; the default is never one."""

from companion.engine.offers.moves import card_moves_the_king, grande, king, leads_most, moves_only_the_king, tile_regions, tiles
from companion.engine.offers.offer import Offer, Option, offer, refusal

__all__ = ["Offer", "Option", "card_moves_the_king", "grande", "king", "leads_most", "moves_only_the_king", "offer",
           "refusal", "tile_regions", "tiles"]
