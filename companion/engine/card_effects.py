"""The special actions that move Caballeros, checked against the card that allows them.

A ``CardMoved`` step is one move of the active player's card's special action
(a game that records the board). The whole turn's moves so far, with the new
one, must fit what the card says: how many of the player's own and of other
colours (RULES.md "Action decks"; companion/rules/cards.py params), from where
to where, never into or out of the King's region. When the table did not name
the card, the moves must fit one of the cards that stack may still hold. A
Veto stops the rest of the action (classic: "the rest of that action does not
happen", 003, 004).

Effects guided here: moving Caballeros (Intrigue, Conspiracy, Ambush), extra
Caballeros from the Court (Militia, Intrigue "place 2"), either of those
(Delegation), Caballeros to the Court (The Court), sending them back to the
Province (Decay of Authority, the Province card, Angry King, Withdrawal, and
by secret disc: Civil War and the classic twins), and emptying a named region
by secret disc (Eviction, Coup), and the King's followers (Entourage: 2 of any
colour from his old region to his new one, the one move into the King's region
allowed). Infiltration lets the turn's placements go into the King's region
(``into_kings_region``).
"""

from collections.abc import Sequence

from companion.engine import board, classic_1995, queries, remembered
from companion.engine import steps as s
from companion.engine.card_duties import EMPTIED_SINCE, check_as_much, check_emptied, check_grandes_thrown
from companion.engine.state import GameState
from companion.rules import cards, spain

Effect = cards.Effect
Move = tuple[str, str, str, int]  # colour, source, target, count

#: The effects a CardMoved step carries out.
GUIDED = frozenset({
    Effect.MOVE_CABALLEROS, Effect.PLACE_EXTRA, Effect.MOVE_OR_PLACE, Effect.COURT_INTAKE,
    Effect.RETURN_FROM_COURT, Effect.RETURN_FROM_REGIONS, Effect.RETURN_FROM_COURT_OR_REGIONS,
    Effect.RETURN_BY_SECRET_DISC, Effect.EVICTION, Effect.KING_ENTOURAGE,
})
def on_board(state: GameState) -> tuple[str, ...]:
    """The places a card moves Caballeros between: the regions in play (the Big Box's too: its
    repositioning reaches America and the Mediterranean directly, S:257), and the Castillo."""
    return (*state.regions, spain.CASTILLO)


def candidates(state: GameState, effects: frozenset = GUIDED) -> list[cards.ActionCard]:
    """The cards whose special action the active player may be carrying out: the one named,
    else every card the stack taken may still hold (the table did not name it) that allows every
    special step the turn has taken so far (``one_card``). Within a press remembered until the state
    may change (the referee asks it of every move a card's page weighs: companion/engine/remembered.py)."""
    return list(remembered.kept("candidates", state, (effects,), lambda: tuple(_candidates(state, effects))))


def _candidates(state: GameState, effects: frozenset) -> list[cards.ActionCard]:
    taken = queries.taken_by(state, state.active) if state.active else None
    if taken is None:
        return []
    _, stack, key = taken
    found = [cards.card(key)] if key else [c for c in queries.cards_left(state, stack) if one_card(state, c)]
    return [c for c in found if c.effect in effects]


#: The rules revision from which a card the table did not name is one card for the whole special action
#: (issue 32): before it each special step was checked against any card the stack may hold, so a turn could
#: begin an Eviction and then move the King as a Royal Advisor, and stick there; older game logs replay so.
ONE_CARD_SINCE = 5


def one_card(state: GameState, card: cards.ActionCard) -> bool:
    """Whether ``card`` allows every special step the turn has taken so far: "Each Action card shows a
    **Special action**" (000 l.281), one card's, so an unnamed card is one that does them all."""
    if state.settings.revision < ONE_CARD_SINCE:
        return True
    if state.turn_moves and card.effect not in GUIDED:
        return False
    return all(card.effect in STEP_EFFECTS[kind] for kind in state.turn_once if kind in STEP_EFFECTS)


