"""An action card as the companion knows it: what its special action makes the companion do
(Effect, a line of help for each and the groups the effect picker lists) and the card (ActionCard).

What a card asks of the companion is its `effect` (one Effect value per
distinct thing to handle) plus `params`; `text` is what the screen shows.
Every card also lets its taker place up to `caballeros` Caballeros from the
Court into the King's neighbour regions and/or the Castillo.

The decks themselves are deck_classic.py's and deck_2023.py's; cards.py finds a card in them.
Pure data, standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)


class Effect(StrEnum):
    """What a card's special action makes the companion do (see EFFECT_HELP)."""

    # -- Caballeros on the board ---------------------------------------------
    MOVE_CABALLEROS = "move_caballeros"  # params: own/foreign/any = n | "all"; from = "one-region"
    PLACE_EXTRA = "place_extra"  # extra Caballeros from the Court to any region; params: count, castillo
    MOVE_OR_PLACE = "move_or_place"  # either move all own out of one region, or PLACE_EXTRA 2
    PLACE_IN_KINGS_REGION = "place_in_kings_region"  # this turn's placing may go into the King's region
    # -- Caballeros back to the Province -------------------------------------
    RETURN_FROM_COURT = "return_from_court"  # each opponent, from their Court; params: count = n | "all"
    RETURN_FROM_REGIONS = "return_from_regions"  # active player sends back 1 of each opponent from regions
    RETURN_FROM_COURT_OR_REGIONS = "return_from_court_or_regions"  # each opponent picks n, left neighbour first
    RETURN_BY_SECRET_DISC = "return_by_secret_disc"  # each opponent sets a disc, returns n | all there
    EVICTION = "eviction"  # you name a region; opponents move all theirs out to a disc region
    # -- scorings (special scorings, RULES.md "Special scorings on action cards")
    SCORE_REGION = "score_region"  # one region of the player's choice (King's region allowed)
    SCORE_GROUP = "score_group"  # params: points = 4 | 5 | 6 ("6 and 7"); tiles count
    SCORE_CASTILLO = "score_castillo"  # score the Castillo, then all its Caballeros go back in
    SCORE_FIRST_ONLY = "score_first_only"  # all regions, first place only, a tie scores nothing
    SCORE_MOST = "score_most"  # region(s) with the most Caballeros
    SCORE_FEWEST = "score_fewest"  # region(s) with the fewest Caballeros, empty ones excluded
    SCORE_SECRET_DISCS = "score_secret_discs"  # everyone sets a disc; regions chosen exactly once score
    # -- pieces and cards ----------------------------------------------------
    SCORING_TILE = "scoring_tile"  # place or move one of the two 8/4/0, 4/0/0 tiles / mobile scoreboards
    POWER_CARD_BACK = "power_card_back"  # one used Power card (or Power Shift modifier) back to the hand
    COURT_INTAKE = "court_intake"  # take n Caballeros from the Province to your Court
    MOVE_GRANDE = "move_grande"  # move your own Grande to another region
    VETO = "veto"  # keep the card; stop one special action this or next round
    # -- the King --------------------------------------------------------------
    MOVE_KING = "move_king"  # params: to = anywhere | adjacent | abroad | fewest | castillo
    KING_ENTOURAGE = "king_entourage"  # King anywhere, 2 of any colour follow from the old region
    KING_COMPETITION = "king_competition"  # King anywhere, every Grande there into the Castillo
    SWAP_KING_GRANDE = "swap_king_grande"  # King and a Grande of your choice change places
    # -- not known -------------------------------------------------------------
    UNKNOWN = "unknown"  # a card whose face we do not know: the table picks an effect


