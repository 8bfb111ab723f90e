"""How the typical table (companion/measure/typical_table.py) plays the cards that move or send back
Caballeros, and Empowerment: after the turn's placements, each choice made as a player at the
table makes it, by what the board would score if it were scored now (the majority, the King's
and the Grandes' bonuses: ``scorings.points_if``), each player for themselves.

- Intrigue (up to 2 of one's own and 2 of others') and Conspiracy (up to 5 of anyone's, from one
  region): the moves that gain the mover most over the best of the others, one after another,
  into regions (never the Castillo or the King's region), at most three moves a card;
- Militia: 2 more from the Court, one after the other where each gains most (any region but the
  King's, 000 "Militia");
- Withdrawal: each opponent, left neighbour first, sends back 3 at the rules' default, their
  Court first, then the regions in the board's order (000 l.549-557, the rulebook's example);
- Civil War: each opponent's disc names the region where losing their Caballeros costs them least;
- Coup: the region whose emptying gains the player most, each opponent's disc the region where
  their Caballeros gain them most (000 "Coup");
- Empowerment: the player's highest used Power card back to the hand (000 "Empowerment").

Each move is one step the referee records (``CardMoved``, ``PowerCardReturned``), in the order
the companion's pages send them (companion/ui/screens/card_effects.py), so the keys player enters
them page by page.

Which of the ranked choices a player makes is the table's **choice rule** (``Choices``): the best
(the default: the very measure the pages pre-fill their defaults with, so every effect page's
default is right) or, seeded, one drawn uniformly among the three best (``Choices(seed)``: the
choices a real table makes that the pages' defaults do not foresee). Every choice an effect
makes is drawn: an Intrigue's or Conspiracy's move (whose, from, to and how many at once; a
Conspiracy's region first), Militia's places one at a time, each Civil War and Coup disc,
Coup's region and Empowerment's card. Withdrawal stays at the rules' default.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

from companion.engine import board, card_duties, gains
from companion.engine import steps as s
from companion.engine.state import GameState
from companion.play.game import Game
from companion.rules import cards, spain

Effect = cards.Effect
Counts = dict[str, dict[str, int]]
#: The most moves a table makes with one card (a player does not shuffle Caballeros for ever).
MOST_MOVES = 3
T = TypeVar("T")


class Choices:
    """The table's choice rule: ``Choices()`` takes the best of every ranked choice, ``Choices(seed)``
    draws it uniformly among the three best (a ``random.Random(seed)`` of its own)."""

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._random = random.Random(seed) if seed is not None else None

    def pick(self, ranked: Sequence[T]) -> T:
        """One of ``ranked`` (best first, never empty)."""
        if self._random is None:
            return ranked[0]
        return ranked[self._random.randrange(min(3, len(ranked)))]


BEST = Choices()


def _ranked(options: Iterable[tuple[int, T]]) -> list[T]:
    """The options best first by their gain, the first given among equals."""
    return [option for _, option in sorted(options, key=lambda o: -o[0])]


def play(game: Game, colour: str, card: cards.ActionCard, choices: Choices = BEST) -> None:
    """The special action of ``colour``'s ``card``, when it is one of these and there is
    something worth doing, each choice made by ``choices``; else nothing."""
    effect = card.effect
    if effect is Effect.MOVE_CABALLEROS:
        _send(game, conspiracy(game.state, colour, card, choices) if card.param("from") == "one-region"
              else intrigue(game.state, colour, card, choices))
    elif effect is Effect.PLACE_EXTRA:
        game.send(*militia(game.state, colour, card, choices))  # one page: one confirmation
    elif effect is Effect.RETURN_FROM_COURT_OR_REGIONS:
        for opponent in card_duties.opponents(game.state):  # one after the other: one page each
            game.send(*withdrawal(game.state, opponent, card))
    elif effect is Effect.RETURN_BY_SECRET_DISC:
        _send(game, civil_war(game.state, choices))
    elif effect is Effect.EVICTION:
        _send(game, coup(game.state, colour, choices))
    elif effect is Effect.POWER_CARD_BACK:
        used = set(range(1, 14)) - game.state.hands[colour]
        if used:
            game.send(s.PowerCardReturned(colour, choices.pick(sorted(used, reverse=True))))


def _send(game: Game, steps: Iterable[s.Step]) -> None:
    """Moves one page each (one confirmation each)."""
    for step in steps:
        game.send(step)


# -- what the board would give -------------------------------------------------------------


def _adding(state: GameState, colour: str, region: str, counts: dict[str, int], n: int) -> int:
    """What ``n`` more of ``colour``'s in ``region`` (holding ``counts``) would gain them."""
    return gains.lead(state, colour, region, _with(counts, colour, n)) - gains.lead(state, colour, region, counts)


