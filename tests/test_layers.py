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
    # the table's language (gettext over the catalogues): below everything, so the rules' data marks its words
    "companion.language": set(),
    "companion.rules": {"companion.language"},                    # the rulebook: data and pure functions
    "companion.record": {"companion.language"},                   # the disk: journal lines, files, the state folder
    "companion.engine": {"companion.rules", "companion.language"},  # the rules: state, steps, referee, flow (no disk)
    # the Big Box's modes: they register their rules with engine/hooks.py; the base engine never imports them
    "companion.engine.modes": {"companion.rules", "companion.engine", "companion.language"},
    # Game: engine + log + snapshot + undo
    "companion.play": {"companion.rules", "companion.engine", "companion.record", "companion.language"},
    "companion.settings": {"companion.rules", "companion.record", "companion.language"},  # the settings file, read the safe way
    "companion.ui": {"companion.rules", "companion.engine", "companion.play", "companion.record", "companion.settings",
                     "companion.language"},
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


#: Folders inside a layer's folder that stand above it (their own layer): the layer may not import them.
ABOVE = {"companion.engine": ("companion.engine.modes",)}


def allowed(layer: str, target: str) -> bool:
    if layer in TOP:
        return True
    if any(target == up or target.startswith(up + ".") for up in ABOVE.get(layer, ())):
        return False
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
    ("companion.engine", "companion.engine.modes", False),
    ("companion.engine", "companion.engine.modes.intrigue", False),
    ("companion.engine.modes", "companion.engine.referee", True),
    ("companion.engine.modes", "companion.play.game", False),
    ("companion.play", "companion.engine.modes", True),
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


# -- the base engine names no way to play (issue 34) ------------------------------------------

#: The base engine: companion/engine without its modes (companion/engine/modes registers with engine/hooks.py).
BASE_ENGINE = [path for path in sorted((ROOT / "companion" / "engine").rglob("*.py"))
               if ROOT / "companion" / "engine" / "modes" not in path.parents]
#: The one place the base engine reads a mode's record: Settings.mode, the screens' way to a mode's
#: facts until they present offers (their second wave; the engine itself asks engine/hooks.py).
MODE_RECORD = ("settings.py", "mode")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _mode_words() -> set[str]:
    """What names a way to play or one of its pieces: its key, its titles, the colour no player owns."""
    from companion.rules import modes

    words = {modes.BLACK, modes.QUEEN, modes.JESTER, modes.GRAND_INQUISITOR}
    for mode in modes.MODES.values():
        if mode.key:
            words |= {mode.key, mode.title, mode.short}
    return {word.casefold() for word in words}


def _journal_words() -> set[str]:
    """The game log's own words, which old logs keep (tests/play/test_old_journals.py): the settings'
    and the steps' field names (a SetupDone has "black"), and the steps' events in the phase chart
    (a way to play's steps are still events of engine/phases.py: the chart is not yet a hook)."""
    import dataclasses

    import companion.engine.modes  # noqa: F401  (its steps in KINDS)
    from companion.engine import steps
    from companion.engine.events import event_of
    from companion.engine.settings import Settings

    kinds = steps.KINDS.values()
    return ({f.name for kind in kinds for f in dataclasses.fields(kind)} | {f.name for f in dataclasses.fields(Settings)}
            | {event_of(kind) for kind in steps.KINDS})


def modes_named(source: str, name: str) -> list[str]:
    """Where a base engine module names a way to play: ``x.mode`` (a mode's record, its attributes),
    a name of rules/modes.py but its record type and lookup, or a string naming a mode (a key, a title,
    a piece) outside a docstring, as a message or a lookup table's key would."""
    tree = ast.parse(source)
    docs, words, fields = _docstrings(tree), _mode_words(), _journal_words()
    found = []
    defines_record = (name, "mode") == MODE_RECORD
    for node in ast.walk(tree):
        where = f"{name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Attribute) and node.attr == "mode" and not defines_record:
            found.append(f"{where} .mode")
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "modes"
              and node.attr not in ("Mode", "mode")):
            found.append(f"{where} modes.{node.attr}")
        elif isinstance(node, ast.ImportFrom) and node.module in ("companion.rules.modes", "companion.engine.modes"):
            found.append(f"{where} from {node.module} import")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value.casefold()
            named = [w for w in words if w in text.replace("_", " ").split() or w == text or (" " in w and w in text)]
            if named and text not in fields:
                found.append(f"{where} {node.value!r}")
    return found


