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
"""

from __future__ import annotations

import sys
import threading
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
        stand_ins = {name: module for name, module in stand_ins.items() if name not in sys.modules}
        sys.modules.update(stand_ins)
        try:
            import gpiozero
        finally:
            for name, module in stand_ins.items():
                if sys.modules.get(name) is module:
                    del sys.modules[name]
        return gpiozero
