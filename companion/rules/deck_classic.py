"""The classic edition's action deck, card by card, as data (45 cards: 11 in each of stacks 1-4
and the King's card).

Sources (../shared/seeds, see its README; ../shared/RULES.md "Action decks"): seed 003
(modern classic edition, per-stack list with counts, lines ~345-669) for titles, counts
and texts; seed 004 (1995 Rio Grande rules, lines ~99-152, sample game ~311-375) for the
1995 differences.
"""

from __future__ import annotations

from typing import Any

from companion.language import N_
from companion.rules.action_card import ActionCard, Effect, make_card


def _c(stack: int, slug: str, title: str, effect: Effect, text: str, **extra: Any) -> ActionCard:
    return make_card("classic", stack, slug, title, effect, text, **extra)


# ---------------------------------------------------------------------------
# Classic deck (seed 003; 45 cards: 11 in each of stacks 1-4 + the King's card)
#
# Where the 1995 rules (seed 004) differ we give the MODERN text and keep the
# 1995 rule in `variant_1995`: seed 003 is the classic-deck edition people
# buy today and RULES.md says "follow the edition chosen"; the companion can
# offer the 1995 line as a house-rule switch (the settings file's [game]
# classic_text = "1995": companion/engine/classic_1995.py). RULES.md names three
# such cards (return 1 of each, score a region incl. the Castillo -- on the
# stack 2 AND the stack 3 card --, Eviction back to the origin); the seeds
# show a fourth, Return 2 from one region (004 l.121). Veto: both 003 l.452 ("entirely or partly
# prevent") and 004 l.114 ("may also prevent only part") allow a partial
# veto, so no 1995 difference is recorded; the whole-action-only Veto is
# the 2023 Old Hands card.
# ---------------------------------------------------------------------------

_SCORE_REGION_1995 = N_("1995: the Castillo may be chosen too; its Caballeros then go back in.")

