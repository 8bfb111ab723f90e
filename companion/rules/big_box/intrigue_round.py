"""Intrigue & the King: one round's deal and what each turn allows.

Everyone plays one action card clockwise from the lead player; the played
values hand out the King card, the Caballero cards and the Intrigue card, set
the turn order and next round's lead player (../shared/RULES-EXPANSIONS.md
§1.4, "S:n" = seed 004, line n). The King & the Colonies (§3) adds the Grand
Inquisitor card and a stack-7 card as alternatives on a turn.

What the sources do not say is an *assumed* default the table may change:
the Caballero cards for 2-4 players (§7.1), the K&C placement number (§7.4),
the players-edition variant (§7.17). Colours are plain strings.

Pure functions, standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from companion.rules.big_box.intrigue_cards import HEADS_RANGE
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

PLAYERS = (2, 3, 4, 5)
CABALLERO_CARDS = (5, 4, 3, 2, 1)  # the five Caballero cards (S:162)

#: What a player does on his turn besides placing: which card's special action.
KING_ACTION = "king"  # the King card's: move the King to any region (S:170)
INTRIGUE_ACTION = "intrigue"  # the Intrigue card's (S:170)
OWN_ACTION = "own"  # the action card he played
#: The King & the Colonies' alternatives, one taker each per round (S:273).
GRAND_INQUISITOR = "grand_inquisitor"
STACK_7 = "stack_7"

#: Caballeros the Grand Inquisitor card places next to the King (S:243).
GRAND_INQUISITOR_PLACEMENT = 3

#: K&C: where the placement number comes from when no stack-6/7 card is taken (§7.4).
KC_PLACEMENT_SETTINGS = ("caballero_card", "action_card")


def caballero_cards(players: int, table_choice: Sequence[int] | None = None) -> tuple[int, ...]:
    """The Caballero cards in use, highest first.

    The overview card's table is lost (§1.3): *assumed* the highest N (5 players
    5-4-3-2-1, the only possibility; 4 players 5-4-3-2; 3 players 5-4-3;
    2 players 5-4). `table_choice` is the set the table reads off its overview card.
    """
    if players not in PLAYERS:
        raise ValueError(f"Intrigue & the King is for 2 to 5 players, not {players}")
    if table_choice is None:
        return CABALLERO_CARDS[:players]
    given = tuple(table_choice)
    if any(isinstance(c, bool) or not isinstance(c, int) or c not in CABALLERO_CARDS for c in given):
        raise ValueError(f"the Caballero cards show 1 to 5 Caballeros, not {_listed(given)}")
    chosen = tuple(sorted(given, reverse=True))
    if len(chosen) != players:
        raise ValueError(f"{players} players use {players} Caballero cards, not {len(chosen)} ({_listed(chosen)})")
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"there is one Caballero card of each number: {_listed(chosen)} repeats one")
    return chosen


@dataclass(frozen=True)
class Deal:
    """The round's cards, handed out by the played values (S:167)."""

    played: Mapping[str, int]  # colour -> value played
    caballero_card: Mapping[str, int]  # colour -> Caballeros he may place this turn
    king: str  # holds the King card: played the highest value
    intrigant: str  # holds the Intrigue card: played the lowest value
    turn_order: tuple[str, ...]  # by Caballero card, highest first (S:168)
    next_lead: str  # leads next round's card play: played the lowest (S:166)


def deal(played: Mapping[str, int], cards_in_use: Sequence[int]) -> Deal:
    """Hand out the round's cards: highest value -> King card and highest Caballero card,
    and so on down; lowest value -> lowest Caballero card and the Intrigue card (S:167).

    ValueError, one line: a value played twice, or not one Caballero card per player.
    """
    if len(played) < 2:
        raise ValueError(f"a round needs 2 to 5 players' cards, not {len(played)}")
    if len(cards_in_use) != len(played):
        raise ValueError(f"{len(played)} cards played but {len(cards_in_use)} Caballero cards in use "
                         f"({_listed(cards_in_use)})")
    seen: dict[int, str] = {}
    for colour, value in played.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{colour} played {value!r}: a card value is a whole number like 130")
        if value in seen:
            raise ValueError(f"{seen[value]} and {colour} both played {value}: "
                             "no value already played this round may be played (S:166)")
        seen[value] = colour
    ranked = tuple(sorted(played, key=lambda colour: played[colour], reverse=True))
    cards = sorted(cards_in_use, reverse=True)
    return Deal(
        played=MappingProxyType(dict(played)),
        caballero_card=MappingProxyType(dict(zip(ranked, cards))),
        king=ranked[0],
        intrigant=ranked[-1],
        turn_order=ranked,
        next_lead=ranked[-1],
    )


def play_order(lead: str, seats: Sequence[str]) -> tuple[str, ...]:
    """Who plays a card when: clockwise from the lead player (`seats` clockwise)."""
    if lead not in seats:
        raise ValueError(f"{lead} does not sit at this table ({', '.join(seats)})")
    start = list(seats).index(lead)
    return tuple(seats[start:]) + tuple(seats[:start])


