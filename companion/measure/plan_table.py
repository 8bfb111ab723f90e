"""The plan table (issue 35): a whole game with the board recorded (a 4-player 2023 game, FOUR_2023;
a 3-player classic game, THREE_CLASSIC), played by a table whose every choice comes from a plan of
its own, never from what a page pre-fills and never by the measure the pages' defaults are worked
out with (companion/engine/gains.py, the placements' "tightest race", the fewest-shown card). Its
figures are the bench's second measure, one the defaults cannot flatter: the typical table
(typical_table.py) takes every default, so its presses are a best case; this table's are what a
table that makes up its own mind pays.

Seeded (``plan_game(seed)``, a ``random.Random`` of its own), the table:

- deals the action cards as a shuffled deck does, from a box of its own: the classic stacks' cards
  as the classic deck's real copies (rules/deck_classic.py); a 2023 stack (10 cards, 3 or 4 titles
  known, each card's copies not in RULES.md) as an inventory drawn from the seed, unknown to the
  companion: each title once, the stack's other cards shared among its titles by weights of the
  seed's own (so one title may fill most of a stack, as no page's default assumes); shuffled; one off the top each
  round, and names the card a player takes at its action, from its own deal (the turn page's row of
  that card, ActionCardNamed: engine/offers/take.py ``to_name``; before the placements for a card
  that moves a piece first, after them otherwise), never the round's start nor by a page's default;
- plays each player's Power card uniformly among those allowed;
- takes a card uniformly among the stacks left (the King's card among them);
- places the card's Caballeros in one, two or three of the places that may receive them, drawn by
  the player's own liking (a seeded order of Spain's regions, drawn once a game) with a draw of
  its own each turn, the count split at random; the Castillo is one place among the others;
- moves the King (the King's card), the scoring tile (Enactment) and the Grande (Adopted Home) to
  a region drawn among those the referee accepts;
- scores a scoring card (Fair: a region drawn among those the player has Caballeros in);
- plays the cards that move or send back Caballeros with typical_effects.py's moves, each choice
  drawn uniformly among all it lists (``Anything``: not its ranking, not the three best);
- points each secret disc at a region drawn among those not the King's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from companion.engine import board, queries, scorings
from companion.engine import steps as s
from companion.engine.offers import take, turn
from companion.engine.settings import REVISION, Player, Settings
from companion.measure import typical_effects
from companion.measure.typical_table import PLAYERS, score_card
from companion.play.game import Game
from companion.rules import cards, spain

#: The seeds the bench prints (each one's whole game), and the one shipped as a key script.
PLAN_SEEDS = (1, 2, 3, 4, 5)
PLAN_SEED = PLAN_SEEDS[0]
#: The 4-player seeds' first deal (issue 35 as first shipped): each known 2023 title three times a
#: stack, equal copies, which flattered the take's "fewest shown first"; kept for that baseline.
EQUAL_COPIES = 3
ROUNDS = 9
SETUP = s.SetupDone(king="castilla", first="red",
                    homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "valencia")))
T = TypeVar("T")


@dataclass(frozen=True)
class Table:
    """What a plan table plays: the edition, the players, the setup, the King's card's key, and
    each known card's copies in its stacks (None: the box's own: the deck's where the rules give them,
    else drawn from the seed, ``inventory``; a number: that many of each title, the first deal)."""

    edition: str
    players: tuple[Player, ...]
    setup: s.SetupDone
    kings_card: str
    copies: int | None


FOUR_2023 = Table("2023", PLAYERS, SETUP, "2023.5.your-majesty", None)
#: The 4-player game as the bench first measured it (equal copies): the baseline beside the new one.
FOUR_2023_EQUAL = Table("2023", PLAYERS, SETUP, "2023.5.your-majesty", EQUAL_COPIES)
THREE_CLASSIC = Table("classic", PLAYERS[:3], s.SetupDone(king="castilla", first="red", homes=SETUP.homes[:3]),
                      "classic.5.kings-card", None)


class Anything(typical_effects.Choices):
    """A choice rule that draws uniformly among everything listed, its ranking unread."""

    def __init__(self, rng: random.Random):
        super().__init__(None)
        self.rng = rng

    def pick(self, ranked: Sequence[T]) -> T:
        return ranked[self.rng.randrange(len(ranked))]


def inventory(rng: random.Random, edition: str, stack: int) -> dict[str, int]:
    """One stack's copies of each known title: the deck's own where the rules give them (the classic
    deck); else (2023: RULES.md "Action decks" prints the titles, not their copies) drawn: the
    stack's size as the deck gives it (its placeholder's copies with the titles'), each title once,
    every other card one title's by weights drawn for this stack. card key -> its copies."""
    whole = [c for c in cards.deck(edition) if c.stack == stack]
    known = [c for c in whole if c.known]
    if all(c.copies_known for c in known):
        return {c.key: c.copies for c in known}
    weights = [rng.random() for _ in known]
    out = dict.fromkeys((c.key for c in known), 1)
    for i in rng.choices(range(len(known)), weights, k=sum(c.copies for c in whole) - len(known)):
        out[known[i].key] += 1
    return out


