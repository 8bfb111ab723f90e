"""What a card's special action owes beyond its own numbers (issue 20): the opponents it makes send
Caballeros back send as many as it says, or all they have, each whole before the next ("as much of
the action as possible", 000 l.281), and an Eviction / Coup begun empties its region before the turn
ends. companion/engine/card_effects.py checks a CardMoved step and the turn's end against these.
"""

from collections.abc import Iterable, Sequence

from companion.engine import board, classic_1995, queries
from companion.engine import steps as s
from companion.engine.state import GameState
from companion.rules import cards

Effect = cards.Effect
Move = tuple[str, str, str, int]  # colour, source, target, count

#: The cards whose opponents "must" send Caballeros back: how many is not theirs to choose.
SENDING_BACK = frozenset({Effect.RETURN_FROM_COURT, Effect.RETURN_FROM_REGIONS, Effect.RETURN_FROM_COURT_OR_REGIONS})


def sources(state: GameState, card: cards.ActionCard) -> tuple[str, ...]:
    """Where a card's opponents send Caballeros back from: their Court and/or the regions, never
    the Castillo or the King's region (000 l.552; 004 l.117)."""
    effect = card.effect
    court = (board.COURT,) if effect is not Effect.RETURN_FROM_REGIONS else ()
    regions = tuple(r for r in state.regions if r != state.king) if effect is not Effect.RETURN_FROM_COURT else ()
    return court + regions


def owed(state: GameState, card: cards.ActionCard, colour: str, sent: int = 0) -> int:
    """How many ``colour`` must send back by ``card``, ``sent`` of them already: the card's number,
    or as many as possible (000 l.281: "you must perform as much of the action as possible";
    000 l.553: "In case you don't have enough Caballeros at the specified location, send back as
    many as possible"; 004 l.115-116). 0 for a card that does not send back."""
    if card.effect not in SENDING_BACK:
        return 0
    have = sent + sum(board.held(state, colour, p) for p in sources(state, card))
    count = card.param("count")
    return have if count == "all" or not isinstance(count, int) else min(count, have)


def short(state: GameState, card: cards.ActionCard, colours: Iterable[str], moves: Sequence[Move]) -> str | None:
    """Why ``card``'s sending back is not yet done for one of ``colours`` (None: it is)."""
    for colour in colours:
        if card.effect is Effect.RETURN_BY_SECRET_DISC:
            why = disc_short(state, card, colour, moves)
            if why:
                return why
            continue
        sent = sum(n for c, _, _, n in moves if c == colour)
        must = owed(state, card, colour, sent)
        if sent < must:
            return f"{card.title}: {state.name(colour)} must send back {must}, as many as possible, not {sent}"
    return None


#: The rules revision from which a return by secret disc (Civil War, the classic twins) is whole for
#: every opponent (issue 32); before it, part of the region or nothing was accepted, and replays so.
DISC_WHOLE_SINCE = 5


def disc_short(state: GameState, card: cards.ActionCard, colour: str, moves: Sequence[Move]) -> str | None:
    """Civil War and the classic twins: each opponent "must return all their Caballeros from their
    chosen region" (003 l.484; 002 l.1219-1223; 004 l.121), "must return 2 of their Caballeros from
    their chosen region" (003 l.490; 004 l.120-121), as much as possible (000 l.281): all there (or the
    card's number) from the one region on the disc, and nothing only with no region to choose ("All
    other players must choose a region in which they have at least 1 Caballero. If a player has no
    Caballeros in any region, they are lucky", 000 l.615; classic_1995.disc_regions). From rules
    revision 5."""
    if state.settings.revision < DISC_WHOLE_SINCE:
        return None
    count = card.param("count")
    mine = [m for m in moves if m[0] == colour]
    sent = sum(m[3] for m in mine)
    who = state.name(colour)
    if not mine:
        if not classic_1995.disc_regions(state, card, colour):
            return None
        what = "all there" if count == "all" else f"{count} there"
        return f"{card.title}: {who}'s disc names a region of theirs, {what} go back, not none"
    region = mine[0][1]
    have = sent + board.held(state, colour, region)
    must = have if count == "all" or not isinstance(count, int) else min(count, have)
    if sent >= must:
        return None
    return (f"{card.title}: {who} sends back {'all ' if count == 'all' else ''}{must} from "
            f"{state.rules.name(region)}, the region on their disc, not {sent}")


