"""The Big Box's board on the screens, when the game records it: the setup's secret discs, a turn's
sail from the ship, Grandissimo's jail and pardon, a card's moves the companion does not guide, and the
Limit table moved by a card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.modes import offers
from companion.engine.modes import steps as s
from companion.engine.table import standing
from companion.ui.intents import Intent, Push, Send
from companion.ui.pages import CountsPage, LinesPage, ListPage, Page
from companion.ui.screens import correct_moves
from companion.ui.screens.common import MENU_KEY, facts, paragraph, region_page
from companion.ui.screens.offered import offer_page, open_or_say
from companion.ui.screens.secret_discs import ask_discs

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def setup_discs(game: Game) -> Page:
    """Before round 1: each player's secret disc, revealed together, and the mode's Caballeros
    from the Court there (GI&C and K&C 2, I&K 1; the King's region: they stay; S:162, S:204)."""
    state = game.state
    n = facts(state.settings).setup_disc
    colours = list(state.colours)

    def send(chosen: dict) -> Intent:
        return Send(s.SetupDiscs(tuple((c, chosen.get(c)) for c in colours)))

    lines = [paragraph(f"All reveal: {n} Caballero{'s' * (n > 1)} from each Court to the region on the "
                       f"disc (the King's region: {'they stay' if n > 1 else 'it stays'})."),
             paragraph("OK: each player's disc.")]
    return LinesPage("setup_discs", "New game", "Setup: secret discs",
                     lambda _: ask_discs(game, colours, send, "Setup disc"), lines=lines, **MENU_KEY)


def sail_rows(game: Game, colour: str) -> list[tuple[str, object]]:
    """The turn page's row for a sail, while the player has Caballeros that may sail (S:213, S:297)."""
    if "Sailed" not in game.expects:
        return []
    return [("Sail", lambda: Push(sail_from(game, colour)))]


def sail_from(game: Game, colour: str) -> Page:
    state = game.state
    name = state.rules.name
    held = dict(offers.sail_sources(state, colour))
    items = [(f"{name(place)} · {count}", place) for place, count in held.items()]
    return ListPage("region", game.prompt.headline, f"{state.name(colour)} sails from",
                    lambda source: Push(sail_to(game, colour, source, held[source])), items=items)


def sail_to(game: Game, colour: str, source: str, most: int) -> Page:
    """Where ``most`` Caballeros of the colour at ``source`` may sail to, and how many go."""
    state = game.state
    name = state.rules.name

    def how_many(target: str) -> Intent:
        return Push(CountsPage("counts_correction", game.prompt.headline, f"{name(source)} to {name(target)}",
                               lambda got: Send(s.Sailed(colour, source, target, got[colour])),
                               rows=[[state.name(colour), colour, most, 1, most]]))

    items = [(name(place), place) for place in offers.sail_targets(state, source)]
    return ListPage("region", game.prompt.headline, f"From {name(source)} to", how_many, items=items)


def limit_table_rows(game: Game) -> list[tuple[str, object]]:
    """The menu's row for the Limit table moved by a stack-7 card (S:254)."""
    where = standing(game.state).limit_table
    if where is None:
        return []
    return [("Limit table moved", lambda: Push(region_page(
        game, "The Limit table to", lambda r: Send(s.LimitTableMoved(r)), current=where,
        move="limit_table")))]


def prison_rows(game: Game) -> list[tuple[str, object]]:
    """Grandissimo's turn rows: a stack-6 card's jail symbol, the King's card's pardon (S:306)."""
    state = game.state
    rows: list[tuple[str, object]] = []
    jail = offers.jail(state)
    if jail is not None:
        rows.append(("Jail: one to prison", lambda: Push(jail_from(game, jail))))
    pardon = offers.pardon(state)
    if pardon is not None:
        prisoners, places = pardon
        rows.append((f"Pardon the {prisoners} prisoner{'s' * (prisoners > 1)}", lambda: Push(ListPage(
            "region", game.prompt.headline, "The prisoners go to", lambda r: Send(s.Pardoned(r)),
            items=[(state.rules.name(r), r) for r in places]))))
    return rows


def jail_from(game: Game, jail: tuple[tuple[str, offers.Counted], ...]) -> Page:
    """The jail's regions, then whose Caballero there goes to prison (``offers.jail``)."""
    state = game.state
    there = dict(jail)

    def whose(region: str) -> Intent:
        return Push(ListPage("who", game.prompt.headline, f"Whose, from {state.rules.name(region)}?",
                             lambda c: Send(s.Jailed(c, region)),
                             items=[(f"{state.name(c)} · {count}", c) for c, count in there[region]]))

    return ListPage("region", game.prompt.headline, "Jail: from which region?", whose,
                    items=[(state.rules.name(r), r) for r in there])


def move_rows(game: Game) -> list[tuple[str, object]]:
    """A Big Box turn's row for what its card moves that the companion does not guide (the Intrigue
    card, the Grand Inquisitor's black pair, a stack-7 card, the Jester's gift): any move of
    Caballeros, recorded as the turn's, with no notice to read."""
    if not offers.unguided_moves(game.state):  # a Big Box game, the board recorded
        return []

    def record(colour: str, source: str, target: str, count: int) -> Intent:
        return Send(s.CaballerosMoved(colour, source, target, count))

    return [("Move Caballeros", lambda: Push(correct_moves.whose_caballeros(game, record, prompt="Whose move?")))]


def card_rows(game: Game) -> list[tuple[str, object]]:
    """The Big Box turn's rows for what its card may do beside the placement: the Grandes by disc,
    the Grand Inquisitor left where he was, and the cards of table_cards.py (Quarantine, the Jester's
    gift and its placing, the cards the table decides)."""
    return grandes_rows(game) + inquisitor_rows(game) + table_card_rows(game)


def table_card_rows(game: Game) -> list[tuple[str, object]]:
    """Quarantine (S:186): a scoreboard, then a region (2 lists, 2 OKs). The Jester (S:390): the
    receiver (1 OK); his gift placed: the region (1 list, 1 OK). A card the table decides: one OK (the
    Double turn: and its second card's stack), then its moves by *Move Caballeros* and the menu's
    corrections, the board kept exact by their checks."""
    state = game.state
    colour = state.active
    rows: list[tuple[str, object]] = []
    if colour is None:
        return rows
    name = state.rules.name
    gift = offers.gift(state)
    if gift is not None:
        giver, places = gift
        rows.append((f"Place {state.name(giver)}'s gift", lambda: Push(ListPage(
            "region", game.prompt.headline, f"{state.name(giver)}'s Caballero to",
            lambda r: Send(s.GiftPlaced(giver, r)), items=[(name(r), r) for r in places]))))
    tiles = offers.quarantine_tiles(state)
    if tiles is not None:
        rows.append(("Quarantine", lambda: Push(quarantine_tile(game, tiles))))
    jester = offers.jester(state, game.expects, colour)
    if jester is not None:  # (every receiver refused: the row says why, no page opens)
        rows.append(("Jester: give a Caballero", lambda: open_or_say(jester.why_not, lambda: offer_page(
            "who", game.prompt.headline, "The Jester's gift to", jester, lambda o: state.name(o.id[3:]),
            lambda o: Send(*o.steps)))))
    for key, title in offers.table_decides(state):
        if key == "double_turn":
            rows.append(("Double turn: 2nd card", lambda: Push(ListPage(
                "region", game.prompt.headline, "Double turn: the second card", lambda n: Send(
                    s.TableDecided("double_turn", n)), items=[(f"Stack {n}", n) for n in state.stacks_left()]))))
        else:
            rows.append((f"Table decides: {title}", lambda k=key: Send(s.TableDecided(k))))
    return rows


def quarantine_tile(game: Game, tiles: tuple[str, ...]) -> Page:
    state = game.state

    def region(tile: str) -> Intent:
        return Push(ListPage("region", game.prompt.headline, f"Quarantine: the {tile} to",
                             lambda r: Send(s.Quarantined(tile, r)),
                             items=[(state.rules.name(r), r) for r in offers.quarantine_regions(state, tile)]))

    return ListPage("who", game.prompt.headline, "Quarantine: which scoreboard?", region,
                    items=[(tile, tile) for tile in tiles])


def inquisitor_rows(game: Game) -> list[tuple[str, object]]:
    """The Grand Inquisitor card's taker "may" move him to his Court (S:242): the turn takes him, this
    row leaves him with his holder before (or beside the board), before his one more is used."""
    colour = game.state.active
    if colour is None or not offers.inquisitor_may_stay(game.state):
        return []
    return [("Grand Inquisitor stays", lambda: Send(s.InquisitorDeclined(colour)))]


def grandes_rows(game: Game) -> list[tuple[str, object]]:
    """The turn's row for I&K's 35 or the Colonies' Conspiracy (a stack-7 card): the Grandes move by
    secret disc at the next general scoring (S:179, S:266)."""
    if not offers.grandes_by_disc(game.state):
        return []
    return [("Grandes by disc at scoring", lambda: Send(s.GrandesByDisc()))]


def far_places(state, places: list[str]) -> list[str]:
    """Intrigue & the King's card 20: the regions beyond the King's neighbours its placements may
    reach ("They need not be moved to regions adjacent to the King's region", S:177)."""
    return offers.far_places(state, places, facts(state.settings).regions)