def table_decides(state: GameState) -> bool:
    """Whether the turn's card is one whose text no rulebook gives (a 2023 card the table named
    "A card from stack N"): then its moves are the table's to decide, and the companion records
    them without checking them against a text it does not have (docs/rules-confidence.md). An
    unnamed stack keeps its checks: a move is taken when a card the stack may hold allows it, and
    a table whose card is not in the rulebooks names it so."""
    taken = queries.taken_by(state, state.active) if state.active else None
    if taken is None:
        return False
    key = taken[2]
    return key is not None and cards.card(key).effect is Effect.UNKNOWN


def into_kings_region(state: GameState) -> bool:
    """Infiltration: this turn's placements may also go into the King's region."""
    return not state.turn_scored and bool(candidates(state, frozenset({Effect.PLACE_IN_KINGS_REGION})))


def check(state: GameState, step: s.CardMoved) -> None:
    if not board.tracked(state):
        raise s.StepRefused("this game keeps scores only: card effects are not recorded")
    active = state.active
    if active is None:
        raise s.StepRefused("no turn is under way")
    if state.turn_scored:
        raise s.StepRefused("this turn's special action is over (stopped by a Veto, or done)")
    found = candidates(state)
    open_text = table_decides(state)
    if not found and not open_text:
        raise s.StepRefused(f"{state.name(active)}'s card does not move Caballeros")
    if step.count < 1:
        raise s.StepRefused("move at least one Caballero")
    if step.source == step.target:
        raise s.StepRefused("a move goes from one place to another")
    following = (step.source, step.target) == (state.turn_king_from, state.king) and any(
        c.effect is Effect.KING_ENTOURAGE for c in found)  # Entourage: the King's followers
    if state.king in state.regions and state.king in (step.source, step.target) and not following:
        raise s.StepRefused(f"nothing moves into or out of the King's region ({state.rules.name(state.king)})")
    for place in (step.source, step.target):
        if place not in board.places(state):
            raise s.StepRefused(f"{place!r} is not a place; places: {', '.join(board.places(state))}")
    have = board.held(state, step.colour, step.source)
    if step.count > have:
        raise s.StepRefused(f"{_where(state, step.source, step.colour)} holds {have} of "
                            f"{state.name(step.colour)}'s Caballeros, not {step.count}")
    board.check_no_court(state, step.colour, step.target)
    check_black_on_board(state, step)
    board.check_room(state, step.target, step.count)
    check_rebellion(state, step)
    if open_text:  # a card whose text the seeds do not give: the table decides, the board records it
        return
    moves = [*state.turn_moves, (step.colour, step.source, step.target, step.count)]
    reasons = [allows(state, card, active, moves) for card in found]
    if all(reasons):
        raise s.StepRefused(reasons[0] if len(found) == 1 else f"no card of that stack allows it: {reasons[0]}")
    check_as_much(state, [c for c, why in zip(found, reasons, strict=True) if why is None], moves, step.colour)


def moves_none_from(state: GameState, colour: str, source: str, count: int = 1) -> bool:
    """Whether ``check`` refuses every move of ``count`` of ``colour``'s out of ``source`` into any
    place on the board (``on_board``), whatever else it asks: each card the turn's may be is an
    Intrigue-like one (``_moving``, to which a target on the board is any other) and refuses it.
    The offers ask it before asking the referee of each place (a Conspiracy after a move out of
    one region: every other region refused 8 times over; issue 36). False: not known so. A count
    refused so makes every greater one refused (what ``_moving`` refuses by the count is a sum over the
    limit, the rest whatever the count): gains.most_movable halves the counts to ask."""
    return remembered.kept("moves_none_from", state, (colour, source, count), lambda: _moves_none_from(
        state, colour, source, count))


def _moves_none_from(state: GameState, colour: str, source: str, count: int) -> bool:
    found, active = _moving_cards(state), state.active
    if not found or active is None:
        return False
    place = next((p for p in on_board(state) if p != source), None)
    if place is None:
        return False
    moves = [*state.turn_moves, (colour, source, place, count)]
    return all(_moving(state, card, active, moves) for card in found)


def _moving_cards(state: GameState) -> tuple[cards.ActionCard, ...]:
    """The cards the turn's may be, when each is an Intrigue-like one whose text the companion has
    (``moves_none_from`` may answer); else (). Within a press remembered until the state may change."""
    def found() -> tuple[cards.ActionCard, ...]:
        found = candidates(state)
        if not found or table_decides(state) or any(c.effect is not Effect.MOVE_CABALLEROS for c in found):
            return ()
        return tuple(found)

    return remembered.kept("moving_cards", state, (), found)


