"""The referee's unit tests run on (state, step) alone (issue 34): the files named here, and the state
builder they use (tests/engine/states.py), import no Game, phase chart, trial copy, snapshot or game
log, directly or through a helper of the tests (read from their text, every import counted)."""

import ast
from pathlib import Path

import pytest

HERE = Path(__file__).parent
ROOT = HERE.parents[1]

#: The referee's own unit tests, on (state, step) (the rest of tests/engine/ still plays a Game).
REFEREE_UNITS = ("test_refusals.py", "test_court_intake.py", "test_throw_on_own_turn.py", "test_turn_rules.py",
                 "test_classic_1995.py", "test_card_effect_rules.py", "test_card_duties.py", "test_board.py")
#: What a test on (state, step) never needs: the game at the table (companion/play/: Game, its chart,
#: trial copies, snapshot), the disk, the phase chart, the tour's scripts (they play a Game).
BARRED = ("companion.play", "companion.record", "companion.engine.phases", "companion.measure")


def imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.update({node.module, *(f"{node.module}.{alias.name}" for alias in node.names)})
    return names


def reached(path: Path) -> set[str]:
    """The file's imports and those of every tests module it imports, followed through."""
    seen: set[Path] = set()
    names: set[str] = set()
    todo = [path]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        for name in imports(current):
            names.add(name)
            if name.startswith("tests."):
                module = ROOT / Path(*name.split("."))
                todo += [found for found in (module.with_suffix(".py"), module / "__init__.py") if found.is_file()]
    return names


@pytest.mark.parametrize("name", [*REFEREE_UNITS, "states.py"])
def test_a_referee_unit_test_imports_no_game(name):
    found = sorted(n for n in reached(HERE / name) if n.startswith(BARRED) or n.endswith(".Game"))
    assert found == [], f"{name} imports {found}: the referee is tested on (state, step) alone"


def test_the_check_can_fail():
    assert any(n.startswith(BARRED) for n in reached(ROOT / "tests" / "play" / "test_phase_refusals.py"))
