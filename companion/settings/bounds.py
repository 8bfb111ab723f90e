"""The bounds of the settings file's numbers and names: stated here, once.

companion/settings/file.py and companion/settings/big_box.py check every key against its bound,
and ``config``, ``run`` (the service's ``run --hardware`` too) and the installer's ``--check``
(which runs ``elgrande-companion config``) all read settings through file.py's ``load_config``:
what one refuses the others refuse. The example file (companion/settings/example.py) quotes
:meth:`Bound.shown`, and hardware/README.md's table of the keys says the same words
(tests/config/test_bounds.py keeps the two in step).
"""

from __future__ import annotations

from companion.language import N_, _
from companion.rules.big_box import MOST_POINTS
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)
from companion.settings.panel import MIN_SIZE
from companion.settings.words import _number

#: The table view's shortest wait, in seconds (0 switches it off). The press that ends the table
#: view only brings back the page in hand (companion/app.py), so a wait shorter than the pause
#: between two presses of one step takes every such press away (issue 33: at 0.5 s, 60 presses
#: 1.2 s apart recorded 1 step of 7). 15 s is the longest pause between two steps that the bench's
#: table model assumes (hardware/bench/display.py at_the_table: 10 s, 0.5 to 1.5 times), and three
#: times the longest long press (keys.long_press at most 5 s): the view comes only once the table
#: has rested longer than it does between steps of play.
TABLE_VIEW_SHORTEST = 15.0
#: A day: the longest wait of the timers (idle_sleep, table_view).
A_DAY = 86400.0


@dataclass(frozen=True)
class Bound:
    """A number's bound: ``low`` to ``high`` in ``unit``; ``off`` a value outside them that switches
    the thing off ("0 = never"); ``whole``: a whole number."""

    low: float
    high: float
    unit: str = ""
    off: float | None = None
    whole: bool = False

    def holds(self, value: float) -> bool:
        """The value is within the bound (nan never is)."""
        return value == self.off or self.low <= value <= self.high

    def shown(self) -> str:
        """The bound in words, as the messages, the example file and the README say it: "0.25 to 5
        seconds", "0 (never) or 15 to 86400 seconds"."""
        span = f"{self.low:g} to {self.high:g}" + (f" {self.unit}" if self.unit else "")
        return span if self.off is None else f"{self.off:g} (never) or {span}"

    def refusal(self, key: str, value: float) -> str:
        """The one line that refuses ``value`` for ``key`` ("" when the bound holds it)."""
        if self.holds(value):
            return ""
        unit = f" {_(self.unit)}" if self.unit else ""
        said = (_("{key} must be between {low:g} and {high:g}{unit}, not {value}") if self.off is None else
                _("{key} must be {off:g} (never) or between {low:g} and {high:g}{unit}, not {value}"))
        return said.format(key=key, off=self.off, low=self.low, high=self.high, unit=unit, value=_number(value))


#: The numbers of the settings file, by (section, key).
NUMBERS: dict[tuple[str, str], Bound] = {
    ("keys", "pins"): Bound(0, 27, whole=True),  # BCM GPIO numbers
    ("keys", "long_press"): Bound(0.25, 5.0, N_("seconds")),
    ("keys", "debounce"): Bound(0.0, 0.2, N_("seconds")),
    ("display", "width"): Bound(MIN_SIZE[0], 4096, whole=True),  # pixels
    ("display", "height"): Bound(MIN_SIZE[1], 4096, whole=True),
    ("display", "partials_before_full"): Bound(0, 100, whole=True),
    ("display", "idle_sleep"): Bound(0.0, A_DAY, N_("seconds")),
    ("display", "busy_timeout"): Bound(1.0, 120.0, N_("seconds")),
    ("display", "table_view"): Bound(TABLE_VIEW_SHORTEST, A_DAY, N_("seconds"), off=0.0),
    **{("big_box", seat): Bound(0, MOST_POINTS, N_("points"), whole=True)
       for seat in ("captain", "viceroy", "ambassador", "envoy")},
}

#: The longest name of a player (game.players, game.me) and how many the roster holds.
NAME_LENGTH = 12
ROSTER_SIZE = 20
#: The longest location (game.location).
PLACE_LENGTH = 60
