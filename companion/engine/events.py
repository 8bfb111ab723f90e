"""The phase chart's event for each step kind: the chart itself (phases.py, python-statemachine) is
built only when a step is taken, so what a screen asks of a resumed game needs only this."""

import re


def event_of(kind: str) -> str:
    """PowerCardPlayed -> power_card_played (SecretDiscs -> secret_discs_set: the phase has that name)."""
    event = _EVENTS.get(kind)
    if event is None:  # (each step sends and checks its event: worked out once a kind)
        event = _EVENTS[kind] = EXCEPTIONS.get(kind) or re.sub(r"(?<!^)(?=[A-Z])", "_", kind).lower()
    return event


EXCEPTIONS = {"SecretDiscs": "secret_discs_set"}
_EVENTS: dict[str, str] = {}
