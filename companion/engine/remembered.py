"""The scope in which ``rules.check`` remembers its verdicts (companion/engine/rules.py, issue 36).

A tiny module of its own, so that the controller and the game can open and close the scope without
importing the referee (a resumed game draws its first frame without it).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from companion.engine.state import GameState

#: What is remembered of a state while it cannot change, by a key that begins with the id of the state
#: or names what it is: (id of the state, step) -> (the state, its refusal or None), rules.check's;
#: ("points_if", id of the state, region, counts) -> (the state, the points), scorings.points_if's;
#: ("expects", id of the state, the events the chart allows) -> (the state, the kinds), Game.expects;
#: (a name, id of the state, the arguments) -> (the state, the answer), ``kept``'s (the offers' questions).
#: The state is held with its answer (its id is no other's while it is kept). None: nothing is remembered.
now: dict[tuple[Any, ...], tuple[GameState, Any]] | None = None


T = TypeVar("T")


def kept(name: str, state: GameState, args: tuple[Hashable, ...], compute: Callable[[], T]) -> T:
    """``compute()``, a question of ``state`` named ``name`` with ``args`` (hashable), remembered
    like the rules' verdicts until the state may change (its answer is shared: never to be changed
    by the caller); asked every time outside ``remembering``."""
    memo = now
    if memo is None:
        return compute()
    key = (name, id(state), *args)
    known = memo.get(key)
    if known is not None:
        return known[1]  # type: ignore[no-any-return]
    found = compute()
    if now is memo:  # (not forgotten meanwhile: nothing changed while it was computed)
        memo[key] = (state, found)
    return found


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


@contextmanager
def apart() -> Iterator[None]:
    """A copy of a state tried and changed inside (a unit's trial, companion/engine/offers/offer.py):
    its questions remembered in a scope of their own, dropped when it ends; the outer scope's answers
    kept meanwhile, and after, since the states they are of do not change (a step taken on the copy
    forgot them all before, and the page asked them all again)."""
    global now
    was = now
    now = {} if was is not None else None
    try:
        yield
    finally:
        now = was
