"""An engine's offer as a list page (companion/engine/offers): a row per option in the page's
words, the cursor on the offer's default (never a refused option); a refused option is marked on
its row and says its reason on the error line while the cursor is on it, before the choice; OK on
it says it again, sending nothing. Refused rows
keep their place and ▲/▼ still stop on them: the rows and the presses to each are as they were
(the shipped key scripts press the same keys). A row that opens a page whose every option the
referee refuses (the Grande's with the King on it, the Jester's gift) is itself such a refused row on
the page that lists it (the turn page's offer: engine/offers/turn_page.py), so no page opens only to
refuse and no reason comes only after OK."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine.offers import Offer, Option
from companion.ui.intents import Intent
from companion.ui.pages import ListPage
from companion.ui.screens.common import REFUSED, refused_rows

__all__ = ["REFUSED", "offer_page"]


def offer_page(kind: str, headline: str, prompt: str, offer: Offer, label: Callable[[Option], str],
               then: Callable[[Option], Intent | None], marks: Callable[[Option], str] = lambda _: "") -> ListPage:
    """``label(option)``: its row; ``then(option)``: what OK on an allowed one does (send its
    steps, open its sub-page); ``marks(option)``: an allowed row's own note. A refused option is
    marked as on every page (common.refused_rows: the engine's reason, the page only marks it)."""
    options = offer.options
    ids = [o.id for o in options]
    own = ["" if o.why_not else marks(o) for o in options]
    page = ListPage(kind, headline, prompt, then, items=[(label(o), o) for o in options],
                    cursor=ids.index(offer.default) if offer.default in ids else 0, marks=own if any(own) else [])
    refused_rows(page, {o: o.why_not for o in options}, before=True)
    return page
