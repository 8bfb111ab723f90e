"""unittest.mock is a test tool: the code that ships (companion/, hardware/) never imports it."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_no_runtime_module_imports_unittest_mock():
    found = [str(path.relative_to(ROOT)) for folder in ("companion", "hardware")
             for path in sorted((ROOT / folder).rglob("*.py"))
             if "unittest.mock" in (text := path.read_text(encoding="utf-8")) or "from unittest import mock" in text]
    assert found == []
