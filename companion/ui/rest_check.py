"""While the keys rest, the game in hand checked against its log, once per rest (issue 33).

The loop (companion/app.py ``Loop.tick``, called while it waits for a key) hands the check its
turn once no key has come for ``CHECK_AFTER`` seconds. The check (companion/engine/recheck.py) is
cooperative: a slice of a few steps of the log at a time, and between two slices the loop asks the
keys whether one is waiting (``more``); a waiting key ends the turn at once, so a press waits at
most one slice. The check is kept and resumed at the next rest while the log is as it was (a press
that only moves a cursor); a step written, an undo or another game makes it start again. A finished
check is not made again until the log changes. Where the log and the game in hand differ, the
controller goes on with the log's game and the panel says so in one line (notices.log_checked).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.ui.controller import Controller

if TYPE_CHECKING:  # the check's modules are imported at the first rest with a game, not at a start
    from companion.play.recheck import Recheck
    from companion.record.journal import Journal

#: Seconds without a press before the log's check begins (the table view waits longer: display.table_view).
CHECK_AFTER = 5.0


class RestCheck:
    def __init__(self, after: float = CHECK_AFTER):
        self.after = after
        #: The check under way, if any (kept from one rest to the next while it is not stale).
        self.check: Recheck | None = None
        #: The journal and its fingerprint when the last check finished: not checked again until they change.
        self.checked: tuple[Journal, tuple[int, str]] | None = None
        #: Checks finished, and the slices they took (figures for the tests and the bench).
        self.finished = 0

    def due(self, ui: Controller) -> bool:
        """Whether the game in hand has a check to make: a game kept in a writable log not checked as it stands."""
        game = ui.game
        journal = game.journal if game is not None else None
        if journal is None or not journal.writable:
            return False
        return self.checked is None or self.checked[0] is not journal or self.checked[1] != journal.fingerprint()

    def run(self, ui: Controller, more: Callable[[], bool]) -> bool:
        """Slices of the check, one and then more while ``more()`` (no key waiting); True when it
        finished and the controller now holds the log's game (its pages rebuilt, the notice on top)."""
        if not self.due(ui):
            self.check = None
            return False
        from companion.play.recheck import Recheck, adopt

        game = ui.game
        assert game is not None and game.journal is not None, "due: a game kept in a log"
        if self.check is None or self.check.stale(game):
            self.check = Recheck(game)
        while (found := self.check.slice()) is None:
            if not more():
                return False
        self.check = None
        self.finished += 1
        kept, notice = adopt(game, found)
        assert kept.journal is not None, "adopt: the game stays in its log"
        self.checked = (kept.journal, kept.journal.fingerprint())
        if kept is game:
            return False
        ui.follow_log(kept, notice, set_aside=found.damage is not None)
        return True
