"""The phase chart's event for each step kind: the chart itself (phases.py, python-statemachine) is
built only when a step is taken, so what a screen asks of a resumed game needs only this."""

import re


def event_of(kind: str) -> str:
    """PowerCardPlayed -> power_card_played (SecretDiscs -> secret_discs_set: the phase has that name)."""
    return EXCEPTIONS.get(kind) or re.sub(r"(?<!^)(?=[A-Z])", "_", kind).lower()


EXCEPTIONS = {"SecretDiscs": "secret_discs_set"}
