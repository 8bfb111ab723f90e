"""The turn's card: the stack list a card is taken from. The take asks nothing more: a card the
companion does not know is named at its action, on the turn page (turn_naming.py, issue 35); a
stack with one card left that it may show names it by itself: no page, no press (take.by_itself)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.offers import KINGS_STACK, caballeros
from companion.engine.offers import take as taking
from companion.language import _
from companion.ui.intents import Intent, Say, Send
from companion.ui.pages import ListPage, Page
from companion.ui.screens.common import MENU_KEY, facts
from companion.ui.screens.turn_moves import after_card
from companion.ui.words import card_title

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game

def card_page(game: Game) -> Page:
    """The turn's card: every stack keeps its row all round (a taken one says by whom): the rows
    never move. The King's card on top, then stack n n rows down."""
    p, state = game.prompt, game.state
    colour = p.colour
    assert colour is not None
    items, marks = [], []
    takers = {stack: who for who, stack, _ in state.taken}
    for stack in sorted(state.settings.stacks, key=lambda n: n != KINGS_STACK):
        low, high = caballeros.card_caballeros(state, stack)
        shown = str(low) if low == high else f"{low}-{high}"
        key = state.revealed.get(stack)
        held = "+".join(map(str, sorted(caballeros.stacks_held(state, stack))))  # "2+3" with 4 stacks
        title = card_title(key, stack) if key else (
            _("King's card") if stack == KINGS_STACK else stack_title(state, stack)
            or _("Stack {number}").format(number=held))
        items.append((_("{title} · {count} Cab.").format(title=title, count=shown) if stack in p.choices else title,
                      stack))
        marks.append("" if stack in p.choices else state.name(takers[stack]) if stack in takers else _("gone"))

    def take(stack: int) -> Intent:
        if stack not in p.choices:
            return Say(_("that card was taken by {name} this round").format(name=state.name(takers[stack]))
                       if stack in takers else _("that card is not in play this round"))
        # One card left the stack may show: named by itself, no press; else not known, the card is
        # named at its action, on the turn page (turn_naming.py), or known already (named, the King's).
        return Send(taking.plain(colour, stack, taking.by_itself(state, stack)), then=opened)

    # The round's first player: the cursor on the first card left (the King's card, on top);
    # in the base game's later turns on the first of the four stacks' cards left (the King's
    # card, when still there, one ▲ above it).
    left = [i for i, (_label, stack) in enumerate(items) if stack in p.choices]
    stacks = [i for i in left if items[i][1] != KINGS_STACK and state.taken and not state.settings.expansion]
    cursor = (stacks or left or [0])[0]
    gone = frozenset(i for i, (_label, stack) in enumerate(items) if stack not in p.choices)
    return ListPage("turn_card", p.headline, p.asks, take, items=items, cursor=cursor, marks=marks,
                    passed=gone, **MENU_KEY)


def stack_title(state, stack: int) -> str:
    """A stack's own title where the way to play names it (the engine's table facts), in the table's language."""
    title = facts(state.settings).stack_title(stack)
    return _(title) if title else ""


def opened(game: Game) -> Page | None:
    """What the take opens: the turn page on its naming rows where the card is not known and its
    stack's likeliest acts before its placements (take.names_first: no Back from the placements to
    name it), else what the card opens at once (its move, or the placements: ``after_card``)."""
    return None if taking.names_first(game.state) else after_card(game)
