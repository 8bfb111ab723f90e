"""The flow: what follows by itself from where the game stands, and what a unit caused.

Two questions the table never answers, asked of the rules alone (a state, its phase, the step
kinds the chart expects), with no Game and no page:

    follows(state, phase, expects) -> tuple[Step, ...]   # the steps that go without saying
    mark(state, phase) -> Mark                           # where a unit starts, before its steps
    caused(mark, state, phase, unit) -> tuple[Event, ...]  # what the unit's steps caused

``follows`` is sent with the steps the table confirmed, in their unit (an undo takes them too):
a general scoring's questions the board answers (no secret discs with nobody in the Castillo,
an empty Castillo, a region held by one colour or none), and what a way to play's turn begins
with when there is only one choice (its special action: engine/hooks.py). ``caused`` gives typed events (a scoring's results, the
dummy's moves, a new round...) that the notices present: the screens diff no counters.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine import board, hooks, scorings
from companion.engine import steps as s
from companion.engine.state import GameState
from companion.rules import spain
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)
from companion.rules.special_scoring import KINDS

#: The phases of a general scoring, in their order.
GENERAL_SCORING = ("secret_discs", "castillo", "regions")


# -- what follows by itself ------------------------------------------------------------------------
def follows(state: GameState, phase: str, expects: tuple[str, ...]) -> tuple[s.Step, ...]:
    """The steps that follow by themselves from where the game stands: what a way to play's turn
    begins with when it offers no choice (engine/hooks.py ``without_a_choice``), then what a general
    scoring need not ask."""
    return (*hooks.of(state.settings).without_a_choice(state, phase, expects), *unasked(state, phase))


def regions_as_recorded(state: GameState) -> bool:
    """Whether a general scoring's regions are confirmed on one page, as the board records them:
    the base game (a way to play's region with seats, or one it asks alone, is asked region by region)."""
    return board.tracked(state) and state.scoring.startswith("general") and not state.settings.expansion


def scoring_just_ended(state: GameState) -> bool:
    """Whether a scoring has just ended: the last step scored a place and no scoring is under way
    (a restart shows its results again: ui/screens/notices.py)."""
    return state.last_scored and not state.scoring


def deal_just_shown(state: GameState, phase: str, unit: Sequence[s.Step]) -> bool:
    """Whether the last unit confirmed showed a way to play's own deal: its round's last card played,
    the turns begun and nothing since (a restart shows the deal again: ui/screens/notices.py). The
    way to play answers from the unit's steps (engine/hooks.py ``deal_shown_by``): the base game has
    no deal to show."""
    return phase == "turns" and hooks.of(state.settings).deal_shown_by(state, unit)


def unasked(state: GameState, phase: str) -> tuple[s.Step, ...]:
    """What a general scoring need not ask, with the board recorded, from where the game stands:
    no secret discs when nobody is in the Castillo, an empty Castillo, and each next region held
    by one colour or none (its counts cannot change what it scores: the board's are kept; with the
    regions on one page, every such region, not only the next ones). Sent with the OK before them,
    in its unit; the results say which regions nobody scored."""
    if not board.tracked(state) or not state.scoring.startswith("general"):
        return ()
    out: list[s.Step] = []
    empty = not any(state.castillo.values()) and not state.grandes_in_castillo
    if phase == "secret_discs" and empty and not state.discs and not scorings.waiting_discs(state):
        out.append(s.SecretDiscs(tuple((c, None) for c in state.colours)))
        phase = "castillo"
    if phase == "castillo":
        if not empty:
            return tuple(out)
        out.append(s.Scored(spain.CASTILLO, ()))
        left = list(state.regions)
    elif phase == "regions":
        left = list(state.to_score)
    else:
        return tuple(out)
    table = hooks.of(state.settings)
    whole = regions_as_recorded(state)  # (on one page: every region of one colour or none goes; else the next ones)
    for where in left:
        held = {c: n for c, n in state.counts.get(where, {}).items() if n}
        if len(held) > 1 or scorings.seat_rules(state, where) or table.asked_alone(state, where):
            if whole:
                continue
            break
        out.append(s.Scored(where, tuple(held.items())))
    return tuple(out)


# -- what a unit caused ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Mark:
    """Where a unit starts: what its events are told from (taken before its steps)."""

    phase: str
    round: int = 0
    scoring: str = ""
    dummy_moves: int = 0
    notes: int = 0
    general_scorings: int = 0


def mark(state: GameState | None, phase: str = "") -> Mark:
    """The mark of a game before a unit (None: no game yet, as at the wizard)."""
    if state is None:
        return Mark("")
    return Mark(phase, state.round, state.scoring, len(state.dummy.moves), len(state.scoring_notes),
                state.general_scorings)


@dataclass(frozen=True)
class Event:
    """Something a unit caused that the table reads before going on."""


@dataclass(frozen=True)
class ScoringFollowsTheBoard(Event):
    """A count changed which regions the scoring under way scores: why, one note each."""

    notes: tuple[str, ...]


@dataclass(frozen=True)
class RegionsScored(Event):
    """A scoring ended ("general scoring 2", "special scoring: ..."), in ``round``."""

    occasion: str
    round: int

    @property
    def general(self) -> bool:
        return self.occasion.startswith("general")


@dataclass(frozen=True)
class GeneralScoringBegan(Event):
    """The round's last turn ended and a general scoring asks the table (the board to check)."""

    round: int


@dataclass(frozen=True)
class TurnsBegan(Event):
    """The round's last card was played: the turns begin."""

    round: int


@dataclass(frozen=True)
class RoundBegan(Event):
    """A new round's cards are played (after the turns, or a general scoring's phases, of the
    round before). ``ended``: the round before; ``from_turns``: its turns ended in this unit (no
    scoring page between)."""

    round: int
    ended: int
    from_turns: bool


@dataclass(frozen=True)
class DummyMoved(Event):
    """What the dummy did and why, since the unit began (the table moves its pieces)."""

    moves: tuple[str, ...]


@dataclass(frozen=True)
class GameOver(Event):
    """The last scoring ended the game."""


def caused(before: Mark, state: GameState, phase: str, unit: tuple[s.Step, ...] = ()) -> tuple[Event, ...]:
    """The events of a unit: from its mark, the state and phase it left, and its steps."""
    out: list[Event] = []
    notes = tuple(state.scoring_notes[before.notes:])
    if notes:
        out.append(ScoringFollowsTheBoard(notes))
    ended = _ended(before, state, unit)
    if ended and state.scoring != ended:
        out.append(RegionsScored(ended, before.round))
    if before.phase == "turns" and phase in GENERAL_SCORING:
        out.append(GeneralScoringBegan(before.round))
    if before.phase == "power_cards" and phase == "turns":
        out.append(TurnsBegan(state.round))
    if phase == "power_cards" and before.phase in ("turns", *GENERAL_SCORING):
        out.append(RoundBegan(state.round, before.round, from_turns=before.phase == "turns"))
    moves = tuple(text for _, text in state.dummy.moves[before.dummy_moves:])
    if moves:
        out.append(DummyMoved(moves))
    if phase == "game_over" and before.phase != "game_over":
        out.append(GameOver())
    return tuple(out)


def _ended(before: Mark, state: GameState, unit: tuple[s.Step, ...]) -> str:
    """The scoring the unit ended: the one under way before it, a general scoring the board scored
    whole with the round's last turn (nothing to ask), or a special scoring it started and scored
    whole (a card's, the board recorded); "" when none."""
    whole = (not before.scoring and before.phase == "turns" and not state.scoring
             and state.general_scorings > before.general_scorings)
    if whole:
        return f"general scoring {state.general_scorings}"
    if before.scoring:
        return before.scoring
    started = [step for step in unit if isinstance(step, s.SpecialScoringStarted)]
    if not started or state.scoring:
        return ""
    return f"special scoring: {KINDS[started[0].what].wording}"
