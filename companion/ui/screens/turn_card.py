"""The turn's card: the stack list a card is taken from and, where the table shuffles its own
action cards and the companion does not know the card, which card of that stack's unseen ones the
player took (engine/offers/take.py: the likeliest first, one OK when it is right; "not said" last).
A stack with one card left that it may show names it by itself: no page, no press (take.only_card)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.offers import KINGS_STACK, Option, caballeros
from companion.engine.offers import take as taking
from companion.ui.intents import Intent, Push, Say, Send
from companion.ui.pages import ListPage, Page
from companion.ui.screens.common import MENU_KEY, facts
from companion.ui.screens.offered import offer_page
from companion.ui.screens.turn_moves import after_card
from companion.ui.words import card_label, card_title

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game

NOT_SAID = "not said"


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
            "King's card" if stack == KINGS_STACK else facts(state.settings).stack_title(stack) or f"Stack {held}")
        items.append((f"{title} · {shown} Cab." if stack in p.choices else title, stack))
        marks.append("" if stack in p.choices else state.name(takers[stack]) if stack in takers else "gone")

    def take(stack: int) -> Intent:
        if stack not in p.choices:
            return Say(f"that card was taken by {state.name(takers[stack])} this round" if stack in takers
                       else "that card is not in play this round")
        if taking.asks(state, stack):
            only = taking.only_card(state, stack)
            if only is not None:  # one card left the stack may show: named by itself, no press
                return Send(taking.plain(colour, stack, only), then=after_card)
            return Push(which_card(game, colour, stack))
        return Send(taking.plain(colour, stack), then=after_card)

    # The round's first player: the cursor on the first card left (the King's card, on top);
    # in the base game's later turns on the first of the four stacks' cards left (the King's
    # card, when still there, one ▲ above it).
    left = [i for i, (_, stack) in enumerate(items) if stack in p.choices]
    stacks = [i for i in left if items[i][1] != KINGS_STACK and state.taken and not state.settings.expansion]
    cursor = (stacks or left or [0])[0]
    gone = frozenset(i for i, (_, stack) in enumerate(items) if stack not in p.choices)
    return ListPage("turn_card", p.headline, p.asks, take, items=items, cursor=cursor, marks=marks,
                    passed=gone, **MENU_KEY)


def which_card(game: Game, colour: str, stack: int) -> Page:
    """Which card of ``stack`` the player took: its unseen cards, the likeliest first (the
    cursor's), "not said" last (one ▲ from the first: the list wraps)."""
    state = game.state
    offer = taking.take(state, game.expects, colour, stack)
    left = taking.cards(state, stack)

    def label(option: Option) -> str:
        key = option.id.removeprefix("card:")
        return next((card_label(c, left) for c in left if c.key == key), NOT_SAID)

    name = "the 5th stack" if stack == KINGS_STACK else f"stack {stack}"
    return offer_page("take_card", game.prompt.headline, f"Which card of {name}?", offer, label,
                      lambda o: Send(*o.steps, then=after_card))
