"""How the typical table (companion/tour/typical_table.py) plays the cards that move or send back
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
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.game import board, card_duties, gains
from companion.game import steps as s
from companion.game.game import Game
from companion.game.state import GameState
from companion.rules import cards, spain

Effect = cards.Effect
Counts = dict[str, dict[str, int]]
#: The most moves a table makes with one card (a player does not shuffle Caballeros for ever).
MOST_MOVES = 3


def play(game: Game, colour: str, card: cards.ActionCard) -> None:
    """The special action of ``colour``'s ``card``, when it is one of these and there is
    something worth doing; else nothing."""
    effect = card.effect
    if effect is Effect.MOVE_CABALLEROS:
        _send(game, conspiracy(game.state, colour, card) if card.param("from") == "one-region"
              else intrigue(game.state, colour, card))
    elif effect is Effect.PLACE_EXTRA:
        game.send(*militia(game.state, colour, card))  # one page: one confirmation
    elif effect is Effect.RETURN_FROM_COURT_OR_REGIONS:
        for opponent in card_duties.opponents(game.state):  # one after the other: one page each
            game.send(*withdrawal(game.state, opponent, card))
    elif effect is Effect.RETURN_BY_SECRET_DISC:
        _send(game, civil_war(game.state))
    elif effect is Effect.EVICTION:
        _send(game, coup(game.state, colour))
    elif effect is Effect.POWER_CARD_BACK:
        used = set(range(1, 14)) - game.state.hands[colour]
        if used:
            game.send(s.PowerCardReturned(colour, max(used)))


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
                shared: bool = False) -> tuple[int, list[s.Step]]:
    """Up to ``own`` of ``colour``'s and ``foreign`` of the others' Caballeros (``shared``: up to
    ``own`` of anyone's) moved out of ``sources`` into other regions, the best move first while
    one gains: (the gain, the moves)."""
    counts = _counts(state)
    moves: list[s.Step] = []
    gained = 0
    while len(moves) < MOST_MOVES:
        best: tuple[int, s.CardMoved] | None = None
        for who in state.colours:
            left = own if who == colour or shared else foreign
            for source in sources:
                for target in (r for r in _free(state) if r != source):
                    before = gains.lead(state, colour, source, counts[source]) + gains.lead(state, colour, target, counts[target])
                    for n in range(1, min(left, counts[source].get(who, 0)) + 1):
                        gain = (gains.lead(state, colour, source, _with(counts[source], who, -n))
                                + gains.lead(state, colour, target, _with(counts[target], who, n))) - before
                        if gain > 0 and (best is None or gain > best[0]):
                            best = (gain, s.CardMoved(who, source, target, n))
        if best is None:
            break
        gain, move = best
        counts[move.source] = _with(counts[move.source], move.colour, -move.count)
        counts[move.target] = _with(counts[move.target], move.colour, move.count)
        if move.colour == colour or shared:
            own -= move.count
        else:
            foreign -= move.count
        moves.append(move)
        gained += gain
    return gained, moves


def intrigue(state: GameState, colour: str, card: cards.ActionCard) -> list[s.Step]:
    """Up to the card's own and others' Caballeros, from any regions."""
    own, foreign = card.param("own"), card.param("foreign")
    return _best_moves(state, colour, _free(state), own if isinstance(own, int) else 0,
                       foreign if isinstance(foreign, int) else 0)[1]


def conspiracy(state: GameState, colour: str, card: cards.ActionCard) -> list[s.Step]:
    """Up to the card's number of anyone's Caballeros out of the one region where that gains most."""
    most = card.param("any")
    best: tuple[int, list[s.Step]] = (0, [])
    for region in _free(state):
        gained, moves = _best_moves(state, colour, [region], most if isinstance(most, int) else 0, 0, shared=True)
        if gained > best[0]:
            best = (gained, moves)
    return list(best[1])


def _gain(state: GameState, colour: str, moves: list[s.CardMoved]) -> int:
    """What ``moves`` gain ``colour`` over the best of the others, region by region."""
    counts = _counts(state)
    for move in moves:
        for place, n in ((move.source, -move.count), (move.target, move.count)):
            if place in counts:
                counts[place] = _with(counts[place], move.colour, n)
    return sum(gains.lead(state, colour, r, counts[r]) - gains.lead(state, colour, r, state.counts[r]) for r in state.regions)


def militia(state: GameState, colour: str, card: cards.ActionCard) -> list[s.Step]:
    """The card's number more from the Court, one at a time where each gains most; the steps in
    the page's order (the board's)."""
    most = card.param("count")
    room = min(most if isinstance(most, int) else 0, board.held(state, colour, board.COURT))
    counts = _counts(state)
    got: dict[str, int] = {}
    for _ in range(room):
        gains = {r: _adding(state, colour, r, counts[r], 1) for r in _free(state)}
        region = max(gains, key=gains.__getitem__)
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


def civil_war(state: GameState) -> list[s.Step]:
    """Each opponent, left neighbour first, loses the region where that costs them least."""
    steps: list[s.Step] = []
    for opponent in card_duties.opponents(state):
        held = [r for r in spain.SCORING_ORDER if r != state.king and board.held(state, opponent, r)]
        if not held:
            continue

        def cost(region: str, who: str = opponent) -> tuple[int, int]:
            counts = state.counts[region]
            return (gains.lead(state, who, region, counts) - gains.lead(state, who, region, _with(counts, who, -counts[who])),
                    counts[who])

        region = min(held, key=cost)
        steps.append(s.CardMoved(opponent, region, board.PROVINCE, board.held(state, opponent, region)))
    return steps


def coup(state: GameState, colour: str) -> list[s.Step]:
    """The region whose emptying gains ``colour`` most, each opponent there to their disc's region."""
    best: tuple[int, list[s.CardMoved]] = (0, [])
    for region in _free(state):
        moves: list[s.CardMoved] = []
        for opponent in card_duties.opponents(state):
            have = board.held(state, opponent, region)
            if not have:
                continue
            targets = [r for r in spain.SCORING_ORDER if r not in (region, state.king)]
            gains = {r: _adding(state, opponent, r, state.counts[r], have) for r in targets}
            moves.append(s.CardMoved(opponent, region, max(targets, key=gains.__getitem__), have))
        gained = _gain(state, colour, moves) if moves else 0
        if moves and (gained > best[0] or not best[1]):
            best = (gained, moves)
    return list(best[1])
