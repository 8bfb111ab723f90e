"""Intrigue & the King: the 31 action/power cards of each colour as editable data.

In I&K a colour's cards replace both the Power cards and the action cards: each
shows a value (turn order), Caballero heads (Province -> Court) and a special
action. The sources keep only fragments of the card faces (../shared/
RULES-EXPANSIONS.md §1.6; "S:n" = seed 004, line n; KIPE-NL = the Dutch
translation of the 1998 players edition). So every card says how sure we are
(`confidence`) and where it comes from (`source`), and a table can correct or
extend the catalogue with `catalogue(overrides)`, e.g. from a settings table

    [intrigue.cards.130]
    heads = 3
    effect = "move_caballeros"
    title = "Reposition"

The 31: the 18 multiples of ten (10..180, the 1997 set, S:163), ten odd values
the rules explain (13, 15, 23, 25, 35, 63, 75, 93, 135, 145), the players
edition's Joker (value unknown) and two cards nobody describes (§7.2; one of
them may be the "Intrigue" card face RGG-14 shows, INTRIGUE_ACTION_CARD).
Caballero heads are unknown for every card: `heads` is None until the table
enters them.

Pure data, standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

#: What a card's special action makes the game do: a small closed vocabulary the
#: game layer can guide (one line each, for an effect picker).
EFFECT_KINDS: Mapping[str, str] = MappingProxyType({
    "move_king_anywhere": "Move the King to any region (not the Castillo)",
    "intrigue": "Move one opposing Caballero, or any of your own, from one region to any other regions",
    "place_anywhere": "Place your Caballero card's number in any regions, not only next to the King",
    "place_five": "Place 5 Caballeros (next to the King or in the Castillo) instead of your Caballero card's number",
    "veto": "Stop another player's special action; may be played before your turn",
    "score_region": "Score one region of your choice (see the card for the King's region and the Castillo)",
    "score_castillo": "Score the Castillo; its Caballeros go back in afterwards",
    "special_scoring": "A special scoring the card describes",
    "grandes_by_disc": "At the next general scoring the Grandes move to the regions on the players' secret discs",
    "opponent_grandes_by_disc": "Opponents move their Grandes now, to regions set secretly on their discs",
    "move_caballeros": "Move Caballeros between regions (never into the King's region)",
    "move_grande": "Move a Grande and Caballeros (not from the King's region or the Castillo, not into the King's)",
    "move_castillo": "Move the Castillo with its contents to a region; the Caballeros there go into it",
    "send_back": "Send Caballeros back (never from the King's region)",
    "move_scoreboard": "Place or move mobile scoreboards (never on top of one another)",
    "quarantine": "Put a mobile scoreboard on a region: taboo like the King's region until the next general scoring",
    "bridge": "Lay the bridge; it goes when anyone plays another bridge",
    "joker": "Choose which card of your hand to play after the others have played",
    "unknown": "Unknown card: the table says what it does",
})

CONFIDENCES = ("sure", "likely", "assumed", "unknown")

#: The fields an override may set (the value is the table's key).
OVERRIDE_FIELDS = ("heads", "effect", "title", "text", "confidence", "source")

HEADS_RANGE = (0, 6)
VALUE_RANGE = (1, 999)


@dataclass(frozen=True)
class IntrigueCard:
    """One I&K card as the sources know it."""

    #: Turn-order value; None for the King card, the Intrigue card and cards of unknown value.
    value: int | None
    #: Caballeros its player may take from the Province to the Court; None: unknown, the table enters it.
    heads: int | None
    effect: str  # a key of EFFECT_KINDS
    title: str
    text: str  # what the sources say, short
    confidence: str  # one of CONFIDENCES: how sure the effect and text are
    source: str  # "S:176", "KIPE-NL", "table", ...

    @property
    def original(self) -> bool:
        """One of the 18 multiples of ten, the beginners' set (S:163)."""
        return self.value is not None and self.value % 10 == 0


