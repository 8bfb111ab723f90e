"""The roster: the names of earlier games, kept in the state folder beside them (issue 38).

    roster, why = roster.read(folder, fit)    # Roster() and why not when there is none or it is damaged
    roster.remember(folder, names, fit)       # a new game's names by seat ("" for a seat called by its colour)

``fit`` says which names a roster may hold: the wizard's check (companion/ui/screens/seat_names.py:
the game log's own text check, the settings file's length). This knows files, not names.

The new-game wizard offers, at each seat, the name that sat there in the last game first
(one OK for the same table as last time), then the other names, the latest first. The
file is ``roster.json``, plain JSON a person can read::

    {"roster": 1, "seats": ["Ann", "", "Cy"], "names": ["Ann", "Cy", "Bo"]}

It is derived, never the record: every game log holds its own names. It is written whole
or not at all (``roster.json.tmp``, fsynced, renamed over the old one, as the snapshot is:
companion/record/snapshot.py), and a roster that cannot be read (damaged, not JSON, a name
the game log's own text check refuses) is ignored: ``read`` says why in one line, the
wizard offers no earlier names, and the next game writes a good one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from companion.record import files

NAME = "roster.json"
FORMAT = 1
#: Far above any roster's size (20 names of 12 characters).
MAX_SIZE = 16 << 10
#: The most names a roster holds (as many as the settings file's game.players may).
MOST = 20
#: Why read() found no roster: none there yet (not worth a line in the system's journal).
MISSING = "there is none"


class Roster:
    """The last game's names by seat ("": that seat was called by its colour), and every name
    remembered, the latest first (at most MOST). A plain class: read on a start (issue 23)."""

    __slots__ = ("seats", "names")

    def __init__(self, seats: tuple[str, ...] = (), names: tuple[str, ...] = ()):
        self.seats, self.names = seats, names

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Roster) and (self.seats, self.names) == (other.seats, other.names)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Roster(seats={self.seats!r}, names={self.names!r})"


def path_of(folder: Path) -> Path:
    return Path(folder) / NAME


Fit = Callable[[str], bool]


def read(folder: Path, fit: Fit) -> tuple[Roster, str]:
    """The roster kept in ``folder`` and ""; or an empty one and why not (:data:`MISSING`: none yet)."""
    try:
        data = files.read_regular(path_of(folder), MAX_SIZE)
    except FileNotFoundError:
        return Roster(), MISSING
    except (OSError, files.FileFault) as error:
        return Roster(), f"{NAME} cannot be read ({files.why(error) if isinstance(error, OSError) else error})"
    try:
        body = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        return Roster(), f"{NAME} is damaged (not JSON): ignored, the next game writes it again"
    seats, names = (body.get("seats"), body.get("names")) if isinstance(body, dict) else (None, None)
    if not (isinstance(body, dict) and body.get("roster") == FORMAT and isinstance(seats, list) and isinstance(names, list)
            and len(seats) <= MOST and len(names) <= MOST
            and all(isinstance(n, str) and (n == "" or fit(n)) for n in seats)
            and all(isinstance(n, str) and fit(n) for n in names)
            and len({n.casefold() for n in names}) == len(names)):
        return Roster(), f"{NAME} is damaged (not a roster of names): ignored, the next game writes it again"
    return Roster(tuple(seats), tuple(names)), ""


def after(old: Roster, seats: tuple[str, ...], fit: Fit) -> Roster:
    """The roster once a game with these names by seat has begun: its names first, in seat order,
    then the older ones (a name once, whatever its case; at most MOST)."""
    names: list[str] = []
    for name in [*(n for n in seats if n and fit(n)), *old.names]:
        if name.casefold() not in {n.casefold() for n in names}:
            names.append(name)
    return Roster(tuple(n if n and fit(n) else "" for n in seats), tuple(names[:MOST]))


def remember(folder: Path, seats: tuple[str, ...], fit: Fit) -> Roster:
    """Keep a new game's names (by seat; "" for a seat called by its colour) in ``folder``'s roster,
    written whole or not at all (OSError if it cannot be written: the old one, if any, is still whole).
    The roster as it stands now is returned. A damaged roster is replaced by this game's names."""
    old, _ = read(folder, fit)
    new = after(old, seats, fit)
    if new == old:
        return new
    body = {"roster": FORMAT, "seats": list(new.seats), "names": list(new.names)}
    files.replace_whole(path_of(folder), (json.dumps(body, ensure_ascii=False, separators=(", ", ": ")) + "\n").encode("utf-8"))
    return new
