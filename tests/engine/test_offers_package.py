"""The offers package imports its modules when a name is first asked of it (companion/engine/offers/__init__.py):
every name it gives still comes from the module it names, the type checker's imports say the same, and a module
of the package that shares a name with one of its functions never hides that function."""

import ast
import subprocess
import sys
from pathlib import Path

from companion.engine import offers

PACKAGE = Path(offers.__file__).parent


def test_every_name_comes_from_its_module():
    assert set(offers._FROM) == set(offers.__all__)
    for name, module in offers._FROM.items():
        source = __import__(f"companion.engine.offers.{module}", fromlist=[name])
        assert getattr(offers, name) is getattr(source, name), name


def test_the_type_checkers_imports_are_the_table():
    tree = ast.parse((PACKAGE / "__init__.py").read_text())
    (guard,) = [node for node in tree.body if isinstance(node, ast.If)]
    typed = {alias.name: node.module.rsplit(".", 1)[1] for node in guard.body if isinstance(node, ast.ImportFrom)
             for alias in node.names}
    assert typed == offers._FROM


def test_a_module_of_the_same_name_never_hides_the_function():
    modules = {path.stem for path in PACKAGE.glob("*.py")} - {"__init__"}
    assert offers._SHADOWED == set(offers._FROM) & modules
    import companion.engine.offers.offer
    import companion.engine.offers.rows  # noqa: F401

    assert offers.rows is sys.modules["companion.engine.offers.turn"].rows
    assert offers.offer is sys.modules["companion.engine.offers.offer"].offer


def test_a_module_of_the_package_is_reached_by_its_name():
    assert offers.effects.__name__ == "companion.engine.offers.effects"
    assert not hasattr(offers, "no_such_module")


def test_importing_the_package_imports_none_of_its_modules():
    code = ("import sys, companion.engine.offers; "
            "print(sorted(m for m in sys.modules if m.startswith('companion.engine.offers.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