CLASSIC_DECK: tuple[ActionCard, ...] = (
    # -- stack 1: Intrigue, 11 cards (003 l.345-432; 004 l.101-110) --------
    _c(1, "intrigue-any-3", N_("Intrigue"), Effect.MOVE_CABALLEROS,
       N_("You may move 3 Caballeros (your own and/or foreign)."), params=(("any", 3),)),
    _c(1, "intrigue-any-4", N_("Intrigue"), Effect.MOVE_CABALLEROS,
       N_("You may move 4 Caballeros (your own and/or foreign)."), params=(("any", 4),)),
    _c(1, "intrigue-own-4", N_("Intrigue"), Effect.MOVE_CABALLEROS,
       N_("You may move 4 of your Caballeros (your own only)."), params=(("own", 4),)),
    _c(1, "intrigue-foreign-3", N_("Intrigue"), Effect.MOVE_CABALLEROS,
       N_("You may move 3 foreign Caballeros (other players' only)."), params=(("foreign", 3),)),
    _c(1, "intrigue-own-2-foreign-2", N_("Intrigue"), Effect.MOVE_CABALLEROS,
       N_("You may move up to 2 of your Caballeros and up to 2 foreign Caballeros."),
       copies=2, params=(("own", 2), ("foreign", 2))),
    _c(1, "intrigue-5-from-one-region", N_("Intrigue"), Effect.MOVE_CABALLEROS,
       N_("Choose a region. You may move up to 5 Caballeros (any colour) from it to other regions."),
       copies=2, params=(("any", 5), ("from", "one-region"))),
    _c(1, "intrigue-all-own-from-one-region", N_("Intrigue"), Effect.MOVE_CABALLEROS,
       N_("You may move all your Caballeros away from one region, to any regions."),
       params=(("own", "all"), ("from", "one-region"))),
    _c(1, "intrigue-place-2", N_("Intrigue"), Effect.PLACE_EXTRA,
       N_("You may place 2 additional Caballeros from your Court into the region(s) of your choice."),
       params=(("count", 2), ("to", "anywhere"), ("castillo", True))),
    _c(1, "intrigue-move-or-place", N_("Intrigue"), Effect.MOVE_OR_PLACE,
       N_("Either move all your Caballeros away from one region, or place 2 from your Court anywhere."),
       # 003 l.428: "identical to those of the 2 above cards": the place-2 half reaches the Castillo
       # too (004 l.103-104: "into any regions (except the King's) and/or into the Castillo").
       params=(("own", "all"), ("from", "one-region"), ("count", 2), ("to", "anywhere"), ("castillo", True))),
    # -- stack 2: 11 cards (003 l.434-503; 004 l.111-124) --------------------
    _c(2, "veto", N_("Veto"), Effect.VETO,
       N_("Stop one special action, wholly or in part, this round or next. Everyone announces special actions."),
       copies=2, params=(("partial", True), ("rounds", "this-or-next")), aliases=("Veto!",)),
    _c(2, "decay-of-authority-all", N_("Decay of Authority"), Effect.RETURN_FROM_COURT,
       N_("Each opponent returns all Caballeros in their Court to the Province."), params=(("count", "all"),)),
    _c(2, "decay-of-authority-3", N_("Decay of Authority"), Effect.RETURN_FROM_COURT,
       N_("Each opponent returns 3 Caballeros from their Court to the Province."), params=(("count", 3),)),
    # No title in 003 (l.472); the 1995 sample game calls it "Province" (004 l.352).
    _c(2, "province", N_("Province"), Effect.RETURN_FROM_REGIONS,
       N_("You return 1 Caballero of each opponent (not yourself) from the regions to the Province."),
       params=(("count", 1), ("who", "opponents")),
       variant_1995=N_("1995: 1 Caballero of every player goes back, one of your own included.")),
    _c(2, "angry-king", N_("Angry King!"), Effect.RETURN_FROM_COURT_OR_REGIONS,
       N_("Clockwise, each opponent returns 3 Caballeros from their Court and/or regions to the Province."),
       params=(("count", 3), ("order", "left-neighbour-first")), aliases=("The King returns!",)),
    # No printed title in 003 (l.484, l.490) or 004: descriptive titles.
    _c(2, "secret-disc-return-all", N_("Return all from one region"), Effect.RETURN_BY_SECRET_DISC,
       N_("Each opponent secretly picks a region where they have 1+ Caballeros and returns all of them there."),
       params=(("count", "all"), ("min_in_region", 1))),
    _c(2, "secret-disc-return-2", N_("Return 2 from one region"), Effect.RETURN_BY_SECRET_DISC,
       N_("Each opponent secretly picks a region where they have 2+ Caballeros and returns 2 of them there."),
       params=(("count", 2), ("min_in_region", 2)),
       variant_1995=N_("1995: a player with 2 in no region picks a region where he has 1.")),
    _c(2, "special-scoring-region", N_("Special Scoring"), Effect.SCORE_REGION,
       N_("Choose a region to be scored now (the King's region too, not the Castillo)."),
       copies=3, params=(("castillo", False),), variant_1995=_SCORE_REGION_1995),
    # -- stack 3: Special Scoring, 11 cards (003 l.506-597; 004 l.125-139) --
    _c(3, "special-scoring-4-point", N_("Special Scoring"), Effect.SCORE_GROUP,
       N_("All 4-point regions are scored now (mobile scoreboards count)."), copies=2, params=(("points", 4),)),
    _c(3, "special-scoring-5-point", N_("Special Scoring"), Effect.SCORE_GROUP,
       N_("All 5-point regions are scored now (mobile scoreboards count)."), copies=2, params=(("points", 5),)),
    _c(3, "special-scoring-6-7-point", N_("Special Scoring"), Effect.SCORE_GROUP,
       N_("All 6- and 7-point regions are scored now (mobile scoreboards count)."), params=(("points", 6),)),
    _c(3, "special-scoring-castillo", N_("Special Scoring"), Effect.SCORE_CASTILLO,
       N_("The Castillo is scored now; then its Caballeros go back in, hidden."), copies=2),
    _c(3, "special-scoring-first-only", N_("Special Scoring"), Effect.SCORE_FIRST_ONLY,
       N_("All regions are scored now, first place only. A tie for first scores nothing.")),
    _c(3, "special-scoring-most", N_("Special Scoring"), Effect.SCORE_MOST,
       N_("The region(s) with the most Caballeros are scored now.")),
    _c(3, "special-scoring-fewest", N_("Special Scoring"), Effect.SCORE_FEWEST,
       N_("The region(s) with the fewest Caballeros are scored now; empty regions do not count.")),
    _c(3, "special-scoring-region", N_("Special Scoring"), Effect.SCORE_REGION,
       N_("Choose a region to be scored now (the King's region too, not the Castillo)."),
       params=(("castillo", False),), variant_1995=_SCORE_REGION_1995),
    # -- stack 4: 11 cards (003 l.599-665: the last three stand after the
    #    "STACK 5" heading in 003 l.637, an extraction slip; 8 + 3 = 11) ----
    _c(4, "mobile-scoreboard", N_("Mobile Scoreboard"), Effect.SCORING_TILE,
       N_("Place a mobile scoreboard, or move one already on the board (never into/out of the King's region)."),
       copies=3),
    _c(4, "power-of-the-cards", N_("Power of the Cards"), Effect.POWER_CARD_BACK,
       N_("Return 1 of your used Power cards (this round's too) to your hand."), copies=2, aliases=("Power Cards",)),
    _c(4, "the-court", N_("The Court"), Effect.COURT_INTAKE,
       N_("Take 2 Caballeros from the Province into your Court."), params=(("count", 2),)),
    _c(4, "grande", N_("Grande"), Effect.MOVE_GRANDE,
       N_("Move your Grande (not into/out of the King's region, not into the Castillo)."), copies=2),
    _c(4, "special-scoring-secret-discs", N_("Special Scoring"), Effect.SCORE_SECRET_DISCS,
       N_("Everyone, you too, sets a secret disc. Each region chosen exactly once is scored now.")),
    _c(4, "eviction", N_("Eviction"), Effect.EVICTION,
       N_("Name a region: each opponent moves all theirs from it to a region set on their disc (King's: to Court)."),
       params=(("kings_region", "court"),), aliases=("Movement",),
       variant_1995=N_("1995: a player who sets the region being emptied also returns them to the Court.")),
    _c(4, "royal-advisor", N_("Royal Advisor"), Effect.MOVE_KING,
       N_("You may move the King to an adjacent region."), params=(("to", "adjacent"),), aliases=("Royal Adviser",)),
    # -- stack 5 -------------------------------------------------------------
    _c(5, "kings-card", N_("King's Card"), Effect.MOVE_KING,
       N_("You may move the King to any region (not the Castillo)."), params=(("to", "anywhere"),),
       aliases=("King card", "Kings card", "The King")),
)
