"""The layers of docs/architecture.md, checked: each folder imports only the folders below it.

Every import counts, lazy and type-only ones too (as for the cycle test). One line per folder;
a folder not named here (the entry point, the commands, the measurement kit) may import anything.
The measurement kit (companion/measure: the bench, the press budgets and their scenarios, the screens
tour) is shipped but apart: nothing that runs at the table imports it.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]

#: A folder -> the folders it may import (besides itself). The order is the architecture's.
MAY_IMPORT = {
    "companion.rules": set(),                                     # the rulebook: data and pure functions
    "companion.record": set(),                                    # the disk: journal lines, files, the state folder
    "companion.engine": {"companion.rules"},                      # the rules: state, steps, referee, flow (no disk)
    "companion.play": {"companion.rules", "companion.engine", "companion.record"},  # Game: engine + log + snapshot + undo
    "companion.settings": {"companion.rules", "companion.record"},  # the settings file, read the safe way
    "companion.ui": {"companion.rules", "companion.engine", "companion.play", "companion.record", "companion.settings"},
    "companion.samples": set(),                                   # the shipped key scripts by name (`run --keys sample`)
    "hardware": {"companion.ui.key_event"},                       # adapters: only the key event type of ours
    # the bench's panel model (bench only): the panels' times as the settings state them, one place each (issue 36)
    "hardware.bench": {"hardware", "companion.ui.key_event", "companion.settings.panel"},
}
#: What the entry point, the commands and the measurement kit may import: anything.
TOP = ("companion.app", "companion.cli", "companion.__main__", "companion.commands", "companion.measure")
#: The measurement kit, and the only modules outside it that may import it: the commands that run it
#: (`bench`, with `bench --panel` on a Pi; `screens`) and the bench's panel model.
KIT = "companion.measure"
KIT_USERS = ("companion.commands.bench", "companion.commands.screens", "hardware.bench")


def modules() -> dict[str, Path]:
    found = {}
    for package in ("companion", "hardware"):
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(path: Path) -> set[str]:
    """Every dotted name an import in the file's text names (the module and module.name)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def owner(module: str) -> str | None:
    """The layer a module of ours belongs to (the longest folder named in MAY_IMPORT or TOP)."""
    layers = sorted([*MAY_IMPORT, *TOP], key=len, reverse=True)
    return next((layer for layer in layers if module == layer or module.startswith(layer + ".")), None)


def allowed(layer: str, target: str) -> bool:
    if layer in TOP:
        return True
    return any(target == ok or target.startswith(ok + ".") for ok in (layer, *MAY_IMPORT[layer]))


def violations() -> list[str]:
    ours = modules()
    found: set[str] = set()
    for name, path in sorted(ours.items()):
        layer = owner(name)
        if layer is None:
            continue  # the package roots (companion/__init__.py, hardware/__init__.py)
        for target in sorted(imported(path)):
            if target.split(".")[0] not in ("companion", "hardware") or target in ("companion", "hardware"):
                continue
            while target not in ours and "." in target:
                target = target.rpartition(".")[0]
            if target in ours and not allowed(layer, target):
                found.add(f"{name} imports {target}")
    return sorted(found)


def test_every_folder_imports_only_the_layers_below_it():
    assert violations() == []


def test_every_module_belongs_to_a_layer():
    roots = {"companion", "hardware"}
    assert [name for name in modules() if name not in roots and owner(name) is None] == []


@pytest.mark.parametrize("layer, target, ok", [
    ("companion.rules", "companion.engine.state", False),
    ("companion.engine", "companion.ui.view", False),
    ("companion.engine", "companion.play.game", False),
    ("companion.engine", "companion.record.journal", False),
    ("companion.play", "companion.engine.state", True),
    ("companion.ui", "companion.app", False),
    ("hardware", "companion.ui.view", False),
    ("hardware", "companion.ui.key_event", True),
    ("companion.ui", "companion.engine.state", True),
    ("companion.measure", "companion.app", True),
    ("companion.samples", "companion.measure.key_scripts", False),
])
def test_the_rule_itself_tells_up_from_down(layer, target, ok):
    assert allowed(layer, target) is ok


def kit_imports(read=imported) -> list[str]:
    """Who imports the kit: every module outside it and its users that names companion.measure."""
    inside = (KIT, *KIT_USERS)
    return sorted(f"{name} imports {target}" for name, path in modules().items()
                  if not any(name == layer or name.startswith(layer + ".") for layer in inside)
                  for target in read(path) if target == KIT or target.startswith(KIT + "."))


def test_nothing_that_runs_at_the_table_imports_the_measurement_kit():
    """The app, the entry point, the run/score/replay/export/config commands, the screens, the engine,
    the game, the disk, the settings, the samples by name and the hardware (but its bench) never import
    companion.measure: the kit can change, or be left out, without touching what a table runs."""
    assert kit_imports() == []


def test_the_kit_check_sees_an_import_of_the_kit():
    """The check above can fail: a run command importing the bench is caught."""
    run = modules()["companion.commands.run"]
    read = lambda path: imported(path) | ({"companion.measure.bench"} if path == run else set())  # noqa: E731
    assert kit_imports(read) == ["companion.commands.run imports companion.measure.bench"]


def test_nothing_the_wheel_ships_imports_the_tests_or_the_tools():
    """The wheel holds companion/ and hardware/ only (pyproject.toml): the scripted games the tests
    use (tests/fixtures/games/) and the font build stay in the checkout."""
    shipped = [(name, target) for name, path in modules().items() for target in imported(path)
               if target.split(".")[0] in ("tests", "tools")]
    assert shipped == []
