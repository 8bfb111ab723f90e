"""The language tests leave the table speaking English, whatever they switched to."""

import pytest

from companion import language


@pytest.fixture(autouse=True)
def english_after():
    yield
    language.use("en")
