"""The 1995 classic rules on the four cards where they differ from the modern text (issue 20).

A classic game's cards follow the modern text (seed 003), the classic edition sold today. A table
that plays by the 1995 rules (seed 004, the Rio Grande translation) sets the settings file's
``[game] classic_text = "1995"``; a new classic game keeps that reading in its journal's header
(``classic_text``, Settings.classic_text), whatever the file says later. Then:

- the Province card: "You decide which Caballeros must return to the provinces, including one of
  your own" (004 l.119; 003 l.472: "(not yourself)"): the active player sends one back too
  (:func:`senders`);
- Special Scoring, a region (stacks 2 and 3): "the King's region and the Castillo may also be
  chosen" (004 l.124); "If you choose to score the Castillo, place the Caballeros back into the
  Castillo after the Castillo is scored" (004 l.139; 003 l.502: "may not choose the Castillo"):
  the card may start the Castillo's scoring (:func:`scoring_kinds`);
- Eviction: "Players choosing the King's region or the region they were being moved from, return
  their Caballeros to their courts" (004 l.145; 003 l.659: the King's region only) (:func:`eviction_to`);
- Return 2 from one region: "If a player only has at most one Caballero in any region then he must
  select such a region" (004 l.121; 003 l.494: "a region where they have at least 2")
  (:func:`disc_regions`).

The referee (companion/engine/card_effects.py, turn_rules.py) and the pages that pre-fill these
actions (companion/ui/screens/card_effects.py, scoring.py) ask here.
"""

from companion.engine import board, hooks
from companion.engine.refused import StepRefused
from companion.engine.settings import Settings
from companion.engine.state import GameState
from companion.rules import cards, spain
from companion.rules.editions import CLASSIC_TEXTS

MODERN, OLD = CLASSIC_TEXTS
PROVINCE, RETURN_2, EVICTION = "classic.2.province", "classic.2.secret-disc-return-2", "classic.4.eviction"


def on(state: GameState) -> bool:
    """Whether this game's classic cards read as the 1995 rules (never Intrigue & the King's cards)."""
    return state.settings.classic_text == OLD and not hooks.of(state.settings).own_cards


def check_settings(settings: Settings) -> None:
    """StepRefused, one line, when a journal's header holds a classic text its game cannot have."""
    if settings.classic_text not in CLASSIC_TEXTS:
        raise StepRefused(f"classic_text is {' or '.join(map(repr, CLASSIC_TEXTS))}, not {settings.classic_text!r}")
    rules = hooks.of(settings)
    if settings.classic_text != MODERN and (settings.edition != "classic" or rules.own_cards):
        raise StepRefused("the 1995 text is the classic deck's: not for "
                          + (rules.title + "'s cards" if rules.own_cards else "the " + settings.rules.title))


def senders(state: GameState, found: list[cards.ActionCard], opponents: list[str]) -> list[str]:
    """Who sends Caballeros back by the turn's card: its opponents, and in a 1995 game the Province
    card's taker too (004 l.119: "including one of your own")."""
    own = on(state) and state.active is not None and any(c.key == PROVINCE for c in found)
    return [*opponents, state.active] if own and state.active not in opponents else opponents  # type: ignore[list-item]


def scoring_kinds(state: GameState, kinds: set[str]) -> set[str]:
    """The special scorings a card may start: in a 1995 game *a region* may be the Castillo, scored
    as the Castillo card scores it, its Caballeros back in (004 l.124, l.139)."""
    return kinds | {"castillo"} if on(state) and "region" in kinds else kinds


def eviction_to(state: GameState, emptied: str, disc: str) -> str | None:
    """Where an opponent's Caballeros go from the region an Eviction / Coup empties, by the region on
    their disc: the King's region sends them to the Court (003 l.659; 000 l.366), in a 1995 game
    the emptied region too (004 l.145); in the modern text the emptied region is no disc's choice
    (None: 003 l.659, "a region ... to which to move these Caballeros")."""
    if disc == state.king or (disc == emptied and on(state)):
        return board.COURT
    return None if disc == emptied else disc


def disc_regions(state: GameState, card: cards.ActionCard, colour: str) -> list[str]:
    """The regions ``colour``'s disc may name for a card that sends back from the region on it: those
    holding the card's minimum of theirs (never the King's region); in a 1995 game, Return 2 from a
    region with 1 when no region holds 2 (004 l.121)."""
    least = card.param("min_in_region")
    least = least if isinstance(least, int) else 1
    open_ = [r for r in spain.SCORING_ORDER if r != state.king]
    found = [r for r in open_ if board.held(state, colour, r) >= least]
    if not found and card.key == RETURN_2 and on(state):
        found = [r for r in open_ if board.held(state, colour, r) >= 1]
    return found
