"""Scorings: a special scoring from a card, and the general scoring after rounds 3, 6 and 9 -
the secret discs, the Castillo, the regions, and the Castillo's Caballeros leaving by disc.

Part of the referee (companion/engine/referee.py merges CHECKS and APPLY): each check raises
StepRefused with a one-line reason, each apply assumes its check passed.
"""

from collections.abc import Callable
from typing import Any

from companion.engine import board, dummy, hooks, remembered, turn_rules
from companion.engine import steps as s
from companion.engine.checks import CASTILLO, colour_known, count_valid, refuse, region_known, within_supply
from companion.engine.state import GameState, ScoreLine
from companion.rules import majority, region_moves, spain
from companion.rules import special_scoring as pick

# -- special scorings ----------------------------------------------------------------


def special_regions(state: GameState, kind: str, choice: str | None = None,
                    discs: dict[str, str | None] | None = None) -> tuple[str, ...]:
    """The regions a special scoring scores, from what the companion knows (the table confirms)."""
    if kind not in pick.KINDS:
        refuse(f"unknown special scoring {kind!r}; kinds: {', '.join(pick.KINDS)}")
    values = {r: state.values(r) for r in state.regions}
    return pick.regions(kind, values, state.totals(), choice, discs, order=counted_regions(state, kind))


#: The rules revision from which "most" and "fewest" count a way to play's regions beyond Spain's too
#: (issue 21, S:208).
MAJORITIES_BEYOND_SPAIN = 3


def counted_regions(state: GameState, kind: str) -> tuple[str, ...]:
    """The regions a special scoring of ``kind`` looks at: the way to play's regions (the one region
    query, engine/hooks.py ``where``), but for "most" and "fewest" in games before
    MAJORITIES_BEYOND_SPAIN, Spain's nine only (as they were recorded)."""
    if kind in ("most", "fewest") and state.settings.revision < MAJORITIES_BEYOND_SPAIN:
        return tuple(r for r in state.regions if r in spain.REGIONS)
    return hooks.of(state.settings).where(region_moves.SCORE)


def _check_special(state: GameState, step: s.SpecialScoringStarted) -> None:
    if step.what not in pick.KINDS:
        refuse(f"unknown special scoring {step.what!r}; kinds: {', '.join(pick.KINDS)}")
    if not step.regions:
        refuse("that special scoring scores nothing here")
    if len(set(step.regions)) != len(step.regions):
        refuse("a region is listed twice")
    if state.turn_scored:
        refuse("this turn has had its special scoring (undo it to score again)")
    hooks.of(state.settings).check_special(state, step)
    for where in step.regions:
        if step.what == "castillo":
            if where != CASTILLO:
                refuse("the Castillo scoring scores only the Castillo")
        elif where not in state.regions:
            region_known(state, where)
    if step.what == "region" and len(step.regions) != 1:
        refuse("that special scoring scores one region")
    if step.what not in ("region", "discs"):
        # The card says which regions; 'most' and 'fewest' as the companion knows the counts.
        wanted = special_regions(state, step.what)
        if set(step.regions) != set(wanted) and not turn_rules.short_scoring_allowed(state, step, wanted):
            names = ", ".join(state.rules.name(r) if r != CASTILLO else "the Castillo" for r in wanted) or "nothing"
            known = " (from the counts known: correct them first if the board differs)" if step.what in (
                "most", "fewest") else ""
            refuse(f"{pick.KINDS[step.what].wording} scores {names} here{known}")


def _apply_special(state: GameState, step: s.SpecialScoringStarted) -> None:
    state.scoring = f"special scoring: {pick.KINDS[step.what].wording}"
    state.scoring_from = len(state.sheet)
    state.to_score = list(step.regions)
    state.first_only = step.what == "first_only"
    state.turn_scored = True
    state.scoring_kind, state.scored_places = step.what, []


# -- general scoring -----------------------------------------------------------------


