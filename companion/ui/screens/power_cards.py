"""The Power cards of a round: each player's value (and Power Shift modifier)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import steps as s
from companion.language import _
from companion.rules.power_cards import COURT_INTAKE
from companion.ui.intents import Intent, Push, Send
from companion.ui.pages import ListPage, Page
from companion.ui.screens.common import MENU_KEY

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def power_cards(game: Game) -> Page:
    """The next player's Power card; where the companion deals, round 1 opens on its cards first (deal.py)."""
    from companion.ui.screens import deal  # (a game is under way)

    page = played(game)
    return deal.first_cards(game, page) if deal.opens_by_itself(game) else page


def played(game: Game) -> Page:
    """The list of the Power cards the next player may play."""
    p, state = game.prompt, game.state
    colour = p.colour
    assert colour is not None
    items = [(_("{value}  · {count} to the Court").format(value=f"{v:>2}", count=COURT_INTAKE[v]), v) for v in p.choices]

    def chosen(value: int) -> Intent:
        if state.settings.power_shift and state.modifier_cards.get(colour, 0):
            used = {state.total(c) for c in state.played}
            items = [(label, m) for label, m in ((_("no modifier"), 0), ("+1", 1), ("+2", 2), ("-1", -1), ("-2", -2))
                     if value + m not in used]  # the totals still free
            held = state.modifier_cards[colour]
            return Push(ListPage("power_shift", p.headline,
                                 _("{name}: {value} with a modifier? ({held} held)").format(
                                     name=state.name(colour), value=value, held=held),
                                 lambda m: Send(s.PowerCardPlayed(colour, value, m)), items=items))
        return Send(s.PowerCardPlayed(colour, value))

    prompt = p.asks
    if state.settings.dummy and state.settings.dummy in state.played:
        prompt = _("{prompt} (dummy: {value})").format(prompt=prompt, value=state.played[state.settings.dummy])
    from companion.ui.screens import notices  # (a game is under way)

    opening = notices.round_opening(game)
    if opening is None:
        return ListPage("power_cards", p.headline, prompt, chosen, items=items, **MENU_KEY)
    # A 2-player round's start, read above its first Power card (no page of its own to OK): the
    # rows are passed over, the cursor on the first card.
    if opening.first:  # ("First Player Blue: play a Power card (dummy: 11)")
        prompt = f"{opening.first} {prompt}"
    lead = len(opening.rows)
    return ListPage("power_cards", p.headline, prompt, chosen, items=[(row, None) for row in opening.rows] + items,
                    cursor=lead, passed=frozenset(range(lead)), lead=lead, **MENU_KEY)
