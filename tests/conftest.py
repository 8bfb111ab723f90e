"""Shared test helpers. Tests never need a Pi, a panel, a network or real time."""

import json
import pytest

from companion.cli import main

@pytest.fixture
def cli(capsys):
    """Run `elgrande-companion ARGS...` in-process: (exit status, stdout, stderr)."""

    def run(*argv: str):
        status = main(list(argv))
        out, err = capsys.readouterr()
        return status, out, err

    return run


@pytest.fixture
def cli_json(cli):
    def run(*argv: str) -> dict:
        status, out, err = cli(*argv, "--json")
        assert status == 0, err
        return json.loads(out)

    return run
