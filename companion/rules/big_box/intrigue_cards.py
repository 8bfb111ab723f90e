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

from companion.language import N_
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

#: What a card's special action makes the game do: a small closed vocabulary the
#: game layer can guide (one line each, for an effect picker).
EFFECT_KINDS: Mapping[str, str] = MappingProxyType({
    "move_king_anywhere": N_("Move the King to any region (not the Castillo)"),
    "intrigue": N_("Move one opposing Caballero, or any of your own, from one region to any other regions"),
    "place_anywhere": N_("Place your Caballero card's number in any regions, not only next to the King"),
    "place_five": N_("Place 5 Caballeros (next to the King or in the Castillo) instead of your Caballero card's number"),
    "veto": N_("Stop another player's special action; may be played before your turn"),
    "score_region": N_("Score one region of your choice (see the card for the King's region and the Castillo)"),
    "score_castillo": N_("Score the Castillo; its Caballeros go back in afterwards"),
    "special_scoring": N_("A special scoring the card describes"),
    "grandes_by_disc": N_("At the next general scoring the Grandes move to the regions on the players' secret discs"),
    "opponent_grandes_by_disc": N_("Opponents move their Grandes now, to regions set secretly on their discs"),
    "move_caballeros": N_("Move Caballeros between regions (never into the King's region)"),
    "move_grande": N_("Move a Grande and Caballeros (not from the King's region or the Castillo, not into the King's)"),
    "move_castillo": N_("Move the Castillo with its contents to a region; the Caballeros there go into it"),
    "send_back": N_("Send Caballeros back (never from the King's region)"),
    "move_scoreboard": N_("Place or move mobile scoreboards (never on top of one another)"),
    "quarantine": N_("Put a mobile scoreboard on a region: taboo like the King's region until the next general scoring"),
    "bridge": N_("Lay the bridge; it goes when anyone plays another bridge"),
    "joker": N_("Choose which card of your hand to play after the others have played"),
    "unknown": N_("Unknown card: the table says what it does"),
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
KING_CARD = IntrigueCard(None, None, "move_king_anywhere", N_("King's card"),
                         N_("You may move the King to any region"), "sure", "S:170; RGG-14")
INTRIGUE_CARD = IntrigueCard(None, None, "intrigue", N_("Intrigue card"),
                             N_("Move one opposing Caballero, or up to all of your own Caballeros, "
                             "from one region to any other regions"), "sure", "S:170; RGG-14")

#: Cards known to exist whose value is not known: the catalogue cannot key them yet.
JOKER = IntrigueCard(None, None, "joker", N_("Joker"),
                     N_("After the others have played, choose which hand card to play; it is slotted into "
                     "the normal value order"), "likely", "KIPE-NL")
INTRIGUE_ACTION_CARD = IntrigueCard(None, None, "intrigue", N_("Intrigue"),
                                    N_("Execute the intrigue action (a card face shown, value unknown)"),
                                    "likely", "RGG-14")
VALUELESS = (JOKER, INTRIGUE_ACTION_CARD)

_KNOWN = (
    _card(13, "opponent_grandes_by_disc", N_("Wandertag"),
          N_("Opponents must move their Grande to another region chosen secretly on the disc "
          "(several may pick the same)"), "likely", "KIPE-NL"),
    _card(15, "place_five", N_("Five Caballeros"),
          N_("Place 5 Caballeros instead of your Caballero card's number, next to the King or in the Castillo"),
          "sure", "S:176"),
    _card(20, "place_anywhere", N_("Anywhere"),
          N_("Place your Caballero card's number; they need not go next to the King"), "sure", "S:177"),
    _card(23, "move_castillo", N_("Schiebung"),
          N_("Move the Castillo with its contents to any region and throw all Caballeros there into it "
          "(text cut off)"), "likely", "KIPE-NL"),
    _card(25, "move_caballeros", N_("Move Caballeros"),
          N_("Moves Caballeros; never into the King's region"), "likely", "S:178"),
    _card(35, "grandes_by_disc", N_("Grandes by disc"),
          N_("At the next general scoring the Grandes move to the regions on the players' secret discs"),
          "sure", "S:179"),
    _card(40, "veto", N_("Veto"), N_("May be played before your turn (a Veto)"), "sure", "S:180; BABATZ"),
    _card(63, "bridge", N_("Bridge"),
          N_("A bridge; removed when another player plays a bridge, wherever he plays it"), "likely", "S:181"),
    _card(70, "send_back", N_("Send back"),
          N_("Sends Caballeros back; never from the King's region"), "likely", "S:182"),
    _card(75, "unknown", N_("Card 75"),
          N_("A scoring bonus at a scoring that need not be a general scoring; \"the Caballero is yours\""),
          "unknown", "S:183"),
    _card(80, "move_grande", N_("Grande and Caballeros"),
          N_("Move a Grande and Caballeros; not from the King's region or the Castillo, not into the King's region"),
          "likely", "S:184"),
    _card(90, "move_scoreboard", N_("Mobile scoreboards"),
          N_("Place or move mobile scoreboards, never on top of one another"), "sure", "S:185"),
    _card(93, "quarantine", N_("Quarantine"),
          N_("Put a mobile scoreboard (from beside the board, else from a region not the King's) on a region: "
          "taboo like the King's region; back beside the board after the next general scoring"),
          "sure", "S:186"),
    _card(100, "special_scoring", N_("Special scoring"),
          N_("A special scoring; the Castillo is not included"), "sure", "S:187; BABATZ"),
    _card(110, "score_castillo", N_("Castillo scoring"),
          N_("Score the Castillo; afterwards its Caballeros go back in"), "sure", "S:188"),
    _card(120, "unknown", N_("Card 120"), N_("An action that does not include the Castillo"), "unknown", "S:189"),
    _card(135, "special_scoring", N_("Exactly two"),
          N_("A scoring where you must have exactly 2 Caballeros in the region; you may be tied for first"),
          "likely", "S:190"),
    _card(145, "score_region", N_("Score a region"),
          N_("Special scoring of a region you choose, not the King's region nor the Castillo"), "sure", "S:190"),
    _card(150, "score_region", N_("Score any region"),
          N_("Special scoring of a region you choose; the Castillo or the King's region allowed"), "sure", "S:190"),
    _card(170, "special_scoring", N_("Secret disc scoring"),
          N_("Everyone sets a secret disc (they may negotiate first, deals not binding); "
          "probably the regions chosen exactly once are scored"), "assumed", "S:191"),
)

#: The built-in catalogue: every card of known value, by value.
CARDS: Mapping[int, IntrigueCard] = MappingProxyType(dict(sorted({
    **{v: _card(v, "unknown", f"Card {v}", N_("One of the 18 original cards; its face is not known"),
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
        base = cards.get(value) or IntrigueCard(value, None, "unknown", f"Card {value}", N_(""), "unknown", "table")
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
