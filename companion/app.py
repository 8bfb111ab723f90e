"""The loop: keys -> controller -> journal -> screen -> display.

Where games are kept is companion.record.saves (``Games``); the game kept there
is opened by companion.play.game (only once there is one: a first start shows the
wizard without the phase chart). A journal that cannot be read is moved aside by
the journal itself, and the screen says so.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterable
from contextlib import nullcontext
from typing import TYPE_CHECKING

from companion.record.saves import Games
from companion.ui.controller import Controller
from companion.ui.draw.render import PANEL_SIZE, render, scroll_end
from companion.ui.families import family
from companion.ui.key_event import KeyEvent
from companion.ui.rest_check import CHECK_AFTER, RestCheck
from companion.ui.screens import notices

if TYPE_CHECKING:
    from companion.engine.settings import Settings
    from companion.play.game import Game
    from companion.settings.file import BigBoxConfig

log = logging.getLogger(__name__)


def make_controller(games: Games, seed: Callable[[], int] | None = None, edition: str = "2023",
                    location: str = "Table", hide_castillo: bool = False,
                    roster: tuple[str, ...] = (), me: str = "", big_box: BigBoxConfig | None = None,
                    classic_text: str = "modern") -> Controller:
    game, notice = _kept_game(games)

    def controller() -> Controller:
        return Controller(lambda settings: _start(games, settings), game=game, new_seed=seed or _new_seed,
                          on_new_game=lambda: _close_and_archive(ui, games), edition=edition, location=location,
                          hide_castillo=hide_castillo, roster=roster, me=me, big_box=big_box,
                          classic_text=classic_text, remembered=lambda: _remembered(games))

    stepped_back = False
    while True:
        try:
            ui = controller()
            break
        except Exception as error:  # the game's first page fails: never a start that fails on every start
            if game is None or game.journal is None or not game.journal.writable or stepped_back:
                raise
            stepped_back = not game.from_snapshot  # (the log's own game: one step set aside, at most)
            notice = "; ".join(filter(None, [notice, _first_page_failed(game, error)]))
    if notice:
        log.warning("%s", notice)  # stderr: the terminal, or systemd's journal
    shown_only = bool(games.unwritable)  # a full disk, a read-only folder: the game shown, nothing recorded
    pages = (notices.on_resume(game, notice, shown_only) if game is not None
             else [notices.unreadable(notice, shown_only)] if notice else [])
    for page in pages:
        ui.push(page)
    return ui


def _kept_game(games: Games) -> tuple[Game | None, str]:
    """The folder's current game, if it has one, and a notice for the screen."""
    if not os.path.lexists(games.current):
        return None, games.unwritable
    from companion.play.kept import kept_game

    return kept_game(games)


def _first_page_failed(game: Game, error: Exception) -> str:
    """``game`` from its log where its first page failed (issue 33): a game resumed from its snapshot
    replayed from the log, the snapshot set aside; one its log made, its last step set aside as a
    damaged line is. The notice for the screen."""
    from companion.play import fallback

    if game.from_snapshot:
        fallback.from_the_log(game, error)
        return fallback.said(error)
    fallback.last_step_aside(game, error)
    return "; ".join(game.journal.warnings[-1:]) if game.journal else ""


def _start(games: Games, settings: Settings) -> Game:
    """A new game, the current one put aside."""
    from companion.play.game import Game

    game = Game.new(settings, games.fresh())
    _remember(games, settings)
    return game


def _remembered(games: Games):
    """The names of earlier games kept in the state folder (companion/record/roster.py); a damaged
    roster is ignored, said in one line (stderr: the terminal, or systemd's journal)."""
    from companion.record import roster
    from companion.ui.screens.seat_names import fit

    kept, why = roster.read(games.dir, fit)
    if why and why != roster.MISSING:
        log.warning("%s", why)
    return kept


def _remember(games: Games, settings: Settings) -> None:
    """A new game's names kept for the next one's wizard (a seat called by its colour keeps none). The
    game is on disk already: a roster that cannot be written is only said, in one line."""
    from companion.record import roster
    from companion.record.files import FileFault, said
    from companion.ui.screens.seat_names import fit

    seats = tuple("" if p.name.casefold() == p.colour.casefold() else p.name for p in settings.players)
    try:
        roster.remember(games.dir, seats, fit)
    except (OSError, FileFault) as error:
        log.warning("the names were not kept for the next game: %s", said(error))


def _new_seed() -> int:
    """A fresh seed for a new game's draws (secrets is imported here: not needed on every start)."""
    import secrets

    return secrets.randbelow(2**31)


def _close_and_archive(ui: Controller, games: Games) -> None:
    games.refuse_if_unwritable()  # before the game is let go of: it stays on the screen
    if ui.game is not None:
        ui.game.close()
    games.put_aside()


