"""The board: where every Caballero of every colour is, in a game that records placements.

A colour's Caballeros are always somewhere: in a region, in the Castillo, in
its Court or in its Province, and together they are the colour's 30 (RULES.md
"Setup numbers"; the classic's 31st marks the score). Setup puts 2 in the home
region, 7 in the Court and the rest in the Province; a Power card brings its
intake from the Province to the Court at the start of its player's turn; a turn places from the Court; secret
discs, card effects and corrections move them between places.

In a "scores only" game (``settings.board`` off, as every journal written
before 0.3) the companion knows only the regions and the Castillo as last
counted, and Court and Province are not tracked: nothing here is called.
"""

from companion.engine import hooks
from companion.engine import steps as s
from companion.engine.state import GameState
from companion.rules import region_moves, spain

CASTILLO = spain.CASTILLO
COURT, PROVINCE = "court", "province"
#: In the home region at setup, with the Grande.
AT_HOME = 2


def tracked(state: GameState) -> bool:
    """Whether this game records where every Caballero is."""
    return state.settings.board


def set_up(state: GameState, homes: dict[str, str]) -> None:
    """2 in each home region (already counted), 7 in each player's Court (GI&C: 9, 2 of them for the
    setup's disc), the rest in the Province. The 2023 dummy has no home and no Court: all of its
    Caballeros start in its Province."""
    for colour in state.everyone:
        limit = state.supply(colour)
        court = hooks.of(state.settings).court_at_setup if colour in state.colours else 0
        home = AT_HOME if colour in homes else 0
        state.court[colour] = court
        state.province[colour] = limit - home - court


def places(state: GameState) -> tuple[str, ...]:
    """Every place a Caballero can be in this game: the regions (the Big Box's in play too), the
    places never scored (Grandissimo's ship and prison), the Castillo, the Court, the Province."""
    return (*state.regions, *hooks.of(state.settings).aside, CASTILLO, COURT, PROVINCE)


def on_the_map(state: GameState) -> tuple[str, ...]:
    """The places of the map a card or a correction moves Caballeros between: the regions and the
    places never scored (not the Castillo, the Court or the Province)."""
    return (*state.regions, *hooks.of(state.settings).aside)


def unowned(state: GameState, colour: str) -> bool:
    """The Grand Inquisitor's black Caballeros: no Court, no Province (they never go there, S:246)."""
    return colour in hooks.of(state.settings).unowned


#: The rules revision from which the 2023 dummy has no Court (000 l.465); before it, a game let
#: its Caballeros be moved there, and replays so.
DUMMY_NO_COURT = 3


def courtless(state: GameState, colour: str) -> bool:
    """000 l.465: the 2-player dummy's Caballeros "lie next to the game board", it has no Court
    (from rules revision 3; older game logs replay as they were played)."""
    return colour == state.settings.dummy and state.settings.revision >= DUMMY_NO_COURT


def check_no_court(state: GameState, colour: str, target: str) -> None:
    if target == COURT and courtless(state, colour):
        raise s.StepRefused(f"{state.name(colour)} is the dummy: it has no Court (its Caballeros lie next to the board)")


def held(state: GameState, colour: str, place: str) -> int:
    """Caballeros of ``colour`` in ``place``."""
    if place == COURT:
        return state.court.get(colour, 0)
    if place == PROVINCE:
        return state.province.get(colour, 0)
    if place == CASTILLO:
        return state.castillo.get(colour, 0)
    return state.counts[place].get(colour, 0)


def _put(state: GameState, colour: str, place: str, n: int) -> None:
    """Add ``n`` (negative: take away) Caballeros of ``colour`` to ``place``."""
    if not n:
        return
    if place in (COURT, PROVINCE):
        pile = state.court if place == COURT else state.province
        pile[colour] = pile.get(colour, 0) + n
        return
    where = state.castillo if place == CASTILLO else state.counts[place]
    left = where.get(colour, 0) + n
    if left:
        where[colour] = left
    else:
        where.pop(colour, None)