def shuffled_stacks(rng: random.Random, table: Table = FOUR_2023) -> dict[int, list[str]]:
    """Each stack's known cards, ``table.copies`` of each (None: the box's own, ``inventory``),
    shuffled: stack -> the cards, top first."""
    out = {}
    for stack in (1, 2, 3, 4):
        if table.copies is None:
            deck = [key for key, n in inventory(rng, table.edition, stack).items() for _ in range(n)]
        else:  # (the 4-player seeds' deal as first shipped)
            deck = [c.key for c in cards.deck(table.edition) if c.stack == stack and c.known] * table.copies
        rng.shuffle(deck)
        out[stack] = deck[:ROUNDS]
    return out


class Plan:
    """One table's plan: its draws, its shuffled stacks and each player's liking for the regions."""

    def __init__(self, seed: int, table: Table = FOUR_2023):
        self.rng = random.Random(seed)
        self.table = table
        self.stacks = shuffled_stacks(self.rng, table)
        regions = list(spain.SCORING_ORDER)
        self.liking = {p.colour: self.rng.sample(regions, len(regions)) for p in table.players}
        self.choices = Anything(self.rng)

    def one(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]


def plan_game(seed: int = PLAN_SEED, path: Path | None = None, table: Table = FOUR_2023) -> Game:
    """Play the plan table's ``table`` game drawn by ``seed`` (into a journal at ``path`` if given) to
    game over."""
    plan = Plan(seed, table)
    game = Game.new(Settings(edition=table.edition, players=table.players, seed=7, revision=REVISION, board=True,
                             secret_castillo=True), path)
    game.send(table.setup)
    while game.phase != "game_over":
        if game.phase == "power_cards":
            _power_cards(game, plan)
        elif game.phase == "turns":
            _turn(game, plan)
        elif game.phase == "secret_discs":
            _discs(game, plan)
        else:
            where = game.prompt.choices[0]
            counts = game.state.castillo if where == spain.CASTILLO else game.state.counts[where]
            game.send(s.Scored(where, tuple(counts.items())))
    return game


def _power_cards(game: Game, plan: Plan) -> None:
    while game.phase == "power_cards":
        colour = game.prompt.colour
        assert colour is not None
        game.send(s.PowerCardPlayed(colour, plan.one(list(game.prompt.choices))))


def _turn(game: Game, plan: Plan) -> None:
    state = game.state
    colour = state.active
    assert colour is not None
    stack = plan.one(list(game.prompt.choices))
    key = plan.stacks[stack][state.round - 1] if stack in plan.stacks else plan.table.kings_card
    game.send(s.ActionCardTaken(colour, stack, take.by_itself(state, stack)))  # (else named at its action)
    card = cards.card(key)
    if card.effect in _MOVES_FIRST or take.names_first(game.state):
        _name(game, colour, key)  # its move before the placements, or the take opened the naming rows: named there
        _move_before(game, plan, colour, card)
    _place(game, plan, colour)
    if turn.awaits_action(game.state):  # (else the placements' OK ended the turn: not named)
        _name(game, colour, key)
    if turn.card_known(game.state):
        _scoring(game, plan, card)
        try:
            typical_effects.play(game, colour, card, plan.choices)
        except s.StepRefused:  # a classic card typical_effects reads as its 2023 namesake (Return 2
            pass  # from one region sends back 2, not all): the rest of its action left undone, as a table may
    game.send(s.TurnEnded(colour))