class Loop:
    """Runs the companion: every key press becomes one new frame for the display.

    ``scale``: each layout pixel as a ``scale`` x ``scale`` block (a larger panel read across the
    table). ``table_after``: seconds without a press after which :meth:`tick` shows the table
    view (companion/ui/table_view.py; None or 0: never); the next press only brings back the
    page in hand. ``clock`` times it (tests pass a simulated one). ``check_after``: seconds without a
    press after which :meth:`tick` checks the game in hand against its log, slice by slice, once per
    rest (companion/ui/rest_check.py; None: never); ``key_waiting`` tells it a key is waiting (then it
    gives way at once; without it, one slice per tick).
    """

    def __init__(self, ui: Controller, show: Callable, size: tuple[int, int] = PANEL_SIZE,
                 keys_edge: str = "left", on_frame: Callable | None = None, scale: int = 1,
                 table_after: float | None = None, clock: Callable[[], float] = time.monotonic,
                 check_after: float | None = CHECK_AFTER, key_waiting: Callable[[], bool] | None = None,
                 settle: bool = False):
        self.ui, self.show, self.size, self.keys_edge, self.scale = ui, show, size, keys_edge, scale
        #: After the first frame, what the start made kept out of the cyclic collector's way (``settled``).
        self.settle = settle
        ui.measure = lambda screen: scroll_end(screen, size, keys_edge, scale=scale)  # lines wrap to this panel
        self.on_frame = on_frame
        self.frames = 0
        self.table_after, self.clock = table_after or None, clock
        self.last_press = clock()
        #: The table view is on the glass (the page in hand comes back on the next press).
        self.table_shown = False
        self.rest_check = RestCheck(check_after) if check_after else None
        self.key_waiting = key_waiting

    def draw(self) -> None:
        screen = self.ui.screen()
        image = render(screen, self.size, self.keys_edge, scale=self.scale)
        self.frames += 1
        self.show(image, family(screen.kind))  # the display shares partial refreshes within a family
        if self.on_frame:
            self.on_frame(image, screen)

    def run(self, presses: Iterable[KeyEvent | None]) -> None:
        """Draw, then one frame a press, until the presses end (None) or the companion is switched off
        (Menu › Switch off: its standby picture is the last frame)."""
        self.draw()
        if self.settle:
            settled()
        for press in presses:
            if press is None:
                break
            self.press(press)
            if self.ui.switched_off:
                break

    def press(self, event: KeyEvent) -> None:
        """One key press: to the controller, then its frame; or, over the table view, the page in hand.
        What the press confirmed is in the game log (written, fsynced) before its frame; the snapshot
        beside the log is written after the frame is on its way (issue 36: a scoring's confirmation
        spent a fifth of its press on it). A plug pulled between the two leaves the snapshot behind the
        log: not trusted, the log replayed, the same game (Game.one_snapshot)."""
        self.last_press = self.clock()
        if self.table_shown:
            self.table_shown = False
            self.draw()  # the page in hand, as it was: the press that woke it does nothing else
            return
        game = self.ui.game
        with game.one_snapshot() if game is not None else nullcontext():
            self.ui.press(event.key, event.long)
            self.draw()

    def tick(self) -> None:
        """Called while waiting for a key: shows the table view once the keys have rested long enough,
        and checks the game in hand against its log (a notice and a frame if the log had another game)."""
        self._table_view()
        check = self.rest_check
        if check is None or self.clock() < self.last_press + check.after:
            return
        waiting = self.key_waiting
        if check.run(self.ui, (lambda: not waiting()) if waiting is not None else (lambda: False)):
            self.last_press = self.clock()  # the notice stays until the table view's rest has passed again
            self.table_shown = False
            self.draw()

    def _table_view(self) -> None:
        if self.table_after is None or self.table_shown or self.clock() < self.last_press + self.table_after:
            return
        from companion.ui.draw.table import render_table
        from companion.ui.table_view import table_screen

        screen = table_screen(self.ui)
        if screen is None:  # no game yet: the page in hand stays
            self.last_press = self.clock()
            return
        image = render_table(screen, self.size)
        self.table_shown = True
        self.frames += 1
        self.show(image, family(screen.kind))
        if self.on_frame:
            self.on_frame(image, screen)


def settled() -> None:
    """What the start made (the imports, the first frame: most of the objects a companion ever holds)
    moved out of the cyclic garbage collector's reach (``gc.freeze``), as a running companion's loop
    does after its first frame: a full collection then walks the game's objects only, not every module
    of the program, and no press pays for one that walks them all (issue 36: one such collection was
    one press's dearest part). The objects of the game and of the pages are collected as before."""
    import gc

    gc.collect()
    gc.freeze()