def round_lead(previous: Deal | None, chosen: str | None = None) -> str:
    """Who leads the card play: in round 1 the players choose (S:166; the translations
    say the youngest, a house detail, §7.16); later the lowest card of the round before."""
    if previous is not None:
        return previous.next_lead
    if chosen is None:
        raise ValueError("in the first round the players choose who plays the first card")
    return chosen


def action_choice(colour: str, dealt: Deal, players: int, players_edition_variant: bool = False) -> tuple[str, ...]:
    """The special actions `colour` may perform this turn, the one the rules prescribe first.

    The King must perform the King card's action, the Intrigant the Intrigue card's,
    everyone else his own card's (S:170-171). With 2 or 3 players (S:174-175), or at
    any count with the 1998 players-edition variant (KIPE-NL, likely), the King and
    the Intrigant may choose their own card's action instead. Whether his own action
    is optional ("You may ...") is the card's business, not this function's.
    """
    if colour not in dealt.played:
        raise ValueError(f"{colour} played no card this round")
    may_swap = players in (2, 3) or players_edition_variant
    for holder, action in ((dealt.king, KING_ACTION), (dealt.intrigant, INTRIGUE_ACTION)):
        if colour == holder:
            return (action, OWN_ACTION) if may_swap else (action,)
    return (OWN_ACTION,)


def court_intake(card_heads: int | None, entered: int | None = None) -> int | None:
    """The most Caballeros a player may take from the Province to the Court: the heads
    on the card he played, King and Intrigant included (S:168, S:172); he may take fewer.

    The heads are unknown for most cards: `entered` is what the table reads off the
    card and wins over the catalogue. None: nobody knows yet, ask the table.
    """
    heads = card_heads if entered is None else entered
    if heads is not None:
        low, high = HEADS_RANGE
        if isinstance(heads, bool) or not isinstance(heads, int) or not low <= heads <= high:
            raise ValueError(f"a card shows {low} to {high} Caballero heads, not {heads!r}")
    return heads


def placement_limit(caballero_card: int, action_effect: str | None = None) -> int:
    """The most Caballeros a player may place from the Court next to the King or into the
    Castillo: his Caballero card's number (S:168), 5 if he performs the 15's action
    ("place_five", S:176)."""
    if caballero_card not in CABALLERO_CARDS:
        raise ValueError(f"the Caballero cards show 1 to 5 Caballeros, not {caballero_card!r}")
    return 5 if action_effect == "place_five" else caballero_card


def kc_action_choice(colour: str, dealt: Deal, players: int, taken: Sequence[str] = (),
                     players_edition_variant: bool = False) -> tuple[str, ...]:
    """The King & the Colonies: his I&K choice, or the Grand Inquisitor card, or the
    stack-7 card, each of the last two while nobody has taken it this round (S:273)."""
    extra = tuple(card for card in (GRAND_INQUISITOR, STACK_7) if card not in taken)
    return action_choice(colour, dealt, players, players_edition_variant) + extra


def kc_placement(chosen: str, caballero_card: int, *, stack_7_number: int | None = None,
                 card_heads: int | None = None, action_effect: str | None = None,
                 setting: str = "caballero_card") -> int | None:
    """The King & the Colonies: how many Caballeros the player may place next to the King.

    The Grand Inquisitor card: 3 (S:243); the stack-7 card: its number (S:274;
    unknown per card, None: ask the table). Otherwise S:274 says "the number shown
    on the action card he played", but in I&K that number is the Court intake and
    the Caballero card sets placing (S:168): *assumed* the Caballero card, and
    `setting="action_card"` follows S:274's words (the card's heads; None: ask).
    `action_effect`: his own card's effect kind, when he performs it (the 15 places 5).
    """
    if setting not in KC_PLACEMENT_SETTINGS:
        raise ValueError(f"kc_placement must be one of {', '.join(map(repr, KC_PLACEMENT_SETTINGS))}, "
                         f"not {setting!r}")
    if chosen == GRAND_INQUISITOR:
        return GRAND_INQUISITOR_PLACEMENT
    if chosen == STACK_7:
        low, high = HEADS_RANGE
        if stack_7_number is not None and (isinstance(stack_7_number, bool) or not isinstance(stack_7_number, int)
                                           or not low <= stack_7_number <= high):
            raise ValueError(f"a stack-7 card places {low} to {high} Caballeros, not {stack_7_number!r}")
        return stack_7_number
    if chosen not in (KING_ACTION, INTRIGUE_ACTION, OWN_ACTION):
        raise ValueError(f"unknown choice {chosen!r}")
    if setting == "action_card":
        return court_intake(card_heads)
    return placement_limit(caballero_card, action_effect if chosen == OWN_ACTION else None)


def _listed(numbers: Sequence[object]) -> str:
    return "-".join(str(n) for n in numbers) or "none"
