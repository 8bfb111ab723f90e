"""The controller: key presses in, journal steps and screens out.

The page on top of the stack gets a short press; a long press of KEY1 opens
the menu and a long press of KEY4 asks to undo the last step. Nothing
reaches the journal before OK; a refused step shows its one-line reason on
the same page and keeps the values entered. After every committed step the
pages are built again from the game's prompt, so the screen always follows
the record (after an undo or a restart too).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.game.game import Game
from companion.game.journal import JournalError
from companion.game.state import Settings
from companion.game.steps import Step, StepRefused
from companion.ui import pages, screens
from companion.ui.grammar import MENU_KEY, UNDO_KEY
from companion.ui.view import Screen


class Controller:
    def __init__(self, start_game: Callable[[Settings], Game], game: Game | None = None,
                 new_seed: Callable[[], int] | None = None, on_new_game: Callable[[], None] | None = None,
                 edition: str = "2023"):
        """start_game opens a journal for new settings; on_new_game puts the old game aside;
        edition is where the wizard's cursor starts (the settings file's game.edition)."""
        self.edition = edition
        self.start_game = start_game
        self.new_seed = new_seed or (lambda: 0)
        self.on_new_game = on_new_game
        self.game = game
        self.error = ""
        self.presses = 0
        self.stack: list[pages.Page] = []
        self.wizard: dict = {}
        self.rebuild()

    # -- what the loop calls ---------------------------------------------------
    @property
    def page(self) -> pages.Page:
        return self.stack[-1]

    def screen(self) -> Screen:
        return self.page.screen(self.error)

    def press(self, key: int, long: bool = False) -> None:
        self.presses += 1
        self.error = ""
        try:
            if long and key == MENU_KEY:
                if self.page.kind != "menu":  # held in the menu: it is open already
                    self.push(screens.menu(self))
            elif long and key == UNDO_KEY:
                self.push(screens.undo_question(self))
            else:
                self.page.press(key)
        except StepRefused as refusal:
            self.error = str(refusal)
        except (JournalError, OSError) as error:
            # The step did not reach the disk, so it was not taken: say so, keep the page.
            self.error = f"not saved: {error}"

    # -- what pages call -------------------------------------------------------
    def send(self, *steps: Step) -> None:
        """Commit steps (each checked, journaled, applied); then show what follows."""
        before = screens.Snapshot.of(self.game)
        for step in steps:
            self.game.send(step)
        self.rebuild(screens.notices(self, before))

    def undo(self) -> None:
        self.game.undo()
        self.rebuild()

    def begin(self, settings: Settings, setup: Step) -> None:
        """The wizard is done: open the game's journal and record the setup."""
        self.game = self.start_game(settings)
        self.wizard = {}
        self.send(setup)

    def new_game(self) -> None:
        if self.on_new_game:
            self.on_new_game()
        self.game = None
        self.wizard = {}
        self.rebuild()

    def push(self, page: pages.Page) -> None:
        self.stack.append(page)

    def pop(self) -> None:
        if len(self.stack) > 1:
            self.stack.pop()

    def rebuild(self, extra: list[pages.Page] | None = None) -> None:
        self.stack = [screens.main_page(self), *reversed(extra or [])]