def start_general_scoring(state: GameState) -> None:
    hooks.of(state.settings).general_scoring_started(state)
    state.general_scorings += 1
    state.scoring = f"general scoring {state.general_scorings}"
    state.scoring_from = len(state.sheet)
    state.to_score = [CASTILLO]
    state.first_only = False
    state.scoring_kind, state.scored_places = "", []
    state.discs = {}


def _check_discs(state: GameState, step: s.SecretDiscs) -> None:
    discs = dict(step.discs)
    if sorted(discs) != sorted(state.colours):
        refuse(f"set a secret disc for every player: {', '.join(state.colours)}")
    for region in discs.values():
        if region is not None:
            region_known(state, region)


def _apply_discs(state: GameState, step: s.SecretDiscs) -> None:
    state.discs = dict(step.discs)


def waiting_discs(state: GameState) -> list[str]:
    """The players whose secret disc is still to be entered: those with Caballeros in the Castillo,
    and (New Regency Competition, 002: "move your Grande using the Secret disc (along with your
    Caballeros)") those whose Grande was thrown in."""
    if state.king == CASTILLO and state.settings.revision >= 1:
        return []  # Rebellion: the Castillo is the King's region, its Caballeros stay in (no discs)
    grandes = state.grandes_in_castillo if state.settings.revision >= 1 else {}  # (revision: see state.py)
    black, every = black_disc_holder(state), hooks.of(state.settings).every_disc(state)
    return [c for c in state.colours if (state.castillo.get(c) or c in grandes or every or c == black)
            and c not in state.discs]


#: The rules revision from which the Grand Inquisitor's holder sets a secret disc for the black Caballeros in
#: the Castillo though none of his own are in (issue 32): before it he was not asked, and they stayed in.
BLACK_HOLDER_ASKED = 5


def black_disc_holder(state: GameState) -> str | None:
    """The player whose disc the Grand Inquisitor's black Caballeros in the Castillo follow: "treated in
    every way as though they were the color of your Caballeros" (S:248), so their holder sets a disc for
    them as for his own (None: nobody holds him, or none are in; from rules revision 5)."""
    if state.settings.revision < BLACK_HOLDER_ASKED:
        return None
    rules = hooks.of(state.settings)
    for colour in rules.unowned:
        holder = rules.holder(state, colour)
        if state.castillo.get(colour) and holder in state.colours:
            return holder
    return None


def _check_disc(state: GameState, step: s.SecretDisc) -> None:
    colour_known(state, step.colour)
    if step.colour not in waiting_discs(state):
        why = "has set it already" if step.colour in state.discs else "has no Caballeros in the Castillo"
        refuse(f"{state.name(step.colour)} sets no secret disc now: {why}")
    if step.region is not None:
        region_known(state, step.region)


def _apply_disc(state: GameState, step: s.SecretDisc) -> None:
    state.discs[step.colour] = step.region


def _check_scored(state: GameState, step: s.Scored) -> None:
    if step.where not in state.to_score:
        left = ", ".join(state.to_score) or "nothing"
        refuse(f"{step.where} is not to be scored now; left: {left}")
    counts = dict(step.counts)
    if len(counts) != len(step.counts):
        refuse("a colour is counted twice")
    for colour, n in counts.items():
        colour_known(state, colour, dummy_ok=True)
        count_valid(n, f"{state.name(colour)}'s count")
        if n > state.supply(colour):
            refuse(f"there are only {state.supply(colour)} {state.name(colour)} Caballeros, not {n}")
    known = state.castillo if step.where == CASTILLO else state.counts[step.where]
    within_supply(state, {c: n - known.get(c, 0) for c, n in counts.items()}, step.where)
    if step.where == CASTILLO and state.scoring.startswith("general") and state.king != CASTILLO:
        for colour, n in counts.items():
            # Discs are asked of those in the tally; a Caballero found later must not go to
            # the Court silently when its owner's disc names a region.
            if n and colour != state.settings.dummy and not known.get(colour) and state.discs.get(colour) is None:
                refuse(f"{state.name(colour)} had none in the Castillo tally, so no secret disc was set: "
                       "undo to the secret discs and correct the Castillo there first")
    _check_seats(state, step)


