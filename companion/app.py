"""The loop: keys -> controller -> journal -> screen -> display.

It also owns where games are kept: the current game is ``game.jsonl`` in
the state directory; a finished or abandoned game moves to ``games/`` with
its start time in the name. A journal that cannot be read is moved aside by
the journal itself, and the screen says so.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from companion.game.game import Game
from companion.game.journal import JournalUnreadable
from companion.game.state import Settings
from companion.ui import screens
from companion.ui.controller import Controller
from companion.ui.pages import LinesPage
from companion.ui.render import PANEL_SIZE, render
from companion.ui.view import Line
from hardware.keys.detector import KeyEvent

log = logging.getLogger(__name__)

CURRENT = "game.jsonl"


class Games:
    """The saved games in a state directory."""

    def __init__(self, state_dir: Path):
        self.dir = Path(state_dir)
        self.current = self.dir / CURRENT

    def start(self, settings: Settings) -> Game:
        if self.current.exists():
            self.put_aside()
        return Game.new(settings, self.current)

    def put_aside(self) -> Path | None:
        """Keep the current game under games/ (never deleted)."""
        if not self.current.exists():
            return None
        archive = self.dir / "games"
        archive.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(self.current.stat().st_mtime))
        target = archive / f"{stamp}.jsonl"
        n = 1
        while target.exists():
            n += 1
            target = archive / f"{stamp}-{n}.jsonl"
        os.replace(self.current, target)
        return target

    def resume(self) -> tuple[Game | None, str]:
        """The current game if there is one, and a one-line notice for the screen."""
        if not self.current.exists():
            return None, ""
        try:
            game = Game.resume(self.current)
        except JournalUnreadable as error:
            return None, str(error)
        warning = "; ".join(game.journal.warnings) if game.journal and game.journal.warnings else ""
        return game, warning


def make_controller(games: Games, seed: Callable[[], int] | None = None, edition: str = "2023") -> Controller:
    game, notice = games.resume()
    ui = Controller(games.start, game=game, new_seed=seed or _new_seed,
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
        if notice:
            lines.append(Line(notice))
        ui.push(LinesPage("resumed", game.prompt.headline, "Game resumed where it stood", lambda _: ui.pop(),
                          lines=lines, third=""))
    elif notice:
        ui.push(LinesPage("unreadable", "El Grande companion", "The saved game could not be read",
                          lambda _: ui.pop(), lines=[Line(x) for x in screens.wrap(notice, 30)], third=""))
    return ui


def _new_seed() -> int:
    """A fresh seed for a new game's draws (secrets is imported here: not needed on every start)."""
    import secrets

    return secrets.randbelow(2**31)


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
