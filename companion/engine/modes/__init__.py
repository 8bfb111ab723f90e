"""The Big Box's modes: imported once before a game starts (companion/play), they register their
rules with companion/engine/hooks.py; the base engine never imports them."""

from companion.engine.modes import family

family.register()
