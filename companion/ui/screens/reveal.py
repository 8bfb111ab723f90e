"""The cards showing this round (phase 1 of a 2023 round, 000 l.167-181): one page, each stack's
row pre-filled with its likeliest card, *These show* first, where the cursor starts: one OK names
them all. OK on a stack's row opens its list (the cursor on the card in the row); the card chosen
there comes back into the row, the cursor back on *These show*.

It opens by itself as a round's first page when the table named cards here in the round before (the
board recorded; docs/table.md "The round's start"), naming the First Player: the round-over page is
not shown before it; a round answered here asks nothing at the take. Elsewhere the turn asks the
card a player takes when he takes it (engine/offers/take.py, turn_card.py; issue 35). The menu's
*Cards showing this round* opens it any time before the round's first turn, to name the cards or to
correct them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import steps as s
from companion.engine.offers import reveal as showing
from companion.language import N_, _
from companion.ui.intents import Home, Intent, Pop, Push, Send
from companion.ui.pages import ListPage, Page
from companion.ui.screens.common import BACK, MENU_KEY, facts
from companion.ui.words import card_label, card_title

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.engine.state import GameState
    from companion.play.game import Game

SHOW = N_("These show")
NOT_SAID = N_("not said")


def reveal_stacks(game: Game) -> list[int]:
    """Stacks whose card is worth naming (engine/offers/reveal.py)."""
    return showing.stacks(game.state)


def likeliest(state: GameState, stack: int) -> str | None:
    """The card a stack most likely shows, the row's default (engine/offers/reveal.py)."""
    return showing.likeliest(state, stack)


def answered(game: Game) -> bool:
    """Whether the cards showing were answered this round (nothing named, too): engine/offers/reveal.py."""
    return showing.answered(game.state)


def named_last_round(game: Game) -> bool:
    """Whether the table named a card in the round before this one and has not answered this
    round's cards yet (engine/offers/reveal.py)."""
    return showing.named_last_round(game.state)


def opens_by_itself(game: Game) -> bool:
    """The cards-shown page as the round's first page: the board recorded, the table shuffling its
    own cards, no Power card played yet this round, the page not answered this round, and cards
    named here in the round before (a table that names at the round's start keeps naming there;
    any other is asked at the take, engine/offers/take.py; the menu's *Cards showing this round*
    names them all any time before the round's first turn)."""
    state = game.state
    return (game.phase == "power_cards" and game.settings.board
            and not facts(game.settings).own_cards
            and not any(c in state.played for c in state.colours) and named_last_round(game))


def cards_shown(game: Game, *, opened: bool = False) -> Page:
    """The page: *These show*, then one row per stack with its card; ``opened``: the round's first
    page (KEY3 the menu; its OK records even nothing named, so that it does not come back)."""
    state = game.state
    stacks = reveal_stacks(game)
    fresh = not state.revealed and not answered(game)
    chosen: dict[int, str | None] = {stack: likeliest(state, stack) if fresh else state.revealed.get(stack)
                                     for stack in stacks}

    def ok(stack: int | None) -> Intent:
        if stack is None:
            named = tuple((n, key) for n, key in chosen.items() if key)
            if named or state.revealed or opened:  # (nothing named now clears what was named before)
                return Send(s.ActionCardsRevealed(named))
            return Home()
        return Push(stack_list(game, stack, chosen[stack], lambda key: pick(stack, key)))

    def pick(stack: int, key: str | None) -> Intent:
        chosen[stack] = key
        page.items = rows()
        page.cursor = 0
        return Pop()

    def rows() -> list[tuple[str, int | None]]:
        return [(_(SHOW), None)] + [(f"{stack_name(game, n)} · {title(n, chosen[n])}", n) for n in stacks]

    headline = _("Round {round} · Cards shown").format(round=state.round)
    # Opened as the round's first page, it also says how the round begins (no round-over page
    # before it: the headline gives the round, the page the new cards, the prompt the First Player).
    prompt = (_("First Player: {name}. New cards showing").format(name=state.name(state.first_player)) if opened
              else _("Cards showing this round"))
    page = ListPage("cards_shown", headline, prompt, ok, items=rows(), **(MENU_KEY if opened else BACK))
    return page


def title(stack: int, key: str | None) -> str:
    return card_title(key, stack) if key else _(NOT_SAID)


def stack_name(game: Game, stack: int) -> str:
    state = game.state
    return _("Stack {number}").format(number="2+3" if stack == 2 and 3 not in state.settings.stacks else stack)


def stack_list(game: Game, stack: int, current: str | None, pick) -> Page:
    """One stack's cards: those it can still show (a title shown before whose copies are not known
    says "again?"), "not said" first; the cursor on the card in its row."""
    state = game.state
    left = showing.showable(state, stack)
    again = {c.key for c in left if state.seen.get(c.key) and not c.copies_known}  # copies not known
    items: list[tuple[str, str | None]] = [(_(NOT_SAID), None)] + [
        (_("{card} (again?)").format(card=card_label(c, left)) if c.key in again else card_label(c, left), c.key)
        for c in left]
    cursor = next((i for i, (_label, key) in enumerate(items) if key == current), 0)
    shows = (_("The 5th stack shows") if stack == 5 else _("Stack 2 (2 and 3) shows")
             if stack == 2 and 3 not in state.settings.stacks else _("Stack {number} shows").format(number=stack))
    return ListPage("reveal", _("Round {round} · Cards shown").format(round=state.round), shows, pick, items=items,
                    cursor=cursor)
