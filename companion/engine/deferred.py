"""Import a library without paying for standard modules it names but does not use on our path.

python-statemachine 3.x runs both synchronous and asyncio machines, so its
``callbacks``, ``invoke``, ``utils`` and ``engines.async_`` modules start with
``import asyncio`` — which pulls in ``ssl``, ``socket``, ``concurrent`` and a
few dozen modules, about a third of the library's import cost (≈85 M of
≈235 M instructions on a PC, more than the rest of our phase chart). A
synchronous machine like ours never touches ``asyncio``: the library reaches
it only inside ``async def`` code and behind ``has_async_callbacks``.

:func:`deferred` lets such an import go ahead with a stand-in module for the
named standard modules. Whoever holds the stand-in and reads an attribute of
it gets the real module, imported then (and from then on), so nothing
breaks if a later version of the library does use it; it only costs the
import again. The stand-in is in ``sys.modules`` only during the ``with``
block: any other ``import asyncio`` in the process gets the real one.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module
from types import ModuleType
from typing import Any


class StandIn(ModuleType):
    """A module that imports the real one on the first attribute read from it."""

    def __getattr__(self, attr: str) -> Any:
        name = self.__name__
        real = sys.modules.get(name)
        if real is None or real is self:
            if real is self:
                del sys.modules[name]
            real = import_module(name)
        return getattr(real, attr)

    @property
    def loaded(self) -> bool:
        """True once the real module is in the process (whoever imported it)."""
        real = sys.modules.get(self.__name__)
        return real is not None and real is not self


@contextmanager
def deferred(*names: str) -> Iterator[dict[str, StandIn]]:
    """Within the block, ``import NAME`` of a not yet imported module gives a :class:`StandIn`."""
    stand_ins = {name: StandIn(name) for name in names if name not in sys.modules}
    sys.modules.update(stand_ins)
    try:
        yield stand_ins
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
