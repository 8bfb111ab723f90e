"""The rules' verdicts remembered within a press (companion/engine/rules.py, remembered.py; issue 36):
the same question of the same state is asked of the referee once, and never answered from before a
change: ``apply`` and ``changing`` forget, and nothing is remembered outside ``remembering``."""

import pytest

from companion.engine import referee, remembered, rules
from companion.engine import steps as s
from companion.engine.settings import Settings
from tests.engine import states


@pytest.fixture
def asked(monkeypatch):
    """The steps the referee itself was asked to check."""
    seen = []
    check = referee.check

    def counted(state, step):
        seen.append(step)
        check(state, step)

    monkeypatch.setattr(referee, "check", counted)
    return seen


def a_state():
    return states.set_up(Settings(players=states.PLAYERS, seed=2))


def test_outside_a_press_every_check_is_asked(asked):
    state = a_state()
    asked.clear()  # (the setup's own)
    for _ in range(2):
        rules.check(state, s.PowerCardPlayed("red", 9))
    assert len(asked) == 2 and remembered.now is None


def test_within_a_press_a_verdict_is_asked_once_and_a_refusal_says_the_same(asked):
    state = a_state()
    asked.clear()  # (the setup's own)
    with remembered.remembering():
        for _ in range(3):
            rules.check(state, s.PowerCardPlayed("red", 9))
        reasons = []
        for _ in range(2):
            with pytest.raises(s.StepRefused) as refused:
                rules.check(state, s.PowerCardPlayed("red", 14))
            reasons.append(str(refused.value))
    assert len(asked) == 2 and reasons[0] == reasons[1] and reasons[0]
    assert remembered.now is None  # the scope's end forgets


def test_apply_forgets_and_the_new_state_gets_its_own_verdict(asked):
    state = a_state()
    asked.clear()  # (the setup's own)
    step = s.PowerCardPlayed("red", 9)
    with remembered.remembering():
        rules.check(state, step)
        rules.apply(state, step)
        with pytest.raises(s.StepRefused):  # red has played: the verdict before the step is not kept
            rules.check(state, step)
    assert len(asked) == 2


def test_a_change_under_way_remembers_nothing_and_forgets_all(asked):
    state = a_state()
    asked.clear()  # (the setup's own)
    step = s.PowerCardPlayed("red", 9)
    with remembered.remembering():
        rules.check(state, step)
        with remembered.changing():
            assert remembered.now is None
            rules.check(state, step)
            referee.apply(state, step)  # as the phase chart's actions change a state: not through rules.apply
        with pytest.raises(s.StepRefused):
            rules.check(state, step)
        assert remembered.now is not None
    assert len(asked) == 3


def verdict(check, state, step) -> str:
    try:
        check(state, step)
    except s.StepRefused as refused:
        return str(refused)
    return ""


def test_a_game_step_in_a_press_forgets_what_the_chart_changed(tmp_path):
    """Each step of the sample game checked before and after it is taken, within one scope: the
    remembered verdict is the referee's own on the state as it is then."""
    from companion.measure.sample import four_player_game
    from companion.play.game import Game

    sample = four_player_game()
    game = Game.new(sample.settings, tmp_path / "game.jsonl")
    changed = 0
    with remembered.remembering():
        for step in sample.steps[:60]:  # the setup, round 1's cards and turns, round 2: the chart's changes
            before = verdict(rules.check, game.state, step)
            assert before == verdict(referee.check, game.state, step) == ""
            game.send(step)
            after = verdict(rules.check, game.state, step)
            assert after == verdict(referee.check, game.state, step)
            changed += after != ""
    game.close()
    assert changed > 30


def test_a_units_trial_copy_keeps_the_states_verdicts(asked):
    """offers.refusal asks a unit's later steps of a copy in a scope of its own (remembered.apart): the
    copy's step taken forgets none of the state's verdicts, and the answers are those asked afresh."""
    from companion.engine.offers.offer import refusal

    state = a_state()
    asked.clear()  # (the setup's own)
    play = s.PowerCardPlayed("red", 9)
    with remembered.remembering():
        rules.check(state, play)
        twice = refusal(state, (play.kind,), (play, play))  # (the card played, then again on the copy)
        rules.check(state, play)  # the state's own verdict still remembered: not asked again
        assert refusal(state, (play.kind,), (play,)) == ""
    assert asked == [play, play]  # the state's once, the copy's second step once
    assert twice and twice == refusal(state, (play.kind,), (play, play))  # as asked outside a press
