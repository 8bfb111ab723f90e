"""The typical table: a whole 4-player game of the 2023 edition with the board recorded, as a
table plays it (issue 22's "a third of the presses"): every card of the deck shown and taken at
least once and played whole, each turn placing its card's Caballeros (2+1 into two regions when it
can), everyone throwing into the Castillo in rounds 1, 4 and 7 (so each general scoring sets four
secret discs), the King's card touring Spain, the scoring cards scoring, Enactment moving a scoring
tile, Adopted Home a Grande, and three general scorings. The cards that move or send back
Caballeros (Conspiracy, Intrigue, Militia, Withdrawal, Civil War, Coup) and Empowerment's Power
card back are played after the turn's placements, each choice as a player makes it
(companion/measure/typical_effects.py): Withdrawal at the rules' default, Intrigues moving a few of
one's own and the others' Caballeros, Coups emptying a region, Green's 13 back to the hand and
played again.

Its steps are played by keys in tests/ui/test_typical_table_by_keys.py, which writes the shipped
key script ``sample_typical_table.keys``; the bench counts that script's presses per turn, per
scoring and for the whole game (companion/measure/press_targets.py). Its card effects choose what
the effect pages pre-fill (the best by companion/engine/gains.py), so their presses are a best case;
the same table choosing among the three best (``typical_game(seed=...)``) is the second script,
``sample_typical_table_choices.keys``, which says the spread of ``CHOICE_SEEDS`` in its header.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from companion.engine import board, queries, scorings
from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.measure import typical_effects
from companion.play.game import Game
from companion.rules import cards, spain

COLOURS = ("red", "blue", "green", "yellow")
PLAYERS = tuple(Player(c.title(), c) for c in COLOURS)
SETUP = s.SetupDone(king="castilla", first="red",
                    homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "valencia")))
#: Each player's Power card, round by round (all different in a round; every value once a game,
#: but Green's 13, which Empowerment gives back in round 6 and Green plays again in round 8).
POWER = {
    "red": (13, 1, 7, 12, 2, 8, 11, 3, 9),
    "blue": (10, 6, 2, 9, 5, 1, 8, 4, 12),
    "green": (5, 11, 13, 3, 10, 6, 2, 13, 4),
    "yellow": (8, 4, 9, 7, 13, 3, 5, 11, 1),
}
#: The known cards of stacks 1-4, one shown per stack and round, in turn: every card is shown.
SHOWN = {stack: [c.key for c in cards.deck("2023") if c.stack == stack and c.known] for stack in (1, 2, 3, 4)}
#: Where each player likes to place (the first of these next to the King, turn by turn another).
FAVOURITES = {
    "red": ("galicia", "navarra", "castilla", "toledo", "aragon"),
    "blue": ("aragon", "cataluna", "navarra", "valencia", "castilla"),
    "green": ("sevilla", "granada", "toledo", "castilla", "valencia"),
    "yellow": ("valencia", "granada", "cataluna", "toledo", "aragon"),
}
#: The King's card moves the King round Spain: round -> region.
KING_TOURS = {1: "toledo", 2: "aragon", 3: "castilla", 4: "granada", 5: "navarra", 6: "toledo",
              7: "sevilla", 8: "castilla", 9: "cataluna"}
#: Rounds in which everyone throws one into the Castillo on their turn.
THROW_ROUNDS = (1, 4, 7)
#: The seeds of the games whose card effects' choices are drawn among the three best (the
#: bench prints each one's presses), and the one shipped as a key script: the first, not the
#: cheapest (sample_typical_table_choices.keys).
CHOICE_SEEDS = (1, 2, 3, 4, 5)
CHOICES_SEED = CHOICE_SEEDS[0]


def typical_game(path: Path | None = None, until: str | None = None, seed: int | None = None) -> Game:
    """Play the typical table's game (into a journal at ``path`` if given) to game over, or, with
    ``until="general scoring"``, to the first general scoring's secret discs. ``seed``: the card
    effects' choices drawn among the three best (typical_effects.Choices), not the best."""
    choices = typical_effects.Choices(seed)
    game = Game.new(Settings(players=PLAYERS, seed=7, revision=REVISION, board=True, secret_castillo=True), path)
    game.send(SETUP)
    while game.phase != "game_over":
        if until == "general scoring" and game.phase == "secret_discs":
            return game
        if game.phase == "power_cards":
            _power_cards(game)
        elif game.phase == "turns":
            _turn(game, choices)
        elif game.phase == "secret_discs":
            _discs(game)
        else:
            where = game.prompt.choices[0]
            counts = game.state.castillo if where == spain.CASTILLO else game.state.counts[where]
            game.send(s.Scored(where, tuple(counts.items())))
    return game


def _power_cards(game: Game) -> None:
    state = game.state
    index = state.round - 1
    shown = tuple((stack, keys[index % len(keys)]) for stack, keys in SHOWN.items())
    game.send(s.ActionCardsRevealed(shown))
    while game.phase == "power_cards":
        colour = game.prompt.colour
        assert colour is not None
        value = POWER[colour][index]
        if value not in game.prompt.choices:  # (Empowerment gave another card back: that one instead)
            value = max(v for v in game.prompt.choices if v not in POWER[colour][index:])
        game.send(s.PowerCardPlayed(colour, value))


