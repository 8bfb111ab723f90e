"""A game's steps, those read from its log decoded only when one is read (issue 36).

A game resumed from its snapshot has its state without its steps: they are needed only by an undo
(the steps after the copy it starts from) and by a page that reads the game's steps. Decoding every
logged step at the start cost the resume about 0.04 M instructions a step (callgrind), growing with
the game; so the log's entries are kept as they are and each is decoded the first time it is read
(then kept decoded). A slice or a copy shares the entries and decodes none. A step that fails to
decode raises StepRefused where it is read: an undo after a resume then replays the log
(companion/play/fallback.py), as it does for any failure of ours.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from companion.engine.step import Step


class Steps:
    """A list of steps, some of them still a game log's entries (dicts), decoded when read."""

    __slots__ = ("_items",)

    def __init__(self, items: Iterable[Step | dict[str, Any]] = ()) -> None:
        self._items: list[Any] = list(items)

    def _decoded(self, index: int) -> Step:
        item = self._items[index]
        if type(item) is dict:
            item = self._items[index] = Step.from_json(item)
        return item  # type: ignore[no-any-return]

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    @overload
    def __getitem__(self, index: int) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> Steps: ...

    def __getitem__(self, index: int | slice) -> Step | Steps:
        if isinstance(index, slice):
            return Steps(self._items[index])
        return self._decoded(index)

    def __iter__(self) -> Iterator[Step]:
        for index in range(len(self._items)):
            yield self._decoded(index)

    def append(self, step: Step) -> None:
        self._items.append(step)

    def copy(self) -> Steps:
        return Steps(self._items)

    def view(self) -> StepsView:
        """The steps as they stand now, read-only, as a tuple would hold them (later steps not in it)."""
        return StepsView(self._items, len(self._items))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Steps):
            return list(self) == list(other)
        if isinstance(other, (list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Steps({len(self._items)} steps)"


class StepsView(Sequence[Step]):
    """A game's steps at one moment (``Game.steps``): a read-only sequence equal to the tuple of them,
    each decoded when read, into the game's own list (so once for both)."""

    __slots__ = ("_items", "_count")

    def __init__(self, items: list[Any], count: int) -> None:
        self._items, self._count = items, count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Step, ...]: ...

    def __getitem__(self, index: int | slice) -> Step | tuple[Step, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._count)))
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("step index out of range")
        item = self._items[index]
        if type(item) is dict:
            item = self._items[index] = Step.from_json(item)
        return item  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[Step]:
        for index in range(self._count):
            yield self[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (StepsView, Steps, tuple, list)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: object) -> tuple[Any, ...]:
        if isinstance(other, (tuple, StepsView)):
            return (*self, *other)
        return NotImplemented

    def __radd__(self, other: object) -> tuple[Any, ...]:
        if isinstance(other, tuple):
            return (*other, *self)
        return NotImplemented

    def __repr__(self) -> str:
        return repr(tuple(self))
