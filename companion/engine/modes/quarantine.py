"""Intrigue & the King's Quarantine (card 93, S:186) on the board: the quarantined region, taboo like
the King's region until the next general scoring is over (table_cards.py places it; its checks run
for every step from intrigue.check_kind; scorings.end_general_scoring lifts it)."""

from companion.engine import steps as s
from companion.engine.checks import refuse
from companion.engine.modes.own_state import own
from companion.engine.state import GameState


def quarantined(state: GameState) -> str | None:
    """The quarantined region, taboo like the King's region (S:186), while its scoreboard lies there."""
    quarantine = own(state).quarantine
    if quarantine is None:
        return None
    tile, region = quarantine
    return region if state.tiles.get(tile) == region else None


def lift(state: GameState) -> None:
    """S:186: "After the next general scoring, remove the mobile scoreboard from the quarantined region
    and place it next to the board" (scorings.end_general_scoring)."""
    quarantine = own(state).quarantine
    if quarantine is not None:
        tile, region = quarantine
        if state.tiles.get(tile) == region:
            state.tiles[tile] = None
        own(state).quarantine = None


def check_taboo(state: GameState, step: s.Step) -> None:
    """S:186: "Being taboo means, like the King's region, no changes can occur in the region": no
    placement, card move or Grande into or out of it; its scoreboard not moved by a card (a correction
    from the menu stays the table's remedy)."""
    region = quarantined(state)
    if region is None:
        return
    name = state.rules.name(region)
    if isinstance(step, s.Placed) and step.region == region:
        refuse(f"{name} is quarantined: taboo like the King's region (S:186)")
    if isinstance(step, s.CardMoved) and region in (step.source, step.target):
        refuse(f"{name} is quarantined: nothing moves into or out of it (S:186)")
    if isinstance(step, s.GrandeMoved) and step.by_card and region in (step.region, state.grandes.get(step.colour)):
        refuse(f"{name} is quarantined: no Grande moves into or out of it (S:186)")
    if isinstance(step, s.TileMoved) and step.by_card and region in (step.region, state.tiles.get(step.tile)):
        refuse(f"the scoreboard in quarantine stays in {name}; none goes onto it (S:186)")
