"""What the table said of the cards showing, kept on the state (engine/cards_said.py, issue 34): the
cards-shown page and the take read ``GameState.said`` instead of walking back through the steps. The
walks they replace stay here as the oracle: every old game log and random orders of the round's
steps keep the same flags as the walks read from the same steps. Beside them, a special scoring's
counts read ``GameState.special_just_started`` and a restart ``GameState.last_scored`` (kept by
referee.apply) instead of the last step."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from companion.engine import cards_said
from companion.engine import steps as s
from companion.engine.settings import Settings
from companion.engine.state import CardsSaid, GameState
from companion.play.game import Game
from companion.record.journal import read_only

JOURNALS = sorted((Path(__file__).parents[1] / "fixtures" / "journals").glob("*.jsonl"))


# -- the walks back through the steps, as the pages read them before (the oracle) -----------------

def take_answered(steps: Sequence[s.Step]) -> bool:
    power = False
    for step in reversed(steps):
        if isinstance(step, s.ActionCardsRevealed):
            return True
        if isinstance(step, s.PowerCardPlayed):
            power = True
        elif isinstance(step, s.SetupDone) or (power and isinstance(step, s.ActionCardTaken)):
            return False
    return False


def take_unsaid(new_regency: bool, steps: Sequence[s.Step]) -> bool:
    round_answered, taken = False, False
    for step in steps:
        if isinstance(step, s.ActionCardsRevealed):
            round_answered = True
        elif isinstance(step, s.PowerCardPlayed) and taken:
            round_answered, taken = False, False
        elif isinstance(step, s.ActionCardTaken):
            taken = True
            if step.card is None and not round_answered and (step.stack != 5 or new_regency):
                return True
    return False


def rounds_back(steps: Sequence[s.Step]) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    where = "this"
    for step in reversed(steps):
        if where == "this":
            if isinstance(step, s.ActionCardsRevealed):
                return [("this", True)]
            if isinstance(step, (s.ActionCardTaken, s.SetupDone)):
                out.append(("this", False))
                if isinstance(step, s.SetupDone):
                    return out
                where = "turns"
        elif where == "turns" and isinstance(step, s.PowerCardPlayed):
            where = "power"
        elif where == "power":
            if isinstance(step, s.ActionCardsRevealed):
                return out + [("before", bool(step.cards))]
            if isinstance(step, (s.ActionCardTaken, s.SetupDone)):
                break
    return out + [("before", False)] if out else [("this", False)]


def walked(new_regency: bool, steps: Sequence[s.Step]) -> tuple[bool, bool, bool, bool]:
    back = rounds_back(steps)
    return (take_answered(steps), take_unsaid(new_regency, steps), back[0] == ("this", True),
            ("before", True) in back)


def kept(said: CardsSaid) -> tuple[bool, bool, bool, bool]:
    return said.at_start, said.unsaid, said.answered, not said.answered and said.named_before


def assert_kept_as_walked(settings: Settings, steps: Sequence[s.Step]) -> GameState:
    state = GameState(settings)
    for n, step in enumerate(steps, 1):
        cards_said.keep(state, step)
        assert kept(state.said) == walked(settings.new_regency, steps[:n]), (n, step)
    return state


@pytest.mark.parametrize("path", JOURNALS, ids=lambda p: p.name)
def test_an_old_journal_keeps_the_flags_its_steps_say(path):
    game = Game.from_record(read_only(path))
    kept_alone = assert_kept_as_walked(game.settings, game.steps)
    # the referee keeps them as it applies (undos rebuilt); ``skipped`` is kept before a turn's end is
    # applied, from the turn it ends (engine/cards_said.py ``ending``; tests/engine/test_card_named.py)
    assert dataclasses.replace(game.state.said, skipped=False) == kept_alone.said
    # and, beside them, whether the last step started a special scoring (its counts' KEY3 backs out)
    assert game.state.special_just_started == isinstance(game.steps[-1], s.SpecialScoringStarted)
    assert game.state.last_scored == isinstance(game.steps[-1], s.Scored)  # (a restart's results again)


def test_random_orders_of_the_round_s_steps_keep_the_flags_the_walks_read():
    said = [s.ActionCardsRevealed(()), s.ActionCardsRevealed(((1, "2023.1.x"),)), s.PowerCardPlayed("red", 3),
            s.ActionCardTaken("red", 1), s.ActionCardTaken("red", 5), s.ActionCardTaken("red", 2, "2023.2.y"),
            s.TurnEnded("red")]
    for seed in range(300):
        rng = random.Random(seed)
        steps = [s.SetupDone("toledo", (), "red"), *(rng.choice(said) for _ in range(rng.randint(1, 30)))]
        for new_regency in (False, True):
            assert_kept_as_walked(Settings(edition="2023", new_regency=new_regency), steps)
