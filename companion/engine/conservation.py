"""Conservation, a law of the engine (issue 32): in a game that records the board, after every step
applied (live, replayed, undone, resumed from the snapshot) every colour's Caballeros add up to its
supply across the places it can be: the regions (the Big Box's in play, the Limit table's among
them), the places never scored (Grandissimo's ship and prison), the Castillo, its Court and its
Province (the 2023 dummy's pile next to the board is its Province). None is ever below zero
anywhere. From rules revision 5 the Grand Inquisitor's black Caballeros, which have no Court and no
Province (S:246, S:248), hold none there either.

Game._apply calls :func:`check` after each step, so a live step that would break the law is refused
(StepRefused, the game rebuilt as it was), a game log line that breaks it on replay is reported
damaged there (Game._checked_replay), and snapshot.restored does not trust a snapshot whose state
breaks it. A scores-only game knows no Court or Province: nothing is checked.

It runs on every step, so it reads the state's piles directly (board.everywhere only to word a
refusal); the bench prints its cost ("conservation check per step").
"""

from companion.engine import board
from companion.engine import steps as s
from companion.engine.state import GameState

#: The rules revision from which the Grand Inquisitor's black Caballeros must hold none in a Court or
#: a Province (they have neither, S:246); older game logs replay as they were played.
BLACK_HAS_NO_PILE = 5


def check(state: GameState) -> None:
    """Refuse (StepRefused, one line naming the colour and its places) a board that has lost, gained
    or misplaced a Caballero; nothing before the setup (no Court or Province yet) or in a scores-only game."""
    if not state.province or not state.settings.board:
        return
    court, province, castillo = state.court, state.province, state.castillo
    regions = tuple(state.counts.values())
    pileless = state.settings.revision >= BLACK_HAS_NO_PILE
    for colour, supply in supplies(state).items():
        held = [where.get(colour, 0) for where in regions]
        held += (court.get(colour, 0), province.get(colour, 0), castillo.get(colour, 0))
        if (sum(held) != supply or min(held) < 0
                or (pileless and (held[-3] or held[-2]) and board.unowned(state, colour))):
            _refuse(state, colour)


#: The last game's settings and its colours' supplies: the same for a whole game, asked on every step
#: (state.supply looks up the edition: most of the check's cost when asked each time).
_known: list = [None, {}]


def supplies(state: GameState) -> dict[str, int]:
    """Every colour counted in this game -> its supply (state.counted, state.supply)."""
    if _known[0] is not state.settings:  # (settings are frozen: the same object, the same supplies)
        _known[:] = [state.settings, {colour: state.supply(colour) for colour in state.counted}]
    return _known[1]


def _refuse(state: GameState, colour: str) -> None:
    where = {place: n for place, n in board.everywhere(state, colour).items() if n}
    stray = [place for place in state.counts if place not in where and state.counts[place].get(colour)]
    listed = ", ".join(f"{state.rules.name(p) if p in state.counts or p == board.CASTILLO else p.title()} {n}"
                       for p, n in where.items()) or "nowhere"
    total = sum(where.values())
    why = (f"{total} Caballeros, not its {state.supply(colour)}" if total != state.supply(colour)
           else "a Caballero below zero" if min(where.values(), default=0) < 0
           else "Caballeros in a Court or Province it does not have")
    extra = f"; and in {', '.join(stray)}, not a place of this game" if stray else ""
    raise s.StepRefused(f"the board would not add up: {state.name(colour)} would have {why} ({listed}{extra})")
