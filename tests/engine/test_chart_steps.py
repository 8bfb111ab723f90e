"""The phase chart takes its events from the steps (issue 34): a step says where in the chart it is taken
(``Step.taken_in``), so a way to play's step is an event of the chart that engine/phases.py never names."""

import subprocess
import sys

import pytest

from companion.engine.step import PLACES, Step


def _run(code: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.split()


def test_a_modes_step_is_an_event_of_the_chart_built_by_play():
    """Whoever builds a chart (companion/play) has the modes imported first: their steps are events."""
    code = ("from companion.play.chart import new_chart\n"
            "from companion.engine.modes import steps as s\n"
            "from companion.engine.events import event_of\n"
            "from companion.engine.settings import Settings\n"
            "from companion.engine.state import GameState\n"
            "events = {e.id for e in type(new_chart(GameState(Settings()))).events}\n"
            "print(all(event_of(kind) in events for kind in s.KINDS))\n"
            "print(event_of('Sailed') in events, event_of('IntrigueCardPlayed') in events)")
    assert _run(code) == ["True", "True", "True"]


def test_the_base_chart_alone_takes_only_the_base_steps():
    """The base engine alone builds a chart of its own steps (it imports no mode)."""
    code = ("from companion.engine.phases import Phases\n"
            "print('sailed' in {e.id for e in Phases.events}, 'placed' in {e.id for e in Phases.events})")
    assert _run(code) == ["False", "True"]


def test_a_step_defined_after_the_chart_is_refused():
    """A step the chart was built without would be refused at every phase: defining it is refused at once."""
    import companion.engine.modes  # noqa: F401
    import companion.engine.phases  # noqa: F401  (the chart built: the steps sealed)

    with pytest.raises(TypeError, match="defined after companion.engine.phases"):
        class Late(Step):  # noqa: F841
            taken_in = ("acting",)


def test_every_step_names_a_place_of_the_chart():
    import companion.engine.modes  # noqa: F401
    from companion.engine.step import KINDS

    assert [kind for kind, step in KINDS.items() if not set(step.taken_in) <= set(PLACES)] == []
    assert {place for step in KINDS.values() for place in step.taken_in} == set(PLACES)
