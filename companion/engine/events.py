"""The phase chart's event for each step kind: the chart itself (phases.py, python-statemachine) is
built only when a step is taken, so what a screen asks of a resumed game needs only this.

Every board correction (a step marked ``correction``: engine/step.py) is one event of the chart,
CORRECTION: they are taken alike in every phase in play, and each event a transition names costs the
chart's making its own callbacks (issue 36: eleven corrections on seven phases were ≈16 M instructions
of the class's ≈35 M; the chart with the library's import, ≈121 M, is ≈109 M so). The step itself goes
with the event, so the chart's action applies that very step.
"""

import re

from companion.engine.step import KINDS

#: The one event of every board correction.
CORRECTION = "board_corrected"


def event_of(kind: str) -> str:
    """PowerCardPlayed -> power_card_played (SecretDiscs -> secret_discs_set: the phase has that name; a board
    correction -> CORRECTION)."""
    event = _EVENTS.get(kind)
    if event is None:  # (each step sends and checks its event: worked out once a kind)
        step = KINDS.get(kind)
        if step is not None and step.correction:
            event = CORRECTION
        else:
            event = EXCEPTIONS.get(kind) or re.sub(r"(?<!^)(?=[A-Z])", "_", kind).lower()
        if step is not None:  # (a kind not defined yet is not kept: it may be a correction once it is)
            _EVENTS[kind] = event
    return event


EXCEPTIONS = {"SecretDiscs": "secret_discs_set"}
_EVENTS: dict[str, str] = {}