def _card(value: int, effect: str, title: str, text: str, confidence: str, source: str) -> IntrigueCard:
    return IntrigueCard(value, None, effect, title, text, confidence, source)


#: The round's two special cards, beside the board (S:162); their actions replace the holder's own (S:170).
KING_CARD = IntrigueCard(None, None, "move_king_anywhere", "King's card",
                         "You may move the King to any region", "sure", "S:170; RGG-14")
INTRIGUE_CARD = IntrigueCard(None, None, "intrigue", "Intrigue card",
                             "Move one opposing Caballero, or up to all of your own Caballeros, "
                             "from one region to any other regions", "sure", "S:170; RGG-14")

#: Cards known to exist whose value is not known: the catalogue cannot key them yet.
JOKER = IntrigueCard(None, None, "joker", "Joker",
                     "After the others have played, choose which hand card to play; it is slotted into "
                     "the normal value order", "likely", "KIPE-NL")
INTRIGUE_ACTION_CARD = IntrigueCard(None, None, "intrigue", "Intrigue",
                                    "Execute the intrigue action (a card face shown, value unknown)",
                                    "likely", "RGG-14")
VALUELESS = (JOKER, INTRIGUE_ACTION_CARD)

_KNOWN = (
    _card(13, "opponent_grandes_by_disc", "Wandertag",
          "Opponents must move their Grande to another region chosen secretly on the disc "
          "(several may pick the same)", "likely", "KIPE-NL"),
    _card(15, "place_five", "Five Caballeros",
          "Place 5 Caballeros instead of your Caballero card's number, next to the King or in the Castillo",
          "sure", "S:176"),
    _card(20, "place_anywhere", "Anywhere",
          "Place your Caballero card's number; they need not go next to the King", "sure", "S:177"),
    _card(23, "move_castillo", "Schiebung",
          "Move the Castillo with its contents to any region and throw all Caballeros there into it "
          "(text cut off)", "likely", "KIPE-NL"),
    _card(25, "move_caballeros", "Move Caballeros",
          "Moves Caballeros; never into the King's region", "likely", "S:178"),
    _card(35, "grandes_by_disc", "Grandes by disc",
          "At the next general scoring the Grandes move to the regions on the players' secret discs",
          "sure", "S:179"),
    _card(40, "veto", "Veto", "May be played before your turn (a Veto)", "sure", "S:180; BABATZ"),
    _card(63, "bridge", "Bridge",
          "A bridge; removed when another player plays a bridge, wherever he plays it", "likely", "S:181"),
    _card(70, "send_back", "Send back",
          "Sends Caballeros back; never from the King's region", "likely", "S:182"),
    _card(75, "unknown", "Card 75",
          "A scoring bonus at a scoring that need not be a general scoring; \"the Caballero is yours\"",
          "unknown", "S:183"),
    _card(80, "move_grande", "Grande and Caballeros",
          "Move a Grande and Caballeros; not from the King's region or the Castillo, not into the King's region",
          "likely", "S:184"),
    _card(90, "move_scoreboard", "Mobile scoreboards",
          "Place or move mobile scoreboards, never on top of one another", "sure", "S:185"),
    _card(93, "quarantine", "Quarantine",
          "Put a mobile scoreboard (from beside the board, else from a region not the King's) on a region: "
          "taboo like the King's region; back beside the board after the next general scoring",
          "sure", "S:186"),
    _card(100, "special_scoring", "Special scoring",
          "A special scoring; the Castillo is not included", "sure", "S:187; BABATZ"),
    _card(110, "score_castillo", "Castillo scoring",
          "Score the Castillo; afterwards its Caballeros go back in", "sure", "S:188"),
    _card(120, "unknown", "Card 120", "An action that does not include the Castillo", "unknown", "S:189"),
    _card(135, "special_scoring", "Exactly two",
          "A scoring where you must have exactly 2 Caballeros in the region; you may be tied for first",
          "likely", "S:190"),
    _card(145, "score_region", "Score a region",
          "Special scoring of a region you choose, not the King's region nor the Castillo", "sure", "S:190"),
    _card(150, "score_region", "Score any region",
          "Special scoring of a region you choose; the Castillo or the King's region allowed", "sure", "S:190"),
    _card(170, "special_scoring", "Secret disc scoring",
          "Everyone sets a secret disc (they may negotiate first, deals not binding); "
          "probably the regions chosen exactly once are scored", "assumed", "S:191"),
)

