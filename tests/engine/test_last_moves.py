"""Where Caballeros went last, kept on the state (engine/last_moves.py, issue 34): the menu's
correction reads ``GameState.moved`` (engine/offers/corrections.py) instead of walking back through
the steps. The walks it replaces stay here as the oracle: every old game log and random orders of
a turn's steps keep the same guesses as the walks read from the same steps."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from companion.engine import last_moves
from companion.engine import steps as s
from companion.engine.offers import corrections
from companion.engine.settings import Settings
from companion.engine.state import GameState
from companion.play.game import Game
from companion.record.journal import read_only

JOURNALS = sorted((Path(__file__).parents[1] / "fixtures" / "journals").glob("*.jsonl"))
MOVING, place = last_moves.MOVING, last_moves.place


# -- the walks back through the steps, as the page read them before (the oracle) ------------------

def last_placement(steps: Sequence[s.Step]) -> tuple[str | None, tuple[str, ...]]:
    run: list[str] = []
    colour: str | None = None
    for step in reversed(steps):
        if isinstance(step, MOVING):
            if colour is None:
                colour = step.colour
                run.append(place(step))
                if not isinstance(step, (s.Placed, s.CastilloThrow)):
                    break
            elif isinstance(step, (s.Placed, s.CastilloThrow)) and step.colour == colour:
                run.append(place(step))
            else:
                break
        elif colour is not None:
            break
    return colour, tuple(dict.fromkeys(reversed(run)))


def last_placed(steps: Sequence[s.Step], colour: str) -> str | None:
    for step in reversed(steps):
        if isinstance(step, MOVING) and step.colour == colour:
            return place(step)
    return None


def assert_kept_as_walked(settings: Settings, steps: Sequence[s.Step], colours: Sequence[str]) -> GameState:
    state = GameState(settings)
    for n, step in enumerate(steps, 1):
        last_moves.keep(state, step)
        assert corrections.last_placement(state) == last_placement(steps[:n]), (n, step)
        assert corrections.last_mover(state) == last_placement(steps[:n])[0]
        assert [corrections.last_placed(state, c) for c in colours] == [last_placed(steps[:n], c) for c in colours]
    return state


@pytest.mark.parametrize("path", JOURNALS, ids=lambda p: p.name)
def test_an_old_journal_keeps_the_guesses_its_steps_say(path):
    game = Game.from_record(read_only(path))
    kept_alone = assert_kept_as_walked(game.settings, game.steps, (*game.state.colours, "black"))
    assert game.state.moved == kept_alone.moved  # the referee keeps them as it applies (undos rebuilt)


def test_random_orders_of_a_turn_s_steps_keep_the_guesses_the_walks_read():
    some = [s.Placed("red", "navarra", 1), s.Placed("red", "aragon", 2), s.Placed("blue", "navarra", 1),
            s.CastilloThrow("red", 1), s.CaballerosMoved("red", "aragon", "galicia", 1),
            s.CaballerosMoved("blue", "court", "castillo", 2), s.TurnEnded("red"), s.ActionCardTaken("red", 1)]
    for seed in range(300):
        rng = random.Random(seed)
        steps = [rng.choice(some) for _ in range(rng.randint(1, 25))]
        assert_kept_as_walked(Settings(edition="2023"), steps, ("red", "blue"))
