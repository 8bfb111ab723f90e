"""The King, a scoring tile, a Grande moved by the turn's card: each special step done at most once a
turn (turn_rules.ONCE), checked against the cards of the turn that may do it (card_effects.candidates:
the named card, or, not named, those its stack may still hold)."""

from companion.engine import hooks, queries
from companion.engine import steps as s
from companion.engine.card_effects import KING_MOVERS, candidates
from companion.engine.state import GameState
from companion.rules import cards, spain, special_scoring

Effect = cards.Effect


def _turns_card(state: GameState, effects: frozenset, what: str) -> list[cards.ActionCard] | None:
    """The cards of this turn that may do ``what``; refused when none may, or the action is over.
    None: the card may be one whose text no rulebook gives, which may do any special step
    (queries.text_unknown; docs/rules-confidence.md), so the board's own rules alone check it."""
    active = state.active
    if active is None or queries.taken_by(state, active) is None:
        raise s.StepRefused(f"{what} by a card only in a turn, after its card is taken (else: Menu, Correct)")
    if state.turn_scored:
        raise s.StepRefused("this turn's special action is over (stopped by a Veto, or done)")
    if queries.text_unknown(state):
        return None
    found = candidates(state, effects)
    if not found:
        raise s.StepRefused(f"{state.name(active)}'s card does not say: {what} (the menu corrects the board)")
    return found


def check_king(state: GameState, step: s.KingMoved) -> None:
    """A King's move by the turn's card, within that card's reach: the Royal Advisor to an adjacent
    region, the King's card / Your Majesty to any region (not the Castillo, France or Portugal),
    Exile abroad, Chalet to a region with the fewest Caballeros, Rebellion beside the Castillo."""
    found = _turns_card(state, KING_MOVERS, "the King moves")
    reasons = [_king_reach(state, card, step.region) for card in found or ()]
    if found and all(reasons):
        raise s.StepRefused(reasons[0])


def _king_reach(state: GameState, card: cards.ActionCard, region: str) -> str | None:
    to = card.param("to")
    name = state.rules.name
    if to == "adjacent":
        ok = state.king in state.regions and region in hooks.of(state.settings).neighbours(state, state.king)
        return None if ok else f"{card.title} moves the King to an adjacent region only"
    if to == "abroad":
        return None if region in (spain.FRANCE, spain.PORTUGAL) else f"{card.title} sends the King to France or Portugal"
    if to == "castillo":
        return None if region == spain.CASTILLO else f"{card.title} puts the King beside the Castillo"
    if to == "fewest":
        values = {r: state.values(r) for r in spain.SCORING_ORDER}
        fewest = special_scoring.regions("fewest", values, state.totals(), None, None)  # as the scorings pick
        return None if region in fewest else f"{card.title}: the region(s) with the fewest Caballeros: " \
            f"{', '.join(name(r) for r in fewest) or 'none'}"
    if region not in spain.REGIONS and region not in queries.king_may_enter(state):  # (the Big Box's France, Portugal)
        return f"{card.title} moves the King to a region (not the Castillo, France or Portugal)"
    return None


def check_tile(state: GameState, step: s.TileMoved) -> None:
    """Enactment / Mobile Scoreboard place or move a tile, never take it off (000: "do not remove it
    from the game board")."""
    _turns_card(state, frozenset({Effect.SCORING_TILE}), "a scoring tile moves")
    if step.region is None:
        raise s.StepRefused("the card places or moves a scoring tile, never takes it off the board")


def check_grande(state: GameState, step: s.GrandeMoved) -> None:
    """The Grande card / Adopted Home: the player's own Grande to another region."""
    known = _turns_card(state, frozenset({Effect.MOVE_GRANDE}), "a Grande moves")
    if known is not None and step.colour != state.active:
        raise s.StepRefused(f"the card moves {state.name(state.active)}'s own Grande")