def move(state: GameState, colour: str, source: str, target: str, n: int) -> None:
    """``n`` Caballeros of ``colour`` from ``source`` to ``target`` (checked before)."""
    _put(state, colour, source, -n)
    _put(state, colour, target, n)


def everywhere(state: GameState, colour: str) -> dict[str, int]:
    """Where a colour's Caballeros are: place -> count, every place listed."""
    return {place: held(state, colour, place) for place in places(state)}


def total(state: GameState, colour: str) -> int:
    """All of a colour's Caballeros: always its supply in a board game (state.supply)."""
    return sum(everywhere(state, colour).values())


#: The rules revision from which the Power card's intake enters the Court at the start of its
#: player's own turn (000 l.233, 003 l.75-77, 004 l.41-42); before it, a game took it in when the
#: card was played, and replays so (companion/engine/settings.py REVISION).
INTAKE_AT_TURN = 2


def intake_at_turn(state: GameState) -> bool:
    """Whether the Power card's Caballeros enter the Court at the start of its player's turn
    (rules revision 2) rather than when the card is played (every game started before)."""
    return state.settings.revision >= INTAKE_AT_TURN


def begin_turn(state: GameState, intake: int | None) -> None:
    """000 l.233: "At the beginning of your turn, take as many Caballeros from the general supply
    (the Province) as are shown on your played Power card": the first thing of the active player's
    turn, ``intake`` of them (the dummy has no Court; None: Intrigue & the King's heads nobody has
    entered yet, the player's own CourtIntake step)."""
    colour = state.active
    if (not tracked(state) or not intake_at_turn(state) or colour not in state.colours or colour in state.intake
            or intake is None):
        return
    take_in(state, colour, intake)


def take_in(state: GameState, colour: str, intake: int) -> int:
    """A Power card's intake from the Province to the Court, as far as the Province holds (at the
    start of the player's turn, or in a game before revision 2 when the card is played);
    returns how many came. Fewer, or own Caballeros from regions when the Province runs out,
    is the player's CourtIntake step on their turn (check_intake)."""
    n = min(intake, held(state, colour, PROVINCE))
    move(state, colour, PROVINCE, COURT, n)
    state.intake[colour] = (n, ())
    return n


def intake_short(state: GameState, colour: str, most: int) -> int:
    """How many the Power card's intake still lacks with the Province empty (0: none lacking,
    or the Province still holds some, so the player took fewer by choice)."""
    came, regions = state.intake.get(colour, (0, ()))
    lacking = most - came - sum(n for _, n in regions)
    return lacking if lacking > 0 and held(state, colour, PROVINCE) == 0 else 0


def check_intake(state: GameState, step: s.CourtIntake, most: int) -> None:
    """000 l.249: "If there are not enough of your Caballeros left in the Province, you may take
    your Caballeros from the regions on the map (not from the Castillo) to your Court"; a player
    may take fewer than the Power card shows (RULES.md "Power cards"): at most ``most``
    (queries.intake_room)."""
    if not tracked(state):
        raise s.StepRefused("this game keeps scores only: Court and Province are not tracked")
    who, name = state.name(step.colour), state.rules.name
    came, before = state.intake.get(step.colour, (0, ()))
    earlier = dict(before)
    regions: dict[str, int] = {}
    for region, n in step.regions:
        if region not in state.regions:
            raise s.StepRefused(f"{region!r} is not a region: Caballeros come to the Court from regions, "
                                "never from the Castillo")
        if region in regions or n < 1:
            raise s.StepRefused("name each region once, with at least one Caballero")
        if region == state.king and n != earlier.get(region, 0):
            raise s.StepRefused(f"nothing leaves the King's region ({name(region)})")
        if n > held(state, step.colour, region) + earlier.get(region, 0):
            raise s.StepRefused(f"{name(region)} holds {held(state, step.colour, region)} of {who}'s Caballeros, not {n}")
        regions[region] = n
    if step.province < 0:
        raise s.StepRefused("a count of Caballeros is never negative")
    total = step.province + sum(regions.values())
    if total > most:
        raise s.StepRefused(f"{who}'s card brings at most {most} Caballeros to the Court, not {total}")
    province = held(state, step.colour, PROVINCE) + came
    if step.province > province:
        raise s.StepRefused(f"{who}'s Province holds {province} Caballeros, not {step.province}")
    if regions and step.province < province:
        raise s.StepRefused(f"Caballeros come from regions only when the Province runs out ({who}'s holds {province})")
    court = held(state, step.colour, COURT) - came - sum(earlier.values()) + total
    if court < 0:
        raise s.StepRefused(f"{who} has already placed them: the Court holds {held(state, step.colour, COURT)}")


