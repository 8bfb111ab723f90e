"""The engine's tests play every way to play: the Big Box's modes register their rules with
companion/engine/hooks.py when imported, as companion/play does before a game starts."""

import companion.engine.modes  # noqa: F401
