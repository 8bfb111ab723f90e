"""The turn's offers: for each prompt of a turn, the typed options the table may choose, computed
once from the same functions the referee checks with (issue 34). Functions of (state) and, where
the phase matters, the kinds the chart accepts now (``expects``: ``Game.expects``), never of a
Game or a page. A refused option carries the referee's own reason; the default is never one.

The package imports its modules when a name is first asked of it (``offers.turn_rows``, ``from
companion.engine.offers import Offer``): a page that needs one offer does not import them all
(a resumed game's standings import offers/scorings.py alone). A module of the package is reached as
any is (``from companion.engine.offers import effects``, or ``offers.effects``: imported then); a
name the package itself gives is listed in ``_FROM`` with its module (tests/engine hold the two to
each other), beside the type checker's import of it.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from companion.engine.offers.rows import (
        menu_kinds,
        none_allowed,
        power_back,
        scoring,
        turn_rows,
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
        recorded,
        rows,
        special_begun,
        special_done,
        stand_in,
        taken_stack,
        turn_end,
        vetoes,
        waiting,
    )
    from companion.engine.offers.turn_page import (
        moved_by_card,
        power_back_next,
    )

#: Each name the package gives -> its module in the package, imported with the first name asked of it.
_FROM: dict[str, str] = {
    **dict.fromkeys((
        "card_moves_the_king", "grande", "king", "leads_most", "moves_only_the_king", "tile_regions",
        "tiles",
    ), "moves"),
    **dict.fromkeys((
        "Offer", "Option", "offer", "refusal",
    ), "offer"),
    **dict.fromkeys((
        "menu_kinds", "none_allowed", "power_back", "scoring", "turn_rows",
    ), "rows"),
    **dict.fromkeys((
        "KINGS_STACK", "awaits_action", "card_known", "chalet", "granted", "intake_short",
        "kings_to_fewest", "named_card", "named_scoring", "own_move", "placeable", "recorded", "rows",
        "special_begun", "special_done", "stand_in", "taken_stack", "turn_end", "vetoes", "waiting",
    ), "turn"),
    **dict.fromkeys((
        "moved_by_card", "power_back_next",
    ), "turn_page"),
}


def __getattr__(name: str) -> Any:
    """A name of ``_FROM`` from its module, or a module of the package (``offers.effects``), imported now."""
    if name in _FROM:
        value = getattr(importlib.import_module(f"{__name__}.{_FROM[name]}"), name)
        globals()[name] = value  # (asked once: the next reads it as any module's name)
        return value
    if not name.startswith("_"):
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as missing:
            if missing.name != f"{__name__}.{name}":
                raise
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_FROM})


#: The package's names that a module of it has too: ``offers.rows`` is turn.py's ``rows``, ``offers.offer``
#: offer.py's ``offer``, as when the package imported them all (the module's last import named them).
_SHADOWED = frozenset({"offer", "rows"})


class _Package(types.ModuleType):
    """The package, which keeps its names of ``_SHADOWED`` when the import system, having loaded the
    module of that name, names it on its package (a module's ``__class__`` may be so set: the
    language reference's "Customizing module attribute access")."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _SHADOWED and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


__all__ = [
    "KINGS_STACK",
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
    "menu_kinds",
    "moved_by_card",
    "moves_only_the_king",
    "named_card",
    "named_scoring",
    "none_allowed",
    "Offer",
    "offer",
    "Option",
    "own_move",
    "placeable",
    "power_back",
    "power_back_next",
    "recorded",
    "refusal",
    "rows",
    "scoring",
    "special_begun",
    "special_done",
    "stand_in",
    "taken_stack",
    "tile_regions",
    "tiles",
    "turn_end",
    "turn_rows",
    "vetoes",
    "waiting",
]