#: The cards whose move the table makes before placing (``_move_before``): named before the placements.
_MOVES_FIRST = frozenset({cards.Effect.MOVE_KING, cards.Effect.SCORING_TILE, cards.Effect.MOVE_GRANDE})


def _name(game: Game, colour: str, key: str) -> None:
    """The card taken, named at its action where the companion does not know it (issue 35: the turn
    page's row of that card, ActionCardNamed), from the table's own deal."""
    if take.to_name(game.state):
        game.send(s.ActionCardNamed(colour, key))


def _accepted(game: Game, steps: list[s.Step]) -> list[s.Step]:
    out = []
    for step in steps:
        try:
            game.check(step)
        except s.StepRefused:
            continue
        out.append(step)
    return out


def _move_before(game: Game, plan: Plan, colour: str, card: cards.ActionCard) -> None:
    """The King's card, Enactment and Adopted Home: their move, to a region drawn among those the
    referee accepts."""
    state = game.state
    Effect = cards.Effect
    regions = [r for r in spain.SCORING_ORDER if r != state.king]
    options: list[s.Step] = []
    if card.effect is Effect.MOVE_KING:
        options = [s.KingMoved(r, by_card=True) for r in regions]
    elif card.effect is Effect.SCORING_TILE:
        options = [s.TileMoved(tile, r, by_card=True) for tile in sorted(state.tiles) for r in regions]
    elif card.effect is Effect.MOVE_GRANDE:
        options = [s.GrandeMoved(colour, r, by_card=True) for r in regions if r != state.grandes.get(colour)]
    options = _accepted(game, options)
    if options:
        game.send(plan.one(options))


def _place(game: Game, plan: Plan, colour: str) -> None:
    """The card's Caballeros from the Court into one to three places drawn by the player's liking,
    the count split at random."""
    state = game.state
    room = min(queries.card_room(state, colour), board.held(state, colour, board.COURT))
    places = board.receiving(state)
    if not room or not places:
        return
    liking = plan.liking[colour]
    order = sorted(places, key=lambda p: (liking.index(p) if p in liking else plan.rng.randrange(len(liking)))
                   + plan.rng.randrange(4))
    wanted = min(room, len(order), plan.one((1, 1, 2, 2, 3)))
    chosen = order[:wanted]
    got = dict.fromkeys(chosen, 1)
    for _ in range(room - wanted):
        got[plan.one(chosen)] += 1
    regions = [r for r in places if r != spain.CASTILLO]
    steps: list[s.Step] = [s.Placed(colour, r, got[r]) for r in regions if got.get(r)]  # the page's order
    steps += [s.CastilloThrow(colour, got[spain.CASTILLO])] if got.get(spain.CASTILLO) else []
    game.send(*steps)


def _scoring(game: Game, plan: Plan, card: cards.ActionCard) -> None:
    """A scoring card scores as the board stands; Fair's region is one the player holds, drawn."""
    def drawn(colour: str) -> str:
        state = game.state
        held = [r for r in state.regions if state.counts[r].get(colour)]
        return plan.one(held or list(state.regions))

    score_card(game, card, drawn)


def _discs(game: Game, plan: Plan) -> None:
    state = game.state
    inside = scorings.waiting_discs(state)
    if not inside:
        game.send(s.SecretDiscs(tuple((c, None) for c in state.colours)))
        return
    for colour in inside:
        game.send(s.SecretDisc(colour, plan.one([r for r in spain.SCORING_ORDER if r != state.king])))