#: The built-in catalogue: every card of known value, by value.
CARDS: Mapping[int, IntrigueCard] = MappingProxyType(dict(sorted({
    **{v: _card(v, "unknown", f"Card {v}", "One of the 18 original cards; its face is not known",
                "unknown", "S:163") for v in range(10, 181, 10)},
    **{card.value: card for card in _KNOWN if card.value is not None},
}.items())))


def catalogue(overrides: Mapping[Any, Any] | None = None) -> Mapping[int, IntrigueCard]:
    """The built-in cards with the table's corrections and additions, by value.

    `overrides` maps a value (an int, or its digits as a TOML table name gives
    them) to a table of OVERRIDE_FIELDS. A value not in the catalogue adds a
    card (the two undescribed cards, the Joker once its value is known). A
    corrected card's source becomes "table"; with an effect given, its
    confidence becomes "sure" and its text the effect's line unless the
    override says otherwise (heads alone leave the confidence, which is about
    the card's action). ValueError, one line, if anything is off.
    """
    cards = dict(CARDS)
    for key, fields in (overrides or {}).items():
        value = _value(key)
        where = f"intrigue.cards.{value}"
        if not isinstance(fields, Mapping):
            raise ValueError(f"{where} must be a table of {', '.join(OVERRIDE_FIELDS)}, not {fields!r}")
        unknown = sorted(str(name) for name in fields if name not in OVERRIDE_FIELDS)
        if unknown:
            raise ValueError(f"{where}: unknown field {unknown[0]!r}; fields: {', '.join(OVERRIDE_FIELDS)}")
        base = cards.get(value) or IntrigueCard(value, None, "unknown", f"Card {value}", "", "unknown", "table")
        changes: dict[str, object] = {"source": "table"}
        for name, given in fields.items():
            changes[str(name)] = _checked(where, str(name), given)
        if "effect" in changes:  # the table read the card: its word is sure, its text the effect's unless given
            changes.setdefault("confidence", "sure")
            changes.setdefault("text", EFFECT_KINDS[str(changes["effect"])])
        cards[value] = replace(base, **changes)  # type: ignore[arg-type]
    return MappingProxyType(dict(sorted(cards.items())))


def _value(key: object) -> int:
    text = str(key).strip()
    if isinstance(key, bool) or not (isinstance(key, int) or text.isdigit()):
        raise ValueError(f"intrigue.cards.{text}: a card is named by its value, a whole number like 130")
    value = int(text)
    low, high = VALUE_RANGE
    if not low <= value <= high:
        raise ValueError(f"intrigue.cards.{value}: a card value must be between {low} and {high}")
    return value


def _checked(where: str, name: str, given: object) -> object:
    if name == "heads":
        low, high = HEADS_RANGE
        if isinstance(given, bool) or not isinstance(given, int):
            raise ValueError(f"{where}.heads must be a whole number of Caballeros, not {given!r}")
        if not low <= given <= high:
            raise ValueError(f"{where}.heads must be between {low} and {high}, not {given}")
        return given
    if not isinstance(given, str):
        raise ValueError(f"{where}.{name} must be text in quotes, not {given!r}")
    if name == "effect" and given not in EFFECT_KINDS:
        raise ValueError(f"{where}.effect: unknown effect kind {given!r}; kinds: {', '.join(EFFECT_KINDS)}")
    if name == "confidence" and given not in CONFIDENCES:
        raise ValueError(f"{where}.confidence must be one of {', '.join(CONFIDENCES)}, not {given!r}")
    if name == "title" and not given.strip():
        raise ValueError(f"{where}.title must not be empty")
    return given