def test_the_base_engine_imports_no_mode():
    base = [f"companion.engine.{path.stem} imports {target}" for path in BASE_ENGINE
            for target in sorted(imported(path)) if target.startswith("companion.engine.modes")]
    assert base == []


def test_the_base_engine_names_no_mode():
    """No mode named in the base engine by attribute, string or lookup table: it asks engine/hooks.py."""
    assert [hit for path in BASE_ENGINE for hit in modes_named(path.read_text(encoding="utf-8"), path.name)] == []


def test_the_scan_finds_a_mode_named():
    """The scan above can fail: each way of naming a mode is found."""
    source = ("def f(state):\n    if state.settings.mode.intrigue:\n        return modes.BLACK\n"
              "    return {'grandissimo': 1}, 'Intrigue & the King is not this game'\n")
    hits = modes_named(source, "probe.py")
    assert sorted(hit.split(" ", 1)[1] for hit in hits) == [
        "'Intrigue & the King is not this game'", "'grandissimo'", ".mode", "modes.BLACK"], hits


# -- the pages read no mode's record either: they ask engine/table.py (issue 34) ----------------

#: Outside the engine's modes, the modules that still read a game's mode record (``settings.mode``):
#: the pages other helpers of issue 34's second wave are rewriting now, and the engine's offers of a
#: Grande's and a scoring's places (``hooks.of(settings).regions`` would answer them; the base engine's
#: scan above reads engine/*.py, not engine/offers/). A known allowance: the lead removes each as it
#: lands ("`mode` checks outside engine/modes/", target 0).
MODE_RECORD_ALLOWED: tuple[str, ...] = ()


def mode_records_read(source: str, name: str) -> list[str]:
    """Where a module reads a mode's record off a game's settings (``x.mode``, ``x.mode.regions``);
    the wizard's catalogue of ways to play (``modes.mode(key)``, before any settings exist) aside."""
    read = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Attribute) and node.attr == "mode"
            and not (isinstance(node.value, ast.Name) and node.value.id == "modes")]
    return [f"{name}:{node.lineno} {ast.unparse(node)}" for node in sorted(read, key=lambda node: node.lineno)]


def _outside_the_modes() -> list[Path]:
    modes_folder = ROOT / "companion" / "engine" / "modes"
    return [path for path in sorted((ROOT / "companion").rglob("*.py")) if modes_folder not in path.parents]


def test_nothing_outside_the_modes_reads_a_mode_record():
    """The pages, the commands and the base engine ask engine/table.py or engine/hooks.py, never a
    mode's record (setup, menu, map, big_box, reveal, common and the screens' dispatch since issue 34)."""
    read = [hit for path in _outside_the_modes() if path.relative_to(ROOT).as_posix() not in MODE_RECORD_ALLOWED
            for hit in mode_records_read(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())]
    assert read == []


def test_the_allowance_names_modules_that_exist():
    assert all((ROOT / path).is_file() for path in MODE_RECORD_ALLOWED)


def test_the_record_scan_finds_a_mode_record_read():
    source = ("def f(game, key):\n    if game.settings.mode.intrigue:\n        return modes.mode(key).title\n"
              "    mode = game.settings.mode\n    return table.facts(game.settings).regions\n")
    assert mode_records_read(source, "probe.py") == ["probe.py:2 game.settings.mode", "probe.py:4 game.settings.mode"]


# -- the screens read no steps (issue 34) ------------------------------------------------------

#: Pages that still read the game's steps (``game.steps``) or ask ``isinstance(..., <a step class>)``
#: screen-side: what a turn, a unit or a round did is the engine's to say (the turn page's marks are
#: ``GameState.turn_done``: engine/offers/turn_page.py). This allowance must shrink: a page that no
#: longer needs it fails below. None is left: what a round, a take, a scoring, a correction or an
#: undo needs of the record, the engine keeps in the state (cards_said, last_moves, turn_done) or
#: Game says (can_undo, step_count, undo_takes_back); Grandissimo's figure taken this turn is the
#: mode's own state (engine/modes/offers.py turn_options).
STEPS_READ_ALLOWED: frozenset[str] = frozenset()


