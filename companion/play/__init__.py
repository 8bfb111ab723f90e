"""A game at the table: the engine with its game log, its snapshot and undo.

The Big Box's modes are imported here, before any module of this package builds a phase chart: their
steps are then events of it (companion/engine/phases.py takes its events from the steps defined)."""

import companion.engine.modes  # noqa: F401  (the modes register their rules and steps: engine/hooks.py)