def apply(state: GameState, step: s.CardMoved) -> None:
    board.move(state, step.colour, step.source, step.target, step.count)
    state.turn_moves.append((step.colour, step.source, step.target, step.count))


def allows(state: GameState, card: cards.ActionCard, active: str, moves: Sequence[Move]) -> str | None:
    """Why ``card`` does not allow this turn's ``moves`` (None: it does)."""
    effect = card.effect
    if effect is Effect.MOVE_CABALLEROS:
        return _moving(state, card, active, moves)
    if effect is Effect.PLACE_EXTRA:
        return _placing(state, card, active, moves)
    if effect is Effect.MOVE_OR_PLACE:
        moving, placing = _moving(state, card, active, moves), _placing(state, card, active, moves)
        return moving and placing and f"{card.title}: either move all yours out of one region, or place " \
                                      f"{card.param('count')} from the Court"
    if effect is Effect.COURT_INTAKE:
        return _court(state, card, active, moves)
    if effect is Effect.RETURN_FROM_COURT:
        return _returns(state, card, active, moves, sources={board.COURT})
    if effect is Effect.RETURN_FROM_REGIONS:
        return _returns(state, card, active, moves, sources=set(state.regions))
    if effect is Effect.RETURN_FROM_COURT_OR_REGIONS:
        return _returns(state, card, active, moves, sources={board.COURT, *state.regions})
    if effect is Effect.RETURN_BY_SECRET_DISC:
        return (_returns(state, card, active, moves, sources=set(spain.SCORING_ORDER))
                or _one_place_each(card, moves, 1, "from the one region on their disc"))
    if effect is Effect.EVICTION:
        return _eviction(state, card, active, moves)
    if effect is Effect.KING_ENTOURAGE:
        if state.turn_king_from is None or any((m[1], m[2]) != (state.turn_king_from, state.king) for m in moves):
            return f"{card.title}: Caballeros follow the King from his old region to his new one"
        return _over(card, sum(m[3] for m in moves), card.param("carry"), "Caballeros")
    return f"{card.title} does not move Caballeros"


def _one_place_each(card: cards.ActionCard, moves: Sequence[Move], end: int, what: str) -> str | None:
    """Each colour's moves share one source (``end`` 1) or one target (``end`` 2)."""
    for colour in {m[0] for m in moves}:
        if len({m[end] for m in moves if m[0] == colour}) > 1:
            return f"{card.title}: each opponent's Caballeros go {what}"
    return None


def _eviction(state: GameState, card: cards.ActionCard, active: str, moves: Sequence[Move]) -> str | None:
    """Eviction / Coup: the region you name is emptied of the opponents' Caballeros, each to the
    region on their disc (the King's region, or the one emptied: to their Court). From rules
    revision 4, what it empties is a region (003 l.653: "Choose a region"; 000 l.585: "from one region of
    your choice"), never a Court."""
    if state.settings.revision >= EMPTIED_SINCE and any(m[1] not in state.regions for m in moves):
        return f"{card.title} empties a region: Caballeros come out of one region, not a Court"
    if any(colour == active or target not in (*spain.SCORING_ORDER, board.COURT) for colour, _, target, _ in moves):
        return f"{card.title}: other players' Caballeros, to a region or their Court"
    if len({m[1] for m in moves}) > 1:
        return f"{card.title} empties one region"
    return _one_place_each(card, moves, 2, "to the one region on their disc")


def _moving(state: GameState, card: cards.ActionCard, active: str, moves: Sequence[Move]) -> str | None:
    """Intrigue-like: own / foreign / any limits, out of regions into regions or the Castillo
    (000: "You are not allowed to move Caballeros out of the Castillo"; 003: "you may not move
    them from the Castillo")."""
    if any(m[1] == spain.CASTILLO for m in moves):
        return "nobody moves Caballeros out of the Castillo"
    places = on_board(state)
    if any(m[1] not in places or m[2] not in places for m in moves):
        return f"{card.title} moves Caballeros out of regions into regions or the Castillo"
    own = foreign = 0
    for colour, _, _, n in moves:
        if colour == active:
            own += n
        else:
            foreign += n
    params = dict(card.params)  # (card.param's, read once: a card's page asks this of every move it weighs)
    limits = {k: params[k] for k in ("own", "foreign", "any") if params.get(k) is not None}
    if params.get("from") == "one-region" and len({m[1] for m in moves}) > 1:
        return f"{card.title} moves Caballeros out of one region only"
    if "any" in limits:
        return _over(card, own + foreign, limits["any"], "Caballeros")
    if foreign and "foreign" not in limits:
        return f"{card.title} moves only your own Caballeros"
    if own and "own" not in limits:
        return f"{card.title} moves only other players' Caballeros"
    return (_over(card, own, limits.get("own", 0), "of your own")
            or _over(card, foreign, limits.get("foreign", 0), "foreign Caballeros"))


