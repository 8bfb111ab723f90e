"""Who sits in each seat of a new game: a name from the roster (the last game's player in this
seat first), the colour's own name, or one spelled now; and which names a roster may keep."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from companion.engine.forms import FormError, text
from companion.language import _
from companion.rules.colours import word
from companion.settings.bounds import NAME_LENGTH
from companion.ui.intents import Intent, Push
from companion.ui.pages import ListPage, Page


class Seats(Protocol):
    """What the wizard knows of the seats (companion/ui/screens/setup.py: Wizard)."""

    colours: list[str]
    names: dict[int, str]
    roster: tuple[str, ...]
    last_seats: tuple[str, ...]


W = TypeVar("W", bound=Seats)


def fit(name: str) -> bool:
    """A name a seat may have from the roster: the game log's own text check (companion/engine/forms.py,
    as Game.new checks names) and the settings file's length (game.players), no blanks around it."""
    try:
        text(name, "a name")
    except FormError:
        return False
    return name == name.strip() != "" and len(name) <= NAME_LENGTH


def name_page(w: W, seat: int, then: Callable[[W, int], Intent]) -> Page:
    """Who sits there: a name from the roster, the colour's name, or one spelled now. The name
    that sat in this seat in the last game comes first, where the cursor starts: the same table
    as last time takes its names in one OK a seat. ``then``: what follows a seat's name (the next
    seat's, or the variants)."""
    colour = w.colours[seat - 1]
    taken = {name.casefold() for s, name in w.names.items() if s != seat}
    last = w.last_seats[seat - 1] if seat <= len(w.last_seats) else ""
    offered = ([last] if last else []) + [name for name in w.roster if name.casefold() != last.casefold()]
    items: list[tuple[str, str | None]] = [(name, name) for name in offered if name.casefold() not in taken]
    items += [(word(colour), ""), (_("Spell a name…"), None)]

    def chosen(name: str | None) -> Intent:
        if name is None:
            return Push(speller_page(w, seat, then))
        if name:
            w.names[seat] = name
        else:
            w.names.pop(seat, None)
        return then(w, seat)

    return ListPage("setup_name", _("New game"), _("Seat {seat} ({colour}): who?").format(seat=seat, colour=word(colour)),
                    chosen, items=items)


#: The speller's keys: letters, then a space, rubbing out, and done.
SPELL = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + (" ", "⌫", "Done")
MAX_NAME = NAME_LENGTH


def speller_page(w: W, seat: int, then: Callable[[W, int], Intent]) -> Page:
    """A name letter by letter: ▲▼ to the letter, OK adds it (a capital after a space),
    ⌫ rubs one out, Done keeps the name."""
    word: list[str] = []

    def chosen(key: str) -> Intent | None:
        if key == "Done":
            name = "".join(word).strip()
            if name:
                w.names[seat] = name
            return then(w, seat)
        if key == "⌫":
            if word:
                word.pop()
        elif len(word) < MAX_NAME:
            word.append(key if not word or word[-1] == " " else key.lower())
        page.prompt = _("Name: {spelled}_").format(spelled="".join(word))
        return None

    page = ListPage("setup_speller", _("New game"), _("Name: {spelled}_").format(spelled=""), chosen,
                    items=[(_("space") if k == " " else _("Done") if k == "Done" else k, k) for k in SPELL])
    return page