def steps_read(source: str, name: str) -> list[str]:
    """Where a page reads ``game.steps`` or asks ``isinstance`` of a step class (a name of a steps
    module imported as a module, ``s.KingMoved``, or by name from one)."""
    tree = ast.parse(source)
    modules, classes = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                if node.module in ("companion.engine", "companion.engine.modes") and alias.name == "steps":
                    modules.add(alias.asname or alias.name)
                elif node.module in ("companion.engine.steps", "companion.engine.modes.steps"):
                    classes.add(alias.asname or alias.name)

    def step_class(node: ast.AST) -> bool:
        if isinstance(node, ast.Tuple):
            return any(step_class(e) for e in node.elts)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            return node.value.id in modules and node.attr[:1].isupper()
        return isinstance(node, ast.Name) and node.id in classes

    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr == "steps" and isinstance(node.value, ast.Name)
                and node.value.id == "game"):
            found.append(f"{name}:{node.lineno} game.steps")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance"
              and len(node.args) == 2 and step_class(node.args[1])):
            found.append(f"{name}:{node.lineno} isinstance of a step class")
    return found


def test_the_screens_read_no_steps():
    found = [hit for path in _screens() if path.name not in STEPS_READ_ALLOWED
             for hit in steps_read(path.read_text(encoding="utf-8"), path.name)]
    assert found == []


def test_the_steps_allowance_names_pages_that_still_read_them():
    """An allowed page that no longer reads the steps leaves the allowance (it only shrinks)."""
    screens = {path.name: path for path in _screens()}
    assert sorted(name for name in STEPS_READ_ALLOWED
                  if name not in screens or not steps_read(screens[name].read_text(encoding="utf-8"), name)) == []


def test_the_steps_scan_finds_a_read_and_a_step_class_asked():
    source = ("from companion.engine import steps as s\nfrom companion.engine.modes.steps import HoldingMoved\n"
              "def f(game):\n    last = game.steps[-1]\n    return isinstance(last, (s.KingMoved, int)), "
              "isinstance(last, HoldingMoved), isinstance(last, dict)\n")
    assert steps_read(source, "probe.py") == ["probe.py:4 game.steps", "probe.py:5 isinstance of a step class",
                                              "probe.py:5 isinstance of a step class"]


def _step_kinds() -> tuple[set[str], set[str]]:
    """Every step kind (the base game's and the modes'), and the modes' step classes' names."""
    import companion.engine.modes  # noqa: F401  (its steps in KINDS)
    from companion.engine.step import KINDS

    return set(KINDS), {kind for kind, step in KINDS.items() if step.__module__.startswith("companion.engine.modes")}


def kinds_compared(source: str, name: str, kinds: set[str], mode_classes: set[str]) -> list[str]:
    """Where a page compares something's ``kind`` with a step kind as a string (``step.kind ==
    "IntrigueCardPlayed"``, ``last.kind in ("KingMoved", ...)``), or compares with a mode's step class
    (``type(step) is s.Sailed``): what a step was is the engine's to say (engine/flow.py, the hooks).
    Sending a mode's step (``Send(s.Sailed(...))``) is a page's job and not counted."""
    def kind_string(node: ast.AST) -> bool:
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(kind_string(e) for e in node.elts)
        return isinstance(node, ast.Constant) and node.value in kinds

    def mode_class(node: ast.AST) -> bool:
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(mode_class(e) for e in node.elts)
        return ((isinstance(node, ast.Attribute) and node.attr in mode_classes)
                or (isinstance(node, ast.Name) and node.id in mode_classes))

    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        if any(isinstance(o, ast.Attribute) and o.attr == "kind" for o in operands) and any(map(kind_string, operands)):
            found.append((node.lineno, "a step's kind as a string"))
        if any(map(mode_class, operands)):
            found.append((node.lineno, "a mode's step class"))
    return [f"{name}:{line} {what}" for line, what in sorted(found)]


def test_the_screens_compare_no_step_kind_and_no_mode_step_class():
    kinds, mode_classes = _step_kinds()
    found = [hit for path in _screens()
             for hit in kinds_compared(path.read_text(encoding="utf-8"), path.name, kinds, mode_classes)]
    assert found == []


def test_the_kinds_scan_finds_a_kind_compared_and_a_mode_step_class():
    kinds, mode_classes = _step_kinds()
    assert "IntrigueCardPlayed" in mode_classes and "KingMoved" in kinds - mode_classes
    source = ("from companion.engine.modes import steps as s\n"
              "def f(game, page):\n"
              "    a = any(step.kind == \"IntrigueCardPlayed\" for step in game.last_unit)\n"
              "    b = game.last_unit[-1].kind in (\"KingMoved\", \"TileMoved\")\n"
              "    c = type(game.last_unit[-1]) is s.Sailed\n"
              "    d = page.kind == \"round_over\"  # a page's kind, not a step's\n"
              "    return a, b, c, d, s.Sailed(\"red\", \"america\")  # (a step sent: a page's job)\n")
    assert kinds_compared(source, "probe.py", kinds, mode_classes) == [
        "probe.py:3 a step's kind as a string", "probe.py:4 a step's kind as a string", "probe.py:5 a mode's step class"]


