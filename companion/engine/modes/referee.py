"""The Big Box in the referee: its setup pieces (the black Caballeros' and the Limit table's region
cards), gold and wares delivered, and the figures and tokens held (rules/modes.py says which a
mode has). Part of the referee (companion/engine/referee.py merges CHECKS and APPLY); seed 004
lines as "S:n", facts in ../shared/RULES-EXPANSIONS.md.
"""

from collections.abc import Callable
from typing import Any

from companion.engine import board, queries
from companion.engine.checks import CASTILLO, colour_known, count_valid, refuse, region_known, regions
from companion.engine.modes import figures, intrigue, table_cards
from companion.engine.modes import steps as s
from companion.engine.modes.own_state import own
from companion.engine.state import GameState, ScoreLine
from companion.rules import modes
from companion.rules.big_box import borders as big_box_map
from companion.rules.big_box import deliveries
from companion.rules.big_box.intrigue_round import STACK_7


def drawn(state: GameState, deck: list[str]) -> tuple[tuple[str, ...], str | None]:
    """From the region cards left after the King's and the homes': the black Caballeros' regions
    (GI&C 2, S:198; Grandissimo 1, S:294), then the Limit table's (S:199)."""
    mode = state.settings.mode
    black = tuple(deck[:mode.black_regions])
    return black, (deck[len(black)] if mode.limit_table else None)


def check_setup(state: GameState, step: s.SetupDone, drawn: set[str]) -> None:
    """The setup's Big Box cards (S:198-199, S:294): the black Caballeros' regions, then the Limit table's,
    each from the region cards left after the King's and the homes' (assumed: drawn without
    putting a card back, so all differ)."""
    mode = state.settings.mode
    if len(step.black) != mode.black_regions:
        refuse(f"the black Caballeros go to {mode.black_regions} drawn region(s)" if mode.grand_inquisitor
               else "there are no black Caballeros in this game")
    if (step.limit_table is not None) != mode.limit_table:
        refuse("draw a region for the Limit table" if mode.limit_table else "there is no Limit table in this game")
    for region in (*step.black, *([step.limit_table] if step.limit_table else [])):
        region_known(state, region)
        if region in drawn:
            refuse(f"{state.rules.name(region)} was drawn already: each region card is drawn once")
        drawn.add(region)


def set_up(state: GameState, step: s.SetupDone) -> None:
    for region in step.black:
        state.counts[region][modes.BLACK] = modes.BLACK_AT_SETUP
    own(state).limit_table = step.limit_table
    figures.set_up(state)


def _check_holding(state: GameState, step: s.HoldingMoved) -> None:
    holdings = state.settings.mode.holdings
    if step.what not in holdings:
        refuse(f"{step.what!r} is not held in this game" + (f"; holdings: {', '.join(holdings)}" if holdings else ""))
    if step.colour is not None:
        colour_known(state, step.colour)
    figures.check_holding(state, step)


def _apply_holding(state: GameState, step: s.HoldingMoved) -> None:
    figures.holding_moved(state, step)
    if step.colour is None:
        own(state).holdings.pop(step.what, None)
    else:
        own(state).holdings[step.what] = step.colour


def _check_delivered(state: GameState, step: s.Delivered) -> None:
    colour_known(state, step.colour)
    if not state.settings.mode.deliveries:
        refuse("gold and wares are Grand Inquisitor & the Colonies, not in this game")
    if step.disc not in deliveries.POINTS:
        refuse(f"a delivered disc is {' or '.join(deliveries.POINTS)}, not {step.disc!r}")
    figures.check_delivered(state, step)


def _apply_delivered(state: GameState, step: s.Delivered) -> None:
    figures.delivered(state, step)
    points = deliveries.delivery_points(step.disc)
    state.scores[step.colour] += points
    state.sheet.append(ScoreLine(state.round, f"{step.disc} delivered", "", step.colour, points,
                                 f"{step.disc} brought to Spain: +{points}"))