def check_as_much(state: GameState, allowing: Sequence[cards.ActionCard], moves: Sequence[Move],
                  next_colour: str | None) -> None:
    """Opponents sending back by the turn's card answer one after the other: when ``next_colour``
    begins (None: the turn ends), the ones before must have sent as many as the card makes them.
    When the card is not named, refused only if no card that allows the moves lets it stand. From
    rules revision 2 (older game logs replay as they were played)."""
    if state.settings.revision < 2 or not allowing:
        return
    reasons = [short(state, card, _answered(state, card, moves, next_colour), moves) for card in allowing]
    if all(reasons):
        raise s.StepRefused(str(reasons[0]))


def opponents(state: GameState) -> list[str]:
    """The other players clockwise, the active player's left neighbour first (the rules' order;
    never the dummy, which makes no decision: RULES.md "the 2023 two-player game")."""
    seats = list(state.colours)
    i = seats.index(state.active) if state.active in seats else 0
    return seats[i + 1:] + seats[:i]


def _answered(state: GameState, card: cards.ActionCard, moves: Sequence[Move], next_colour: str | None) -> list[str]:
    """The opponents whose sending back must be whole before ``next_colour``'s (None: all of them):
    the ones seated before when the left neighbour starts (002 l.1059-1062 Withdrawal; 004 l.117), else
    the ones who have begun."""
    seats = classic_1995.senders(state, [card], opponents(state))
    if next_colour is None:
        return seats
    if next_colour not in seats:
        return []
    if card.param("order") == "left-neighbour-first":
        return seats[:seats.index(next_colour)]
    return [c for c in seats if c != next_colour and any(m[0] == c for m in moves)]


#: The rules revision from which an Eviction / Coup begun must empty its region (issue 20).
EMPTIED_SINCE = 4


def check_emptied(state: GameState, allowing: Sequence[cards.ActionCard], moves: Sequence[Move]) -> None:
    """Eviction / Coup, once begun, empties its region of every opponent's Caballeros before the turn
    ends: "Each of your opponents moves all their Caballeros from this region to their chosen region"
    (003 l.655-657), "Each opponent must move all of their [Caballeros] from one region of your choice"
    (000 l.585), "as much of the action as possible" (000 l.281). Never the dummy's (it decides
    nothing); refused only if no card that allows the moves lets it stand; from rules revision 4."""
    if state.settings.revision < EMPTIED_SINCE or not moves:
        return
    reasons = [_left_in(state, card, moves[0][1]) for card in allowing]
    if reasons and all(reasons):
        raise s.StepRefused(str(reasons[0]))


def _left_in(state: GameState, card: cards.ActionCard, region: str) -> str | None:
    left = [c for c in opponents(state) if board.held(state, c, region)] if card.effect is Effect.EVICTION else []
    if not left:
        return None
    still = ", ".join(f"{state.name(c)}'s {board.held(state, c, region)}" for c in left)
    return f"{card.title} empties {state.rules.name(region)}: {still} still there (each opponent moves all out)"


#: The rules revision from which Competition's Grandes are thrown in before the turn ends (issue 32).
COMPETITION_SINCE = 5


def check_grandes_thrown(state: GameState, found: Sequence[cards.ActionCard]) -> None:
    """New Regency Competition, once the card has moved the King: "Move the King to a region of your
    choice. Throw all Grandes from that region into the Castillo" (002 l.1253-1257), as much of the
    action as possible (000 l.281): no turn ends, nor its placement begins, with a Grande still in
    the King's region. ``found``: the cards the turn's may be, checked when each is Competition (a card
    whose text is unknown excepted); from rules revision 5 (older game logs replay as they were played)."""
    if (state.settings.revision < COMPETITION_SINCE or not state.settings.new_regency or "KingMoved" not in state.turn_once
            or not found or any(c.effect is not Effect.KING_COMPETITION for c in found) or queries.text_unknown(state)):
        return
    there = sorted(c for c, r in state.grandes.items() if r == state.king)
    if there:
        whose = " and ".join(f"{state.name(c)}'s" for c in there)
        raise s.StepRefused(f"{found[0].title}: first throw {whose} Grande{'s' * (len(there) > 1)} from "
                            f"{state.rules.name(state.king or '')} into the Castillo")