# -- the screens import only the engine's faces (issue 34) ------------------------------------

#: What a page may import of companion/engine: the engine's faces, returning data (offers with their
#: reasons, what follows by itself, the prompt, the steps to send) and the plain types pages name.
FACES = (
    "offers", "flow", "prompt", "steps", "step", "modes.steps", "table", "settings", "state", "refused",
    # the Big Box's offers (its turn rows, sail, prison, table cards, readings): the base engine's
    # offers may not import a mode, so the modes' face stands beside modes/steps.py
    "modes.offers",
    # the wizard's text fields checked as the game log checks them: a plain type like settings
    # (FormError, text()), no rule of the game
    "forms",
)
#: The bare package: importing it registers the ways to play with engine/hooks.py and names nothing
#: (``import companion.engine.modes``, as play/game.py does; the wizard's facts ask before a game).
REGISTRY = "companion.engine.modes"
#: Pages that still import an engine internal (none since issue 34: intrigue.py and corrections.py ask
#: engine/modes/offers.py and engine/offers/caballeros.py); a stale entry fails below.
FACES_ALLOWED: tuple[str, ...] = ()


def engine_internals(source: str, name: str) -> list[str]:
    """Where a page imports from companion.engine a module or name that is not one of the faces."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names if alias.name != REGISTRY]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            targets = [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            if target != "companion.engine" and not target.startswith("companion.engine."):
                continue
            inside = target.removeprefix("companion.engine").removeprefix(".")
            if not any(inside == face or inside.startswith(face + ".") for face in FACES):
                found.append(f"{name}:{node.lineno} {target}")
    return found


def _screens() -> list[Path]:
    return sorted((ROOT / "companion" / "ui" / "screens").glob("*.py"))


def test_the_screens_import_only_the_engine_s_faces():
    found = [hit for path in _screens() if path.name not in FACES_ALLOWED
             for hit in engine_internals(path.read_text(encoding="utf-8"), path.name)]
    assert found == []


def test_the_faces_allowance_names_pages_that_still_need_it():
    """An allowed page that no longer imports an engine internal leaves the allowance."""
    screens = {path.name: path for path in _screens()}
    assert [name for name in FACES_ALLOWED
            if name not in screens or not engine_internals(screens[name].read_text(encoding="utf-8"), name)] == []


def test_the_faces_check_finds_an_engine_internal():
    """The check above can fail: the board, the referee, a mode's module, the package's name."""
    source = ("import companion.engine.modes\nfrom companion.engine import board, offers\n"
              "from companion.engine.modes import intrigue, steps as s\nimport companion.engine.referee\n"
              "from companion.engine.offers.setup import whole\nfrom companion.engine.modes.offers import jail\n"
              "def f():\n    from companion.engine.queries import cards_left\n")
    assert engine_internals(source, "probe.py") == [
        "probe.py:2 companion.engine.board", "probe.py:3 companion.engine.modes.intrigue",
        "probe.py:4 companion.engine.referee", "probe.py:8 companion.engine.queries.cards_left"]


# -- a page imports at most ten of our modules (issue 34) -------------------------------------

#: The most modules of ours one module of the screens may import: a page presents the engine's offers
#: with a few of its neighbours, and a module past this does more than one thing (split it by job).
FAN_OUT = 10
#: Screens still past it: none since turn_asks.py left the special scorings' rows to scoring.py. A known
#: allowance that fails once an allowed file no longer needs it.
FAN_OUT_ALLOWED: tuple[str, ...] = ()


def ours_imported(source: str) -> set[str]:
    """Every module of ours a file imports, lazy and type-only ones too: ``import x.y`` counts x.y,
    ``from x import y`` counts x.y where that is a module of ours (a screen), else x (a name in it)."""
    ours = modules()
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.split(".")[0] in ("companion", "hardware"))
        elif (isinstance(node, ast.ImportFrom) and node.module and not node.level
              and node.module.split(".")[0] in ("companion", "hardware")):
            found.update(f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in ours else node.module
                         for alias in node.names)
    return found


#: Not counted: the words' lookup (gettext's ``_``, below every layer) and the colours' words, which every screen
#: that speaks imports as it imports the standard library (issue 37).
WORDS = ("companion.language", "companion.rules.colours")


def fan_outs() -> dict[str, int]:
    return {path.name: len([m for m in ours_imported(path.read_text(encoding="utf-8")) if not m.startswith(WORDS)])
            for path in _screens()}


def test_every_screen_imports_at_most_ten_of_our_modules():
    assert {name: n for name, n in fan_outs().items() if n > FAN_OUT and name not in FAN_OUT_ALLOWED} == {}


def test_the_fan_out_allowance_names_screens_still_past_it():
    """An allowed screen brought under the limit leaves the allowance."""
    counts = fan_outs()
    assert [name for name in FAN_OUT_ALLOWED if counts.get(name, 0) <= FAN_OUT] == []


def test_the_fan_out_counts_every_import_of_ours():
    """The count above can fail: type-only and lazy imports count, each screen imported by name counts,
    names from one module count once, other packages' modules do not."""
    source = ("from typing import TYPE_CHECKING\nimport json\nfrom companion.ui.intents import Push, Say\n"
              "from companion.ui.screens import common, map\nimport companion.engine.modes\n"
              "if TYPE_CHECKING:\n    from companion.play.game import Game\n"
              "def f():\n    from companion.engine.offers import scorings, refusal\n")
    assert ours_imported(source) == {
        "companion.ui.intents", "companion.ui.screens.common", "companion.ui.screens.map", "companion.engine.modes",
        "companion.play.game", "companion.engine.offers.scorings", "companion.engine.offers"}


