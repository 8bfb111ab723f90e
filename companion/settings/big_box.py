"""The settings file's [big_box]: the table's readings of the Big Box facts the sources leave open.

The keys, their checks (one line naming the key) and their part of the example file; the
section is read with the others by companion/settings/file.py. A new Big Box game records the readings
that differ from the defaults (companion/engine/modes/readings.py). Nothing here imports the rules at
start: the card catalogue only when the file corrects it.
"""

from companion.language import _
from companion.rules.big_box import MOST_POINTS
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)
from companion.settings.bounds import NUMBERS
from companion.settings.words import _Bad, _describe, _flag, _name, _quote

#: A Big Box region's scoreboard (1st/2nd/3rd), as the settings file writes it: "4/2/1".
Scoreboard = tuple[int, int, int]


@dataclass(frozen=True)
class BigBoxConfig:
    """The table's readings of the Big Box facts the sources leave open (docs/rules-confidence.md).

    The defaults are the companion's (rules/big_box/regions.py, rules/big_box/intrigue_round.py); a new
    Big Box game records in its journal the readings that differ from them (engine/modes/readings.py).
    """

    #: The scoreboards of the Big Box regions: the 2nd and 3rd rest on one source (RULES-EXPANSIONS.md §7.7).
    france: Scoreboard = (3, 1, 0)
    america: Scoreboard = (4, 0, 0)
    mediterranean: Scoreboard = (4, 2, 1)
    portugal: Scoreboard = (5, 0, 0)
    #: The seats' bonuses (the Captain's 3: one source, §7.6).
    captain: int = 3
    viceroy: int = 5
    ambassador: int = 2
    envoy: int = 1
    #: Intrigue & the King: the Caballero cards by player count, highest first (the overview card is lost, §7.1).
    caballero_cards: tuple[tuple[int, tuple[int, ...]], ...] = ((2, (5, 4)), (3, (5, 4, 3)), (4, (5, 4, 3, 2)))
    #: Intrigue & the King: the catalogue's corrections (§7.2), by card value: (field, value) pairs
    #: of rules/big_box/intrigue_cards.py's OVERRIDE_FIELDS.
    intrigue_cards: tuple[tuple[int, tuple[tuple[str, int | str], ...]], ...] = ()
    #: The King & the Colonies: where the placement number comes from when a player takes neither
    #: the Grand Inquisitor's nor the stack-7 card (§7.4): his Caballero card (assumed) or the card he played.
    kc_placement: str = "caballero_card"
    #: Intrigue & the King: the 1998 players edition's variant, the King and the Intrigant choose
    #: their own card's action at every player count (§1.4, §7.17).
    players_edition: bool = False


#: rules/big_box/intrigue_cards.py's fields a correction may set (kept here: a start does not import the catalogue).
CARD_FIELDS = ("heads", "effect", "title", "text", "confidence", "source")
#: rules/big_box/intrigue_round.py's KC_PLACEMENT_SETTINGS, the default first (kept here for the same reason).
KC_PLACEMENTS = ("caballero_card", "action_card")
#: A journal line's text is at most this long (engine/forms.py MAX_TEXT): the corrections are recorded in games.
CARD_TEXT = 64


def _scoreboard(key: str, value) -> Scoreboard:
    if not isinstance(value, str):
        raise _Bad(_('{key} must be a scoreboard in quotes like "4/2/1" (1st/2nd/3rd), not {describe}').format(
            key=key, describe=_describe(value)))
    parts = value.split("/")
    if len(parts) != 3 or not all(p.strip().isdigit() for p in parts):
        raise _Bad(_('{key} must be three scores like "4/2/1" (1st/2nd/3rd), not {quote}').format(
            key=key, quote=_quote(value)))
    first, second, third = (int(p) for p in parts)
    if not MOST_POINTS >= first >= second >= third or first < 1:
        raise _Bad(_("{key}: the scores go down from a 1st of 1 to {MOST_POINTS}, not {quote}").format(
            key=key, MOST_POINTS=MOST_POINTS, quote=_quote(value)))
    return first, second, third


