"""The players' colours and the words a page says for them.

The game log keeps a colour as its key ("blue") and an unnamed seat's name as the colour's English
word ("Blue", the wizard's default since 0.1); a page says that name in the table's language
(:func:`player_name`), so a game started in English resumes in German with its seats called *Blau*.
"""

from __future__ import annotations

from typing import Protocol

from companion.language import N_, _

#: Each colour's word (the box's colours, and the Big Box's).
WORDS = {"red": N_("Red"), "blue": N_("Blue"), "green": N_("Green"), "yellow": N_("Yellow"),
         "black": N_("Black"), "orange": N_("Orange"), "purple": N_("Purple"), "white": N_("White")}


class Seated(Protocol):
    """A seat as the settings hold it (engine/settings.py Player)."""

    @property
    def name(self) -> str: ...

    @property
    def colour(self) -> str: ...


def word(colour: str) -> str:
    """The colour's word in the table's language ("Blue", "Blau")."""
    known = WORDS.get(colour)
    return _(known) if known is not None else colour.title()


def logged_name(colour: str) -> str:
    """The name the game log keeps for a seat the table did not name: the colour's English word."""
    return colour.title()


def player_name(player: Seated) -> str:
    """The name a page says for a seat: its own, or its colour's word where the seat kept the colour's
    name (the log's English word)."""
    return word(player.colour) if player.name == logged_name(player.colour) else player.name
