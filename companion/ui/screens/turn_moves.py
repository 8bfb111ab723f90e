"""What the turn's card moves, opened at once when the card is taken: the King (the King's card,
Royal Advisor...), and with the board recorded a scoring tile (Enactment) or the player's own
Grande (Adopted Home). The cursor starts where the piece likeliest goes; the move (or OK where the
King stands) opens the placements, and a move made after them ends the turn when the card's
actions are done."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import board, card_duties, card_effects, queries
from companion.engine import steps as s
from companion.rules import cards, spain
from companion.ui.intents import Intent, Pop, Push, Replace, Send
from companion.ui.pages import CountsPage, ListPage, Page
from companion.ui.screens.common import abroad, region_page
from companion.ui.screens.corrections import tile_page
from companion.ui.screens.placements import placements
from companion.ui.screens.turn_end import end_if_done, placeable

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def after_card(game: Game) -> Page | None:
    """What opens at once when a card is taken: the page of the piece the card moves (the King;
    with the board recorded, a scoring tile or the player's own Grande), else (in a game that
    records the board) where the card's Caballeros go."""
    king = kings_move(game)
    if king is not None or not board.tracked(game.state) or game.state.active is None:
        return king
    moving = card_move(game)
    if moving is not None:
        return moving
    intent = placements(game, game.state.active)
    page = intent.page if isinstance(intent, Push) else None
    return page if isinstance(page, CountsPage) else None


def card_move(game: Game) -> Page | None:
    """The named card's own move of a piece other than the King, not yet made: Enactment's scoring
    tile, Adopted Home's Grande (the base game's cards; the Big Box's turns have their own)."""
    state = game.state
    effect = named_effect(game)
    if state.active is None or state.settings.expansion or moved_this_turn(game):
        return None
    if effect is cards.Effect.SCORING_TILE:
        return tile_move(game)
    if effect is cards.Effect.MOVE_GRANDE and state.grandes.get(state.active):
        return grande_page(game, state.active)
    return None


def named_effect(game: Game) -> cards.Effect | None:
    """The effect of the active player's card, when the table named it."""
    state = game.state
    taken = queries.taken_by(state, state.active) if state.active else None
    return cards.card(taken[2]).effect if taken and taken[2] else None


def moved_this_turn(game: Game) -> bool:
    """Whether a scoring tile or a Grande was moved by the card since it was taken."""
    for step in reversed(game.steps):
        if isinstance(step, s.ActionCardTaken):
            return False
        if isinstance(step, (s.TileMoved, s.GrandeMoved)) and step.by_card:
            return True
    return False


def _moved(step: s.Step) -> Intent:
    """A move the card makes: the placements next while nothing is placed; placed already, the
    turn ends with it when the card's actions are done."""
    return Send(step, then=placements_next_page, after=end_if_done)


def _or_place_first(game: Game, page: ListPage) -> ListPage:
    """Back on a move opened at once: the placements first (the move stays on the turn page)."""
    def back() -> Intent:
        following = placements_next(game)
        return Replace(following.page) if isinstance(following, Push) else Pop()

    page.on_third = back
    return page


def tile_move(game: Game) -> ListPage:
    """Which scoring tile the card moves, then where: the cursor on the region the player leads by
    the most Caballeros (not the King's region, where none may be placed, nor where the tile is)."""
    return _or_place_first(game, tile_page(game, record=_moved, by_card=True, likeliest=lambda tile: leads_most(
        game, {game.state.king, game.state.tiles.get(tile)})))


def grande_page(game: Game, colour: str) -> ListPage:
    """Where the card moves the player's own Grande, the cursor where it stands."""
    state = game.state
    page = region_page(game, f"{state.name(colour)}'s Grande to?", lambda r: _moved(s.GrandeMoved(colour, r, by_card=True)),
                       current=state.grandes.get(colour), move="grande")
    return _or_place_first(game, page)