def _placing(state: GameState, card: cards.ActionCard, active: str, moves: Sequence[Move]) -> str | None:
    """Militia-like: extra Caballeros of your own from the Court to any region (the Castillo where
    the card says so)."""
    targets = set(state.regions) | ({spain.CASTILLO} if card.param("castillo") else set())
    return _one_way(card, moves, own=active, source=board.COURT, targets=targets, most=card.param("count"),
                    what="from your Court into " + ("regions or the Castillo" if card.param("castillo") else "regions"))


def _one_way(card: cards.ActionCard, moves: Sequence[Move], *, own: str, source: str, targets: set[str],
             most: object, what: str) -> str | None:
    if any(colour != own or src != source or target not in targets for colour, src, target, _ in moves):
        return f"{card.title} moves your own Caballeros {what}"
    return _over(card, sum(m[3] for m in moves), most, "Caballeros")


def _court(state: GameState, card: cards.ActionCard, active: str, moves: Sequence[Move]) -> str | None:
    """The Court card: the player's own Caballeros from the Province to the Court, "according to
    the same rules" as a Power card's intake (003 l.629 with l.79): when the Province runs out,
    from regions (never the Castillo or the King's region; 000 l.249: "This also applies when
    moving Caballeros to your Court via Action cards")."""
    regions = {r for r in state.regions if r != state.king}
    if any(colour != active or target != board.COURT or (src != board.PROVINCE and src not in regions)
           for colour, src, target, _ in moves):
        return f"{card.title} moves your own Caballeros to the Court, from the Province (when it runs out, " \
               "from regions)"
    if any(src != board.PROVINCE for _, src, _, _ in moves) and board.held(state, active, board.PROVINCE):
        return f"{card.title}: Caballeros come from regions only when the Province runs out " \
               f"({state.name(active)}'s holds {board.held(state, active, board.PROVINCE)})"
    return _over(card, sum(m[3] for m in moves), card.param("count"), "Caballeros")


def _returns(state: GameState, card: cards.ActionCard, active: str, moves: Sequence[Move],
             sources: set[str]) -> str | None:
    """Each opponent (a 1995 Province card: the taker too) sends up to ``count`` back to the Province
    (all: their whole Court)."""
    own = active in classic_1995.senders(state, [card], [])
    if any((colour == active and not own) or src not in sources or target != board.PROVINCE for colour, src, target, _ in moves):
        where = "their Court" if sources == {board.COURT} else ("the regions" if board.COURT not in sources
                                                                 else "their Court and/or the regions")
        return f"{card.title}: other players' Caballeros from {where} back to the Province"
    count = card.param("count")
    if count == "all":
        return None
    for colour in {m[0] for m in moves}:
        sent = sum(n for c, _, _, n in moves if c == colour)
        if isinstance(count, int) and sent > count:
            return f"{card.title} sends back {count} of each opponent's Caballeros, not {sent}"
    return None


def _over(card: cards.ActionCard, used: int, most: object, what: str) -> str | None:
    if most == "all" or not isinstance(most, int) or used <= most:
        return None
    return f"{card.title} moves at most {most} {what}, not {used}"


def _where(state: GameState, place: str, colour: str) -> str:
    if place in (board.COURT, board.PROVINCE):
        return f"{state.name(colour)}'s {place.title()}"
    return state.rules.name(place)


# -- the rules a card's moves answer to beyond its own numbers (issue 20) ----------------------