def score_now(state: GameState, where: str, counts: dict[str, int],
              seats: tuple[tuple[str, str], ...] = ()) -> majority.Result:
    """Score a region (or the Castillo) and write every line on the score sheet."""
    king = where == state.king
    grandes = {c for c, r in state.grandes.items() if r == where}
    counts, never = _participants(state, counts)
    result = majority.score(
        counts,
        state.values(where),
        columns=state.rules.columns(len(state.colours)),
        never_scores=never,
        king=king,
        grandes=grandes,
        first_only=state.first_only,
        seats=_seats(state, where, seats),
    )
    for line in result.lines:
        if line.scores:
            state.scores[line.who] += line.points
            state.sheet.append(ScoreLine(state.round, state.scoring, where, line.who, line.points, line.reason))
    return result


def points_if(state: GameState, where: str, counts: dict[str, int]) -> dict[str, int]:
    """What each player would score in ``where`` with these counts (a general scoring's majority,
    the King's and the Grandes' bonuses; no seats): nothing is written. Within a press the answer is
    remembered until the state may change (companion/engine/remembered.py): the card effects' likeliest
    answers weigh the same region's counts many times (an Eviction's page: 266 weighings in one press)."""
    memo = remembered.now
    key = ("points_if", id(state), where, tuple(counts.items()))
    if memo is not None:
        known = memo.get(key)
        if known is not None:
            return dict(known[1])
    points = remembered.kept("weigher", state, (where,), lambda: weigher(state, where))(counts)
    if memo is not None:
        memo[key] = (state, dict(points))
    return points


def weigher(state: GameState, where: str) -> Callable[[dict[str, int]], dict[str, int]]:
    """``points_if(state, where, counts)`` as a function of the counts, the rest of it (the
    scoreboard, the columns, the Grandes there, who never scores) looked up once: what a weighing
    of many counts of one region asks (companion/engine/gains.py), nothing remembered; the counts
    are not changed."""
    participants, dummy, values, columns, grandes, king = weighed(state, where)

    def points(counts: dict[str, int]) -> dict[str, int]:
        never = set(dummy)  # (a fresh one each time: a way to play may add to it, GI&C's black)
        return majority.points(participants(state, counts, never), values, columns=columns, never_scores=never,
                               king=king, grandes=grandes)

    return points


def weighed(state: GameState, where: str) -> tuple[Any, tuple[str, ...], tuple[int, ...], int, frozenset[str], bool]:
    """What a weighing of ``where`` looks up once (``weigher``'s, companion/engine/gains.py's): the
    way's participants, the dummy, the scoreboard, the columns, the Grandes there, whether the King is."""
    dummy = (state.settings.dummy,) if state.settings.dummy else ()
    return (hooks.of(state.settings).participants, dummy, state.values(where), state.rules.columns(len(state.colours)),
            frozenset(c for c, r in state.grandes.items() if r == where), where == state.king)


def _participants(state: GameState, counts: dict[str, int]) -> tuple[dict[str, int], set[str]]:
    """Who takes part in a majority, and who takes places but never scores: the 2023 dummy;
    the black Caballeros of GI&C count as the Grand Inquisitor's holder's colour "in every way"
    (S:246), and as a player who scores nothing while nobody holds him (S:251); Grandissimo's
    are ignored (S:398), or, as the table may choose, take places for nobody."""
    never = {state.settings.dummy} if state.settings.dummy else set()
    return hooks.of(state.settings).participants(state, counts, never), never


def _seats(state: GameState, where: str, seats: tuple[tuple[str, str], ...]) -> tuple[majority.Seat, ...]:
    """The seats' holders with the bonuses in force (the table's reading, if it gave one)."""
    return hooks.of(state.settings).seated(state, where, seats) if seats else ()


def limit_spaces(state: GameState) -> int:
    """The Limit table's spaces at this table (6 with 2-3 players, 10 with 4-5; S:199)."""
    return hooks.of(state.settings).limit_spaces(state)


