"""The action decks of both editions, card by card, as data.

Sources (../shared/seeds, see its README; ../shared/RULES.md "Action decks"):

- classic deck: seed 003 (modern classic edition, per-stack list with counts,
  lines ~345-669) for titles, counts and texts; seed 004 (1995 Rio Grande
  rules, lines ~99-152, sample game ~311-375) for the 1995 differences.
- 2023 deck: seeds 000/001 (clean text) and 002 (raw PDF text with
  fragments of the card faces). The rulebook prints no card list, so most
  2023 copy counts are NOT known; see the comments at DECK_2023.

What a card asks of the companion is its `effect` (one Effect value per
distinct thing to handle) plus `params`; `text` is what the screen shows.
Every card also lets its taker place up to `caballeros` Caballeros from the
Court into the King's neighbour regions and/or the Castillo.

Pure data and tiny helpers, standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Iterable, Mapping

from companion.rules import special_scoring
from companion.rules.text import fold

EDITIONS = ("2023", "classic")


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


def _card(edition: str, stack: int, slug: str, title: str, effect: Effect, text: str, *,
          copies: int = 1, caballeros: int | None = None, **extra) -> ActionCard:
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


def _c(stack: int, slug: str, title: str, effect: Effect, text: str, **extra) -> ActionCard:
    return _card("classic", stack, slug, title, effect, text, **extra)


def _n(stack: int, slug: str, title: str, effect: Effect, text: str, **extra) -> ActionCard:
    return _card("2023", stack, slug, title, effect, text, **extra)


# ---------------------------------------------------------------------------
# Classic deck (seed 003; 45 cards: 11 in each of stacks 1-4 + the King's card)
#
# Where the 1995 rules (seed 004) differ we give the MODERN text and keep the
# 1995 rule in `variant_1995`: seed 003 is the classic-deck edition people
# buy today and RULES.md says "follow the edition chosen"; the companion can
# offer the 1995 line as a house-rule switch. RULES.md names four such
# cards; the seeds show differences on three of them (return 1 of each,
# score a region incl. the Castillo -- on the stack 2 AND the stack 3 card --,
# Eviction back to the origin). Veto: both 003 l.452 ("entirely or partly
# prevent") and 004 l.114 ("may also prevent only part") allow a partial
# veto, so no 1995 difference is recorded; the whole-action-only Veto is
# the 2023 Old Hands card.
# ---------------------------------------------------------------------------

_SCORE_REGION_1995 = "1995: the Castillo may be chosen too; its Caballeros then go back in."

CLASSIC_DECK: tuple[ActionCard, ...] = (
    # -- stack 1: Intrigue, 11 cards (003 l.345-432; 004 l.101-110) --------
    _c(1, "intrigue-any-3", "Intrigue", Effect.MOVE_CABALLEROS,
       "You may move 3 Caballeros (your own and/or foreign).", params=(("any", 3),)),
    _c(1, "intrigue-any-4", "Intrigue", Effect.MOVE_CABALLEROS,
       "You may move 4 Caballeros (your own and/or foreign).", params=(("any", 4),)),
    _c(1, "intrigue-own-4", "Intrigue", Effect.MOVE_CABALLEROS,
       "You may move 4 of your Caballeros (your own only).", params=(("own", 4),)),
    _c(1, "intrigue-foreign-3", "Intrigue", Effect.MOVE_CABALLEROS,
       "You may move 3 foreign Caballeros (other players' only).", params=(("foreign", 3),)),
    _c(1, "intrigue-own-2-foreign-2", "Intrigue", Effect.MOVE_CABALLEROS,
       "You may move up to 2 of your Caballeros and up to 2 foreign Caballeros.",
       copies=2, params=(("own", 2), ("foreign", 2))),
    _c(1, "intrigue-5-from-one-region", "Intrigue", Effect.MOVE_CABALLEROS,
       "Choose a region. You may move up to 5 Caballeros (any colour) from it to other regions.",
       copies=2, params=(("any", 5), ("from", "one-region"))),
    _c(1, "intrigue-all-own-from-one-region", "Intrigue", Effect.MOVE_CABALLEROS,
       "You may move all your Caballeros away from one region, to any regions.",
       params=(("own", "all"), ("from", "one-region"))),
    _c(1, "intrigue-place-2", "Intrigue", Effect.PLACE_EXTRA,
       "You may place 2 additional Caballeros from your Court into the region(s) of your choice.",
       params=(("count", 2), ("to", "anywhere"), ("castillo", True))),
    _c(1, "intrigue-move-or-place", "Intrigue", Effect.MOVE_OR_PLACE,
       "Either move all your Caballeros away from one region, or place 2 from your Court anywhere.",
       params=(("own", "all"), ("from", "one-region"), ("count", 2), ("to", "anywhere"))),
    # -- stack 2: 11 cards (003 l.434-503; 004 l.111-124) --------------------
    _c(2, "veto", "Veto", Effect.VETO,
       "Stop one special action, wholly or in part, this round or next. Everyone announces special actions.",
       copies=2, params=(("partial", True), ("rounds", "this-or-next")), aliases=("Veto!",)),
    _c(2, "decay-of-authority-all", "Decay of Authority", Effect.RETURN_FROM_COURT,
       "Each opponent returns all Caballeros in their Court to the Province.", params=(("count", "all"),)),
    _c(2, "decay-of-authority-3", "Decay of Authority", Effect.RETURN_FROM_COURT,
       "Each opponent returns 3 Caballeros from their Court to the Province.", params=(("count", 3),)),
    # No title in 003 (l.472); the 1995 sample game calls it "Province" (004 l.352).
    _c(2, "province", "Province", Effect.RETURN_FROM_REGIONS,
       "You return 1 Caballero of each opponent (not yourself) from the regions to the Province.",
       params=(("count", 1), ("who", "opponents")),
       variant_1995="1995: 1 Caballero of every player goes back, one of your own included."),
    _c(2, "angry-king", "Angry King!", Effect.RETURN_FROM_COURT_OR_REGIONS,
       "Clockwise, each opponent returns 3 Caballeros from their Court and/or regions to the Province.",
       params=(("count", 3), ("order", "left-neighbour-first")), aliases=("The King returns!",)),
    # No printed title in 003 (l.484, l.490) or 004: descriptive titles.
    _c(2, "secret-disc-return-all", "Return all from one region", Effect.RETURN_BY_SECRET_DISC,
       "Each opponent secretly picks a region where they have 1+ Caballeros and returns all of them there.",
       params=(("count", "all"), ("min_in_region", 1))),
    _c(2, "secret-disc-return-2", "Return 2 from one region", Effect.RETURN_BY_SECRET_DISC,
       "Each opponent secretly picks a region where they have 2+ Caballeros and returns 2 of them there.",
       params=(("count", 2), ("min_in_region", 2))),
    _c(2, "special-scoring-region", "Special Scoring", Effect.SCORE_REGION,
       "Choose a region to be scored now (the King's region too, not the Castillo).",
       copies=3, params=(("castillo", False),), variant_1995=_SCORE_REGION_1995),
    # -- stack 3: Special Scoring, 11 cards (003 l.506-597; 004 l.125-139) --
    _c(3, "special-scoring-4-point", "Special Scoring", Effect.SCORE_GROUP,
       "All 4-point regions are scored now (mobile scoreboards count).", copies=2, params=(("points", 4),)),
    _c(3, "special-scoring-5-point", "Special Scoring", Effect.SCORE_GROUP,
       "All 5-point regions are scored now (mobile scoreboards count).", copies=2, params=(("points", 5),)),
    _c(3, "special-scoring-6-7-point", "Special Scoring", Effect.SCORE_GROUP,
       "All 6- and 7-point regions are scored now (mobile scoreboards count).", params=(("points", 6),)),
    _c(3, "special-scoring-castillo", "Special Scoring", Effect.SCORE_CASTILLO,
       "The Castillo is scored now; then its Caballeros go back in, hidden.", copies=2),
    _c(3, "special-scoring-first-only", "Special Scoring", Effect.SCORE_FIRST_ONLY,
       "All regions are scored now, first place only. A tie for first scores nothing."),
    _c(3, "special-scoring-most", "Special Scoring", Effect.SCORE_MOST,
       "The region(s) with the most Caballeros are scored now."),
    _c(3, "special-scoring-fewest", "Special Scoring", Effect.SCORE_FEWEST,
       "The region(s) with the fewest Caballeros are scored now; empty regions do not count."),
    _c(3, "special-scoring-region", "Special Scoring", Effect.SCORE_REGION,
       "Choose a region to be scored now (the King's region too, not the Castillo).",
       params=(("castillo", False),), variant_1995=_SCORE_REGION_1995),
    # -- stack 4: 11 cards (003 l.599-665: the last three stand after the
    #    "STACK 5" heading in 003 l.637, an extraction slip; 8 + 3 = 11) ----
    _c(4, "mobile-scoreboard", "Mobile Scoreboard", Effect.SCORING_TILE,
       "Place a mobile scoreboard, or move one already on the board (never into/out of the King's region).",
       copies=3),
    _c(4, "power-of-the-cards", "Power of the Cards", Effect.POWER_CARD_BACK,
       "Return 1 of your used Power cards (this round's too) to your hand.", copies=2, aliases=("Power Cards",)),
    _c(4, "the-court", "The Court", Effect.COURT_INTAKE,
       "Take 2 Caballeros from the Province into your Court.", params=(("count", 2),)),
    _c(4, "grande", "Grande", Effect.MOVE_GRANDE,
       "Move your Grande (not into/out of the King's region, not into the Castillo).", copies=2),
    _c(4, "special-scoring-secret-discs", "Special Scoring", Effect.SCORE_SECRET_DISCS,
       "Everyone, you too, sets a secret disc. Each region chosen exactly once is scored now."),
    _c(4, "eviction", "Eviction", Effect.EVICTION,
       "Name a region: each opponent moves all theirs from it to a region set on their disc (King's: to Court).",
       params=(("kings_region", "court"),), aliases=("Movement",),
       variant_1995="1995: a player who sets the region being emptied also returns them to the Court."),
    _c(4, "royal-advisor", "Royal Advisor", Effect.MOVE_KING,
       "You may move the King to an adjacent region.", params=(("to", "adjacent"),), aliases=("Royal Adviser",)),
    # -- stack 5 -------------------------------------------------------------
    _c(5, "kings-card", "King's Card", Effect.MOVE_KING,
       "You may move the King to any region (not the Castillo).", params=(("to", "anywhere"),),
       aliases=("King card", "Kings card", "The King")),
)


# ---------------------------------------------------------------------------
# 2023 deck (Hans im Glück): stacks 1-4 of 10 cards + "Your Majesty".
#
# CERTAIN: 10 cards in each of stacks 1-4, 1 in stack 5 (000 l.99); 55
# action cards in the box = 41 + 10 New Regency + 4 Old Hands (000 l.129,
# l.93). Caballeros shown = the stack number (Fiesta places 3, Your Majesty
# 5: 000 examples l.287-297; the dummy rule "most Caballeros").
# STACKS: Conspiracy 1, Fair 2, Outposts 3, Enactment 4 (one card revealed on
# each stack, 002 l.270-290), Fiesta 3 (its example places up to 3); Intrigue,
# Militia (1), Withdrawal, Civil War (2), Revelation (3), Empowerment,
# Adopted Home, Coup (4) as RULES.md lists them (their classic twins sit in
# the same stacks).
# COPIES: NOT KNOWN for any 2023 title. Each known title is listed once
# (copies=1, copies_known=False: "at least one"); the rest of each stack is
# one placeholder entry "A card from stack N" (known=False, UNKNOWN) holding
# the remaining copies, so every stack totals 10. Titles we have never seen
# (e.g. a 6/7-point scoring) hide in the placeholders.
# ---------------------------------------------------------------------------

_GUESS = dict(copies_known=False)


def _unknown_2023(stack: int, copies: int) -> ActionCard:
    return _n(stack, "unknown", f"A card from stack {stack}", Effect.UNKNOWN,
              "A card we have no text for: choose what it does.", copies=copies, known=False, copies_known=False)


_STACK_1_2023 = (
    _n(1, "conspiracy", "Conspiracy", Effect.MOVE_CABALLEROS,
       "Move up to 5 Caballeros of your choice from one region.", params=(("any", 5), ("from", "one-region")), **_GUESS),
    _n(1, "intrigue", "Intrigue", Effect.MOVE_CABALLEROS,
       "Move up to 2 of your own and 2 opposing Caballeros.", params=(("own", 2), ("foreign", 2)), **_GUESS),
    _n(1, "militia", "Militia", Effect.PLACE_EXTRA,
       "Place up to 2 of your own from your Court in regions of your choice (not the Castillo, not the King's).",
       params=(("count", 2), ("to", "anywhere"), ("castillo", False)), **_GUESS),
)
_STACK_2_2023 = (
    _n(2, "fair", "Fair", Effect.SCORE_REGION,
       "Score a region of your choice (the King's region too, not the Castillo).",
       params=(("castillo", False),), **_GUESS),
    _n(2, "withdrawal", "Withdrawal", Effect.RETURN_FROM_COURT_OR_REGIONS,
       "Each opponent must return 3 of their Caballeros from the regions or their Court. Your left neighbour starts.",
       params=(("count", 3), ("order", "left-neighbour-first")), **_GUESS),
    _n(2, "civil-war", "Civil War", Effect.RETURN_BY_SECRET_DISC,
       "Each opponent chooses one region with their secret disc, then returns all their Caballeros there.",
       params=(("count", "all"), ("min_in_region", 1)), **_GUESS),
)
_STACK_3_2023 = (
    _n(3, "outposts", "Outposts", Effect.SCORE_GROUP,
       "Score all 4-point regions (scoring tiles count).", params=(("points", 4),), **_GUESS),
    _n(3, "fiesta", "Fiesta", Effect.SCORE_GROUP,
       "Score all 5-point regions (scoring tiles count).", params=(("points", 5),), **_GUESS),
    _n(3, "revelation", "Revelation", Effect.SCORE_CASTILLO,
       "Score the Castillo. Then throw all its Caballeros back into the Castillo.", **_GUESS),
)
_STACK_4_2023 = (
    _n(4, "enactment", "Enactment", Effect.SCORING_TILE,
       "Place or move a scoring tile (never in or out of the King's region; the Castillo allowed).", **_GUESS),
    _n(4, "empowerment", "Empowerment", Effect.POWER_CARD_BACK,
       "Return a Power card (this round's or a used one; or a Power Shift modifier) to your hand.",
       params=(("modifier_ok", True),), **_GUESS),
    _n(4, "adopted-home", "Adopted Home", Effect.MOVE_GRANDE,
       "Move your Grande to a region of your choice (not into or out of the King's region).", **_GUESS),
    _n(4, "coup", "Coup", Effect.EVICTION,
       "Each opponent moves all their Caballeros out of one region you choose, to another region set on their disc.",
       **_GUESS),
)

YOUR_MAJESTY = _n(5, "your-majesty", "Your Majesty", Effect.MOVE_KING,
                  "Move the King to a region of your choice (not the Castillo, France or Portugal).",
                  params=(("to", "anywhere"),), aliases=("King's card", "The King's card"))

DECK_2023: tuple[ActionCard, ...] = (
    *_STACK_1_2023, _unknown_2023(1, 10 - len(_STACK_1_2023)),
    *_STACK_2_2023, _unknown_2023(2, 10 - len(_STACK_2_2023)),
    *_STACK_3_2023, _unknown_2023(3, 10 - len(_STACK_3_2023)),
    *_STACK_4_2023, _unknown_2023(4, 10 - len(_STACK_4_2023)),
    YOUR_MAJESTY,
)


# ---------------------------------------------------------------------------
# New Regency (2023 mini expansion): 10 cards replace Your Majesty as stack 5,
# one revealed per round and discarded at its end (000 l.485-491). Seven
# titles are known (card faces in 002 l.1190-1390, explanations 000
# l.661-707), each counted once; the other 3 cards are one placeholder.
# Caballeros: 5 assumed (they take the King's card's place; no number seen).
# ---------------------------------------------------------------------------

NEW_REGENCY: tuple[ActionCard, ...] = (
    _n(5, "exile", "Exile", Effect.MOVE_KING,
       "Move the King to France or Portugal. Their neighbour regions work as usual.",
       params=(("to", "abroad"),), **_GUESS),
    _n(5, "entourage", "Entourage", Effect.KING_ENTOURAGE,
       "Move the King to a region of your choice. Move 2 Caballeros of your choice from the old King's region along.",
       params=(("to", "anywhere"), ("carry", 2)), **_GUESS),
    _n(5, "competition", "Competition", Effect.KING_COMPETITION,
       "Move the King to a region of your choice. Throw all Grandes from that region into the Castillo.",
       params=(("to", "anywhere"),), **_GUESS),
    _n(5, "chalet", "Chalet", Effect.MOVE_KING,
       "Move the King to the region with the fewest Caballeros (not an empty one). In case of a tie, you decide.",
       params=(("to", "fewest"),), aliases=("Chalot",), **_GUESS),  # "Chalot": misprint in 000 l.683
    _n(5, "rebellion", "Rebellion", Effect.MOVE_KING,
       "Move the King to the Castillo. While he is there, all may place Caballeros in all regions, but not the Castillo.",
       params=(("to", "castillo"),), **_GUESS),
    _n(5, "infiltration", "Infiltration", Effect.PLACE_IN_KINGS_REGION,
       "Do not move the King. This turn you may place your Caballeros in the King's region as well.", **_GUESS),
    _n(5, "stand-in", "Stand-in", Effect.SWAP_KING_GRANDE,
       "Swap the King with a Grande of your choice (both must stand in regions).", **_GUESS),
    _n(5, "new-regency-unknown", "A card from stack 5", Effect.UNKNOWN,
       "A New Regency card we have no text for: choose what it does.", copies=3, known=False, copies_known=False),
)


# ---------------------------------------------------------------------------
# Old Hands (2023): 4 alternative cards. For each one added, 1 random card
# of its stack leaves the box; "if you were to add all 4 cards, return 1
# random card from stack 1, 2 random cards from stack 2, and 1 random card
# from stack 4" (000 l.501) -- so the stacks are 1, 2, 2, 4, but the seeds
# never say which card is which:
#   Veto 2 (assumed: classic Veto is stack 2), Rivalries 4 (assumed: classic
#   secret-disc scoring is stack 4), Ambush 1 (assumed: classic "move 3
#   foreign" is stack 1), Delegation 2 (assumed, by elimination, although
#   its classic twin is stack 1). stack_known=False on all four.
# ---------------------------------------------------------------------------

_ASSUMED_STACK = dict(stack_known=False)

OLD_HANDS: tuple[ActionCard, ...] = (
    _n(1, "ambush", "Ambush", Effect.MOVE_CABALLEROS,
       "Move up to 3 opposing Caballeros.", params=(("foreign", 3),), **_ASSUMED_STACK),
    _n(2, "veto", "Veto", Effect.VETO,
       "Prevent an entire special action this or next round (decide at once). Everyone announces special actions.",
       params=(("partial", False), ("rounds", "this-or-next")), **_ASSUMED_STACK),
    _n(2, "delegation", "Delegation", Effect.MOVE_OR_PLACE,
       "Move any number of your own from one region. Or: place up to 2 from your Court in regions of your choice.",
       params=(("own", "all"), ("from", "one-region"), ("count", 2), ("to", "anywhere")), **_ASSUMED_STACK),
    _n(4, "rivalries", "Rivalries", Effect.SCORE_SECRET_DISCS,
       "Everyone chooses a region with their secret disc. Score the regions chosen exactly once.", **_ASSUMED_STACK),
)


# ---------------------------------------------------------------------------
# Power Shift (2023 mini expansion): 16 grey Modifier cards, +-1/+-2, "some
# of which also have a special ability" (000 l.505-525). Abilities seen on
# the faces (002 l.940-962): "Place 1 of your own from the Province in your
# Court", "Move 1 of your own", "Move 1 Grande of your choice".
# COMPOSITION NOT KNOWN. Best-supported guess: the four values without an
# ability plus each of the three abilities on each of the four values
# (4 + 12 = 16) -- the face fragment shows plain -2 +2 +1 -1 and ability
# cards with +2 -2 -1 +1. POWER_SHIFT_COMPOSITION_KNOWN says so to callers.
# ---------------------------------------------------------------------------


class Ability(StrEnum):
    COURT_1 = "court_1"  # place 1 of your own from the Province in your Court
    MOVE_OWN_1 = "move_own_1"  # move 1 of your own Caballeros
    MOVE_GRANDE = "move_grande"  # move 1 Grande of your choice (any colour)


ABILITY_TEXT: Mapping[Ability, str] = MappingProxyType(
    {
        Ability.COURT_1: "Place 1 of your own from the Province in your Court.",
        Ability.MOVE_OWN_1: "Move 1 of your own Caballeros.",
        Ability.MOVE_GRANDE: "Move 1 Grande of your choice.",
    }
)


@dataclass(frozen=True)
class PowerModifier:
    key: str  # "power-shift.+1", "power-shift.-2.move-grande"
    modifier: int  # added to the Power card's value: -2, -1, +1, +2
    ability: Ability | None  # used after taking Caballeros, before choosing an action card

    @property
    def text(self) -> str:
        value = f"{self.modifier:+d}"
        return value if self.ability is None else f"{value}: {ABILITY_TEXT[self.ability]}"


POWER_SHIFT_COMPOSITION_KNOWN = False

POWER_SHIFT: tuple[PowerModifier, ...] = tuple(
    PowerModifier(
        key=f"power-shift.{m:+d}" + ("" if a is None else "." + a.value.replace("_", "-")),
        modifier=m,
        ability=a,
    )
    for a in (None, *Ability)
    for m in (-2, -1, +1, +2)
)


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------

_DECKS = {"classic": CLASSIC_DECK, "2023": DECK_2023}
ALL_CARDS: tuple[ActionCard, ...] = (*CLASSIC_DECK, *DECK_2023, *NEW_REGENCY, *OLD_HANDS)
_BY_KEY: Mapping[str, ActionCard] = MappingProxyType({c.key: c for c in ALL_CARDS})


class UnknownCard(KeyError):
    """A key or title no catalogue knows; the message says what would work."""

    def __str__(self) -> str:  # KeyError would show the message in quotes
        return str(self.args[0]) if self.args else ""


def _fold(text: str) -> str:
    """Case-, accent-, space- and punctuation-free: "Stand-in" == "standin", "Angry King!" == "angryking"."""
    return "".join(c for c in fold(text) if c.isalnum())


def _edition(edition: str) -> str:
    for known in EDITIONS:
        if _fold(edition) == _fold(known):
            return known
    raise ValueError(f"unknown edition {edition!r}; choose one of: {', '.join(EDITIONS)}")


def total(cards: Iterable[ActionCard]) -> int:
    """Cards counting copies."""
    return sum(c.copies for c in cards)


def deck(edition: str, *, new_regency: bool = False) -> tuple[ActionCard, ...]:
    """The base action deck of an edition; 2023 with New Regency replacing Your Majesty."""
    edition = _edition(edition)
    if not new_regency:
        return _DECKS[edition]
    if edition != "2023":
        raise ValueError("New Regency is a 2023 mini expansion; the classic deck has no such cards")
    return tuple(c for c in DECK_2023 if c.stack != 5) + NEW_REGENCY


def stack_cards(edition: str, stack: int, *, new_regency: bool = False) -> tuple[ActionCard, ...]:
    """The cards of one stack (1-5)."""
    if stack not in range(1, 6):
        raise ValueError(f"stacks go from 1 to 5, not {stack!r}")
    return tuple(c for c in deck(edition, new_regency=new_regency) if c.stack == stack)


def card(key: str) -> ActionCard:
    """The card with this key ("classic.4.mobile-scoreboard"); UnknownCard (a KeyError) otherwise."""
    found = _BY_KEY.get(key)
    if found is not None:
        return found
    folded = _fold(key)
    for c in ALL_CARDS:
        if _fold(c.key) == folded:
            return c
    import difflib  # only for an unknown key: not on every start

    near = difflib.get_close_matches(key.lower(), list(_BY_KEY), n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(near)}?" if near else (
        "; keys look like 'classic.4.mobile-scoreboard' or '2023.3.outposts'"
    )
    raise UnknownCard(f"unknown action card {key!r}{hint}")


def find(edition: str, title_or_key: str) -> ActionCard:
    """The one card of an edition (New Regency and Old Hands included) a player means.

    Matches the key, the key without its "edition.stack." prefix, the title or
    an alias; case, accents, spaces and punctuation are ignored. A title that
    several cards share ("Intrigue", "Special Scoring" in the classic deck)
    raises UnknownCard listing the keys to choose from.
    """
    edition = _edition(edition)
    pool = tuple(c for c in ALL_CARDS if c.edition == edition)
    wanted = _fold(title_or_key)
    if not wanted:
        raise UnknownCard("give a card title or key")
    for c in pool:
        if wanted in (_fold(c.key), _fold(f"{c.stack}.{c.slug}")):
            return c
    matches = [c for c in pool if wanted in {_fold(c.slug), _fold(c.title), *(_fold(a) for a in c.aliases)}]
    if len(matches) == 1:
        return matches[0]
    if matches:
        keys = ", ".join(c.key for c in matches)
        raise UnknownCard(f"{len(matches)} {edition} cards are called {title_or_key!r}; give the key: {keys}")
    titles = sorted({c.title for c in pool if c.known})
    raise UnknownCard(f"no {edition} card {title_or_key!r}; titles: {', '.join(titles)}")


def special_kind(c: ActionCard) -> str | None:
    """The special-scoring kind a scoring card starts ("group4", "castillo", ...), else None."""
    points = c.param("points") if c.effect is Effect.SCORE_GROUP else None
    kind = special_scoring.kind_of(c.effect.value, points if isinstance(points, int) else None)
    return kind.key if kind else None
