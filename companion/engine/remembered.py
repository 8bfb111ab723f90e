"""The scope in which ``rules.check`` remembers its verdicts (companion/engine/rules.py, issue 36).

A tiny module of its own, so that the controller and the game can open and close the scope without
importing the referee (a resumed game draws its first frame without it).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.engine.state import GameState
    from companion.engine.step import Step, StepRefused

#: (id of the state, step) -> (the state, its refusal or None); None: nothing is remembered now.
now: dict[tuple[int, Step], tuple[GameState, StepRefused | None]] | None = None


@contextmanager
def remembering() -> Iterator[None]:
    """``rules.check``'s verdicts remembered until the state may change (nested: the outer scope's)."""
    global now
    if now is not None:
        yield
        return
    now = {}
    try:
        yield
    finally:
        now = None


@contextmanager
def changing() -> Iterator[None]:
    """A change of a state under way (a step taken, an undo): every verdict forgotten, none
    remembered until it ends; then, inside ``remembering``, remembered afresh."""
    global now
    was = now
    now = None
    try:
        yield
    finally:
        now = {} if was is not None else None