def seat_rules(state: GameState, where: str) -> tuple[hooks.SeatRule, ...]:
    """The seats of a Big Box region in play (Ambassador, Envoy, Captain, Viceroy) with the bonuses
    in force (the table's reading, if it gave one), else ()."""
    reading = hooks.of(state.settings).reading(state.settings, where)
    return () if reading is None else reading.seats


def kept_seats(state: GameState, where: str, counts: dict[str, int]) -> tuple[tuple[str, str], ...]:
    """The seats of a Big Box region as they were at its last scoring, where the holder still has
    a Caballero counted there: what the table confirms when nothing changed."""
    seats = hooks.of(state.settings).last_seated(state)
    kept = ((seat.title, seats.get(seat.title)) for seat in seat_rules(state, where))
    return tuple((title, holder) for title, holder in kept if holder is not None and counts.get(holder, 0))


def _check_seats(state: GameState, step: s.Scored) -> None:
    """A way to play's region's seats (S:209, S:214, S:219) and room: France holds 3; what the way's
    pieces there allow counting is its own check (engine/hooks.py ``check_counted``)."""
    capacity, seats = hooks.of(state.settings).capacity(step.where), seat_rules(state, step.where)
    total = sum(n for _, n in step.counts)
    name = state.rules.name(step.where)
    if capacity is not None and total > capacity:
        refuse(f"{name} has room for {capacity} Caballeros, not {total}")
    hooks.of(state.settings).check_counted(state, step)
    if not step.seats:
        return
    if not seats:
        refuse(f"{name} has no seats")
    titles = [title for title, _ in step.seats]
    if len(set(titles)) != len(titles):
        refuse("each seat has one holder")
    for title, colour in step.seats:
        if title not in {seat.title for seat in seats}:
            refuse(f"{name}'s seats: {', '.join(seat.title for seat in seats)}; not {title!r}")
        colour_known(state, colour)
    counts = dict(step.counts)
    for colour in {colour for _, colour in step.seats}:
        held = [title for title, holder in step.seats if holder == colour]
        if counts.get(colour, 0) < len(held):
            refuse(f"{state.name(colour)} sits on {' and '.join(held)} but has {counts.get(colour, 0)} "
                   f"Caballeros counted in {name} (count the seated ones too)")


def left_after(state: GameState, step: s.Scored) -> list[str]:
    """What the scoring under way has left to score after ``step``. With the board recorded, a
    'most' or 'fewest' scoring follows the board: a count changed at a region's scoring may add
    a region that now qualifies or drop one that no longer does (never one already scored)."""
    left = [w for w in state.to_score if w != step.where]
    if not board.tracked(state) or state.scoring_kind not in ("most", "fewest") or step.where == CASTILLO:
        return left
    totals = state.totals()
    totals[step.where] = sum(n for _, n in step.counts)
    values = {r: state.values(r) for r in state.regions}
    wanted = pick.regions(state.scoring_kind, values, totals, None, None, order=counted_regions(state, state.scoring_kind))
    done = {*state.scored_places, step.where}
    return [r for r in left if r in wanted] + [r for r in wanted if r not in left and r not in done]


def _apply_scored(state: GameState, step: s.Scored) -> None:
    counts = {c: n for c, n in step.counts}
    left = left_after(state, step)
    before = [w for w in state.to_score if w != step.where]
    name = state.rules.name
    for region in (r for r in left if r not in before):
        state.scoring_notes.append(f"{name(region)} now qualifies ({pick.KINDS[state.scoring_kind].wording}): "
                                   "scored too")
    for region in (r for r in before if r not in left):
        state.scoring_notes.append(f"{name(region)} no longer qualifies after the count of {name(step.where)}: "
                                   "not scored")
    score_now(state, step.where, counts, step.seats)
    state.to_score = left
    state.scored_places.append(step.where)
    beside = hooks.of(state.settings).counts_part(state, step.where)  # others stand beside the counted ones
    if board.tracked(state):  # a count that differs from the board corrects it
        for colour, n in counts.items():
            if not beside or n > board.held(state, colour, step.where):
                board.set_count(state, colour, step.where, n)
    if step.where == CASTILLO:
        state.castillo = {c: n for c, n in counts.items() if n}
        # Under Rebellion the Castillo is the King's region: its Caballeros stay in.
        if state.scoring.startswith("general") and state.king != CASTILLO:
            _empty_castillo(state)
        if state.scoring.startswith("general"):
            hooks.of(state.settings).castillo_emptied(state)  # I&K's 35, the Colonies' Conspiracy (S:179, S:266)
    elif not (beside and board.tracked(state)):
        state.counts[step.where] = {c: n for c, n in counts.items() if n}
    if step.seats:
        hooks.of(state.settings).seats_taken(state, step.seats)
    if state.scoring.startswith("general") and step.where == CASTILLO:
        state.to_score = list(state.regions)