def _counts(state: GameState) -> Counts:
    return {r: dict(state.counts[r]) for r in state.regions}


def _with(counts: dict[str, int], colour: str, n: int) -> dict[str, int]:
    return {**counts, colour: counts.get(colour, 0) + n}


def _free(state: GameState) -> list[str]:
    """The regions a card may move Caballeros into or out of: all but the King's."""
    return [r for r in state.regions if r != state.king]


# -- moving Caballeros -----------------------------------------------------------------------


def _best_moves(state: GameState, colour: str, sources: list[str], own: int, foreign: int,
                shared: bool = False, choices: Choices = BEST) -> tuple[int, list[s.Step]]:
    """Up to ``own`` of ``colour``'s and ``foreign`` of the others' Caballeros (``shared``: up to
    ``own`` of anyone's) moved out of ``sources`` into other regions, a move ``choices`` picks
    among those that gain, one after another while one does: (the gain, the moves)."""
    counts = _counts(state)
    moves: list[s.Step] = []
    gained = 0
    while len(moves) < MOST_MOVES:
        found: list[tuple[int, tuple[int, s.CardMoved]]] = []
        for who in state.colours:
            left = own if who == colour or shared else foreign
            for source in sources:
                for target in (r for r in _free(state) if r != source):
                    before = gains.lead(state, colour, source, counts[source]) + gains.lead(state, colour, target, counts[target])
                    for n in range(1, min(left, counts[source].get(who, 0)) + 1):
                        gain = (gains.lead(state, colour, source, _with(counts[source], who, -n))
                                + gains.lead(state, colour, target, _with(counts[target], who, n))) - before
                        if gain > 0:
                            found.append((gain, (gain, s.CardMoved(who, source, target, n))))
        if not found:
            break
        gain, move = choices.pick(_ranked(found))
        counts[move.source] = _with(counts[move.source], move.colour, -move.count)
        counts[move.target] = _with(counts[move.target], move.colour, move.count)
        if move.colour == colour or shared:
            own -= move.count
        else:
            foreign -= move.count
        moves.append(move)
        gained += gain
    return gained, moves


def intrigue(state: GameState, colour: str, card: cards.ActionCard, choices: Choices = BEST) -> list[s.Step]:
    """Up to the card's own and others' Caballeros, from any regions."""
    own, foreign = card.param("own"), card.param("foreign")
    return _best_moves(state, colour, _free(state), own if isinstance(own, int) else 0,
                       foreign if isinstance(foreign, int) else 0, choices=choices)[1]


def conspiracy(state: GameState, colour: str, card: cards.ActionCard, choices: Choices = BEST) -> list[s.Step]:
    """Up to the card's number of anyone's Caballeros out of one region: ``choices`` picks it
    among those where the best moves gain, ranked by that gain, then picks each move there."""
    most = card.param("any")
    most = most if isinstance(most, int) else 0
    gains = [(gained, region) for region in _free(state)
             if (gained := _best_moves(state, colour, [region], most, 0, shared=True)[0]) > 0]
    if not gains:
        return []
    region = choices.pick(_ranked(gains))
    return _best_moves(state, colour, [region], most, 0, shared=True, choices=choices)[1]