# -- the board recorded ---------------------------------------------------------------


def setup_discs_waiting(state: GameState) -> bool:
    """Whether the setup's secret discs are still to be entered: a Big Box game that records the
    board, in round 1 before its first card."""
    return (bool(state.settings.mode.setup_disc) and board.tracked(state) and not own(state).setup_discs_done
            and state.round == 1 and not state.played)


def asked(state: GameState, kind: str) -> bool:
    """Whether the table is asked for a step of the board recorded now: the setup's discs while
    they wait, a sail while the active player has Caballeros to sail (other kinds: the chart says)."""
    if kind == "SetupDiscs":
        return setup_discs_waiting(state)
    if kind == "Sailed":
        return state.active is not None and bool(sources(state, state.active))
    return True


def _check_setup_discs(state: GameState, step: s.SetupDiscs) -> None:
    n = state.settings.mode.setup_disc
    if not n:
        refuse("this game has no secret disc at setup")
    if own(state).setup_discs_done or state.round != 1 or state.played:
        refuse("the setup's secret discs come once, before the first card of round 1")
    discs = dict(step.discs)
    if len(discs) != len(step.discs) or sorted(discs) != sorted(state.colours):
        refuse(f"set a secret disc for every player: {', '.join(state.colours)}")
    for colour, region in discs.items():
        if region is not None:
            region_known(state, region, "Spanish region (a secret disc names one of the nine)")
            if region != state.king:
                board.from_court(state, colour, n)


def _apply_setup_discs(state: GameState, step: s.SetupDiscs) -> None:
    """The mode's Caballeros from the Court to the disc's region; the King's region: they stay."""
    n = state.settings.mode.setup_disc
    own(state).setup_discs_done = True
    for colour, region in step.discs:
        if region is not None and region != state.king:
            if board.tracked(state):
                board.move(state, colour, board.COURT, region, n)
            else:
                state.counts[region][colour] = state.counts[region].get(colour, 0) + n


def sources(state: GameState, colour: str) -> tuple[str, ...]:
    """Where ``colour``'s Caballeros may sail from this turn: the ship; GI&C's America and the
    Mediterranean. Only those there when the turn began (S:213: "If a player has Caballeros on the
    ship at the beginning of his turn, he can move them ..."), at any moment of the turn, before or
    after it places: a Caballero placed, sailed or moved there this turn waits for the next."""
    if not board.tracked(state):
        return ()
    here = [big_box_map.SHIP] if big_box_map.SHIP in board.on_the_map(state) else []
    if big_box_map.SHIP in state.regions:
        here += [r for r in big_box_map.COLONIES if r in state.regions]
    return tuple(place for place in here if _may_sail(state, colour, place) > 0)


def _may_sail(state: GameState, colour: str, source: str) -> int:
    """Caballeros of ``colour`` that may still sail from ``source`` this turn: those there now, less
    those that arrived this turn (one leg a turn, S:226-232), by a sail or a placement
    (``turn_sailed``) or by the turn's card (``turn_moves``)."""
    arrived = sum(n for _, target, n in own(state).turn_sailed if target == source)
    arrived += sum(n for who, _, target, n in state.turn_moves if who == colour and target == source)
    return max(0, board.held(state, colour, source) - arrived)


card_taken, check_throw = figures.card_taken, figures.check_throw  # (the referee's hooks)
check_turn_over = table_cards.check_turn_over


def placed(state: GameState, step: s.Placed) -> None:
    """A placement onto the ship counts as an arrival there: it sails next turn (S:213)."""
    if step.region == big_box_map.SHIP:
        own(state).turn_sailed.append((board.COURT, step.region, step.count))


def destinations(state: GameState, source: str) -> tuple[str, ...]:
    """From the ship: big_box_map.sailing_to; from a colony: onto the ship."""
    if source == big_box_map.SHIP:
        return big_box_map.sailing_to(state.regions, state.king)
    return (big_box_map.SHIP,)


