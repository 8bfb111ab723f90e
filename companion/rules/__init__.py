"""The rulebook as data and pure functions.

Rules know nothing: no game state, no screens, no hardware. Everything here
can be read next to ../shared/RULES.md line by line.
"""