def check_rebellion(state: GameState, step: s.CardMoved) -> None:
    """Rebellion: "The Castillo is now the King's region, with all consequences" (000 l.693), and
    "Nothing in the King's region may ever be changed" (000 l.316): no card moves or places a
    Caballero into it. From rules revision 2 (older game logs replay as they were played)."""
    if state.king == spain.CASTILLO and step.target == spain.CASTILLO and state.settings.revision >= 2:
        raise s.StepRefused("under Rebellion the Castillo is the King's region: nothing moves into it")


#: The rules revision from which no card moves the Grand Inquisitor's black Caballeros into or out of a
#: Court or the Province (issue 32; before it a card sending opponents back or an Eviction took them there).
BLACK_ON_BOARD_SINCE = 5


def check_black_on_board(state: GameState, step: s.CardMoved) -> None:
    """The Grand Inquisitor's black Caballeros "cannot be moved to the provinces" (S:248, S:261) and have
    no Court of their own (board.unowned): a card moves them only on the board. From rules revision 5."""
    if (state.settings.revision >= BLACK_ON_BOARD_SINCE and board.unowned(state, step.colour)
            and {step.source, step.target} & {board.COURT, board.PROVINCE}):
        raise s.StepRefused(f"{step.colour} Caballeros have no Court or Province: a card moves them on the board only")


def check_turn_over(state: GameState) -> None:
    """At the turn's end, a sending back once begun is done for every opponent (by secret disc too),
    an Eviction's region emptied, Competition's Grandes thrown in (companion/engine/card_duties.py),
    Entourage's followers moved (a Veto that stopped it excepted: "the rest of that action does not
    happen")."""
    if state.turn_scored or state.active is None:
        return
    check_grandes_thrown(state, candidates(state, frozenset(Effect)))  # (the Grandes: with or without the board)
    if not board.tracked(state):
        return
    check_followers(state)
    if not state.turn_moves or table_decides(state):
        return
    moves = state.turn_moves
    allowing = [c for c in candidates(state) if allows(state, c, state.active, moves) is None]
    check_as_much(state, allowing, moves, None)
    check_emptied(state, allowing, moves)


def check_followers(state: GameState) -> None:
    """Entourage, once the King has moved: "You must move 2 Caballeros to the same region as the
    King. If there are less than 2 Caballeros in the region, you must move as many Caballeros as
    possible along with the King" (000 l.667-669; 000 l.281: "you must perform as much of the
    action as possible"). Checked when every card the stack taken may hold is Entourage; from
    rules revision 3 (older game logs replay as they were played). Counted from the old region as it
    was when the King left it (``turn_king_left``): Caballeros placed there after are no followers
    (000 l.257, l.277: the placement after the whole special action), and none that left since
    can follow (so the duty never grows: every older game log replays as it was played)."""
    old = state.turn_king_from
    if state.settings.revision < 3 or old is None or old == state.king or old not in state.regions:
        return
    found = candidates(state, frozenset(Effect))
    if not found or any(c.effect is not Effect.KING_ENTOURAGE for c in found) or queries.text_unknown(state):
        return
    card = found[0]
    followed = sum(m[3] for m in state.turn_moves if (m[1], m[2]) == (old, state.king))
    left = sum(board.held(state, colour, old) for colour in state.everyone)
    carry = card.param("carry")
    must = min(carry if isinstance(carry, int) else 0, followed + left, state.turn_king_left)
    if followed < must:
        raise s.StepRefused(f"{card.title}: {must} Caballeros follow the King from {state.rules.name(old)}, "
                            f"as many as possible, not {followed}")


# -- the King, a scoring tile, a Grande moved by the turn's card (their checks: card_special_steps.py)

KING_MOVERS = frozenset({Effect.MOVE_KING, Effect.KING_ENTOURAGE, Effect.KING_COMPETITION})
#: The effects that grant each special step done at most once a turn (turn_rules.ONCE), as the checks
#: below and turn_rules.GRANTED_BY ask them.
STEP_EFFECTS = {"KingMoved": KING_MOVERS, "TileMoved": frozenset({Effect.SCORING_TILE}),
                "GrandeMoved": frozenset({Effect.MOVE_GRANDE}), "PowerCardReturned": frozenset({Effect.POWER_CARD_BACK}),
                "KingAndGrandeSwapped": frozenset({Effect.SWAP_KING_GRANDE}),
                "GrandesToCastillo": frozenset({Effect.KING_COMPETITION})}