def _check_sailed(state: GameState, step: s.Sailed) -> None:
    colour_known(state, step.colour)
    count_valid(step.count, "Caballeros sailing")
    if step.colour != state.active:
        refuse(f"it is {state.name(state.active)}'s turn: Caballeros sail at the start of their owner's turn")
    if step.count < 1:
        refuse("sail at least one Caballero")
    name = state.rules.name
    if step.source not in sources(state, step.colour) and step.source in board.on_the_map(state):
        refuse(f"{state.name(step.colour)} has no Caballeros to sail from {name(step.source)} now: only those "
               "there when the turn began sail (S:213)")
    if step.source not in sources(state, step.colour):
        refuse("Caballeros sail from the ship, or from America or the Mediterranean onto the ship")
    if step.target not in destinations(state, step.source):
        where = ", ".join(name(r) for r in destinations(state, step.source))
        refuse(f"from {name(step.source)} they sail to {where}; not {name(step.target)}")
    if step.count > _may_sail(state, step.colour, step.source):
        refuse(f"{_may_sail(state, step.colour, step.source)} of {state.name(step.colour)}'s Caballeros may sail "
               f"from {name(step.source)}, not {step.count}")
    board.check_room(state, step.target, step.count)


def _apply_sailed(state: GameState, step: s.Sailed) -> None:
    board.move(state, step.colour, step.source, step.target, step.count)
    own(state).turn_sailed.append((step.source, step.target, step.count))


# -- Grandissimo's prison -----------------------------------------------------------------------

PRISON = big_box_map.PRISON


def may_jail(state: GameState) -> bool:
    """The turn's stack-6 card may show the jail symbol (which do is not known: the table says),
    used once (S:306)."""
    taken = queries.taken_by(state, state.active) if state.active else None
    return PRISON in state.settings.mode.aside and taken is not None and taken[1] == 6 and not own(state).turn_jailed


def may_pardon(state: GameState) -> bool:
    """The King's card's taker may pardon the prisoners (S:306), while there are any."""
    taken = queries.taken_by(state, state.active) if state.active else None
    return (PRISON in state.settings.mode.aside and taken is not None and taken[1] == 5
            and any(state.counts[PRISON].values()))


def _check_jailed(state: GameState, step: s.Jailed) -> None:
    if PRISON not in state.settings.mode.aside:
        refuse("the prison is Grandissimo's, not in this game")
    if not may_jail(state):
        refuse("the jail symbol comes with a stack-6 card, once in the turn that takes it")
    colour_known(state, step.colour, dummy_ok=True)
    if step.region not in state.regions:
        region_known(state, step.region)
    name = state.rules.name(step.region)
    if step.region == state.king:
        refuse(f"{name} is the King's region: nobody is taken from it")
    if not state.counts[step.region].get(step.colour):
        refuse(f"{name} holds none of {state.name(step.colour)}'s Caballeros")


def _apply_jailed(state: GameState, step: s.Jailed) -> None:
    board.move(state, step.colour, step.region, PRISON, 1)  # (places on the map: scores only too)
    own(state).turn_jailed = True


def _check_pardoned(state: GameState, step: s.Pardoned) -> None:
    if PRISON not in state.settings.mode.aside:
        refuse("the prison is Grandissimo's, not in this game")
    if not may_pardon(state):
        refuse("the King's card's taker pardons the prisoners, while there are any (S:306)")
    if step.region not in state.regions:
        region_known(state, step.region)
    if step.region == state.king:
        refuse(f"{state.rules.name(step.region)} is the King's region: the prisoners go to another")


def _apply_pardoned(state: GameState, step: s.Pardoned) -> None:
    for colour, n in sorted(state.counts[PRISON].items()):
        board.move(state, colour, PRISON, step.region, n)


# -- Grandes by secret disc (I&K's 35, the Colonies' Conspiracy) ---------------------------------


