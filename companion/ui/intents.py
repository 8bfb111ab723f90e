"""What a key press asks the controller to do: plain data, returned by pages.

Pages and the screens that build them never call the controller, write a
file or decide a rule: a key handler returns one of these, and only the
controller (companion/ui/controller.py) carries it out. The controller tells them
apart by class (``match``), never by equality: those that carry data are equal
only to themselves (``eq=False``: a start does not pay for methods nothing calls).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from companion.engine.settings import Settings
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)
from companion.ui.view import Screen

if TYPE_CHECKING:  # the journal's vocabulary only once a step is made (not at a start on the wizard)
    from companion.engine.steps import SetupDone, Step


class Page(Protocol):
    """What the controller needs of a page (companion/ui/pages.py has the three shapes)."""

    kind: str

    def press(self, key: int) -> Intent | None: ...

    def far(self) -> Intent | None: ...

    def screen(self, error: str = "") -> Screen: ...


class _Signal:
    """An intent that carries nothing: equal to any other of its class, and immutable.

    Hand-written rather than ``@dataclass(frozen=True)``: the seven of them would
    cost a start ≈20 M instructions of generated methods, and give nothing more.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} carries nothing: cannot set {name!r}")


#: What follows a Send's steps by themselves, from the game as they leave it.
Follows = Callable[[Any], "tuple[Step, ...]"]


@dataclass(frozen=True, eq=False)
class Send:
    """Record these steps, checked whole and then written, as the table confirmed them;
    ``then`` builds a page to show next from the game as the steps leave it (or None; or an
    intent, carried out in turn: a card named at its action, its scoring; not when steps followed
    by themselves); ``after`` gives the steps that follow by themselves from the game as the steps
    leave it (the turn's end once its card's actions are done), recorded as a unit of their own so
    an undo takes them back first; a tuple of them: each in turn, from the game the one before
    left, each of its own unit (a named card's scoring, then the turn's end)."""

    steps: tuple[Step, ...]
    then: Callable[[Any], Any] | None = None
    after: Follows | tuple[Follows, ...] | None = None

    def __init__(self, *steps: Step, then: Callable[[Any], Any] | None = None,
                 after: Follows | tuple[Follows, ...] | None = None):
        object.__setattr__(self, "steps", steps)
        object.__setattr__(self, "then", then)
        object.__setattr__(self, "after", after)


@dataclass(frozen=True, eq=False)
class Push:
    """Show this page on top of the current one (Back returns)."""

    page: Page


@dataclass(frozen=True, eq=False)
class Replace:
    """Show this page instead of the current one (Back returns to the page below both)."""

    page: Page


class Pop(_Signal):
    """Back to the page below."""


@dataclass(frozen=True, eq=False)
class BackTo:
    """Back to the page below, its cursor on its row labelled ``row`` when it has one the table may
    choose (a card's action opened by itself, left: the turn page on "End the turn", issue 35)."""

    row: str


class Close(_Signal):
    """Done reading: back to where the menu was opened (or to the page below, without a menu)."""


class Home(_Signal):
    """Back to the game's own page, as its prompt asks (nothing recorded)."""


class Undo(_Signal):
    """Take back the last step."""


class OpenMenu(_Signal):
    """The menu, over the current page."""


class Export(_Signal):
    """Write the game log (and at game over a BG Stats file) beside the saved games."""


class PhoneCode(_Signal):
    """The finished game's QR code for BG Stats (companion/ui/screens/phone.py)."""


class NewGame(_Signal):
    """Keep this game among the saved ones and start the setup wizard."""


class SwitchOff(_Signal):
    """Close the game and leave the standby picture on the panel: the Pi is switched off next."""


@dataclass(frozen=True, eq=False)
class Start:
    """Begin the game with these settings and this setup (or record the setup again after
    an undo took it back); ``then`` is shown over the game's first page."""

    settings: Settings
    setup: SetupDone
    then: Page | None = None


@dataclass(frozen=True, eq=False)
class Say:
    """Nothing to do: say why in the page's error line (a card with no Caballeros left…)."""

    message: str


Intent = (Send | Push | Replace | Pop | BackTo | Close | Home | Undo | OpenMenu | Export | PhoneCode | NewGame | SwitchOff
          | Start | Say)
