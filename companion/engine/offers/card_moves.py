"""The offers of a card's move of Caballeros (Intrigue, Conspiracy, the move half of "move or
place"), prompt by prompt: whose ("who:<colour>"), from ("from:<region>"), to and how many in one list
("to:<place>:<count>"); each option the referee refuses carries its reason (the first one it gives), each
default the likeliest move the board gives (companion/engine/gains.py). After a move, the page
that opens by itself for the next one also offers to stop there ("done": the turn's end; issue
35). Functions of (state) and the kinds the chart asks for now (``expects``), never of a Game or
a page (issue 34)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from companion.engine import board, card_effects, gains, remembered
from companion.engine import steps as s
from companion.engine.offers.offer import Offer, Option, offer, refusal
from companion.engine.offers.turn import turn_end

if TYPE_CHECKING:
    from companion.engine.state import GameState


def movable(state: GameState, expects: Sequence[str], colour: str, sources: Sequence[str],
            targets: Sequence[str] | None = None) -> str:
    """"" when the turn's card lets one of ``colour``'s Caballeros go from one of ``sources`` to one
    of ``targets`` (any place a card moves them between); else why not (the referee's first reason).
    Within a press remembered until the state may change (a move's pages ask it of every colour three
    or four times: companion/engine/remembered.py)."""
    return remembered.kept("movable", state, (tuple(expects), colour, tuple(sources),
                                              None if targets is None else tuple(targets)),
                           lambda: _movable(state, expects, colour, sources, targets))


def _movable(state: GameState, expects: Sequence[str], colour: str, sources: Sequence[str],
             targets: Sequence[str] | None) -> str:
    reason = ""
    board_places = card_effects.on_board(state)
    for source in sources:
        if source == state.king or not board.held(state, colour, source):
            continue
        for target in targets or board_places:
            if target in (source, state.king):
                continue
            # the card refuses every place on the board out of here: one asked for its reason, if any
            none = target in board_places and card_effects.moves_none_from(state, colour, source)
            if none and reason:
                break
            why = refusal(state, expects, (s.CardMoved(colour, source, target, 1),))
            if not why:
                return ""
            reason = reason or why
            if none:
                break
    return reason or f"{state.name(colour)} has no Caballeros this card may move"


def more(state: GameState, expects: Sequence[str]) -> bool:
    """Whether the card still lets some colour's Caballeros move (the next move's page opens)."""
    return any(not movable(state, expects, colour, state.regions) for colour in state.counted)


def _best_gain(state: GameState, colours: Sequence[str], sources: Sequence[str], targets: Sequence[str]) -> int:
    """The most a move of ``colours``' Caballeros out of ``sources`` into ``targets`` gains the active
    player were the board scored now (any count its source holds; the card's numbers aside; 0 when
    there is no such move). A move's gain is what leaving its source and what entering its target
    each gain (``Gains.move``), so each count's two best targets are weighed once for every source
    (the best of them not the source itself), not every target again for each source (issue 36)."""
    player = state.active
    if player is None:
        return 0
    weigh = gains.weighing(state, player)
    king = state.king
    into = [t for t in targets if t != king]
    found: int | None = None
    for colour in colours:
        best_into: dict[int, list[tuple[int, str]]] = {}  # a count -> its two best targets (gain, target)
        for source in sources:
            if source == king:
                continue
            for n in range(1, board.held(state, colour, source) + 1):
                two = best_into.get(n)
                if two is None:
                    two = best_into[n] = sorted(((weigh.change(t, colour, n), t) for t in into),
                                                key=_gain_of, reverse=True)[:2]
                entering = next((gain for gain, t in two if t != source), None)
                if entering is None:  # (no target but the source itself)
                    continue
                gain = weigh.change(source, colour, -n) + entering
                if found is None or gain > found:
                    found = gain
    return 0 if found is None else found


def _gain_of(weighed: tuple[int, str]) -> int:
    return weighed[0]


def centred(offered: Offer, gain: Callable[[str], int]) -> Offer:
    """``offered`` with its options ordered by what each gains the active player (``gain`` of an
    option's id), the default in the middle and the next likeliest each side of it, by turns below
    and above (issue 35): the list wraps, so the k-th likeliest is about k/2 presses away, where the
    board's order puts any row anywhere. Refused rows (the referee's reason on each) and the
    options gaining least are the farthest. The default is kept."""
    if len(offered.options) < 3:
        return offered
    default = offered.default  # (first whatever it gains: its gain is never weighed)
    ranked = sorted(offered.options, key=lambda o: (o.id != default, not o.allowed,
                                                      -gain(o.id) if o.allowed and o.id != default else 0))
    return Offer(offered.prompt, _round(ranked), offered.default)


def _round(ranked: Sequence[Option]) -> tuple[Option, ...]:
    """``ranked`` (the likeliest first) round the first: the 2nd just below it, the 3rd just above,
    the 4th below the 2nd..."""
    below: list[Option] = []
    above: list[Option] = []
    for i, option in enumerate(ranked[1:]):
        (below if i % 2 == 0 else above).append(option)
    return (*reversed(above), *ranked[:1], *below)


def _ranks(options: Sequence[Option], default: str | None) -> list[Option]:
    """The options of a ``centred`` offer back in their ranking, the default first (an offer of fewer
    than 3, not ordered: the default, then the others as listed)."""
    ids = [o.id for o in options]
    if default not in ids:
        return list(options)
    at = ids.index(default)
    if len(options) < 3:
        return [options[at], *(o for o in options if o.id != default)]
    order = [at] + [at + (k // 2 + 1) * (1 if k % 2 == 0 else -1) for k in range(len(options) - 1)]
    return [options[i % len(options)] for i in order]


def whose(state: GameState, expects: Sequence[str]) -> Offer:
    """Whose Caballeros move ("who:<colour>"): a colour the card cannot move says why; the default
    the colour of the likeliest move."""
    colours = list(state.counted)
    options = [Option(f"who:{c}", (), movable(state, expects, c, state.regions)) for c in colours]
    able = [o.id.removeprefix("who:") for o in options if o.allowed]
    likeliest = gains.likeliest_move(state, able, state.regions, state.regions) if able else None
    regions = list(state.regions)
    return centred(offer("who", options, [f"who:{likeliest[0]}" if likeliest else None]),
                   lambda id: _best_gain(state, (id.removeprefix("who:"),), regions, card_effects.on_board(state)))


def sources(state: GameState, expects: Sequence[str], colour: str) -> Offer:
    """From which region ``colour``'s go ("from:<region>", those holding some, never the King's):
    one the card cannot move them out of says why; the default where the likeliest move starts,
    else the fullest of those it may."""
    held = [r for r in state.regions if r != state.king and board.held(state, colour, r)]
    options = [Option(f"from:{r}", (), movable(state, expects, colour, (r,))) for r in held]
    able = [o.id.removeprefix("from:") for o in options if o.allowed]
    likeliest = gains.likeliest_move(state, (colour,), able, state.regions) if able else None
    fullest = max(able, key=lambda r: board.held(state, colour, r)) if able else None
    return centred(offer("from", options, [f"from:{likeliest[1]}" if likeliest else None, f"from:{fullest}"]),
                   lambda id: _best_gain(state, (colour,), (id.removeprefix("from:"),), card_effects.on_board(state)))


def targets(state: GameState, expects: Sequence[str], colour: str, source: str) -> Offer:
    """To where ``colour``'s from ``source`` go ("to:<place>", a region or the Castillo): one the
    card does not let them into says why; the default where the likeliest move goes."""
    places = [p for p in card_effects.on_board(state) if p not in (source, state.king)]
    options = [Option(f"to:{p}", (), movable(state, expects, colour, (source,), (p,))) for p in places]
    likeliest = gains.likeliest_move(state, (colour,), (source,), state.regions)
    return centred(offer("to", options, [f"to:{likeliest[2]}" if likeliest else None]),
                   lambda id: _best_gain(state, (colour,), (source,), (id.removeprefix("to:"),)))


def destinations(state: GameState, expects: Sequence[str], colour: str, source: str) -> Offer:
    """To where and how many in one list (issue 35: one page and one OK, where a page asked to where
    and another how many): a place the card lets one go is one row ("to:<place>:1"), one it lets
    more go a row per count ("to:<place>:1", "to:<place>:2"...; the most ``how_many`` gives), each
    row's steps its move; a place the card does not let them into is one row, its reason on it. The
    rows wrap round the likeliest move as ``centred`` orders them, by what each move gains the active
    player (so a place's counts need not be neighbours: a count that gains nothing is far), the
    refused farthest; the default the likeliest place (``targets``) with the count that gains most
    there. A count the card refuses is no row (a place's last row is the most it lets go). Ordered
    by places, each place's counts together, the plan tables paid 10 presses a game more (measured)."""
    where = targets(state, expects, colour, source)
    weigh = gains.weighing(state, state.active or colour)
    options, default = [], None
    for place in where.options:
        target = place.id.removeprefix("to:")
        if not place.allowed:
            options.append(Option(f"{place.id}:1", (), place.why_not))
            continue
        top, likeliest, _ = how_many(state, expects, colour, source, target)
        options += [Option(f"{place.id}:{n}", (s.CardMoved(colour, source, target, n),)) for n in range(1, top + 1)]
        if place.id == where.default:
            default = f"{place.id}:{likeliest}"

    def gain(id: str) -> int:
        _, target, n = id.split(":")
        return weigh.move(colour, source, target, int(n))

    return centred(offer("to", options, [default]), gain)


def how_many(state: GameState, expects: Sequence[str], colour: str, source: str, target: str) -> tuple[int, int, str]:
    """How many of ``colour``'s go from ``source`` to ``target``: (the most the card lets go, one at
    least; the count that gains the active player most, the fewest among equals; the referee's
    reason for no more, "" when no more are there)."""
    held = board.held(state, colour, source)
    top, why = 1, ""
    for n in range(held, 1, -1):
        refused = refusal(state, expects, (s.CardMoved(colour, source, target, n),))
        if not refused:
            top = n
            break
        why = refused
    weigh = gains.weighing(state, state.active or colour)
    likeliest = gains.best((weigh.move(colour, source, target, n), n) for n in range(1, top + 1)) or 1
    return top, likeliest, why


#: The option that stops a card's moves after one (its steps the turn's end).
DONE = "done"


def stopping(state: GameState, expects: Sequence[str]) -> Option | None:
    """After a move, the option that stops there and ends the turn ("done", the turn's end its
    steps: offers.turn_end); None before any move, or while something is left to place or say
    (the turn page is where the turn goes on: Back)."""
    if not state.turn_moves:
        return None
    steps = turn_end(state, expects)
    return Option(DONE, steps) if steps else None


def gains_more(state: GameState, expects: Sequence[str]) -> bool:
    """Whether some move the card still lets make gains the active player something were the board
    scored now (the likeliest move's gain above 0)."""
    colours = [c for c in state.counted if not movable(state, expects, c, state.regions)]
    likeliest = gains.likeliest_move(state, colours, state.regions, state.regions) if colours else None
    return likeliest is not None and gains.weighing(state, state.active or likeliest[0]).move(*likeliest) > 0


def with_stop(state: GameState, expects: Sequence[str], offered: Offer) -> Offer:
    """``offered`` (the next move's first page) with "done" beside its default when the card lets the
    turn stop here (``stopping``); the cursor on it unless a move the card still lets make gains the
    player something (``gains_more``): the likeliest answer, so stopping after the one intended move
    is one OK, and a whole card whose moves gain costs what it did. Stopping is ranked second
    otherwise, the rows wrapping round the likeliest as ``centred`` does: it is the row just below
    the likeliest move (one ▼), the next likeliest move just above (issue 35)."""
    stop = stopping(state, expects)
    if stop is None:
        return offered
    ranked = _ranks(offered.options, offered.default)
    default = offered.default if offered.default and gains_more(state, expects) else DONE
    ranked.insert(0 if default == DONE else 1, stop)
    return Offer(offered.prompt, _round(ranked), default)
