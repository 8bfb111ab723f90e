"""The offers of a card's special action on a recorded board (the card effects' pages,
companion/ui/screens/card_effects.py): which of its effects the turn page lists, the send-backs
(how many, from where, pre-filled), the discs of Civil War and its classic twins ("disc:<region>"),
the Eviction's region ("evict:<region>") and each opponent's refuge ("refuge:<region>"), the
extra Caballeros from the Court (spread, or one at a time: "place:<region>"). Each option the
referee refuses carries its reason; each default is the likeliest answer the board gives
(companion/engine/gains.py), never a refused one. Functions of (state) and the kinds the chart
asks for now (``expects``), never of a Game or a page (issue 34)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.engine import board, card_duties, card_effects, classic_1995, gains, queries
from companion.engine import steps as s
from companion.engine.offers.offer import Offer, Option, offer, rare_far, refusal
from companion.rules import cards, spain
from companion.rules.plain_data import dataclass

if TYPE_CHECKING:
    from companion.engine.state import GameState

Effect = cards.Effect
#: The effects the card effects' pages enter, in the turn page's order.
ORDER = (Effect.MOVE_CABALLEROS, Effect.PLACE_EXTRA, Effect.COURT_INTAKE, Effect.RETURN_FROM_COURT,
         Effect.RETURN_FROM_REGIONS, Effect.RETURN_FROM_COURT_OR_REGIONS, Effect.RETURN_BY_SECRET_DISC,
         Effect.EVICTION, Effect.KING_ENTOURAGE)
SENDING_BACK = (Effect.RETURN_FROM_COURT, Effect.RETURN_FROM_REGIONS, Effect.RETURN_FROM_COURT_OR_REGIONS)
#: A card's counts page's row: (colour, place, pre-filled with, at most).
Counter = tuple[str, str, int, int]
#: The cards' type, for the pages' signatures.
ActionCard = cards.ActionCard


def halves(card: cards.ActionCard) -> tuple[Effect, ...]:
    """The rows a card's effect takes: "move or place" (classic Intrigue, 2023 Delegation) is
    either half, one row each ("You must choose which of the actions you wish to execute", 003
    l.428): its place half goes from the Court, as the place-2 card does."""
    return (Effect.MOVE_CABALLEROS, Effect.PLACE_EXTRA) if card.effect is Effect.MOVE_OR_PLACE else (card.effect,)


def effects(state: GameState) -> list[tuple[Effect, list[cards.ActionCard]]]:
    """The turn page's rows for the card's special action: each kind of effect the card (or, not
    named, its stack) may have, with the cards that have it; none when the board is not recorded
    or the turn scored."""
    if not board.tracked(state) or state.turn_scored:
        return []
    found = card_effects.candidates(state)
    kinds = sorted({e for c in found for e in halves(c)}, key=ORDER.index)
    return [(e, [c for c in found if e in halves(c)]) for e in kinds]


def title(found: Sequence[cards.ActionCard]) -> str:
    """The cards' title when they share one (named, or a stack of one title), else "Card"."""
    return found[0].title if len({c.title for c in found}) == 1 else "Card"


def number(card: cards.ActionCard) -> int:
    """The card's count of Caballeros ("all" is handled by the caller)."""
    count = card.param("count")
    return count if isinstance(count, int) else 1


# -- sending back -----------------------------------------------------------------------------


@dataclass(frozen=True)
class SendBack:
    """One opponent's sending back: ``must`` of theirs (``certain``: the stack's cards agree), at
    most ``most`` a place, its counters (``rows``, pre-filled); its ``steps`` and the referee's
    reason if it refuses them (``why_not``)."""
    colour: str
    must: int
    certain: bool
    most: int
    rows: tuple[Counter, ...]
    steps: tuple[s.Step, ...]
    why_not: str


def owing(state: GameState, found: Sequence[cards.ActionCard], left: Sequence[str]) -> list[str]:
    """Those of ``left`` who must send something back by the card (the first card's text)."""
    return [c for c in left if card_duties.owed(state, found[0], c)]


def send_back(state: GameState, expects: Sequence[str], found: Sequence[cards.ActionCard], colour: str) -> SendBack:
    """``colour``'s sending back, pre-filled with as many as the card makes them send (000 l.281:
    "as much of the action as possible"; l.553), their Court first, then the regions in the board's
    order."""
    card = found[0]
    musts = {card_duties.owed(state, c, colour) for c in found}  # (a card not named: what its stack may hold)
    must = min(musts)
    most = max(30 if c.param("count") == "all" else number(c) for c in found)
    rows, todo = [], must
    for _, p, _, top in counters(state, [(colour, p, most) for p in card_duties.sources(state, card)
                                         if board.held(state, colour, p)]):
        rows.append((colour, p, min(top, todo), top))  # as many as possible: the Court first, then the regions
        todo -= min(top, todo)
    steps = moved({(colour, p): n for _, p, n, _ in rows}, board.PROVINCE)
    return SendBack(colour, must, len(musts) == 1, most, tuple(rows), steps, refusal(state, expects, steps))


