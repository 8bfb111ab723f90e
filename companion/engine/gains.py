"""What a change on the recorded board would gain a player, were the board scored now: the
likeliest answers the card effects' pages start on (companion/ui/screens/card_moves.py,
card_effects.py).

A player at the table weighs a move by the majorities it makes or breaks: one more of his own
where that makes him first or ties, an opponent's taken away from where he contests him. The
measure here is that weighing, done with the scoring's own rules (``scorings.points_if``: the
majority, the King's and the Grandes' bonuses): a region's **lead** for a player is his points
there less the best of the others', and a change gains him what it adds to his leads in the
regions it touches. Only the nine regions of Spain are weighed (the Castillo's tally may be
secret, and the Big Box's places score by rules of their own): a Caballero going elsewhere, or
coming from there, neither gains nor loses. Among equals the first in the pages' order wins, so
the default is the same every time the board is the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from companion.engine import board, card_effects, hooks, remembered, rules, scorings
from companion.engine import steps as s
from companion.rules import majority, spain

if TYPE_CHECKING:
    from companion.engine.state import GameState


Move = tuple[str, str, str, int]  # colour, source, target, count
T = TypeVar("T")
G = TypeVar("G", int, tuple[int, int])  # a gain, or a gain and what breaks its ties


def lead(state: GameState, player: str, region: str, counts: dict[str, int]) -> int:
    """``player``'s points in ``region`` holding ``counts``, less the best of the others' (below
    0: behind); 0 outside the nine regions."""
    if region not in spain.REGIONS:
        return 0
    points = scorings.points_if(state, region, counts)
    return points.get(player, 0) - max((p for c, p in points.items() if c != player), default=0)


class Gains:
    """What changes on the board as it stands would gain ``player`` (each region's lead computed
    once; each region's scoreboard, Grandes and King looked up once: ``scorings.weighed``).

    A lead is a function of the order of the counts alone (majority's rule: places by count, ties
    sharing), so the counts a colour may have in a region fall into classes, each a count another
    colour holds or the counts strictly between two of them (above the highest, below the lowest),
    and any count of a class leads as its least one does: with many Caballeros in play most
    weighings are of a class weighed already (issue 36). That holds where the way to play counts the
    Caballeros as they are held (``hooks.counts_as_held``; GI&C's black counted for the Grand
    Inquisitor's holder is not): elsewhere each count is weighed."""

    def __init__(self, state: GameState, player: str):
        self.state, self.player = state, player
        self._now: dict[str, int] = {}
        self._after: dict[tuple[str, str, int], int] = {}
        self._weighed: dict[str, tuple[Any, ...]] = {}
        self._classes: dict[tuple[str, str], tuple[tuple[int, ...], dict[int, int]]] = {}
        self._as_held = hooks.of(state.settings).counts_as_held(state)

    def change(self, region: str, colour: str, n: int) -> int:
        """What ``n`` more of ``colour``'s in ``region`` (fewer, when negative) gain the player."""
        key = (region, colour, n)
        after = self._after.get(key)
        if after is None:
            if region not in spain.REGIONS or not n:
                return 0
            count = self.state.counts[region].get(colour, 0) + n
            if not self._as_held or count < 0:  # (below 0: refused, as the long way refuses it)
                after = self._lead(region, colour, count)
            else:
                known = self._classes.get((region, colour))
                if known is None:
                    known = self._classes[region, colour] = (tuple(sorted(
                        {k for c, k in self.state.counts[region].items() if c != colour and k > 0}, reverse=True)), {})
                others, leads = known
                least = 1 if count > 0 else 0  # the least count of its class (below every other's: 1)
                for held in others:  # (highest first)
                    if count > held:
                        least = held + 1
                        break
                    if count == held:
                        least = held
                        break
                after = leads.get(least)
                if after is None:
                    after = leads[least] = self._lead(region, colour, least)
            self._after[key] = after
        return after - self._now[region]

    def _lead(self, region: str, colour: str, count: int) -> int:
        """The player's lead in ``region`` were ``count`` of ``colour``'s there (its lead now kept too)."""
        weighed = self._weighed.get(region)
        if weighed is None:
            weighed = self._weighed[region] = scorings.weighed(self.state, region)
            self._now[region] = self._weigh(weighed, dict(self.state.counts[region]))
        counts = dict(self.state.counts[region])
        counts[colour] = count
        return self._weigh(weighed, counts)

    def _weigh(self, weighed: tuple[Any, ...], counts: dict[str, int]) -> int:
        participants, dummy, values, columns, grandes, king = weighed
        never = set(dummy)  # (a fresh one each time: a way to play may add to it, GI&C's black)
        if not self._as_held:
            counts = participants(self.state, counts, never)
        return majority.lead(self.player, counts, values, columns, never, king, grandes)

    def move(self, colour: str, source: str, target: str, n: int) -> int:
        return self.change(source, colour, -n) + self.change(target, colour, n)


def weighing(state: GameState, player: str) -> Gains:
    """``Gains(state, player)``, one for the press (companion/engine/remembered.py): each region's
    lead after a change computed once however many offers weigh it (a move's pages weigh every
    move of every colour, their ranking and their "done" row the same again)."""
    return remembered.kept("gains", state, (player,), lambda: Gains(state, player))


def best(options: Iterable[tuple[G, T]]) -> T | None:
    """The option with the greatest gain, the first among equals (None: no option)."""
    found: tuple[G, T] | None = None
    for gain, option in options:
        if found is None or gain > found[0]:
            found = (gain, option)
    return found[1] if found else None


def most_movable(state: GameState, colour: str, source: str, target: str) -> int:
    """The most of ``colour``'s the turn's card lets go from ``source`` to ``target`` (0: none),
    by the rules' own check (``rules.check``; a card move is asked on the acting player's turn).
    A count the card refuses wherever it goes (``card_effects.moves_none_from``) is not asked of the
    referee; the card that refuses a count refuses every greater one (its limits are on the counts
    moved), so the most it does not refuse so is found by halving (a Conspiracy after its first move:
    every count of every other region asked before; issue 36)."""
    top = board.held(state, colour, source)
    if top and target in card_effects.on_board(state) and card_effects.moves_none_from(state, colour, source, top):
        if card_effects.moves_none_from(state, colour, source, 1):
            return 0  # (refused, wherever it goes: the referee not asked)
        least = 1  # not refused so; ``top`` refused so: the most not refused is between them
        while least + 1 < top:
            middle = (least + top) // 2
            if card_effects.moves_none_from(state, colour, source, middle):
                top = middle
            else:
                least = middle
        top = least
    for n in range(top, 0, -1):
        if rules.refusal(state, s.CardMoved(colour, source, target, n)) is None:
            return n
    return 0


def likeliest_move(state: GameState, colours: Iterable[str], sources: Iterable[str],
                   targets: Iterable[str]) -> Move | None:
    """Of the moves the turn's card allows (``colours``' Caballeros out of ``sources`` into
    ``targets``), the one that gains the active player most, in the order given (colour, source,
    target, fewest first) among equals; None when the card allows none. Within a press remembered
    until the state may change (a move's first page and its "done" row ask the same)."""
    colours, sources, targets = tuple(colours), tuple(sources), tuple(targets)
    return remembered.kept("likeliest_move", state, (colours, sources, targets),
                           lambda: _likeliest_move(state, colours, sources, targets))


def _likeliest_move(state: GameState, colours: Iterable[str], sources: Iterable[str],
                    targets: Iterable[str]) -> Move | None:
    player = state.active
    if player is None:
        return None
    gains = weighing(state, player)
    targets = [t for t in targets if t != state.king]
    movable: list[tuple[str, str, int, list[str]]] = []  # colour, source, the most the card lets go, where
    for colour in colours:
        for source in sources:
            if source == state.king or not board.held(state, colour, source):
                continue
            to = [t for t in targets if t != source]
            top = most_movable(state, colour, source, to[0]) if to else 0  # (the card's numbers)
            if top:
                movable.append((colour, source, top, to))
    first = _first_ranked(gains, targets, movable)
    if first is not None and rules.refusal(state, s.CardMoved(*first)) is None:
        return first  # (what the whole ranking below finds first, each move not weighed one by one)
    ranked: list[tuple[int, int, Move]] = []
    for colour, source, top, to in movable:
        ranked += [(gains.move(colour, source, t, n), len(ranked), (colour, source, t, n))
                   for t in to for n in range(1, top + 1)]
    ranked.sort(key=lambda r: (-r[0], r[1]))
    for _, _, move in ranked:  # the best the card allows there (a place with room for fewer: France)
        if rules.refusal(state, s.CardMoved(*move)) is None:
            return move
    return None


def _first_ranked(gains: Gains, targets: list[str], movable: list[tuple[str, str, int, list[str]]]) -> Move | None:
    """The first of ``_likeliest_move``'s ranking (the greatest gain; among equals the first listed:
    colour and source as in ``movable``, then target, then the fewest): a move's gain is what leaving
    its source and entering its target each gain, so each count's targets are ranked once for a
    colour, and each source takes the first of them that is not itself (issue 36)."""
    entering: dict[tuple[str, int], list[tuple[int, int, str]]] = {}  # (colour, count) -> (-gain, index, target)
    best: tuple[tuple[int, int, int, int], Move] | None = None
    for k, (colour, source, top, _) in enumerate(movable):
        for n in range(1, top + 1):
            order = entering.get((colour, n))
            if order is None:
                order = entering[colour, n] = sorted((-gains.change(t, colour, n), i, t) for i, t in enumerate(targets))
            into = next((e for e in order if e[2] != source), None)
            if into is None:
                continue
            key = (into[0] - gains.change(source, colour, -n), k, into[1], n)
            if best is None or key < best[0]:
                best = (key, (colour, source, into[2], n))
    return None if best is None else best[1]


def spread(state: GameState, player: str, regions: list[str], count: int) -> dict[str, int]:
    """``count`` more of ``player``'s, one at a time where each gains most (the classic Intrigue's
    place-2 counts page): region -> how many."""
    gains, got = weighing(state, player), dict.fromkeys(regions, 0)
    for _ in range(count if regions else 0):
        got[next_place(gains, regions, got) or regions[0]] += 1
    return {r: n for r, n in got.items() if n}


def next_place(gains: Gains, regions: list[str], placed: dict[str, int]) -> str | None:
    """Where one more of the player's gains most, ``placed`` more of his already there (Militia's
    next Caballero, given those before it)."""
    player = gains.player
    return best((gains.change(r, player, placed.get(r, 0) + 1) - gains.change(r, player, placed.get(r, 0)), r)
                for r in regions)


def likeliest_refuge(state: GameState, colour: str, have: int, regions: Iterable[str]) -> str | None:
    """Where ``colour``'s ``have`` Caballeros gain ``colour`` most (Coup: the region on their
    disc, each opponent for themselves)."""
    gains = weighing(state, colour)
    return best((gains.change(r, colour, have), r) for r in regions)


def cheapest_loss(state: GameState, colour: str, regions: Iterable[str], most: int | None = None) -> str | None:
    """Where losing all of ``colour``'s Caballeros (or ``most`` of them) costs ``colour`` least,
    the fewest lost among equals (Civil War: the region on their disc)."""
    gains = weighing(state, colour)

    def lost(region: str) -> int:
        return min(board.held(state, colour, region), most if most is not None else 99)

    return best(((gains.change(r, colour, -lost(r)), -lost(r)), r) for r in regions)


def likeliest_eviction(state: GameState, player: str, regions: Iterable[str], opponents: list[str]) -> str | None:
    """The region whose emptying gains ``player`` most (Coup), each opponent there taking their
    Caballeros where they gain them most (``likeliest_refuge``: their disc's default)."""
    def emptied(region: str) -> int:
        counts = {r: dict(state.counts[r]) for r in spain.SCORING_ORDER}
        for colour in opponents:
            have = counts[region].get(colour, 0)
            refuge = likeliest_refuge(state, colour, have, (r for r in spain.SCORING_ORDER
                                                            if r not in (region, state.king))) if have else None
            if refuge is not None:
                counts[region][colour] -= have
                counts[refuge][colour] = counts[refuge].get(colour, 0) + have
        return sum(lead(state, player, r, counts[r]) - lead(state, player, r, dict(state.counts[r]))
                   for r in spain.SCORING_ORDER if counts[r] != state.counts[r])

    return best((emptied(r), r) for r in regions)
