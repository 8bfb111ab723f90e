"""The Big Box's offers to the pages (issue 34): what a turn, the setup and the menu of a Big Box
game may do beside the base game's, as plain data (places, colours, counts, card keys and titles),
computed here from the same functions its referee checks with. The pages (ui/screens/big_box.py,
intrigue*.py, menu_sheets.py, notices.py, wizard.py) show these and send the chosen step; they
compute no rule of a mode.

The base engine's offers (companion/engine/offers/) may not import a mode (the layers test); this
module is the modes' face beside ``engine/modes/steps.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from companion.engine import board, hooks, queries
from companion.engine.modes import figures, intrigue, quarantine, readings, table_cards
from companion.engine.modes import referee as big_box
from companion.engine.modes import steps as s
from companion.engine.modes.own_state import own
from companion.engine.offers import Offer, Option, offer, refusal
from companion.rules import modes
from companion.rules.big_box import regions as moves
from companion.rules.big_box.intrigue_round import STACK_7
from companion.rules.special_scoring import KINDS, Kind, kind_of

if TYPE_CHECKING:
    from companion.engine.settings import Settings
    from companion.engine.state import GameState
    from companion.rules.big_box.intrigue_cards import IntrigueCard
    from companion.rules.big_box.intrigue_round import Deal

#: Where many counts go: (place, Caballeros of the colour there).
Counted = tuple[tuple[str, int], ...]


# -- a turn's sail (S:213, S:297) -------------------------------------------------------------
def sail_sources(state: GameState, colour: str) -> Counted:
    """The places the player's Caballeros may sail from, each with how many are there."""
    return tuple((place, board.held(state, colour, place)) for place in big_box.sources(state, colour))


def sail_targets(state: GameState, source: str) -> tuple[str, ...]:
    """Where Caballeros from ``source`` may sail to."""
    return tuple(big_box.destinations(state, source))


# -- Grandissimo's prison (S:306) ---------------------------------------------------------------
def jail(state: GameState) -> tuple[tuple[str, Counted], ...] | None:
    """A stack-6 card's jail symbol: each region a Caballero may be jailed from (not the King's)
    with whose Caballeros are there and how many; None when the card does not jail or the board
    is not recorded."""
    if not (state.settings.board and big_box.may_jail(state)):
        return None
    return tuple((r, tuple((c, state.counts[r][c]) for c in state.counted if state.counts[r].get(c)))
                 for r in state.regions if r != state.king and any(state.counts[r].values()))


def pardon(state: GameState) -> tuple[int, tuple[str, ...]] | None:
    """The King's card's pardon: the prisoners, and the regions they may go to; None: no pardon."""
    if not (state.settings.board and big_box.may_pardon(state)):
        return None
    return sum(state.counts[big_box.PRISON].values()), tuple(r for r in state.regions if r != state.king)


# -- the moves the companion does not guide -----------------------------------------------------
def unguided_moves(state: GameState) -> bool:
    """A Big Box game whose board is recorded: its cards' moves the companion does not guide (the
    Intrigue card, the Grand Inquisitor's black pair, a stack-7 card, the Jester's gift) are any
    move of Caballeros, recorded as the turn's."""
    return bool(state.settings.expansion and state.settings.board)


# -- the cards the table plays (table_cards.py) -------------------------------------------------
def gift(state: GameState) -> tuple[str, tuple[str, ...]] | None:
    """The Jester's gift waiting to be placed: the giver, and the regions it may go to."""
    waiting = table_cards.gift_waiting(state)
    if waiting is None:
        return None
    closed = (state.king, quarantine.quarantined(state))
    return waiting[0], tuple(r for r in state.regions if r not in closed)


def quarantine_tiles(state: GameState) -> tuple[str, ...] | None:
    """Quarantine (S:186): the scoreboards that may be put under it; None when the card is not played."""
    return tuple(table_cards.tiles_to_quarantine(state)) if table_cards.may_quarantine(state) else None


def quarantine_regions(state: GameState, tile: str) -> tuple[str, ...]:
    """Where the scoreboard ``tile`` may go: not the King's region, nor one holding another tile."""
    taken = {r for t, r in state.tiles.items() if t != tile}
    return tuple(r for r in state.regions if r != state.king and r not in taken)