def senders(state: GameState, found: Sequence[cards.ActionCard]) -> list[str]:
    """Who sends Caballeros back by the turn's card, left neighbour first (classic_1995.senders)."""
    return classic_1995.senders(state, list(found), card_duties.opponents(state))


# -- by disc ------------------------------------------------------------------------------------


def disc_asked(state: GameState, card: cards.ActionCard) -> list[str]:
    """The opponents, left neighbour first, whose disc may name a region for ``card``."""
    return [c for c in card_duties.opponents(state) if classic_1995.disc_regions(state, card, c)]


def disc(state: GameState, expects: Sequence[str], card: cards.ActionCard, colour: str,
         likeliest: str | None = None) -> Offer:
    """Civil War and the classic twins: the region on ``colour``'s disc ("disc:<region>", those
    holding the card's minimum), its Caballeros there (all, or the card's number) back to the
    Province, refused says why; and "disc:none" (none, or not clear: the page says why when the
    card needs a region, ``disc_none``). The default ``likeliest`` (``disc_defaults``), else none
    (then "none" first and the regions in the board's order); with a likeliest region the regions in
    the board's order from it, "none", the rare answer, farthest from the cursor (issue 35:
    offer.rare_far)."""
    count = card.param("count")
    none = Option("disc:none")
    options = []
    for r in classic_1995.disc_regions(state, card, colour):
        have = board.held(state, colour, r)
        steps = (s.CardMoved(colour, r, board.PROVINCE, have if count == "all" else min(number(card), have)),)
        options.append(Option(f"disc:{r}", steps, refusal(state, expects, steps)))
    kept = offer("disc", [none, *options], [f"disc:{likeliest}" if likeliest else None, "disc:none"])
    if kept.default is None or kept.default == none.id or not options:
        return kept
    return Offer(kept.prompt, tuple(rare_far(options, kept.option(kept.default), [none])), kept.default)


def disc_none(state: GameState, card: cards.ActionCard, colour: str) -> str:
    """Why ``colour``'s disc may not name no region ("" when it may: from rules revision 5, none
    is no choice while a region holds the card's minimum)."""
    return card_duties.disc_short(state, card, colour, []) or ""


def disc_refused(offered: Offer) -> str:
    """The referee's reason when it refuses every region on the disc ("" otherwise)."""
    regions = [o for o in offered.options if o.id != "disc:none"]
    return regions[0].why_not if regions and not any(o.allowed for o in regions) else ""


def disc_defaults(state: GameState, card: cards.ActionCard, colours: Sequence[str]) -> dict[str, str | None]:
    """Each disc's likeliest region: where that loss costs its player least on the board as the
    discs were set, before any was revealed (gains.cheapest_loss)."""
    count = card.param("count")
    most = None if count == "all" else number(card)
    return {c: gains.cheapest_loss(state, c, classic_1995.disc_regions(state, card, c), most) for c in colours}


# -- the Eviction -------------------------------------------------------------------------------


def evictable(state: GameState) -> list[str]:
    """The regions an Eviction / Coup may empty: outside the King's, holding another's."""
    active = state.active
    return [r for r in spain.SCORING_ORDER if r != state.king
            and any(n for c, n in state.counts[r].items() if c != active)]


def eviction(state: GameState, expects: Sequence[str]) -> Offer:
    """Which region is emptied ("evict:<region>", opening each opponent's refuge there): one none
    of whose first refuges the referee accepts says why; the default the region whose emptying
    gains the player most (gains.likeliest_eviction)."""
    regions = evictable(state)
    options = []
    for r in regions:
        there = evicted(state, r)
        why = refuge_refused(state, expects, r, there[0]) if there else ""
        options.append(Option(f"evict:{r}", (), why))
    likeliest = gains.likeliest_eviction(state, state.active or "", regions, card_duties.opponents(state))
    return offer("evict", options, [f"evict:{likeliest}" if likeliest else None])


def evicted(state: GameState, region: str) -> list[str]:
    """The opponents with Caballeros in ``region``, left neighbour first."""
    return [c for c in card_duties.opponents(state) if board.held(state, c, region)]


def refuge_defaults(state: GameState, region: str) -> dict[str, str | None]:
    """Where each opponent in ``region`` likeliest takes theirs (the discs set at once, before any
    is revealed: gains.likeliest_refuge)."""
    return {c: gains.likeliest_refuge(state, c, board.held(state, c, region),
                                      [r for r in spain.SCORING_ORDER if r not in (region, state.king)])
            for c in evicted(state, region)}


