"""The independent count imports nothing of the companion (issue 32): it is written from the
rulebooks and the record format, so an error of the engine cannot be copied into it."""

import ast
from pathlib import Path

FOLDER = Path(__file__).parent
#: The standard library it may use.
ALLOWED = {"__future__", "copy", "dataclasses", "typing"}


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
    return names


def test_the_oracle_imports_nothing_of_the_companion():
    sources = [p for p in FOLDER.glob("*.py") if not p.name.startswith("test_")]
    assert [p.name for p in sources] == ["count.py"]
    for path in sources:
        names = imported(path)
        assert names <= ALLOWED, (path.name, sorted(names - ALLOWED))
        assert not any(n.split(".")[0] in ("companion", "tests", "hardware") for n in names)