def jester(state: GameState, expects: Sequence[str], colour: str) -> Offer | None:
    """The Jester (S:390): an option for each other player, with the referee's reason where the gift
    cannot go (the giver has no Caballero in the Province); None when the card is not played."""
    if not table_cards.may_give(state):
        return None
    gifts = [(c, (s.JesterGave(c),)) for c in state.colours if c != colour]
    return offer("jester", [Option(f"to:{c}", steps, refusal(state, expects, steps)) for c, steps in gifts])


def table_decides(state: GameState) -> tuple[tuple[str, str], ...]:
    """The cards the table decides this turn: (key, title); the Double turn's key "double_turn"."""
    return tuple((key, table_cards.TABLE_CARDS[key][1]) for key in table_cards.table_cards(state))


def inquisitor_may_stay(state: GameState) -> bool:
    """The Grand Inquisitor card's taker "may" move him to his Court (S:242)."""
    return state.active is not None and figures.may_decline(state)


def grandes_by_disc(state: GameState) -> bool:
    """I&K's 35 or the Colonies' Conspiracy: the Grandes move by secret disc at the scoring (S:179, S:266)."""
    return big_box.may_move_grandes_by_disc(state)


def far_places(state: GameState, places: list[str], beyond: tuple[str, ...]) -> list[str]:
    """Intrigue & the King's card 20: the regions beyond the King's neighbours its placements may
    reach ("They need not be moved to regions adjacent to the King's region", S:177); ``beyond``:
    the way to play's regions beyond Spain (engine/table.py)."""
    if not intrigue.anywhere(state):
        return []
    return [r for r in moves.where(moves.PLACE_ANYWHERE, beyond) if r != state.king and r not in places]


def deal(state: GameState) -> Deal | None:
    """Intrigue & the King: the round's deal once everyone has played (None before; S:167)."""
    return intrigue.deal_of(state)


# -- an Intrigue & the King turn: the card's action (S:150-190, S:273-275) ----------------------
def intrigue_card(value: int, state: GameState | None = None) -> IntrigueCard:
    """The I&K card of ``value``: its title and effect kind (the table's readings in force)."""
    return intrigue.card(value, state)


def own_scoring(state: GameState, colour: str) -> tuple[str | None, Kind | None]:
    """The effect kind of the card ``colour`` played when he performs his own card's action (else
    None), and the special scoring it starts (None when it starts none)."""
    effect = intrigue.own_effect(state, colour)
    return effect, kind_of(effect) if effect else None


def _why(check: Callable[..., None], state: GameState, step: s.Step) -> str:
    try:
        check(state, step)
    except s.StepRefused as refused:
        return str(refused)
    return ""


def card_scorings(state: GameState) -> list[str]:
    """The special scorings the special action performed may start (the mode's check of each)."""
    return [kind for kind in KINDS if not _why(intrigue.check_special, state, s.SpecialScoringStarted(kind, ()))]


def card_refusals(state: GameState) -> dict[str, str]:
    """The moves by the card ("king", "tile", "grande", "scoring") that the special action performed
    does not allow, each with the referee's one-line reason (the mode's own check of that move)."""
    colour = state.active
    if colour is None:
        return {}
    probes: list[tuple[str, Callable[..., None], s.Step]] = [
        ("king", intrigue.check_king, s.KingMoved(state.king or "", by_card=True))]
    if state.tiles:
        tile, where = next(iter(state.tiles.items()))
        probes.append(("tile", intrigue.check_tile, s.TileMoved(tile, where, by_card=True)))
    probes.append(("grande", intrigue.check_grande, s.GrandeMoved(colour, state.grandes.get(colour, ""), by_card=True)))
    if not card_scorings(state):  # (the reason: the first kind's, the card's action the same for all)
        probes.append(("scoring", intrigue.check_special, s.SpecialScoringStarted(next(iter(KINDS)), ())))
    found = {key: _why(check, state, step) for key, check, step in probes}
    return {key: why for key, why in found.items() if why}


def vetoes_before_their_turn(state: GameState, colour: str) -> tuple[str, ...]:
    """Who else may use a Veto on ``colour``'s turn, in the order held: the 40's Veto before its holder's own
    turn (S:180), the King & the Colonies' turned over card at any time (S:275); none once the turn scored."""
    if state.turn_scored:
        return ()
    before = state.turn_order[:state.turn]
    return tuple(holder for holder in state.vetoes
                 if holder != colour and (holder == own(state).turned_over or holder not in before))


