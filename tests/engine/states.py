"""States for the referee's unit tests: a ``GameState`` of given settings and board, played by the
rules alone (companion/engine/rules.py: ``check`` then ``apply`` for each step), no ``Game``, phase
chart, trial copy or snapshot.

    state = states.set_up(Settings(players=PLAYERS, seed=2), SETUP)   # round 1, Power cards
    states.power_cards(state, {"red": 9, "blue": 3, "green": 5})       # then the turns
    states.take(state, s.ActionCardTaken("red", 1))
    states.refused(state, s.CastilloThrow("blue", 1), "only on his own turn")
    state = states.ann_takes("2023.5.exile", 5, new_regency=True)   # the card tests' board game

What the phase chart does on its own when a phase begins or ends is done here by name, where a
test crosses it: entering round 1's Power cards after the setup (``referee.start_round``), a round
without a scoring ending into the next (:func:`next_round`), a scoring round into the general
scoring (:func:`general_scoring`), a special scoring's end (:func:`special_scoring_done`).
tests/play/test_states_builder.py plays the same steps through a ``Game`` and finds the same state,
so this never drifts from the chart.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

import pytest

from companion.engine import referee, rules, scorings
from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.engine.state import GameState

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
#: The King in Toledo; Ann at home in Galicia, Bo in Aragón, Cy in Sevilla; Ann first.
SETUP = s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")))


#: The card tests' setup: the King in Castilla, the same homes, Ann first.
CASTILLA = s.SetupDone(king="castilla", first="red", homes=SETUP.homes)


def set_up(settings: Settings, setup: s.SetupDone = SETUP) -> GameState:
    """The state after the setup, round 1's Power cards begun (as the chart enters them)."""
    state = GameState(settings)
    take(state, setup)
    referee.start_round(state)
    return state


def take(state: GameState, *steps: s.Step) -> GameState:
    """Each step checked by the rules on the state as the ones before leave it, then applied."""
    for step in steps:
        rules.check(state, step)
        rules.apply(state, step)
    return state


def power_cards(state: GameState, values: Mapping[str, int]) -> GameState:
    """Everyone plays a Power card, in the order the table plays them (the turns begin)."""
    while (colour := state.next_to_play_power()) is not None:
        take(state, s.PowerCardPlayed(colour, values[colour]))
    return state


def quiet_power_cards(state: GameState) -> GameState:
    """Everyone plays the highest card in hand no other has played this round."""
    while (colour := state.next_to_play_power()) is not None:
        shown = {state.total(other) for other in state.played}
        take(state, s.PowerCardPlayed(colour, max(v for v in state.hands[colour] if v not in shown)))
    return state


def turn(state: GameState, stack: int | None = None, *effects: s.Step) -> GameState:
    """The active player takes a card (default: the first stack left), does its effects, ends."""
    colour = state.active
    assert colour is not None, "no turn in play"
    take(state, s.ActionCardTaken(colour, stack if stack is not None else state.stacks_left()[0]), *effects)
    return take(state, s.TurnEnded(colour))


def quiet_turns(state: GameState) -> GameState:
    """Every remaining player takes a card and does nothing else."""
    while state.active is not None:
        turn(state)
    return state


def next_round(state: GameState) -> GameState:
    """The round's last turn ended, no scoring after it: what the chart does then (the round's end,
    the next round's Power cards begun)."""
    assert not referee.is_scoring_round(state), "a scoring round ends into the general scoring"
    referee.end_round(state)
    referee.start_round(state)
    return state


def special_scoring_done(state: GameState) -> GameState:
    """A special scoring's last place scored: the chart back in the turn (the scoring ended)."""
    scorings.end_special_scoring(state)
    return state


def general_scoring(state: GameState) -> GameState:
    """A scoring round's last turn ended: the round's end and the general scoring begun (its discs)."""
    assert referee.is_scoring_round(state), "only after rounds the rules score"
    referee.end_round(state)
    scorings.start_general_scoring(state)
    return state


def refused(state: GameState, step: s.Step, message: str) -> str:
    """The rules refuse the step with one line matching ``message``, and the state is unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(s.StepRefused, match=message) as info:
        rules.check(state, step)
    assert "\n" not in str(info.value)
    assert state == before
    return str(info.value)


def refused_unit(state: GameState, steps: tuple[s.Step, ...], message: str) -> str:
    """A unit the rules refuse at one of its steps (each checked on the state the ones before leave),
    with one line matching ``message``; the state is unchanged (a unit is kept whole or not at all)."""
    before = copy.deepcopy(state)
    trial = copy.deepcopy(state)
    with pytest.raises(s.StepRefused, match=message) as info:
        take(trial, *steps)
    assert "\n" not in str(info.value)
    assert state == before
    return str(info.value)


def board_game(edition: str = "2023", *, revision: int = REVISION, seed: int = 5, setup: s.SetupDone = CASTILLA,
               before: tuple[s.Step, ...] = (), **settings: object) -> GameState:
    """A game that records the board, set up (``before``: board facts entered after the setup)."""
    state = set_up(Settings(edition=edition, players=PLAYERS, seed=seed, board=True, revision=revision,
                            **settings), setup)  # type: ignore[arg-type]
    return take(state, *before)


def ann_takes(card: str, stack: int, *, edition: str = "2023", revision: int = REVISION,
              before: tuple[s.Step, ...] = (), **settings: object) -> GameState:
    """A board game where Ann (Power card 13: no Caballeros to the Court, first) takes ``card``
    (revealed on ``stack``); ``before``: board facts entered after the setup. Bo's home is Aragón,
    Cy's Sevilla; the King in Castilla."""
    state = board_game(edition, revision=revision, before=before, **settings)
    take(state, s.ActionCardsRevealed(((stack, card),)))
    power_cards(state, {"red": 13, "blue": 1, "green": 6})
    return take(state, s.ActionCardTaken("red", stack))