def refuges(state: GameState, expects: Sequence[str], region: str, colour: str, likeliest: str | None = None) -> Offer:
    """The region on ``colour``'s disc ("refuge:<region>"): all of theirs from the emptied region go
    there, or to their Court (the King's region; in a 1995 game the emptied one: eviction_to). The
    rows in the board's order from the default (``likeliest``), those that send them to the Court,
    the rare answers, farthest from the cursor (issue 35: offer.rare_far)."""
    have = board.held(state, colour, region)
    options: dict[str, Option] = {}
    there: list[str] = []
    court: list[str] = []
    for r in spain.SCORING_ORDER:
        to = classic_1995.eviction_to(state, region, r)
        if to is None:
            continue
        steps = (s.CardMoved(colour, region, to, have),)
        options[r] = Option(f"refuge:{r}", steps, refusal(state, expects, steps))
        (there if to == r else court).append(r)  # (to the Court: a rare answer)
    kept = offer("refuge", options.values(), [f"refuge:{likeliest}" if likeliest else None])
    if kept.default is None:  # (nothing allowed: the board's order, its first reason the page's)
        return kept
    rows = rare_far(there, kept.default.removeprefix("refuge:"), court)
    return Offer(kept.prompt, tuple(options[r] for r in rows), kept.default)


def refuge_refused(state: GameState, expects: Sequence[str], region: str, colour: str) -> str:
    """``refuges(state, expects, region, colour).why_not`` without the whole offer: "" at the first
    refuge the referee accepts, else the first one's reason (an Eviction's page asks it of every
    region it may empty: 72 questions in one press, most of them after one accepted; issue 36)."""
    have, first = board.held(state, colour, region), None
    for r in spain.SCORING_ORDER:
        to = classic_1995.eviction_to(state, region, r)
        if to is None:
            continue
        why = refusal(state, expects, (s.CardMoved(colour, region, to, have),))
        if not why:
            return ""
        first = first if first is not None else why
    return first or ""


# -- extra Caballeros from the Court ------------------------------------------------------------


def extra_regions(state: GameState) -> list[str]:
    """Where the card's extra Caballeros from the Court may go: the regions but the King's."""
    return [r for r in state.regions if r != state.king]


def extra(state: GameState, expects: Sequence[str], colour: str, places: Sequence[str], room: int) -> Offer:
    """The counts page of the card's extra Caballeros: a place each ("place:<place>"), one from the
    Court there refused says why; the default (its count pre-filled with ``spread``) the fullest."""
    likeliest = spread(state, colour, room)
    options = [Option(f"place:{p}", steps, refusal(state, expects, steps))
               for p in places for steps in [(s.CardMoved(colour, board.COURT, p, 1),)]]
    fullest = max(places, key=lambda p: likeliest.get(p, 0)) if places else None
    return offer("placements", options, [f"place:{fullest}"])


def spread(state: GameState, colour: str, room: int) -> dict[str, int]:
    """``room`` more of ``colour``'s, one at a time where each gains most (gains.spread)."""
    return gains.spread(state, colour, extra_regions(state), room)


def next_place(state: GameState, expects: Sequence[str], colour: str, placed: dict[str, int]) -> Offer:
    """Where the next Caballero from the Court goes ("place:<region>"), ``placed`` already chosen:
    the unit so far with it, refused says why; the default where it gains most given those, but
    the region the one before went to, while it may still receive one, when that was not where its
    own list started (the table's own plan: two into one region is OK, OK; issue 35). With some
    placed, a last option places no more ("place:none": the unit so far)."""
    regions = extra_regions(state)
    options = []
    for r in regions:
        got = dict(placed)
        got[r] = got.get(r, 0) + 1
        steps = tuple(s.CardMoved(colour, board.COURT, p, got[p]) for p in regions if got.get(p))
        options.append(Option(f"place:{r}", steps, refusal(state, expects, steps)))
    if placed:
        steps = tuple(s.CardMoved(colour, board.COURT, p, placed[p]) for p in regions if placed.get(p))
        options.append(Option("place:none", steps, refusal(state, expects, steps)))
    weigh = gains.weighing(state, colour)
    likeliest = gains.next_place(weigh, regions, placed)
    last = list(placed)[-1] if placed else None  # (the one chosen last: a dict keeps the order)
    if last:
        earlier = {r: n - (r == last) for r, n in placed.items() if n - (r == last)}
        if gains.next_place(weigh, regions, earlier) == last:
            last = None  # the one before went where its list started: the next list starts where it gains most
    return offer("region", options, [f"place:{last}" if last else None, f"place:{likeliest}" if likeliest else None])


