"""The loop: keys -> controller -> journal -> screen -> display.

Where games are kept is companion.game.saves (``Games``); a journal that
cannot be read is moved aside by the journal itself, and the screen says so.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Iterable

from companion.game.saves import Games
from companion.ui import screens
from companion.ui.controller import Controller
from companion.ui.pages import LinesPage
from companion.ui.render import PANEL_SIZE, render
from companion.ui.view import Line
from hardware.keys.detector import KeyEvent

log = logging.getLogger(__name__)


def make_controller(games: Games, seed: Callable[[], int] | None = None, edition: str = "2023") -> Controller:
    game, notice = games.resume()
    ui = Controller(games.start, game=game, new_seed=seed or (lambda: secrets.randbelow(2**31)),
                    on_new_game=lambda: _close_and_archive(ui, games), edition=edition)
    if game is not None:
        if game.settings.dummy and game.phase == "power_cards" and game.state.dummy.moves_in(game.state.round):
            # The dummy's round start is read before the Power cards: show it again after a restart.
            ui.push(screens.dummy_page(ui, game.state.dummy.moves_in(game.state.round)))
        if game.steps and game.steps[-1].kind == "Scored" and not game.state.scoring:
            # A scoring had just ended: its results again, as they were on the screen.
            last = [line for line in game.state.sheet[game.state.scoring_from:] if line.occasion != "correction"]
            ui.push(screens.results_page(ui, last[-1].occasion if last else "the last scoring"))
        count = len(game.steps)
        lines = [Line(f"{count} step{'' if count == 1 else 's'} replayed."), Line(game.prompt.asks)]
        lines += [Line(x) for x in screens.wrap(notice, 30)] if notice else []
        cut = bool(game.journal and game.journal.cut_at)
        title = "Resumed at the last good step" if cut else "Game resumed where it stood"
        if notice:
            log.warning("%s", notice)
        ui.push(LinesPage("resumed", game.prompt.headline, title, lambda _: ui.pop(), lines=lines, third=""))
    elif notice:
        log.warning("%s", notice)
        ui.push(LinesPage("unreadable", "El Grande companion", "The saved game could not be read",
                          lambda _: ui.pop(), lines=[Line(x) for x in screens.wrap(notice, 30)], third=""))
    return ui


def _close_and_archive(ui: Controller, games: Games) -> None:
    if ui.game is not None:
        ui.game.close()
    games.put_aside()


class Loop:
    """Runs the companion: every key press becomes one new frame for the display."""

    def __init__(self, ui: Controller, show: Callable, size: tuple[int, int] = PANEL_SIZE,
                 keys_edge: str = "left", on_frame: Callable | None = None):
        self.ui, self.show, self.size, self.keys_edge = ui, show, size, keys_edge
        self.on_frame = on_frame
        self.frames = 0

    def draw(self) -> None:
        screen = self.ui.screen()
        image = render(screen, self.size, self.keys_edge)
        self.frames += 1
        self.show(image, screen.kind)
        if self.on_frame:
            self.on_frame(image, screen)

    def run(self, presses: Iterable[KeyEvent | None]) -> None:
        self.draw()
        for press in presses:
            if press is None:
                break
            self.ui.press(press.key, press.long)
            self.draw()
