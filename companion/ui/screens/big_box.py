"""The Big Box's board on the screens, when the game records it: the setup's secret discs, a turn's
rows of its own (the engine's offer: its rules' ``turn_options``; here each id's label and what OK
does): the sail from the ship, Grandissimo's jail, pardon, Queen and Jester, a card's moves the
companion does not guide and the cards the table plays; and the Limit table moved by a card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.modes import offers
from companion.engine.modes import steps as s
from companion.engine.table import standing
from companion.ui.intents import Intent, Push, Send
from companion.ui.pages import CountsPage, LinesPage, ListPage, Page
from companion.ui.screens import correct_moves
from companion.ui.screens.common import MENU_KEY, facts, paragraph, region_page
from companion.ui.screens.offered import offer_page
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


Row = tuple[str, object]


def placing_rows(game: Game) -> list[Row]:
    """The Big Box's rows beside the turn's placement (the engine's: its rules' ``turn_options``):
    a sail (S:213, S:297), Grandissimo's jail and pardon (S:306), the moves the companion does not
    guide."""
    return [row(game, o) for o in offers.turn_options(game.state, game.expects).placing]


def card_rows(game: Game) -> list[Row]:
    """The Big Box turn's rows for what its card may do beside the placement (the engine's): the
    Grandes by disc, the Grand Inquisitor left where he was, and the cards of table_cards.py
    (Quarantine, the Jester's gift and its placing, the cards the table decides)."""
    return [row(game, o) for o in offers.turn_options(game.state, game.expects).cards]


def row(game: Game, option: offers.Option) -> Row:
    """A Big Box row of the turn page by its id in the engine's offer: its label and what OK does (the
    option's one step, or the page it opens)."""
    state = game.state
    id = option.id
    name = state.rules.name
    if id.startswith("figure:"):  # Grandissimo's Queen or Jester (S:309)
        return f"Take the {id.removeprefix('figure:')}", lambda: Send(*option.steps)
    if id.startswith("mode:table:"):  # a card the table decides: one OK, its moves by the menu's corrections
        titles = dict(offers.table_decides(state))
        return f"Table decides: {titles[id.removeprefix('mode:table:')]}", lambda: Send(*option.steps)
    if id == "mode:sail":
        colour = state.active or ""
        return "Sail", lambda: Push(sail_from(game, colour))
    if id == "mode:jail":
        jail = offers.jail(state)
        assert jail is not None
        return "Jail: one to prison", lambda: Push(jail_from(game, jail))
    if id == "mode:pardon":
        pardon = offers.pardon(state)
        assert pardon is not None
        prisoners, places = pardon
        return f"Pardon the {prisoners} prisoner{'s' * (prisoners > 1)}", lambda: Push(ListPage(
            "region", game.prompt.headline, "The prisoners go to", lambda r: Send(s.Pardoned(r)),
            items=[(name(r), r) for r in places]))
    if id == "mode:move":  # any move of Caballeros, recorded as the turn's, with no notice to read
        def record(colour: str, source: str, target: str, count: int) -> Intent:
            return Send(s.CaballerosMoved(colour, source, target, count))

        return "Move Caballeros", lambda: Push(correct_moves.whose_caballeros(game, record, prompt="Whose move?"))
    if id == "mode:grandes_by_disc":  # I&K's 35, the Colonies' Conspiracy (S:179, S:266)
        return "Grandes by disc at scoring", lambda: Send(*option.steps)
    if id == "mode:inquisitor_stays":  # his card's taker "may" move him to his Court (S:242)
        return "Grand Inquisitor stays", lambda: Send(*option.steps)
    if id == "mode:gift":  # the Jester's gift placed (S:390): the region (1 list, 1 OK)
        gift = offers.gift(state)
        assert gift is not None
        giver, places = gift
        return f"Place {state.name(giver)}'s gift", lambda: Push(ListPage(
            "region", game.prompt.headline, f"{state.name(giver)}'s Caballero to",
            lambda r: Send(s.GiftPlaced(giver, r)), items=[(name(r), r) for r in places]))
    if id == "mode:quarantine":  # S:186: a scoreboard, then a region (2 lists, 2 OKs)
        tiles = offers.quarantine_tiles(state)
        assert tiles is not None
        return "Quarantine", lambda: Push(quarantine_tile(game, tiles))
    if id == "mode:jester":  # the receiver (1 OK); every receiver refused: the row's reason, before the choice
        jester = offers.jester(state, game.expects, state.active or "")
        assert jester is not None
        return "Jester: give a Caballero", lambda: Push(offer_page(
            "who", game.prompt.headline, "The Jester's gift to", jester, lambda o: state.name(o.id[3:]),
            lambda o: Send(*o.steps)))
    assert id == "mode:double_turn", id  # the Double turn: its second card's stack
    return "Double turn: 2nd card", lambda: Push(ListPage(
        "region", game.prompt.headline, "Double turn: the second card", lambda n: Send(
            s.TableDecided("double_turn", n)), items=[(f"Stack {n}", n) for n in state.stacks_left()]))


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


def quarantine_tile(game: Game, tiles: tuple[str, ...]) -> Page:
    state = game.state

    def region(tile: str) -> Intent:
        return Push(ListPage("region", game.prompt.headline, f"Quarantine: the {tile} to",
                             lambda r: Send(s.Quarantined(tile, r)),
                             items=[(state.rules.name(r), r) for r in offers.quarantine_regions(state, tile)]))

    return ListPage("who", game.prompt.headline, "Quarantine: which scoreboard?", region,
                    items=[(tile, tile) for tile in tiles])


def far_places(state, places: list[str]) -> list[str]:
    """Intrigue & the King's card 20: the regions beyond the King's neighbours its placements may
    reach ("They need not be moved to regions adjacent to the King's region", S:177)."""
    return offers.far_places(state, places, facts(state.settings).regions)