# -- the base engine names no mode's step: the chart and the flow take them from the steps (issue 34) ----

#: Base engine modules that still name a mode's step (module, name): none since the state's Big Box
#: fields moved into the modes' own part (engine/modes/own_state.py; one was named as its step).
MODE_STEPS_ALLOWED: set[tuple[str, str]] = set()


def _modes_steps() -> set[str]:
    """The modes' step kinds (engine/modes/steps.py) and their events in the phase chart (a mode's board
    correction is the base engine's one event of every correction, events.CORRECTION: not the mode's)."""
    import companion.engine.modes  # noqa: F401  (its steps in KINDS)
    from companion.engine.events import CORRECTION, event_of
    from companion.engine.step import KINDS

    kinds = {kind for kind, step in KINDS.items() if step.__module__.startswith("companion.engine.modes")}
    return kinds | {event_of(kind) for kind in kinds} - {CORRECTION}


def mode_steps_named(source: str, name: str, names: set[str]) -> list[str]:
    """Where a module names one of ``names``: a name, an attribute, or a word of a string outside a
    docstring (an event list, a kind compared, a lookup table's key)."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in names:
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute) and node.attr in names:
            found.append((node.lineno, node.attr))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            found += [(node.lineno, word) for word in sorted(set(node.value.replace(".", " ").split()) & names)]
    return [f"{name}:{line} {word}" for line, word in sorted(found)]


def _base_engine_mode_steps() -> set[tuple[str, str]]:
    names = _modes_steps()
    return {(path.name, hit.split(" ")[1]) for path in BASE_ENGINE
            for hit in mode_steps_named(path.read_text(encoding="utf-8"), path.name, names)}


def test_the_base_engine_names_no_mode_step():
    """The chart (phases.py), the steps (steps.py), the flow and the turn's rules take a mode's steps from
    the steps themselves (``Step.taken_in``) and the hooks: no kind or event of engine/modes/steps.py."""
    assert {"Sailed", "sailed", "IntrigueCardPlayed", "special_action_chosen"} <= _modes_steps()
    assert _base_engine_mode_steps() - MODE_STEPS_ALLOWED == set()


def test_the_mode_steps_allowance_is_still_needed():
    assert MODE_STEPS_ALLOWED - _base_engine_mode_steps() == set()


def test_the_mode_steps_scan_finds_a_mode_step():
    source = ('"""Sailed: a docstring may tell of it."""\nEVENTS = ["placed", "sailed"]\n'
              'def f(step):\n    return isinstance(step, s.SpecialActionChosen) or step.kind == "Jailed"\n')
    names = {"sailed", "SpecialActionChosen", "Jailed", "Sailed"}
    assert mode_steps_named(source, "probe.py", names) == [
        "probe.py:2 sailed", "probe.py:4 Jailed", "probe.py:4 SpecialActionChosen"]


# -- the base engine reads no Big Box map and holds no Big Box field (issue 34) ----------------------

#: Base engine modules that still import companion.rules.big_box (module): none since the map's
#: questions (neighbours, the places a move may name, room, seats, the Limit table) go through
#: engine/hooks.py, the base game answering Spain's and the Big Box its own (engine/modes/family.py).
BIG_BOX_RULES_ALLOWED: set[str] = set()
BIG_BOX_RULES = "companion.rules.big_box"


def big_box_rules_imported(source: str) -> bool:
    """Whether a module imports companion.rules.big_box or one of its modules (a lazy import too)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        if any(name == BIG_BOX_RULES or name.startswith(BIG_BOX_RULES + ".") for name in names):
            return True
    return False


