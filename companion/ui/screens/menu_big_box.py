"""The menu's rows of a way to play or a moment, after the rows every game has: the dummy, a Veto
during a special scoring, the Big Box's figures and tokens, its deliveries, its Limit table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.modes import steps as s
from companion.engine.table import standing
from companion.rules.big_box import deliveries
from companion.ui.intents import Intent, Push, Send
from companion.ui.pages import CountsPage, ListPage, Page
from companion.ui.screens import notices
from companion.ui.screens.common import Row, facts, not_now, refusal

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def own_rows(game: Game) -> list[Row]:
    """The rows of a mode or a moment: the dummy, a Veto during a special scoring, the Big Box's."""
    state, phase = game.state, game.phase
    playing = phase not in ("setup", "game_over")
    rows: list[Row] = []
    if game.settings.dummy:
        rows.append(("The dummy this round", (lambda: Push(notices.dummy(game, state.dummy.moves_in(state.round))))
                     if playing else not_now("no round under way")))
    if phase == "special_scoring":  # the classic Veto stops a special scoring part-way (003 l.450-452)
        rows += [(f"{state.name(h)} uses a Veto", lambda h=h: Send(s.VetoUsed(h)))
                 for h in state.vetoes if not refusal(game, s.VetoUsed(h))]
    table = facts(game.settings)
    if table.holdings:
        rows.append(("Figures and tokens", (lambda: Push(holdings_page(game))) if playing
                     else not_now("no game under way")))
    if table.deliveries:
        rows.append(("Gold or wares delivered", (lambda: Push(delivery_page(game))) if playing
                     else not_now("no game under way")))
    if table.limit_table and playing:
        from companion.ui.screens import big_box  # (a Big Box game only)

        rows += big_box.limit_table_rows(game)
    return rows


def holdings_page(game: Game) -> Page:
    """Grandissimo: who holds the Queen, the Jester, each ship token, the Grand Inquisitor; OK on
    one asks whose Court it goes to (or back beside the board)."""
    state = game.state
    held = standing(state).holdings

    def who(what: str) -> Intent:
        items: list[tuple[str, str | None]] = [("beside the board", None)] + [(state.name(c), c) for c in state.colours]
        cursor = next((i for i, (_, c) in enumerate(items) if c == held.get(what)), 0)
        return Push(ListPage("holding_to", game.prompt.headline, f"The {what} to?",
                             lambda c: Send(s.HoldingMoved(what, c)), items=items, cursor=cursor))

    items = [(f"{what}: {state.name(held[what]) if what in held else '-'}", what)
             for what in facts(state.settings).holdings]
    return ListPage("holdings", game.prompt.headline, "Who holds which?", who, items=items)


def delivery_page(game: Game) -> Page:
    """GI&C: a disc brought to a Spanish coastal region scores at once (gold 6, wares 4; S:222, S:233):
    one list of who delivered what."""
    state = game.state
    items: list[tuple[str, object]] = [(f"{state.name(c)}: {disc} +{points}", (c, disc))
                                       for c in state.colours for disc, points in (("gold", 6), ("wares", 4))]
    items.append(("A card's discs to the colonies", None))

    def pick(chosen: object) -> Intent:
        return Push(discs_page(game)) if chosen is None else Send(s.Delivered(*chosen))  # type: ignore[misc]

    return ListPage("delivery", game.prompt.headline, "Who brought which disc to Spain?", pick, items=items)


def discs_page(game: Game) -> Page:
    """GI&C: a stack-7 card's action performed puts its discs out, gold in America and wares in the
    Mediterranean (S:216-221); 11 discs in all (likely). A delivery takes one back (S:233)."""
    waiting = standing(game.state).colony_discs
    room = max(0, deliveries.ALL_DISCS - sum(waiting.values()))
    rows = [["gold to America", "gold", 0, 0, room], ["wares to the Med.", "wares", 0, 0, room]]
    out = f"out: {waiting.get('gold', 0)} gold, {waiting.get('wares', 0)} wares"
    return CountsPage("counts_correction", game.prompt.headline, f"The card's discs ({out})",
                      lambda got: Send(s.DiscsPlaced(got["gold"], got["wares"])), rows=rows)
