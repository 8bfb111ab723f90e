"""What the turn's card moves, opened at once when the card is taken: the King (the King's card,
Royal Advisor...), and with the board recorded a scoring tile (Enactment) or the player's own
Grande (Adopted Home). The cursor starts where the piece likeliest goes; the move (or OK where the
King stands) opens the placements, and a move made after them ends the turn when the card's
actions are done."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

from companion.engine import offers
from companion.engine import steps as s
from companion.engine.offers import Option
from companion.rules import spain
from companion.ui.intents import Intent, Pop, Push, Replace, Send
from companion.ui.pages import CountsPage, ListPage, Page
from companion.ui.screens.offered import offer_page
from companion.ui.screens.placements import placements
from companion.ui.screens.turn_end import end_if_done, placeable
from companion.ui.words import tile_word

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def after_card(game: Game) -> Page | None:
    """What opens at once when a card is taken: the page of the piece the card moves (the King;
    with the board recorded, a scoring tile or the player's own Grande), else (in a game that
    records the board) where the card's Caballeros go."""
    king = kings_move(game)
    if king is not None or not offers.recorded(game.state) or game.state.active is None:
        return king
    moving = card_move(game)
    if moving is not None:
        return moving
    intent = placements(game, game.state.active)
    page = intent.page if isinstance(intent, Push) else None
    return page if _placing(page) else None


def _placing(page: object) -> TypeGuard[CountsPage | ListPage]:
    """Whether ``page`` is the turn's placements (counters, or one Caballero's list of places)."""
    return isinstance(page, (CountsPage, ListPage)) and page.kind == "placements"


def card_move(game: Game) -> Page | None:
    """The named card's own move of a piece other than the King, not yet made: Enactment's scoring
    tile, Adopted Home's Grande (the base game's cards; the Big Box's turns have their own)."""
    state = game.state
    own = offers.own_move(state)
    if state.active is None or state.settings.expansion or moved_this_turn(game):
        return None
    if own == "tile":
        return tile_move(game) if offers.tiles(state, game.expects).default else None
    if own == "grande" and state.grandes.get(state.active) and not grande_refused(game, state.active):
        return grande_page(game, state.active)
    return None  # (nothing the card may move now: its row on the turn page says why)


def moved_this_turn(game: Game) -> bool:
    """Whether a scoring tile or a Grande was moved by the card since it was taken (the engine's:
    offers.moved_by_card, from the state)."""
    return offers.moved_by_card(game.state)


def _moved(*steps: s.Step) -> Intent:
    """A move the card makes: the placements next while nothing is placed; placed already, the
    turn ends with it when the card's actions are done."""
    return Send(*steps, then=placements_next_page, after=end_if_done)


def _or_place_first(game: Game, page: ListPage) -> ListPage:
    """Back on a move opened at once: the placements first (the move stays on the turn page)."""
    def back() -> Intent:
        following = placements_next(game)
        return Replace(following.page) if isinstance(following, Push) else Pop()

    page.on_third = back
    return page


def tile_move(game: Game) -> ListPage:
    """Which scoring tile the card moves, then where (the engine's offers): the cursor on the first
    tile that may move (not the one in the King's region: its row says why), then on the region the
    player leads by the most Caballeros."""
    state = game.state
    word = tile_word(state)

    def regions(option: Option) -> Intent:
        tile = option.id.split(":", 1)[1]
        where = offers.tile_regions(game.state, game.expects, tile)
        return Push(offer_page("region", game.prompt.headline, f"The {tile} {word.split()[-1]} to?", where,
                               lambda o: place_name(state, o.id.rsplit(":", 1)[1]), lambda o: _moved(*o.steps)))

    page = offer_page("tile", game.prompt.headline, f"Which {word}?", offers.tiles(state, game.expects),
                      lambda o: _tile_row(state, o.id.split(":", 1)[1]), regions)
    return _or_place_first(game, page)


def _tile_row(state, tile: str) -> str:
    where = state.tiles[tile]
    return f"{tile}, now {state.rules.name(where) if where else 'off the board'}"


def place_name(state, place: str) -> str:
    return "the Castillo" if place == spain.CASTILLO else state.rules.name(place)


def grande_page(game: Game, colour: str) -> ListPage:
    """Where the card moves the player's own Grande (the engine's offer), the cursor where it stands."""
    state = game.state
    page = offer_page("region", game.prompt.headline, f"{state.name(colour)}'s Grande to?",
                      offers.grande(state, game.expects, colour), lambda o: place_name(state, o.id.rsplit(":", 1)[1]),
                      lambda o: _moved(*o.steps))
    return _or_place_first(game, page)


def grande_row(game: Game, colour: str) -> tuple[str, object]:
    """The turn page's row for the card's move of the player's own Grande: its page. Where none of
    its moves may be made (the King on it), the turn page marks the row with the reason and says it
    before the choice, and OK there says it again (offers/rows.py; intrigue_turn.py): as every refused row."""
    return ("Grande moved", lambda: Push(grande_page(game, colour)))


def grande_refused(game: Game, colour: str) -> str:
    """Why the card's move of ``colour``'s Grande cannot be made now ("" when it can)."""
    return offers.grande(game.state, game.expects, colour).why_not


def tile_label(state) -> str:
    """The turn page's row for the card's scoring tile ("Scoring tile", the classic's "Scoreboard")."""
    return tile_word(state).capitalize()


def kings_move(game: Game) -> Page | None:
    """The King's page, opened at once when the card just taken moves the King (the King's
    card, Royal Advisor...): the cursor on where he stands, Back if he stays."""
    return king_page(game) if offers.card_moves_the_king(game.state) else None


def king_page(game: Game) -> Page:
    """Where the King goes (the engine's offer), the cursor where he stands (OK there: he stays).
    Then, nothing placed yet, the placements open at once; placed already, the King's card's move
    ends the turn."""
    state = game.state
    plain = offers.moves_only_the_king(state)

    def moved(option: Option) -> Intent:
        if not option.steps:  # he stays: the placements instead of his page
            following = placements_next(game)
            return Replace(following.page) if isinstance(following, Push) else Pop()
        return Send(*option.steps, then=placements_next_page, after=end_if_done if plain else None)

    return offer_page("region", game.prompt.headline, "King to which region?", offers.king(state, game.expects),
                      lambda o: _king_place(state, o.id.split(":", 1)[1]), moved)


def _king_place(state, place: str) -> str:
    return "Castillo (Rebellion)" if place == spain.CASTILLO and state.settings.new_regency else state.rules.name(place)


def placements_next(game: Game) -> Intent | None:
    """The placements page, when nothing is placed yet this turn and some may be."""
    state = game.state
    if state.active is None or not placeable(state) or state.turn_placed + state.turn_thrown:
        return None
    if "TurnEnded" not in game.prompt.expects:
        return None
    intent = placements(game, state.active)
    return intent if isinstance(intent, Push) and _placing(intent.page) else None


def placements_next_page(game: Game) -> Page | None:
    intent = placements_next(game)
    return intent.page if isinstance(intent, Push) and _placing(intent.page) else None
