"""An offer: a prompt's options, each with the steps confirming it sends and, when the referee
refuses them, its reason; the option the cursor starts on (never a refused one)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar

from companion.engine import remembered
from companion.engine.step import Step
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

if TYPE_CHECKING:
    from companion.engine.state import GameState

T = TypeVar("T")


@dataclass(frozen=True)
class Option:
    #: Stable, e.g. "card:3", "move:grande:aragon", "tile:8/4/0:galicia".
    id: str
    #: What confirming it sends (empty: it opens a sub-page, or changes nothing).
    steps: tuple[Step, ...] = ()
    #: "" = allowed; else the one-line reason, shown before the choice.
    why_not: str = ""
    #: What the row says was done already ("done", "2 in"; "" for nothing): the turn page's marks.
    mark: str = ""

    @property
    def allowed(self) -> bool:
        return not self.why_not


@dataclass(frozen=True)
class Offer:
    #: Which question: "grande", "tile", "tile_region", "king"...
    prompt: str
    options: tuple[Option, ...]
    #: The id the cursor starts on; None when every option is refused (or there is none).
    default: str | None

    def option(self, id: str) -> Option:
        return next(o for o in self.options if o.id == id)

    @property
    def allowed(self) -> tuple[Option, ...]:
        return tuple(o for o in self.options if o.allowed)

    @property
    def why_not(self) -> str:
        """Why nothing can be chosen ("" while something can): the first option's reason."""
        return "" if self.allowed or not self.options else self.options[0].why_not


def refusal(state: GameState, expects: Sequence[str], steps: Sequence[Step]) -> str:
    """Why the referee refuses ``steps`` in ``state`` ("" if it accepts them all, each against the
    state the ones before it leave): a step of a kind the phase does not ask for (``expects``; a
    board correction may come at any time) or one the rules refuse (``rules.refusal``: the verdict
    ``rules.check`` raises, the rules' one entry, unraised). The steps after the first are asked of a
    copy (``_trial``) in a scope of its own (``remembered.apart``)."""
    if not steps:
        return ""
    rules = _rules()
    first = steps[0]
    if first.kind not in expects and not first.correction:
        return _not_now(expects)
    refused = rules.refusal(state, first)  # (the first step asked of the state itself)
    if refused is not None:
        return refused
    if len(steps) == 1:
        return ""
    with remembered.apart():  # the copy's questions on their own: the state's answers stay remembered
        trial = _trial(state)
        for before, step in zip(steps, steps[1:]):
            rules.apply(trial, before)
            if step.kind not in expects and not step.correction:
                return _not_now(expects)
            refused = rules.refusal(trial, step)
            if refused is not None:
                return refused
    return ""


def _not_now(expects: Sequence[str]) -> str:
    return f"not now: the table is asked for {', '.join(expects) or 'nothing'}"


def _trial(state: GameState) -> GameState:
    """A copy of ``state`` to try a unit's steps on: pickled and read back (a third of a deep copy's
    cost), the score sheet's lines shared (they are frozen), as companion/play/copies.Kept copies."""
    import pickle

    sheet, state.sheet = state.sheet, []
    try:
        trial: GameState = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    finally:
        state.sheet = sheet
    trial.sheet = list(sheet)
    return trial


@cache
def _rules() -> ModuleType:
    """companion/engine/rules.py, imported with the first refusal asked (the referee and all it imports:
    a page that offers nothing, the standings a resumed game opens on, never pays for it)."""
    from companion.engine import rules

    return rules


def offer(prompt: str, options: Iterable[Option], preferred: Iterable[str | None] = ()) -> Offer:
    """The offer of ``options``, its default the first of ``preferred`` allowed, else the first
    option allowed, else None."""
    options = tuple(options)
    allowed = [o.id for o in options if o.allowed]
    default = next((p for p in preferred if p in allowed), allowed[0] if allowed else None)
    return Offer(prompt, options, default)


def rare_far(common: Sequence[T], first: T | None, rare: Sequence[T]) -> list[T]:
    """A list's rows with its rare answers farthest from the cursor (issue 35): ``common`` in their
    own order (the board's) from ``first`` (its first row when ``first`` is not one of them), round
    to the one before it, and ``rare`` in the middle. On a list that wraps, the cursor starting on
    ``first`` (the top row), every common row is at most half of them away, ▼ or ▲, and the rare
    ones (a disc that names the King's region or none) the farthest of all."""
    rows = list(common)
    at = rows.index(first) if first in rows else 0
    rows = rows[at:] + rows[:at]
    half = (len(rows) + len(rare) + 1) // 2
    return [*rows[:half], *rare, *rows[half:]]


def refused_far(offered: Offer) -> Offer:
    """``offered`` with the options the referee refuses as its rare rows (``rare_far``): the allowed
    ones in their order from the default, the refused ones farthest from it (a choice the rules
    forbid is the answer a table gives least). Unchanged with nothing refused or nothing allowed."""
    if offered.default is None or all(o.allowed for o in offered.options):
        return offered
    allowed = [o for o in offered.options if o.allowed]
    rows = rare_far(allowed, offered.option(offered.default), [o for o in offered.options if not o.allowed])
    return Offer(offered.prompt, tuple(rows), offered.default)