def _gain(state: GameState, colour: str, moves: list[s.CardMoved]) -> int:
    """What ``moves`` gain ``colour`` over the best of the others, region by region."""
    counts = _counts(state)
    for move in moves:
        for place, n in ((move.source, -move.count), (move.target, move.count)):
            if place in counts:
                counts[place] = _with(counts[place], move.colour, n)
    return sum(gains.lead(state, colour, r, counts[r]) - gains.lead(state, colour, r, state.counts[r]) for r in state.regions)


def militia(state: GameState, colour: str, card: cards.ActionCard, choices: Choices = BEST) -> list[s.Step]:
    """The card's number more from the Court, one at a time where ``choices`` picks by what each
    gains; the steps in the page's order (the board's)."""
    most = card.param("count")
    room = min(most if isinstance(most, int) else 0, board.held(state, colour, board.COURT))
    counts = _counts(state)
    got: dict[str, int] = {}
    for _ in range(room):
        region = choices.pick(_ranked((_adding(state, colour, r, counts[r], 1), r) for r in _free(state)))
        counts[region] = _with(counts[region], colour, 1)
        got[region] = got.get(region, 0) + 1
    return [s.CardMoved(colour, board.COURT, r, got[r]) for r in state.regions if got.get(r)]


# -- sending back and emptying ---------------------------------------------------------------


def withdrawal(state: GameState, opponent: str, card: cards.ActionCard) -> list[s.Step]:
    """What ``opponent`` sends back at the rules' default: their Court first, then the regions."""
    todo = card_duties.owed(state, card, opponent)
    steps: list[s.Step] = []
    for place in card_duties.sources(state, card):
        n = min(todo, board.held(state, opponent, place))
        if n:
            steps.append(s.CardMoved(opponent, place, board.PROVINCE, n))
            todo -= n
    return steps


def civil_war(state: GameState, choices: Choices = BEST) -> list[s.Step]:
    """Each opponent, left neighbour first, loses a region ``choices`` picks by what that costs
    them (the cheapest first)."""
    steps: list[s.Step] = []
    for opponent in card_duties.opponents(state):
        held = [r for r in spain.SCORING_ORDER if r != state.king and board.held(state, opponent, r)]
        if not held:
            continue

        def cost(region: str, who: str = opponent) -> tuple[int, int]:
            counts = state.counts[region]
            return (gains.lead(state, who, region, counts) - gains.lead(state, who, region, _with(counts, who, -counts[who])),
                    counts[who])

        region = choices.pick(sorted(held, key=cost))
        steps.append(s.CardMoved(opponent, region, board.PROVINCE, board.held(state, opponent, region)))
    return steps


def coup(state: GameState, colour: str, choices: Choices = BEST) -> list[s.Step]:
    """A region to empty, ``choices`` picking it by what its emptying gains ``colour`` (each
    opponent there to the region where their Caballeros gain them most), then each opponent's
    disc by what it gains them."""
    ranked = _ranked((_gain(state, colour, moves), region) for region in _free(state)
                     if (moves := _evicted(state, region, BEST)))
    return list(_evicted(state, choices.pick(ranked), choices)) if ranked else []


def _evicted(state: GameState, region: str, choices: Choices) -> list[s.CardMoved]:
    """Each opponent's Caballeros in ``region`` to the region their disc names, ``choices``
    picking it by what it gains them."""
    moves: list[s.CardMoved] = []
    for opponent in card_duties.opponents(state):
        have = board.held(state, opponent, region)
        if have:
            targets = [r for r in spain.SCORING_ORDER if r not in (region, state.king)]
            ranked = _ranked((_adding(state, opponent, r, state.counts[r], have), r) for r in targets)
            moves.append(s.CardMoved(opponent, region, choices.pick(ranked), have))
    return moves