def court_intake(state: GameState, expects: Sequence[str], colour: str, most: int) -> tuple[int, str]:
    """The most of ``colour``'s (up to ``most``) the card takes from the Province into the Court
    that the referee accepts, and its reason for the first it refuses ("" when it accepts them
    all): the Court page's counter stops there; (0, why) when it accepts none. (The Province empty:
    ``most``, the page takes them from the regions.)"""
    why = ""
    for n in range(min(most, board.held(state, colour, board.PROVINCE)), 0, -1):
        refused = refusal(state, expects, (s.CardMoved(colour, board.PROVINCE, board.COURT, n),))
        if not refused:
            return (most if not why else n), why
        why = why or refused
    return (0 if why else most), why


def named(state: GameState) -> bool:
    """Whether the table named the active player's card."""
    taken = queries.taken_by(state, state.active) if state.active else None
    return bool(taken and taken[2])


def power_back(state: GameState, expects: Sequence[str], colour: str) -> Offer:
    """Empowerment's Power cards to take back (the turn's rows' offer, offers/rows.py), for its page."""
    from companion.engine.offers.rows import power_back as offered

    return offered(state, expects, colour)


def opponents(state: GameState) -> list[str]:
    """The other players clockwise, the active player's left neighbour first (the rules' order)."""
    return card_duties.opponents(state)


# -- counters -----------------------------------------------------------------------------------

def counters(state: GameState, sources: Sequence[tuple[str, str, int]]) -> list[Counter]:
    """One counter per (colour, place, most): up to the most each may send, pre-filled with it."""
    return [(colour, place, top, top) for colour, place, most in sources
            for top in [min(most, board.held(state, colour, place))]]


def court_counters(state: GameState, expects: Sequence[str], colour: str, most: int) -> tuple[list[Counter], bool, str]:
    """The Court page's counters: up to ``most`` (no more than the referee accepts: ``court_intake``)
    from the Province, pre-filled; with the Province short, the player's own from the regions too,
    never the King's region (003 l.629 with l.79; 000 l.249). With whether the Province is short,
    and the referee's reason when it accepts none (no counters then)."""
    most, why = court_intake(state, expects, colour, most)
    province = board.held(state, colour, board.PROVINCE)
    if not most:
        return [], False, why
    rows = counters(state, [(colour, board.PROVINCE, most)])
    if province < most:
        rows += [(colour, r, 0, min(most, board.held(state, colour, r)))
                 for r in state.regions if r != state.king and board.held(state, colour, r)]
    return rows, province < most, ""


def extra_places(state: GameState, castillo: bool) -> list[str]:
    """Where the card's extra Caballeros may go on its counts page: the regions but the King's, and
    the Castillo when the card says so."""
    return extra_regions(state) + ([spain.CASTILLO] if castillo else [])


def from_court(colour: str, got: dict[str, int]) -> tuple[s.Step, ...]:
    """The card's extra Caballeros from the Court, ``got`` (place -> how many), as one unit."""
    return tuple(s.CardMoved(colour, board.COURT, p, n) for p, n in got.items() if n)


def moved(colour_source: dict[tuple[str, str], int], target: str) -> tuple[s.Step, ...]:
    """A counts page's moves: each (colour, place) -> how many, to ``target``, as one unit."""
    return tuple(s.CardMoved(colour, source, target, n) for (colour, source), n in colour_source.items() if n)


# -- Entourage ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Followers:
    """Entourage's followers: from the King's old region (``source``), at most ``most`` in all,
    ``must`` of them (as many as there are up to that), a counter per colour there, the active
    player's own first, pre-filled with as many as must follow (``rows``); ``why_not`` when none
    can follow (the King not moved yet, nobody there) or the referee refuses the pre-filled ones."""
    source: str
    most: int
    must: int
    rows: tuple[Counter, ...]
    why_not: str


def followers(state: GameState, expects: Sequence[str], card: cards.ActionCard) -> Followers:
    """Entourage: after the King's move, 2 Caballeros of any colour follow him from his old region,
    or as many as there are (000 l.669: "you must move as many Caballeros as possible along with
    the King")."""
    old = state.turn_king_from
    carry = card.param("carry")
    most = carry if isinstance(carry, int) else 2
    if old is None or old not in state.regions:
        return Followers("", most, 0, (), f"{card.title}: move the King first (King moved), then his followers")
    there = sorted((c for c, n in state.counts[old].items() if n), key=lambda c: c != state.active)  # own first
    if not there:
        return Followers(old, most, 0, (), f"nobody has Caballeros in {state.rules.name(old)} to follow the King")
    must = min(most, sum(state.counts[old].values()))
    rows, todo = [], must
    for c in there:
        top = min(most, state.counts[old][c])
        rows.append((c, old, min(top, todo), top))
        todo -= min(top, todo)
    steps = moved({(c, old): n for c, _, n, _ in rows}, state.king or "")
    return Followers(old, most, must, tuple(rows), refusal(state, expects, steps))
