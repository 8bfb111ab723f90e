"""Shared test helpers. Tests never need a Pi, a panel, a network or real time."""

import json
import os

import pytest
from hypothesis import HealthCheck, settings

from companion.cli import main

# Hypothesis profiles (see tests/hypothesis_budget.py). Neither has a deadline or a "too slow"
# health check: how fast this machine is must not decide a test, and a Pi's CPU is slow.
settings.register_profile("quick", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))

# The suite's English expectations hold on a machine set to German too: the command line speaks the
# system's language (companion/language); tests/language switch languages themselves.
os.environ["LANGUAGE"] = "en"


def pytest_addoption(parser):
    parser.addoption("--soak", action="store_true", help="also run the long `soak` fault-injection tests")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="a long soak run: python -m pytest --soak -m soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)


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