def may_move_grandes_by_disc(state: GameState) -> bool:
    """The turn's card may be the one: I&K's 35 performed as the player's own action (S:179); a
    Colonies stack-7 card, which one is Conspiracy not being known (S:266): the table says."""
    colour = state.active
    if colour is None or own(state).grandes_by_disc:
        return False
    if state.settings.mode.intrigue:
        return intrigue.own_effect(state, colour) == "grandes_by_disc" or own(state).actions.get(colour) == STACK_7
    taken = queries.taken_by(state, colour)  # the Colonies' stack 7 (Grandissimo's is the Queen & Jester)
    return taken is not None and taken[1] == 7 and state.settings.mode.grand_inquisitor_stack is not None


def _check_grandes_by_disc(state: GameState, step: s.GrandesByDisc) -> None:
    if own(state).grandes_by_disc:
        refuse("the Grandes already move by disc at the next general scoring")
    if not may_move_grandes_by_disc(state):
        refuse("the Grandes move by disc with Intrigue & the King's 35 or the Colonies' Conspiracy (stack 7)")


def _apply_grandes_by_disc(state: GameState, step: s.GrandesByDisc) -> None:
    own(state).grandes_by_disc = True


def move_grandes_by_disc(state: GameState) -> None:
    """At the general scoring, with the discs revealed: each Grande to its owner's disc region; none
    or the King's region: it stays (assumed, RULES-EXPANSIONS.md §5)."""
    if not own(state).grandes_by_disc:
        return
    for colour, region in state.discs.items():
        if region is not None and region != state.king and colour in state.grandes:
            state.grandes[colour] = region
    own(state).grandes_by_disc = False


def _check_limit_moved(state: GameState, step: s.LimitTableMoved) -> None:
    if own(state).limit_table is None:
        refuse("there is no Limit table in this game")
    region_known(state, step.region, "region for the Limit table (never France)", regions.LIMIT_TABLE)
    if state.king in (step.region, own(state).limit_table) and step.region != own(state).limit_table:
        refuse("the Limit table never goes into or out of the King's region")


def _apply_limit_moved(state: GameState, step: s.LimitTableMoved) -> None:
    own(state).limit_table = step.region


def check_on_the_table(state: GameState, step: Any, spaces: int) -> None:
    """The Limit table's region counts only the Caballeros on its ``spaces`` (6 or 10, S:253): a
    region's scoring (``Scored``) that counts more there is refused."""
    if step.where != own(state).limit_table or step.where == CASTILLO:
        return
    total = sum(n for _, n in step.counts)
    if total > spaces:
        refuse(f"count only the Caballeros on the Limit table in {state.rules.name(step.where)}: "
               f"it has {spaces} spaces, not {total}")


def on_the_table(state: GameState, where: str) -> bool:
    """Whether ``where`` holds the Limit table: its count is of those on the table, the others stand
    beside it (S:253), and a general scoring asks for it on its own."""
    return where == own(state).limit_table


CHECKS: dict[type, Callable[[GameState, Any], None]] = {
    **figures.CHECKS,
    **table_cards.CHECKS,
    s.Delivered: _check_delivered,
    s.HoldingMoved: _check_holding,
    s.SetupDiscs: _check_setup_discs,
    s.Sailed: _check_sailed,
    s.LimitTableMoved: _check_limit_moved,
    s.Jailed: _check_jailed,
    s.Pardoned: _check_pardoned,
    s.GrandesByDisc: _check_grandes_by_disc,
}
APPLY: dict[type, Callable[[GameState, Any], None]] = {
    **figures.APPLY,
    **table_cards.APPLY,
    s.Delivered: _apply_delivered,
    s.HoldingMoved: _apply_holding,
    s.SetupDiscs: _apply_setup_discs,
    s.Sailed: _apply_sailed,
    s.LimitTableMoved: _apply_limit_moved,
    s.Jailed: _apply_jailed,
    s.Pardoned: _apply_pardoned,
    s.GrandesByDisc: _apply_grandes_by_disc,
}