def apply_intake(state: GameState, step: s.CourtIntake) -> None:
    """The turn's intake so far goes back where it came from, then the new one comes in."""
    came, before = state.intake.get(step.colour, (0, ()))
    move(state, step.colour, COURT, PROVINCE, came)
    for region, n in before:
        move(state, step.colour, COURT, region, n)
    move(state, step.colour, PROVINCE, COURT, step.province)
    for region, n in step.regions:
        move(state, step.colour, region, COURT, n)
    state.intake[step.colour] = (step.province, tuple(step.regions))


def to_region(state: GameState, colour: str, region: str | None, n: int) -> None:
    """Castillo Caballeros leaving by a secret disc: to ``region``, or (the King's region, or no
    clear choice) back to the Court."""
    target = region if region is not None and region != state.king else COURT
    move(state, colour, CASTILLO, target, n)


def check_placed(state: GameState, step: s.Placed, room: int, kings_region: bool = False, anywhere: bool = False) -> None:
    """A turn's placement: from the Court into a region next to the King's region (the Big Box:
    the ship from a coastal King's region, France from Aragón and Cataluña, room in France), at
    most what the card still allows (``room``); ``kings_region``: Infiltration lets it go there too;
    ``anywhere``: Intrigue & the King's card 20, any region but the King's (S:177; region_moves.PLACE_ANYWHERE)."""
    if not tracked(state):
        raise s.StepRefused("this game keeps scores only: placements are not recorded")
    if step.count == 0:
        raise s.StepRefused("place at least one Caballero")
    if step.region not in on_the_map(state):
        raise s.StepRefused(f"{step.region!r} is not a region; regions: {', '.join(state.regions)}")
    name = state.rules.name
    if step.region == state.king and not kings_region:
        raise s.StepRefused(f"{name(step.region)} is the King's region: nobody places there")
    far = anywhere and hooks.of(state.settings).allows(region_moves.PLACE_ANYWHERE, step.region)
    if step.region != state.king and not far and step.region not in receiving(state, step.colour):
        raise s.StepRefused(f"{name(step.region)} is not next to the King's region ({name(state.king or '')})")
    check_room(state, step.region, step.count)
    from_court(state, step.colour, step.count)
    if step.count > room:
        raise s.StepRefused(f"{state.name(step.colour)}'s card places at most {room} more Caballeros this turn")


def check_room(state: GameState, region: str, n: int) -> None:
    """France has 3 spaces (S:209); the other regions have no limit."""
    capacity = hooks.of(state.settings).capacity(region)
    if capacity is not None:
        there = sum(state.counts[region].values())
        if there + n > capacity:
            raise s.StepRefused(f"{state.rules.name(region)} has room for {capacity} Caballeros; "
                                f"{there} are there")


def receiving(state: GameState, colour: str | None = None) -> list[str]:
    """Where a turn may place: the Castillo (unless it is the King's region, under Rebellion),
    then the regions next to the King's region in the board's order (any region when the King
    is not in one). The Big Box adds its regions in play: France next to Aragón and Cataluña,
    GI&C's ship from a coastal King's region, and Grandissimo's ship for a ship token's holder."""
    in_play, rules = state.regions, hooks.of(state.settings)
    if state.king in in_play:
        near = rules.neighbours(state, state.king) | rules.from_the_court(state)
    elif exiled(state):
        near = spain.OUTSIDE_NEIGHBOURS[state.king or ""]
    else:  # (the 2023 Rebellion: the Castillo is the King's region; no Big Box there)
        near = frozenset(r for r in spain.SCORING_ORDER if r != state.king)
    castillo = [] if state.king == spain.CASTILLO else [spain.CASTILLO]
    return castillo + [r for r in in_play if r in near] + list(rules.aside_receiving(state, colour or state.active))