def _bonus(key: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Bad(_('{key} must be a whole number of points, not {describe}').format(key=key, describe=_describe(value)))
    if refusal := NUMBERS["big_box", key.rpartition(".")[2]].refusal(key, value):
        raise _Bad(refusal)
    return value


def _caballero_cards(key: str, value) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """{ 2 = [5, 4], 3 = [5, 4, 3] }: the cards for a player count, as rules/big_box/intrigue_round.py checks them."""
    if not isinstance(value, dict):
        raise _Bad(_("{key} must be a table like {{ 2 = [5, 4], 3 = [5, 4, 3] }}, not {describe}").format(
            key=key, describe=_describe(value)))
    counts = dict(BigBoxConfig().caballero_cards)
    for players, cards in value.items():
        if players not in ("2", "3", "4", "5"):
            raise _Bad(_('{key}: a player count is 2 to 5, not {name}').format(key=key, name=_name(players)))
        where, n = f"{key}.{players}", int(players)
        if not isinstance(cards, list) or any(isinstance(c, bool) or not isinstance(c, int) for c in cards):
            raise _Bad(_("{where} must be a list of Caballero cards like [5, 4], not {describe}").format(
                where=where, describe=_describe(cards)))
        if any(not 1 <= c <= 5 for c in cards):
            raise _Bad(_('{where}: the Caballero cards show 1 to 5 Caballeros, not {cards}').format(where=where, cards=cards))
        if len(cards) != n:
            raise _Bad(_('{where}: {n} players use {n} Caballero cards, not {cards}').format(where=where, n=n, cards=len(cards)))
        if len(set(cards)) != n:
            raise _Bad(_('{where}: there is one Caballero card of each number, not {cards}').format(where=where, cards=cards))
        counts[n] = tuple(sorted(cards, reverse=True))
    return tuple(sorted(counts.items()))


def _intrigue_cards(key: str, value) -> tuple[tuple[int, tuple[tuple[str, int | str], ...]], ...]:
    """[big_box.intrigue_cards.130] heads = 3 ...: checked by the catalogue itself (imported only then)."""
    if not isinstance(value, dict):
        raise _Bad(_('{key} must be tables like [{key}.130], not {describe}').format(key=key, describe=_describe(value)))
    from companion.rules.big_box import intrigue_cards

    try:
        intrigue_cards.catalogue(value)
    except ValueError as error:
        raise _Bad(str(error).replace("intrigue.cards.", f"{key}.", 1)) from None
    out = []
    for number, fields_ in value.items():
        for name, given in fields_.items():
            if isinstance(given, str) and len(given) > CARD_TEXT:
                raise _Bad(_("{key}.{number}.{name} must be at most {CARD_TEXT} characters, not {length}").format(
                    key=key, number=int(number), name=name, CARD_TEXT=CARD_TEXT, length=len(given)))
            if isinstance(given, str) and not given.isprintable():
                raise _Bad(_("{key}.{number}.{name} must be on one line, not {quote}").format(
                    key=key, number=int(number), name=name, quote=_quote(given)))
        out.append((int(number), tuple((f, fields_[f]) for f in CARD_FIELDS if f in fields_)))
    if len({number for number, _fields in out}) != len(out):
        raise _Bad(_('{key}: a card is corrected twice').format(key=key))
    return tuple(sorted(out))


def _kc_placement(key: str, value) -> str:
    shown = " or ".join(_quote(choice) for choice in KC_PLACEMENTS)
    if not isinstance(value, str):
        raise _Bad(_('{key} must be {shown}, not {describe}').format(key=key, shown=shown, describe=_describe(value)))
    if value not in KC_PLACEMENTS:
        raise _Bad(_('{key} must be {shown}, not {quote}').format(key=key, shown=shown, quote=_quote(value)))
    return value


CHECKS = {
    "france": _scoreboard,
    "america": _scoreboard,
    "mediterranean": _scoreboard,
    "portugal": _scoreboard,
    "captain": _bonus,
    "viceroy": _bonus,
    "ambassador": _bonus,
    "envoy": _bonus,
    "caballero_cards": _caballero_cards,
    "intrigue_cards": _intrigue_cards,
    "kc_placement": _kc_placement,
    "players_edition": _flag,
}


def example() -> str:
    """The section in the example file (``elgrande-companion config --example``)."""
    b = BigBoxConfig()
    return f"""\
[big_box]
# The Big Box's facts the sources leave open (docs/rules-confidence.md): the
# table's own readings. A new Big Box game records those that differ from
# these, so its journal replays as the table played it; a game under way
# keeps the readings it started with.
# The scoreboards of the new regions, 1st/2nd/3rd (the 2nd and 3rd rest on
# one source). Grand Inquisitor & the Colonies; Portugal: Grandissimo.
france = {_board(b.france)}
america = {_board(b.america)}
mediterranean = {_board(b.mediterranean)}
portugal = {_board(b.portugal)}
# The seats' bonuses: the ship's Captain (one source), America's Viceroy,
# France's Ambassador and Envoy. {NUMBERS["big_box", "captain"].shown()}.
captain = {b.captain}
viceroy = {b.viceroy}
ambassador = {b.ambassador}
envoy = {b.envoy}
# Intrigue & the King: the Caballero cards by player count, as the overview
# card gives them (the card is lost: the highest are assumed).
caballero_cards = {{ {", ".join(f"{n} = [{', '.join(map(str, c))}]" for n, c in b.caballero_cards)} }}
# The King & the Colonies: how many Caballeros a player places when he takes
# neither the Grand Inquisitor's nor the stack-7 card: "caballero_card" (his
# Caballero card's number, assumed) or "action_card" (the heads of the card
# he played, the rulebook's words). Other modes ignore it.
kc_placement = "{b.kc_placement}"
# Intrigue & the King and The King & the Colonies: true plays the 1998
# players edition's variant, the King and the Intrigant may choose their own
# card's action at every player count (not only with 2 or 3).
players_edition = {str(b.players_edition).lower()}
# Intrigue & the King: the card catalogue's corrections. Replace this line
# by a table for each card read off its face (keep them last: a key below
# such a table would belong to it), like
#   [big_box.intrigue_cards.130]
#   heads = 3
#   effect = "move_caballeros"
#   title = "Reposition"
# (fields: {", ".join(CARD_FIELDS)}; each text at most {CARD_TEXT} characters).
intrigue_cards = {{}}
"""


def _board(values: Scoreboard) -> str:
    return '"' + "/".join(map(str, values)) + '"'