def keeps_turned_over(state: GameState, colour: str) -> bool:
    """The King & the Colonies: the stack-7 card's taker may keep his turned over card as a Veto (S:275)."""
    return intrigue.king_colonies(state) and own(state).actions.get(colour) == STACK_7 and own(state).turned_over != colour


# -- the turn page's rows of a Big Box turn (engine/offers/turn_page.py) -----------------------
#: Grandissimo's stack 7: the Queen & Jester card (S:290-291).
QUEEN_AND_JESTER = 7


def turn_options(state: GameState, expects: Sequence[str]) -> hooks.TurnOptions:
    """The Big Box's own rows on the active player's turn page, by stable id, from the state alone:
    beside the placement the sail ("mode:sail"), the jail and the pardon ("mode:jail", "mode:pardon")
    and the moves the companion does not guide ("mode:move"); Grandissimo's Queen or Jester
    ("figure:Queen", "figure:Jester"); after the card's rows the Grandes by disc, the Grand
    Inquisitor left where he was, the Jester's gift placed, Quarantine, the Jester, the Double turn
    and the cards the table decides ("mode:table:<key>"). A row of one step carries it, with the
    referee's reason against it now; a row that opens a page gives its reasons there."""
    colour = state.active
    placing = [id for id, shown in (
        ("mode:sail", colour is not None and "Sailed" in expects),
        ("mode:jail", jail(state) is not None),
        ("mode:pardon", pardon(state) is not None),
        ("mode:move", unguided_moves(state))) if shown]
    cards: list[Option] = []
    if grandes_by_disc(state):
        cards.append(_one(state, expects, "mode:grandes_by_disc", s.GrandesByDisc()))
    if colour is not None and inquisitor_may_stay(state):
        cards.append(_one(state, expects, "mode:inquisitor_stays", s.InquisitorDeclined(colour)))
    if colour is not None:
        cards += [Option(id) for id, shown in (
            ("mode:gift", gift(state) is not None),
            ("mode:quarantine", quarantine_tiles(state) is not None)) if shown]
        gifts = jester(state, expects, colour)
        if gifts is not None:  # every receiver refused: the row says why before the choice
            cards.append(Option("mode:jester", why_not=gifts.why_not))
        for key, _ in table_decides(state):
            cards.append(Option("mode:double_turn") if key == "double_turn"
                         else _one(state, expects, f"mode:table:{key}", s.TableDecided(key)))
    return hooks.TurnOptions(tuple(Option(id) for id in placing), figure_options(state, expects), tuple(cards))


def figure_options(state: GameState, expects: Sequence[str]) -> tuple[Option, ...]:
    """Grandissimo's stack 7 (S:309): the Queen OR the Jester into the taker's Court, once a turn (the
    mode's own state: ``figure_taken``), each figure he does not hold with the referee's reason
    against it now (e.g. only the one beside the board may be taken)."""
    colour = state.active
    mode = state.settings.mode
    taken = queries.taken_by(state, colour) if colour is not None else None
    if (colour is None or taken is None or taken[1] != QUEEN_AND_JESTER
            or QUEEN_AND_JESTER not in dict(mode.extra_stacks) or not mode.holdings
            or own(state).figure_taken == (state.round, state.turn)):
        return ()
    return tuple(_one(state, expects, f"figure:{figure}", s.HoldingMoved(figure, colour))
                 for figure in (modes.QUEEN, modes.JESTER) if own(state).holdings.get(figure) != colour)


def _one(state: GameState, expects: Sequence[str], id: str, step: s.Step) -> Option:
    """A row of one step, with the referee's reason against it now ("" when it would be taken)."""
    return Option(id, (step,), refusal(state, expects, (step,)))


# -- the table's readings (the settings file's [big_box]) ---------------------------------------
def readings_lines(settings: Settings) -> list[str]:
    """The Big Box readings in force, one line each (the table's where it gave its own)."""
    return readings.lines(settings)


def readings_settings(config: readings.TableReadings, expansion: str, players: int) -> dict[str, object]:
    """The settings' fields of the table's readings for a new game of ``expansion``."""
    return readings.from_config(config, expansion, players)
