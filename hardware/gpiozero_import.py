"""gpiozero, imported without importlib.metadata until gpiozero really looks up an entry point.

gpiozero 2.x binds ``entry_points`` at import time (``gpiozero.devices``; ``gpiozero.pins.mock``
too, imported only by tests), trying the ``importlib_metadata`` backport first and the standard
library's ``importlib.metadata`` second. Importing the latter (email, zipfile, csv, inspect, ...) is
about 73 M instructions of a 480 M start to the first frame (``bench``'s "cold start with the Pi's
imports"), yet gpiozero calls ``entry_points`` only when ``GPIOZERO_PIN_FACTORY`` names a factory
(never on a default install: the factory is found by its fixed list, lgpio first).

:func:`import_gpiozero` therefore imports gpiozero while ``importlib_metadata`` is, for that import
only, a small module whose ``entry_points`` imports the real one (the backport when installed, as
gpiozero would have chosen, else the standard library's) at its first call and hands the call on.
``gpiozero.boards`` does the same with ``importlib_resources`` (the 7-segment fonts: ``files``), and
gets a stand-in that imports the real module at its first attribute. Nothing else in the process sees
the stand-ins: they leave ``sys.modules`` when gpiozero is imported.
Called from the functions that open a device (``GpioKeys``, ``Bus.open``), never at import time.

The same goes for modules gpiozero imports only for devices the companion never makes: ``statistics``
(the averages of its smoothed input devices: ``median``, ``mean``), ``colorzero`` (an RGB LED's
``Color``), ``pprint`` (``pformat``, a board's repr) and ``subprocess`` (a Pi's
``/proc``-less internal devices), about 37 M instructions of the start (issue 23, callgrind). gpiozero
takes, for the names it imports from them, functions that import the real module at their first call
and hand the call on; its ``subprocess`` is a module that imports the real one at its first attribute.
"""

from __future__ import annotations

import sys
import threading
from importlib import import_module
from types import ModuleType
from typing import Any

_lock = threading.Lock()


def _real_entry_points(*args: Any, **kwargs: Any) -> Any:
    """gpiozero's choice, made at the first call: the backport if installed, else the standard library's."""
    try:
        from importlib_metadata import entry_points  # type: ignore[import-not-found]
    except ImportError:
        from importlib.metadata import entry_points
    return entry_points(*args, **kwargs)


def _real_resources() -> ModuleType:
    """gpiozero's choice of ``resources``: the backport if installed, else the standard library's."""
    try:
        import importlib_resources  # type: ignore[import-not-found]
    except ImportError:
        from importlib import resources
        return resources
    return importlib_resources  # type: ignore[no-any-return]


def _resources_attribute(name: str) -> Any:
    return getattr(_real_resources(), name)


#: Modules gpiozero imports for devices the companion never makes -> the names gpiozero takes from them
#: (all functions or classes it only calls); an empty tuple: gpiozero keeps the module and reads its
#: attributes when it calls them.
DEFERRED: dict[str, tuple[str, ...]] = {
    "statistics": ("median", "mean"), "colorzero": ("Color",), "pprint": ("pformat",), "subprocess": (),
}


def _deferred_call(module: str, name: str) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(import_module(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{module}.{name}, imported at the first call (hardware/gpiozero_import.py)."
    return call


def _deferred_module(module: str, names: tuple[str, ...]) -> ModuleType:
    stand_in = ModuleType(module, f"A stand-in for {module} while gpiozero is imported (hardware/gpiozero_import.py).")
    for name in names:
        setattr(stand_in, name, _deferred_call(module, name))
    if not names:
        stand_in.__getattr__ = lambda name: getattr(import_module(module), name)  # type: ignore[method-assign]
    return stand_in


def import_gpiozero() -> ModuleType:
    """``import gpiozero`` (ImportError as that raises it), without importing importlib.metadata."""
    done = sys.modules.get("gpiozero")
    if done is not None:
        return done
    with _lock:
        stand_ins = {}
        if "importlib.metadata" not in sys.modules:
            metadata = ModuleType("importlib_metadata", "A stand-in while gpiozero is imported (hardware/gpiozero_import.py).")
            metadata.entry_points = _real_entry_points  # type: ignore[attr-defined]
            stand_ins["importlib_metadata"] = metadata
        if "importlib.resources" not in sys.modules:
            resources = ModuleType("importlib_resources", "A stand-in while gpiozero is imported (hardware/gpiozero_import.py).")
            resources.__getattr__ = _resources_attribute  # type: ignore[method-assign]
            stand_ins["importlib_resources"] = resources
        for deferred, names in DEFERRED.items():
            stand_ins[deferred] = _deferred_module(deferred, names)
        stand_ins = {name: module for name, module in stand_ins.items() if name not in sys.modules}
        sys.modules.update(stand_ins)
        try:
            import gpiozero
        finally:
            for name, module in stand_ins.items():
                if sys.modules.get(name) is module:
                    del sys.modules[name]
        return gpiozero