#: The rules revision from which black Caballeros in the Castillo leave by their holder's disc (S:248).
BLACK_BY_HOLDER = 3
#: The rules revision from which that rule is asked of the mode (a Grand Inquisitor on the board), never of a
#: colour's name: revisions 3 and 4 kept a player who played black in the Castillo for ever in any mode (a
#: defect, issue 32); their game logs replay as they were played.
BLACK_ASKED_OF_THE_MODE = 5


def _grand_inquisitors(state: GameState, colour: str) -> bool:
    """Whether ``colour``'s Castillo Caballeros are the Grand Inquisitor's black ones (S:248)."""
    if colour not in hooks.NAMED_UNOWNED or state.settings.revision < BLACK_BY_HOLDER:
        return False
    return state.settings.revision < BLACK_ASKED_OF_THE_MODE or board.unowned(state, colour)


def _empty_castillo(state: GameState) -> None:
    """Each player's Castillo Caballeros go to the region on their disc (King's region or none: Court);
    the Grand Inquisitor's black ones by his holder's disc, and with no holder or no region they stay
    in the Castillo: they never leave the board (S:248; assumed where the seed is silent)."""
    black_staying, staying_colour = 0, ""
    for colour, n in sorted(state.castillo.items()):
        if colour == state.settings.dummy:
            dummy.leave_castillo(state, n)
            continue
        region = state.discs.get(colour)
        if _grand_inquisitors(state, colour):
            holder = hooks.of(state.settings).holder(state, colour)
            region = state.discs.get(holder) if holder else None
            if region is None or region == state.king:
                black_staying, staying_colour = n, colour
                continue
        if board.tracked(state):
            board.to_region(state, colour, region, n)  # the King's region or none: the Court
        elif region is not None and region != state.king:
            state.counts[region][colour] = state.counts[region].get(colour, 0) + n
    state.castillo = {staying_colour: black_staying} if black_staying else {}
    staying = {}
    for colour, came_from in state.grandes_in_castillo.items():
        # Competition: Grandes leave with their owners' discs. When the disc names the King's region
        # or nothing (assumed): back where the Grande came from, unless that is the King's region,
        # which nothing enters; then it stays in the Castillo until a disc or a correction moves it.
        region = state.discs.get(colour)
        if region is None or region == state.king:
            region = came_from if came_from != state.king else None
        if region is None:
            staying[colour] = came_from
        else:
            state.grandes[colour] = region
    state.grandes_in_castillo = staying


def end_general_scoring(state: GameState) -> None:
    state.scoring = ""
    hooks.of(state.settings).scoring_ended(state)  # I&K's Quarantine: its scoreboard back (S:186)
    if state.settings.dummy:
        dummy.shuffle_regions(state)


def end_special_scoring(state: GameState) -> None:
    state.scoring = ""
    state.first_only = False


CHECKS: dict[type, Callable[[GameState, Any], None]] = {
    s.SpecialScoringStarted: _check_special,
    s.SecretDiscs: _check_discs,
    s.SecretDisc: _check_disc,
    s.Scored: _check_scored,
}
APPLY: dict[type, Callable[[GameState, Any], None]] = {
    s.SpecialScoringStarted: _apply_special,
    s.SecretDiscs: _apply_discs,
    s.SecretDisc: _apply_disc,
    s.Scored: _apply_scored,
}