def grande_row(game: Game, colour: str) -> tuple[str, object]:
    """The turn page's row for the card's move of the player's own Grande."""
    return ("Grande moved", lambda: Push(grande_page(game, colour)))


def leads_most(game: Game, aside: set) -> str | None:
    """The region where the active player leads the other colours by the most Caballeros, regions
    in ``aside`` left out; the first in the board's order among equals."""
    state = game.state
    colour = state.active
    regions = [r for r in spain.SCORING_ORDER if r in state.regions and r not in aside]
    if colour is None or not regions:
        return None

    def lead(region: str) -> int:
        counts = state.counts[region]
        return counts.get(colour, 0) - max((n for c, n in counts.items() if c != colour), default=0)

    return max(regions, key=lead)


def kings_move(game: Game) -> Page | None:
    """The King's page, opened at once when the card just taken moves the King (the King's
    card, Royal Advisor...): the cursor on where he stands, Back if he stays."""
    state = game.state
    taken = queries.taken_by(state, state.active) if state.active else None
    if taken is None:
        return None
    _, stack, key = taken
    if key is None and stack == 5 and not state.settings.new_regency:
        key = next(k for k in queries.KINGS_CARDS if k.startswith(state.settings.edition + "."))
    card = cards.card(key) if key else None
    if card is None or card.effect is not cards.Effect.MOVE_KING or card.param("to") not in (None, "anywhere"):
        return None
    return king_page(game)


def king_page(game: Game) -> Page:
    """Where the King goes, the cursor where he stands (OK there: he stays). Then, nothing placed
    yet, the placements open at once; placed already, the King's card's move ends the turn."""
    state = game.state
    plain = _moves_only_the_king(game)

    def moved(region: str) -> Intent:
        if region == state.king:  # he stays: the placements instead of his page
            following = placements_next(game)
            return Replace(following.page) if isinstance(following, Push) else Pop()
        thrown = [s.GrandesToCastillo()] if _competition_throws(game, region) else []
        return Send(s.KingMoved(region, by_card=True), *thrown, then=placements_next_page,
                    after=end_if_done if plain else None)

    return region_page(game, "King to which region?", moved, extra=abroad(game), current=state.king)


def _competition_throws(game: Game, region: str) -> bool:
    """Competition (New Regency), from rules revision 5: "Throw all Grandes from that region into the
    Castillo" (002 l.1253-1257) comes with the King's move, one unit, when the card is Competition and
    a Grande stands where he goes (the referee refuses the turn's end without it: card_duties.py)."""
    state = game.state
    if state.settings.revision < card_duties.COMPETITION_SINCE or not state.settings.new_regency:
        return False
    found = card_effects.candidates(state, frozenset(cards.Effect))
    return (bool(found) and all(c.effect is cards.Effect.KING_COMPETITION for c in found)
            and not queries.text_unknown(state) and region in state.grandes.values())


def _moves_only_the_king(game: Game) -> bool:
    """The turn's card moves the King and does nothing more (the King's card, Your Majesty)."""
    state = game.state
    taken = queries.taken_by(state, state.active) if state.active else None
    if taken is None:
        return False
    key = taken[2] or (next((k for k in queries.KINGS_CARDS if k.startswith(state.settings.edition + ".")), None)
                       if taken[1] == 5 and not state.settings.new_regency else None)
    return key is not None and cards.card(key).effect is cards.Effect.MOVE_KING


def placements_next(game: Game) -> Intent | None:
    """The placements page, when nothing is placed yet this turn and some may be."""
    state = game.state
    if state.active is None or not placeable(state) or state.turn_placed + state.turn_thrown:
        return None
    if "TurnEnded" not in game.prompt.expects:
        return None
    intent = placements(game, state.active)
    return intent if isinstance(intent, Push) and isinstance(intent.page, CountsPage) else None


def placements_next_page(game: Game) -> Page | None:
    intent = placements_next(game)
    return intent.page if isinstance(intent, Push) and isinstance(intent.page, CountsPage) else None
