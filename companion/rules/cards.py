"""The action decks of both editions, card by card, as data, and finding a card in them.

Sources (../shared/seeds, see its README; ../shared/RULES.md "Action decks"):

- classic deck: seed 003 (modern classic edition, per-stack list with counts,
  lines ~345-669) for titles, counts and texts; seed 004 (1995 Rio Grande
  rules, lines ~99-152, sample game ~311-375) for the 1995 differences.
- 2023 deck: seeds 000/001 (clean text) and 002 (raw PDF text with
  fragments of the card faces). The rulebook prints no card list, so most
  2023 copy counts are NOT known; see the comments at DECK_2023.

The parts live in their own modules and are all importable from here:
action_card.py (Effect, ActionCard), deck_classic.py (CLASSIC_DECK),
deck_2023.py (DECK_2023, YOUR_MAJESTY, NEW_REGENCY, OLD_HANDS) and
power_shift.py (the Power Shift modifiers). This module finds a card in them.

Pure data and tiny helpers, standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from companion.rules import special_scoring
from companion.rules.action_card import EFFECT_GROUPS, EFFECT_HELP, ActionCard, Effect
from companion.rules.power_shift import ABILITY_TEXT, POWER_SHIFT, POWER_SHIFT_COMPOSITION_KNOWN, Ability, PowerModifier
from companion.rules.text import fold

__all__ = ["ABILITY_TEXT", "ALL_CARDS", "CLASSIC_DECK", "DECK_2023", "EDITIONS", "EFFECT_GROUPS", "EFFECT_HELP",
           "NEW_REGENCY", "OLD_HANDS", "POWER_SHIFT", "POWER_SHIFT_COMPOSITION_KNOWN", "YOUR_MAJESTY", "Ability",
           "ActionCard", "Effect", "PowerModifier", "UnknownCard", "card", "deck", "find", "special_kind",
           "stack_cards", "total"]

EDITIONS = ("2023", "classic")


# ---------------------------------------------------------------------------
# finding a card
# ---------------------------------------------------------------------------

# The decks (deck_classic.py, deck_2023.py: every card built) are made when first read, not at import: a
# game resumed where no card is read (a scoring) starts without them (issue 36). Their names, as
# typed here, are this module's attributes all the same (``__getattr__``).
CLASSIC_DECK: tuple[ActionCard, ...]
DECK_2023: tuple[ActionCard, ...]
YOUR_MAJESTY: tuple[ActionCard, ...]
NEW_REGENCY: tuple[ActionCard, ...]
OLD_HANDS: tuple[ActionCard, ...]
ALL_CARDS: tuple[ActionCard, ...]


@cache
def _decks() -> dict[str, Any]:
    from companion.rules import deck_2023, deck_classic

    made: dict[str, Any] = {"CLASSIC_DECK": deck_classic.CLASSIC_DECK, "DECK_2023": deck_2023.DECK_2023,
                            "YOUR_MAJESTY": deck_2023.YOUR_MAJESTY, "NEW_REGENCY": deck_2023.NEW_REGENCY,
                            "OLD_HANDS": deck_2023.OLD_HANDS}
    made["ALL_CARDS"] = (*deck_classic.CLASSIC_DECK, *deck_2023.DECK_2023, *deck_2023.NEW_REGENCY,
                         *deck_2023.OLD_HANDS)
    made["_DECKS"] = {"classic": deck_classic.CLASSIC_DECK, "2023": deck_2023.DECK_2023}
    made["_BY_KEY"] = MappingProxyType({c.key: c for c in made["ALL_CARDS"]})
    return made


def __getattr__(name: str) -> Any:
    if name in ("CLASSIC_DECK", "DECK_2023", "YOUR_MAJESTY", "NEW_REGENCY", "OLD_HANDS", "ALL_CARDS"):
        return _decks()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class UnknownCard(KeyError):
    """A key or title no catalogue knows; the message says what would work."""

    def __str__(self) -> str:  # KeyError would show the message in quotes
        return str(self.args[0]) if self.args else ""


def _fold(text: str) -> str:
    """Case-, accent-, space- and punctuation-free: "Stand-in" == "standin", "Angry King!" == "angryking"."""
    return "".join(c for c in fold(text) if c.isalnum())


def _edition(edition: str) -> str:
    if edition in EDITIONS:  # (the settings' own spelling: asked for every card a page weighs)
        return edition
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
        return _decks()["_DECKS"][edition]  # type: ignore[no-any-return]
    if edition != "2023":
        raise ValueError("New Regency is a 2023 mini expansion; the classic deck has no such cards")
    made = _decks()
    return tuple(c for c in made["DECK_2023"] if c.stack != 5) + made["NEW_REGENCY"]


def stack_cards(edition: str, stack: int, *, new_regency: bool = False) -> tuple[ActionCard, ...]:
    """The cards of one stack (1-5)."""
    if stack not in range(1, 6):
        raise ValueError(f"stacks go from 1 to 5, not {stack!r}")
    return tuple(c for c in deck(edition, new_regency=new_regency) if c.stack == stack)


def card(key: str) -> ActionCard:
    """The card with this key ("classic.4.mobile-scoreboard"); UnknownCard (a KeyError) otherwise."""
    by_key: Mapping[str, ActionCard] = _decks()["_BY_KEY"]
    found = by_key.get(key)
    if found is not None:
        return found
    folded = _fold(key)
    for c in _decks()["ALL_CARDS"]:
        if _fold(c.key) == folded:
            return c
    import difflib  # only for an unknown key: not on every start

    near = difflib.get_close_matches(key.lower(), list(by_key), n=3, cutoff=0.6)
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
    pool = tuple(c for c in _decks()["ALL_CARDS"] if c.edition == edition)
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
