"""The 2023 edition's action cards, card by card, as data: its deck, and the cards of its
mini expansions New Regency and Old Hands.

Sources (../shared/seeds, see its README; ../shared/RULES.md "Action decks"): seeds
000/001 (clean text) and 002 (raw PDF text with fragments of the card faces). The
rulebook prints no card list, so most 2023 copy counts are NOT known; see the comments
at DECK_2023.
"""

from __future__ import annotations

from typing import Any

from companion.language import N_
from companion.rules.action_card import ActionCard, Effect, make_card


def _n(stack: int, slug: str, title: str, effect: Effect, text: str, **extra: Any) -> ActionCard:
    return make_card("2023", stack, slug, title, effect, text, **extra)


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


#: The placeholders' titles, stack by stack (each one whole, so that the catalogue has it).
_UNKNOWN_TITLES = (N_("A card from stack 1"), N_("A card from stack 2"), N_("A card from stack 3"),
                   N_("A card from stack 4"))


def _unknown_2023(stack: int, copies: int) -> ActionCard:
    return _n(stack, "unknown", _UNKNOWN_TITLES[stack - 1], Effect.UNKNOWN,
              N_("A card we have no text for: choose what it does."), copies=copies, known=False, copies_known=False)


_STACK_1_2023 = (
    _n(1, "conspiracy", N_("Conspiracy"), Effect.MOVE_CABALLEROS,
       N_("Move up to 5 Caballeros of your choice from one region."), params=(("any", 5), ("from", "one-region")), **_GUESS),
    _n(1, "intrigue", N_("Intrigue"), Effect.MOVE_CABALLEROS,
       N_("Move up to 2 of your own and 2 opposing Caballeros."), params=(("own", 2), ("foreign", 2)), **_GUESS),
    _n(1, "militia", N_("Militia"), Effect.PLACE_EXTRA,
       N_("Place up to 2 of your own from your Court in regions of your choice (not the Castillo, not the King's)."),
       params=(("count", 2), ("to", "anywhere"), ("castillo", False)), **_GUESS),
)
_STACK_2_2023 = (
    _n(2, "fair", N_("Fair"), Effect.SCORE_REGION,
       N_("Score a region of your choice (the King's region too, not the Castillo)."),
       params=(("castillo", False),), **_GUESS),
    _n(2, "withdrawal", N_("Withdrawal"), Effect.RETURN_FROM_COURT_OR_REGIONS,
       N_("Each opponent must return 3 of their Caballeros from the regions or their Court. Your left neighbour starts."),
       params=(("count", 3), ("order", "left-neighbour-first")), **_GUESS),
    _n(2, "civil-war", N_("Civil War"), Effect.RETURN_BY_SECRET_DISC,
       N_("Each opponent chooses one region with their secret disc, then returns all their Caballeros there."),
       params=(("count", "all"), ("min_in_region", 1)), **_GUESS),
)
_STACK_3_2023 = (
    _n(3, "outposts", N_("Outposts"), Effect.SCORE_GROUP,
       N_("Score all 4-point regions (scoring tiles count)."), params=(("points", 4),), **_GUESS),
    _n(3, "fiesta", N_("Fiesta"), Effect.SCORE_GROUP,
       N_("Score all 5-point regions (scoring tiles count)."), params=(("points", 5),), **_GUESS),
    _n(3, "revelation", N_("Revelation"), Effect.SCORE_CASTILLO,
       N_("Score the Castillo. Then throw all its Caballeros back into the Castillo."), **_GUESS),
)
_STACK_4_2023 = (
    _n(4, "enactment", N_("Enactment"), Effect.SCORING_TILE,
       N_("Place or move a scoring tile (never in or out of the King's region; the Castillo allowed)."), **_GUESS),
    _n(4, "empowerment", N_("Empowerment"), Effect.POWER_CARD_BACK,
       N_("Return a Power card (this round's or a used one; or a Power Shift modifier) to your hand."),
       params=(("modifier_ok", True),), **_GUESS),
    _n(4, "adopted-home", N_("Adopted Home"), Effect.MOVE_GRANDE,
       N_("Move your Grande to a region of your choice (not into or out of the King's region)."), **_GUESS),
    _n(4, "coup", N_("Coup"), Effect.EVICTION,
       N_("Each opponent moves all their Caballeros out of one region you choose, to another region set on their disc."),
       **_GUESS),
)

YOUR_MAJESTY = _n(5, "your-majesty", N_("Your Majesty"), Effect.MOVE_KING,
                  N_("Move the King to a region of your choice (not the Castillo, France or Portugal)."),
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
    _n(5, "exile", N_("Exile"), Effect.MOVE_KING,
       N_("Move the King to France or Portugal. Their neighbour regions work as usual."),
       params=(("to", "abroad"),), **_GUESS),
    _n(5, "entourage", N_("Entourage"), Effect.KING_ENTOURAGE,
       N_("Move the King to a region of your choice. Move 2 Caballeros of your choice from the old King's region along."),
       params=(("to", "anywhere"), ("carry", 2)), **_GUESS),
    _n(5, "competition", N_("Competition"), Effect.KING_COMPETITION,
       N_("Move the King to a region of your choice. Throw all Grandes from that region into the Castillo."),
       params=(("to", "anywhere"),), **_GUESS),
    _n(5, "chalet", N_("Chalet"), Effect.MOVE_KING,
       N_("Move the King to the region with the fewest Caballeros (not an empty one). In case of a tie, you decide."),
       params=(("to", "fewest"),), aliases=("Chalot",), **_GUESS),  # "Chalot": misprint in 000 l.683
    _n(5, "rebellion", N_("Rebellion"), Effect.MOVE_KING,
       N_("Move the King to the Castillo. While he is there, all may place Caballeros in all regions, but not the Castillo."),
       params=(("to", "castillo"),), **_GUESS),
    _n(5, "infiltration", N_("Infiltration"), Effect.PLACE_IN_KINGS_REGION,
       N_("Do not move the King. This turn you may place your Caballeros in the King's region as well."), **_GUESS),
    _n(5, "stand-in", N_("Stand-in"), Effect.SWAP_KING_GRANDE,
       N_("Swap the King with a Grande of your choice (both must stand in regions)."), **_GUESS),
    _n(5, "new-regency-unknown", N_("A card from stack 5"), Effect.UNKNOWN,
       N_("A New Regency card we have no text for: choose what it does."), copies=3, known=False, copies_known=False),
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
    _n(1, "ambush", N_("Ambush"), Effect.MOVE_CABALLEROS,
       N_("Move up to 3 opposing Caballeros."), params=(("foreign", 3),), **_ASSUMED_STACK),
    _n(2, "veto", N_("Veto"), Effect.VETO,
       N_("Prevent an entire special action this or next round (decide at once). Everyone announces special actions."),
       params=(("partial", False), ("rounds", "this-or-next")), **_ASSUMED_STACK),
    _n(2, "delegation", N_("Delegation"), Effect.MOVE_OR_PLACE,
       N_("Move any number of your own from one region. Or: place up to 2 from your Court in regions of your choice."),
       params=(("own", "all"), ("from", "one-region"), ("count", 2), ("to", "anywhere")), **_ASSUMED_STACK),
    _n(4, "rivalries", N_("Rivalries"), Effect.SCORE_SECRET_DISCS,
       N_("Everyone chooses a region with their secret disc. Score the regions chosen exactly once."), **_ASSUMED_STACK),
)
