"""The fixture of the settings file's tests: a file written in a temporary folder."""

from pathlib import Path

import pytest


@pytest.fixture
def write(tmp_path):
    """Write a config file; return its path."""

    def write(text: str, name: str = "config.toml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write