#: One line per effect, for the generic effect picker and the rules screen.
EFFECT_HELP: Mapping[Effect, str] = MappingProxyType(
    {
        Effect.MOVE_CABALLEROS: "Move Caballeros between regions / into the Castillo (not the King's region)",
        Effect.PLACE_EXTRA: "Place extra Caballeros from your Court in any regions (not the King's)",
        Effect.MOVE_OR_PLACE: "Either move all your own out of one region, or place 2 from your Court anywhere",
        Effect.PLACE_IN_KINGS_REGION: "This turn you may also place into the King's region",
        Effect.RETURN_FROM_COURT: "Each opponent returns Caballeros from their Court to the Province",
        Effect.RETURN_FROM_REGIONS: "You send 1 Caballero of each opponent from a region to the Province",
        Effect.RETURN_FROM_COURT_OR_REGIONS: "Each opponent returns Caballeros from Court and/or regions, left first",
        Effect.RETURN_BY_SECRET_DISC: "Each opponent picks a region by secret disc and returns Caballeros there",
        Effect.EVICTION: "Opponents move all theirs out of a region you name, to a region on their disc",
        Effect.SCORE_REGION: "Score one region of your choice (the King's region allowed)",
        Effect.SCORE_GROUP: "Score all 4-, 5- or 6/7-point regions (scoring tiles count)",
        Effect.SCORE_CASTILLO: "Score the Castillo; its Caballeros go back in",
        Effect.SCORE_FIRST_ONLY: "Score all regions, first place only; a tie scores nothing",
        Effect.SCORE_MOST: "Score the region(s) with the most Caballeros",
        Effect.SCORE_FEWEST: "Score the region(s) with the fewest Caballeros (empty ones excluded)",
        Effect.SCORE_SECRET_DISCS: "Everyone sets a secret disc; regions chosen exactly once are scored",
        Effect.SCORING_TILE: "Place or move a scoring tile (mobile scoreboard)",
        Effect.POWER_CARD_BACK: "Take one of your used Power cards back to your hand",
        Effect.COURT_INTAKE: "Take Caballeros from the Province to your Court",
        Effect.MOVE_GRANDE: "Move your Grande to another region",
        Effect.VETO: "Keep this card: stop one special action this round or next",
        Effect.MOVE_KING: "Move the King",
        Effect.KING_ENTOURAGE: "Move the King anywhere; 2 Caballeros follow from the old region",
        Effect.KING_COMPETITION: "Move the King anywhere; all Grandes there go into the Castillo",
        Effect.SWAP_KING_GRANDE: "Swap the King with a Grande of your choice",
        Effect.UNKNOWN: "Unknown card: choose what it does",
    }
)

#: The effects grouped as the generic picker lists them; every Effect is in exactly one group.
EFFECT_GROUPS: Mapping[str, tuple[Effect, ...]] = MappingProxyType(
    {
        "move/place": (Effect.MOVE_CABALLEROS, Effect.PLACE_EXTRA, Effect.MOVE_OR_PLACE, Effect.PLACE_IN_KINGS_REGION),
        "send back": (
            Effect.RETURN_FROM_COURT,
            Effect.RETURN_FROM_REGIONS,
            Effect.RETURN_FROM_COURT_OR_REGIONS,
            Effect.RETURN_BY_SECRET_DISC,
            Effect.EVICTION,
        ),
        "score": (
            Effect.SCORE_REGION,
            Effect.SCORE_GROUP,
            Effect.SCORE_CASTILLO,
            Effect.SCORE_FIRST_ONLY,
            Effect.SCORE_MOST,
            Effect.SCORE_FEWEST,
            Effect.SCORE_SECRET_DISCS,
        ),
        "pieces/cards": (Effect.SCORING_TILE, Effect.POWER_CARD_BACK, Effect.COURT_INTAKE, Effect.MOVE_GRANDE, Effect.VETO),
        "king": (Effect.MOVE_KING, Effect.KING_ENTOURAGE, Effect.KING_COMPETITION, Effect.SWAP_KING_GRANDE),
        "unknown": (Effect.UNKNOWN,),
    }
)


@dataclass(frozen=True)
class ActionCard:
    key: str  # stable id "<edition>.<stack>.<slug>", lowercase ascii
    edition: str  # "2023" | "classic"
    stack: int  # 1..4; 5 for the King's card and for New Regency cards
    title: str  # as printed; unknown 2023 card: "A card from stack N"
    copies: int  # copies in the deck (2023: see copies_known)
    caballeros: int  # Caballeros on the card's bottom = how many may be placed
    effect: Effect
    text: str  # one or two lines a player reads on a small screen, the edition's own terms
    params: tuple[tuple[str, object], ...] = ()
    known: bool = True  # False for placeholders whose title and effect are not known
    #: The 1995 rules' difference for this card in one line (classic deck only), else None.
    variant_1995: str | None = None
    #: False where `copies` is a floor/guess, not a count from the rules.
    copies_known: bool = True
    #: False where the stack is our assumption, not stated by the sources.
    stack_known: bool = True
    #: Other names the table may use (the 1995 title, a misprint in a seed).
    aliases: tuple[str, ...] = ()

    def param(self, name: str, default: object = None) -> object:
        return dict(self.params).get(name, default)

    @property
    def slug(self) -> str:
        return self.key.split(".", 2)[2]


def make_card(edition: str, stack: int, slug: str, title: str, effect: Effect, text: str, *,
              copies: int = 1, caballeros: int | None = None, **extra: Any) -> ActionCard:
    """A card of an edition's deck: keyed "<edition>.<stack>.<slug>", placing the stack's number unless told."""
    return ActionCard(
        key=f"{edition}.{stack}.{slug}",
        edition=edition,
        stack=stack,
        title=title,
        copies=copies,
        caballeros=stack if caballeros is None else caballeros,
        effect=effect,
        text=text,
        **extra,
    )
