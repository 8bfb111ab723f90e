"""docs/phases.md shows the phase chart generated from the code; keep them equal."""

import os
from pathlib import Path

from companion.engine.phases import Phases, diagram

DOC = Path(__file__).resolve().parents[2] / "docs" / "phases.md"


def test_the_documented_chart_is_the_codes_chart():
    text = DOC.read_text(encoding="utf-8")
    chart = diagram()
    if os.environ.get("ELGRANDE_REGENERATE_DOCS") == "1":
        head = text.split("```mermaid", 1)[0]
        DOC.write_text(f"{head}```mermaid\n{chart}```\n", encoding="utf-8")
        raise AssertionError("docs/phases.md regenerated: review it and run again without the variable")
    assert f"```mermaid\n{chart}```" in text, "run with ELGRANDE_REGENERATE_DOCS=1 to regenerate docs/phases.md"


def test_every_step_is_an_event_of_the_chart():
    from companion.engine import steps
    from companion.engine.phases import event_of

    events = {e.id for e in Phases.events}
    names = {event_of(kind) for kind in steps.KINDS if kind != "Step"}
    assert names == events


def test_the_prompt_knows_every_phase_of_the_chart_by_its_id():
    """engine/prompt.py names the chart's top-level states by their ids (no chart needed for a first frame)."""
    from companion.engine.prompt import _BUILDERS

    assert set(_BUILDERS) == {state.id for state in Phases.states if state.parent is None}