def exiled(state: GameState) -> bool:
    """New Regency Exile: the King in France or Portugal, which are not regions here. "The
    neighboring regions to France and Portugal work the same way as usual" (000 l.663; 002
    l.1394-1396): a turn places only beside them (RULES.md: France touches Navarra, Aragón and
    Cataluña, Portugal Galicia, Castilla, Toledo and Sevilla, assumed). From rules revision 2:
    before it, any region was accepted, and older game logs replay as they were played."""
    return (state.king in spain.OUTSIDE_NEIGHBOURS and state.king not in state.regions
            and state.settings.revision >= 2)


def reserve(state: GameState, colour: str) -> str:
    """Where a colour's placements come from: a player's Court; the 2023 dummy's Province
    (it has no Court)."""
    return COURT if colour in state.colours else PROVINCE


def from_court(state: GameState, colour: str, n: int) -> None:
    """Refuse a placement of ``n`` the Court (the dummy's Province) cannot pay for (board games only)."""
    source = reserve(state, colour)
    if tracked(state) and n > held(state, colour, source):
        raise s.StepRefused(f"{state.name(colour)}'s {source.title()} holds {held(state, colour, source)} "
                            f"Caballeros, not {n}")


def check_moved(state: GameState, step: s.CaballerosMoved) -> None:
    if not tracked(state):
        raise s.StepRefused("this game keeps scores only: Court and Province are not tracked")
    for place in (step.source, step.target):
        if place not in places(state):
            raise s.StepRefused(f"{place!r} is not a place; places: {', '.join(places(state))}")
        if place in (COURT, PROVINCE) and unowned(state, step.colour):
            raise s.StepRefused(f"{step.colour} Caballeros have no Court or Province: they stay on the board")
    if step.source == step.target:
        raise s.StepRefused("a move goes from one place to another")
    if step.count < 1:
        raise s.StepRefused("move at least one Caballero")
    check_no_court(state, step.colour, step.target)
    if state.king in state.regions and state.king in (step.source, step.target):
        raise s.StepRefused(f"nothing moves into or out of the King's region ({state.rules.name(state.king)})")
    have = held(state, step.colour, step.source)
    if step.count > have:
        where = _place_name(state, step.source, step.colour)
        raise s.StepRefused(f"{where} holds {have} of {state.name(step.colour)}'s Caballeros, not {step.count}")
    check_room(state, step.target, step.count)


def _place_name(state: GameState, place: str, colour: str) -> str:
    if place in (COURT, PROVINCE):
        return f"{state.name(colour)}'s {place.title()}"
    return state.rules.name(place)


def set_count(state: GameState, colour: str, place: str, n: int) -> None:
    """A count corrected (at a scoring or from the menu): Caballeros found beyond the record came
    from the Court (placements come from there), then the Province; Caballeros missing went back
    to the Province (where card effects send them)."""
    change = n - held(state, colour, place)
    if unowned(state, colour):  # black: found or missing, no Court or Province to pay it
        _put(state, colour, place, change)
        return
    if change > 0:
        court = min(change, held(state, colour, COURT))
        move(state, colour, COURT, place, court)
        move(state, colour, PROVINCE, place, change - court)
    elif change < 0:
        move(state, colour, place, PROVINCE, -change)


def check_count(state: GameState, colour: str, place: str, n: int) -> None:
    """Refuse a corrected count the colour's Court and Province cannot pay for."""
    change = n - held(state, colour, place)
    spare = (state.supply(colour) - state.on_board(colour) if unowned(state, colour)
             else held(state, colour, COURT) + held(state, colour, PROVINCE))
    if change > spare:
        pool = "off the board" if unowned(state, colour) else "in Court and Province"
        raise s.StepRefused(f"{state.name(colour)} has only {spare} Caballeros {pool}: "
                            f"{_place_name(state, place, colour)} cannot hold {n}")