def _base_engine_big_box_rules() -> set[str]:
    return {path.name for path in BASE_ENGINE if big_box_rules_imported(path.read_text(encoding="utf-8"))}


def test_the_base_engine_imports_no_big_box_rules():
    assert _base_engine_big_box_rules() - BIG_BOX_RULES_ALLOWED == set()


def test_the_big_box_rules_allowance_is_still_needed():
    assert BIG_BOX_RULES_ALLOWED - _base_engine_big_box_rules() == set()


def test_the_big_box_rules_scan_finds_an_import():
    assert big_box_rules_imported("def f():\n    from companion.rules.big_box import borders\n")
    assert big_box_rules_imported("from companion.rules import big_box\n")
    assert big_box_rules_imported("import companion.rules.big_box.regions as r\n")
    assert not big_box_rules_imported("from companion.rules import region_moves, spain\n")


def test_the_base_state_and_hooks_hold_no_big_box_field():
    """The Big Box's part of a game's state is its own (engine/modes/own_state.py): none of its fields
    is the base state's, and the hooks name no Big Box stack."""
    from dataclasses import fields

    from companion.engine import hooks
    from companion.engine.modes.own_state import BigBoxState
    from companion.engine.state import GameState

    own = {f.name for f in fields(BigBoxState)}
    assert {"grand_inquisitor", "limit_table", "seats", "holdings", "actions", "turned_over", "colony_discs"} <= own
    assert own & {f.name for f in fields(GameState)} == set()
    assert not hasattr(hooks.Rules, "grand_inquisitor_stack")


# -- the base engine reads no mode's pieces: the Limit table's room and words are the mode's (issue 34) --

#: The base engine's modules that hand a way to play's Standing on (the hooks define it, engine/table.py
#: is the pages' face to it); every other one asks a hook (``check_counted``, ``counts_part``,
#: ``asked_alone``, ``last_seated``) and never reads where a mode's pieces stand.
STANDING_FACES = {"hooks.py", "table.py"}


def _standing_words() -> set[str]:
    """``standing`` and the Standing's fields that are no step's too (a Scored step has its ``seats``)."""
    from dataclasses import fields

    from companion.engine import hooks
    from companion.engine import steps as s

    return {"standing"} | {f.name for f in fields(hooks.Standing)} - {f.name for f in fields(s.Scored)}


def standing_read(source: str, name: str, words: set[str]) -> list[str]:
    """``name:line attribute`` for each attribute of ``words`` the module reads (``x.limit_table``)."""
    return sorted(f"{name}:{node.lineno} {node.attr}" for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.Attribute) and node.attr in words)


def test_the_base_engine_reads_no_mode_s_pieces():
    words = _standing_words()
    assert {"standing", "limit_table", "grand_inquisitor", "colony_discs"} <= words
    assert "seats" not in words
    found = [hit for path in BASE_ENGINE if path.name not in STANDING_FACES
             for hit in standing_read(path.read_text(encoding="utf-8"), path.name, words)]
    assert found == []


def test_the_standing_scan_finds_a_mode_s_piece_read():
    source = ("def f(state, step):\n    where = hooks.of(state.settings).standing(state).limit_table\n"
              "    return step.seats, where\n")
    assert standing_read(source, "probe.py", _standing_words()) == ["probe.py:2 limit_table", "probe.py:2 standing"]


def test_the_limit_table_s_words_are_the_mode_s():
    """The refusal of a count beyond the Limit table's spaces (S:253) is written in engine/modes/."""
    words = "count only the Caballeros on the Limit table"
    modes_dir = ROOT / "companion" / "engine" / "modes"
    assert [path.name for path in BASE_ENGINE if words in path.read_text(encoding="utf-8")] == []
    assert any(words in path.read_text(encoding="utf-8") for path in modes_dir.glob("*.py"))