def _stack(game: Game, colour: str) -> int:
    """The stack the player takes: the King's card in rounds 2, 5 and 8 for the round's second
    player, else the stacks in turn, the one left over changing round by round."""
    state = game.state
    left = list(game.prompt.choices)
    turn = state.turn
    if state.round in (2, 5, 8) and turn == 1 and 5 in left:
        return 5
    wanted = [((state.round + turn + k) % 4) + 1 for k in range(4)]
    return next((st for st in wanted if st in left), left[0])


def _turn(game: Game, choices: typical_effects.Choices) -> None:
    state = game.state
    colour = state.active
    assert colour is not None
    stack = _stack(game, colour)
    game.send(s.ActionCardTaken(colour, stack))
    key = state.revealed.get(stack) if stack != 5 else "2023.5.your-majesty"
    card = cards.card(key) if key else None
    if card is not None:
        _effect_before(game, colour, card)
    _place(game, colour)
    if card is not None:
        _scoring(game, card)
        typical_effects.play(game, colour, card, choices)
    game.send(s.TurnEnded(colour))


def _effect_before(game: Game, colour: str, card: cards.ActionCard) -> None:
    state = game.state
    if card.effect is cards.Effect.MOVE_KING:
        game.send(s.KingMoved(KING_TOURS[state.round], by_card=True))
    elif card.effect is cards.Effect.SCORING_TILE:
        tile = "8/4/0" if state.round % 2 else "4/0/0"
        liked = [r for r in FAVOURITES[colour] if r != state.king and state.tiles.get(tile) != r]
        game.send(s.TileMoved(tile, liked[0], by_card=True))
    elif card.effect is cards.Effect.MOVE_GRANDE:
        liked = [r for r in FAVOURITES[colour] if r not in (state.king, state.grandes.get(colour))]
        game.send(s.GrandeMoved(colour, liked[state.round % len(liked)], by_card=True))


def _place(game: Game, colour: str) -> None:
    """The card's Caballeros from the Court: one into the Castillo in a throw round, the rest to a
    favourite region next to the King, 2+1 into two of them when there are three or more."""
    state = game.state
    room = min(queries.card_room(state, colour), board.held(state, colour, board.COURT))
    places = board.receiving(state)
    regions = [r for r in places if r != spain.CASTILLO]
    got: dict[str, int] = {}
    if room and state.round in THROW_ROUNDS and spain.CASTILLO in places:
        got[spain.CASTILLO], room = 1, room - 1
    if room and regions:
        liked = [r for r in FAVOURITES[colour] if r in regions] or regions
        first = liked[state.round % len(liked)]
        split = room >= 3 and len(liked) > 1
        got[first] = room - split
        if split:
            got[liked[(state.round + 1) % len(liked)]] = 1
    steps: list[s.Step] = [s.Placed(colour, r, got[r]) for r in regions if got.get(r)]  # the page's order
    steps += [s.CastilloThrow(colour, got[spain.CASTILLO])] if got.get(spain.CASTILLO) else []
    if steps:
        game.send(*steps)


def _scoring(game: Game, card: cards.ActionCard) -> None:
    """A scoring card scores as the board stands (Fair: the region the player gains most in)."""
    def most_gained(colour: str) -> str:
        state = game.state
        gains = {r: scorings.points_if(state, r, dict(state.counts[r])).get(colour, 0) for r in state.regions}
        return max(gains, key=lambda r: gains[r])

    score_card(game, card, most_gained)


def score_card(game: Game, card: cards.ActionCard, region_for: Callable[[str], str]) -> None:
    """A scoring card's special scoring, every place scored as the board stands; a card that scores one
    region scores ``region_for(the active colour)`` (the typical table's and the plan table's choice)."""
    state = game.state
    kind = cards.special_kind(card)
    if kind is None or kind == "discs":
        return
    regions = (region_for(state.active or ""),) if kind == "region" else tuple(scorings.special_regions(state, kind))
    if not regions:
        return
    game.send(s.SpecialScoringStarted(kind, regions))
    while game.phase == "special_scoring":
        where = game.prompt.choices[0]
        counts = state.castillo if where == spain.CASTILLO else state.counts[where]
        game.send(s.Scored(where, tuple(counts.items())))


def _discs(game: Game) -> None:
    """Each player's disc where their Castillo Caballeros gain the most; the last player of the
    table in the Castillo points elsewhere (a bluff, or a plan the board does not show)."""
    state = game.state
    inside = scorings.waiting_discs(state)
    if not inside:
        game.send(s.SecretDiscs(tuple((c, None) for c in state.colours)))
        return
    for colour in inside:
        best = _best_region(game, colour)
        if colour == inside[-1]:
            best = next(r for r in FAVOURITES[colour] if r not in (best, state.king))
        game.send(s.SecretDisc(colour, best))


def _best_region(game: Game, colour: str) -> str:
    state = game.state
    have = state.castillo.get(colour, 0)
    best, gain = spain.SCORING_ORDER[0], -1
    for region in spain.SCORING_ORDER:
        if region == state.king:
            continue
        now = dict(state.counts[region])
        more = (scorings.points_if(state, region, {**now, colour: now.get(colour, 0) + have}).get(colour, 0)
                - scorings.points_if(state, region, now).get(colour, 0))
        if more > gain:
            best, gain = region, more
    return best
