"""Steps that stay in their phase are taken without python-statemachine's ``send``
(companion/engine/in_place.py, issue 23: replay per step): the same game either way, step by step,
and ``send`` only for the steps that move the chart."""

import pytest
from statemachine import State, StateMachine

from companion.engine import steps as s
from companion.engine.phases import Phases
from companion.play import in_place
from companion.play import snapshot as snapshots
from companion.play.game import Game
from companion.record.journal import read_only
from tests.play.test_old_journals import FIXTURES

JOURNALS = sorted(p.name for p in FIXTURES.glob("*.jsonl"))


def _games_step_by_step(name: str, monkeypatch) -> tuple[list, list]:
    """Each step of a fixture's game, taken with the shortcut and with ``send`` alone: after each,
    the state (as a snapshot writes it) and where the chart stands."""
    steps = list(Game.from_record(read_only(FIXTURES / name)).steps)
    settings = Game.from_record(read_only(FIXTURES / name)).settings
    seen: dict[bool, list] = {}
    for shortcut in (True, False):
        if not shortcut:
            monkeypatch.setattr("companion.play.game.stays", lambda machine, event, step: False)
        game, after = Game(settings), []
        for step in steps:
            game._take([step], logged=True)
            after.append((snapshots.encode(game.state, settings), snapshots.chart_value(
                game.machine.current_state_value)))
        seen[shortcut] = after
    return seen[True], seen[False]


@pytest.mark.parametrize("name", JOURNALS)
def test_every_old_game_is_the_same_game_step_by_step_either_way(name, monkeypatch):
    with_shortcut, sent = _games_step_by_step(name, monkeypatch)
    assert len(with_shortcut) == len(sent) >= 10
    for number, (ours, theirs) in enumerate(zip(with_shortcut, sent, strict=True), 1):
        assert ours == theirs, f"{name}: step {number} differs"


def test_only_the_steps_that_move_the_chart_are_sent(monkeypatch):
    """The 2023 sample game by keys: 150 steps, of which the Power cards but the round's last,
    the regions scored but the scoring's last and the throws stay where they are."""
    game = Game.from_record(read_only(FIXTURES / "0.1-2023-4p-sample-by-keys.jsonl"))
    sent: list[str] = []
    real = Phases.send

    def counted(self, event, *args, **kwargs):
        sent.append(event)
        return real(self, event, *args, **kwargs)

    monkeypatch.setattr(Phases, "send", counted)
    replayed = Game.replay(game.settings, list(game.steps))
    assert replayed.state.scores == game.state.scores
    kinds = [step.kind for step in game.steps]
    assert sent.count("power_card_played") == kinds.count("PowerCardPlayed") // 4  # a round's last
    assert "castillo_throw" not in sent and kinds.count("CastilloThrow") > 0
    assert sent.count("action_card_taken") == kinds.count("ActionCardTaken")  # into Acting: the engine
    assert sent.count("turn_ended") == kinds.count("TurnEnded")
    assert len(sent) < 0.7 * len(kinds)


def test_a_guard_that_fails_leaves_the_step_to_the_engine():
    """The round's last Power card: the first transition's guard says no, so ``send`` takes the
    transition into the turns."""
    game = Game.from_record(read_only(FIXTURES / "0.1-2023-4p-sample-by-keys.jsonl"))
    played = [st for st in game.steps if isinstance(st, s.PowerCardPlayed)]
    fresh = Game(game.settings)
    for step in game.steps[: game.steps.index(played[3])]:
        fresh._take([step], logged=True)
    assert fresh.phase == "power_cards"
    assert not in_place.stays(fresh.machine, "power_card_played", played[3])
    fresh._take([played[3]], logged=True)
    assert fresh.phase == "turns"


class _Plain(StateMachine):
    """A chart with one internal self-transition that only applies the step, and one way out."""

    here = State(initial=True)
    gone = State(final=True)
    tick = here.to.itself(internal=True, on="apply")
    leave = here.to(gone)

    def __init__(self):
        self.applied: list[object] = []
        self.noticed: list[object] = []
        super().__init__()

    def apply(self, step):
        self.applied.append(step)


class _Watched(_Plain):
    """The same with a convention callback (after_<event>) the shortcut must not skip."""

    def after_tick(self, step):
        self.noticed.append(step)


def test_a_chart_with_its_own_callbacks_is_left_to_the_engine():
    chart = _Watched()
    assert not in_place.stays(chart, "tick", "a step")
    assert chart.applied == []
    chart.send("tick", step="a step")
    assert chart.applied == chart.noticed == ["a step"]


def test_a_plain_self_transition_is_taken_with_its_action_only():
    chart = _Plain()
    assert in_place.stays(chart, "tick", "one")
    assert chart.applied == ["one"] and chart.current_state_value == "here"
    assert not in_place.stays(chart, "leave", "two")  # a transition out: the engine's


def test_the_chart_has_no_eventless_transition():
    """The shortcut's premise: no transition of the phase chart fires by itself after a step."""
    states = list(Phases.states_map.values())
    assert {"choosing", "acting", "regions"} <= {state.id for state in states}
    assert [t for state in states for t in state.transitions if t.is_eventless and not t.initial] == []
