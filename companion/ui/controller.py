"""The controller: key presses in, journal steps and screens out.

The page on top of the stack gets a short press and answers with an intent
(companion/ui/intents.py), which only the controller carries out: record
steps, open or close a page, undo, export, start a game. A long press of
KEY1 opens the menu, a long press of KEY2 takes the cursor half-way round and a long
press of KEY4 asks to undo the last step.
Nothing reaches the journal before OK; a refused step shows its one-line
reason on the same page and keeps the values entered. After every recorded
step the pages are built again from the game's prompt, so the screen always
follows the record (after an undo or a restart too).

The controller is either setting up a game (``Setup``: the wizard's
choices, no journal yet) or running one (``Playing``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from companion.engine import remembered
from companion.engine.refused import Replayed, StepRefused
from companion.engine.settings import Settings
from companion.language import _
from companion.record.files import FileFault, said
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)
from companion.ui import intents as do
from companion.ui.grammar import FAR_KEY, MENU_KEY, UNDO_KEY
from companion.ui.intents import Page
from companion.ui.pages import LinesPage, ListPage
from companion.ui.screens import View, game_page, notices, setup
from companion.ui.view import Screen

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.engine.steps import SetupDone, Step
    from companion.play.game import Game
    from companion.record.roster import Roster
    from companion.settings.file import BigBoxConfig


@dataclass
class Setup:
    """A new game being set up: the wizard's choices, nothing recorded yet."""

    wizard: setup.Wizard


@dataclass
class Playing:
    """A game in progress, kept in its journal."""

    game: Game


class Controller:
    def __init__(self, start_game: Callable[[Settings], Game], game: Game | None = None,
                 new_seed: Callable[[], int] | None = None, on_new_game: Callable[[], None] | None = None,
                 edition: str = "2023", location: str = "Table", hide_castillo: bool = False,
                 roster: tuple[str, ...] = (), me: str = "", big_box: BigBoxConfig | None = None,
                 classic_text: str = "modern", remembered: Callable[[], Roster] | None = None):
        """start_game opens a journal for new settings; on_new_game puts the old game aside;
        edition is where the wizard's cursor starts and location where the table plays
        (the settings file's game.edition and game.location); hide_castillo keeps the Castillo
        tally off the screens until it is scored (game.hide_castillo); me names the BG Stats
        app's owner in an export (game.me); big_box holds the table's readings a new Big Box game
        records ([big_box]); classic_text the text a new classic game's cards follow (game.classic_text);
        remembered reads the names of earlier games (the state folder's roster) for each new game's wizard."""
        self.edition, self.location, self.roster, self.me = edition, location, roster, me
        self.big_box, self.classic_text = big_box, classic_text
        self.remembered = remembered
        #: The settings file's game.hide_castillo: the Castillo kept secret in every game, even one
        #: started with it open (a game started secret keeps it so whatever the file says).
        self.hide_castillo = hide_castillo
        self.start_game = start_game
        self.new_seed = new_seed or (lambda: 0)
        self.on_new_game = on_new_game
        self.table: Setup | Playing = Playing(game) if game is not None else self._new_setup()
        self.error = ""
        self.presses = 0
        #: How far a page of lines scrolls on the panel (the loop gives its own panel's measure).
        self.measure: Callable[[Screen], int] = _measure_default_panel
        self.stack: list[Page] = []
        #: The Pi can be powered off from the menu (run.py sets it on the Pi: elsewhere the row only says so).
        self.can_switch_off = False
        #: Menu › Switch off was confirmed: the game is closed, the standby picture is the one page, and
        #: the loop stops after drawing it (then the Pi is powered off: companion/commands/run.py).
        self.switched_off = False
        #: Within a Send carried out: how deep, and whether the game's own page is to be made at its end.
        self._base_held = 0
        self._base_due = False
        self.rebuild()

    @property
    def game(self) -> Game | None:
        return self.table.game if isinstance(self.table, Playing) else None

    @property
    def view(self) -> View:
        """How the screens show this game: the Castillo secret when the game was started so (the
        wizard's *Secret Castillo*, on by default) or the settings file says so."""
        game = self.game
        return View(hide_castillo=self.hide_castillo or (game is not None and game.settings.secret_castillo))

    # -- what the loop calls ---------------------------------------------------
    @property
    def page(self) -> Page:
        return self.stack[-1]

    def screen(self) -> Screen:
        with remembered.remembering():  # the rules' verdicts asked again by the page (engine/rules.py)
            return self._screen()

    def _screen(self) -> Screen:
        try:
            self._fit()
            return self.page.screen(self.error)
        except Exception as error:  # (a game resumed from a snapshot whose state fails: from its log)
            if not self.replayed(error):
                raise
        self._fit()
        return self.page.screen(self.error)

    def press(self, key: int, long: bool = False) -> None:
        with remembered.remembering():  # a page's offers ask the rules the same again and again (issue 36)
            self._press(key, long)

    def _press(self, key: int, long: bool = False) -> None:
        self.presses += 1
        self.error = ""
        try:
            intent: do.Intent | None
            if long and key == MENU_KEY:
                intent = do.OpenMenu() if self.page.kind != "menu" else None  # held in the menu: open already
            elif long and key == FAR_KEY:
                self._fit()
                intent = self.page.far()
            elif long and key == UNDO_KEY:
                from companion.ui.screens import menu_sheets  # imported with the first menu: not at start

                intent = do.Push(menu_sheets.undo_question(self.game))
            else:
                self._fit()
                intent = self.page.press(key)
            if intent is not None:
                self.carry_out(intent)
        except Replayed as replayed:  # the snapshot's game failed: the log's game, its own page
            self.rebuild()
            self.error = str(replayed)
        except StepRefused as refusal:
            self.error = str(refusal)
        except (FileFault, OSError) as error:
            # The step did not reach the disk, so it was not taken: say so, keep the page.
            self.error = _("not saved: {reason}").format(reason=said(error))
        except Exception as error:  # a page's failure in a game resumed from its snapshot: from its log
            if not self.replayed(error):
                raise

    def replayed(self, error: Exception) -> bool:
        """After ``error`` (ours, not a refusal) in a game resumed from its snapshot: the snapshot set
        aside, the game replayed from its log (companion/engine/fallback.py), its page shown again with
        one line saying so; True. False, changing nothing, for any other game (the error is raised)."""
        game = self.game
        if game is None or not game.from_snapshot:
            return False
        from companion.play import fallback

        fallback.from_the_log(game, error)
        self.rebuild()
        self.error = fallback.said(error)
        return True

    # -- intents -----------------------------------------------------------------
    def carry_out(self, intent: do.Intent) -> None:
        match intent:
            case do.Send():
                with self._playing().one_snapshot():  # the press's units: one snapshot after the last
                    self._base_held += 1
                    try:
                        self._send_intent(intent)
                    finally:  # the game's own page made once, for the game the press's units leave
                        self._base_held -= 1
                        if not self._base_held and self._base_due:
                            self._base_due = False
                            self.rebuild(self.stack[:0:-1])
            case do.Push(page=page):
                self.push(page)
            case do.Replace(page=page):
                self.pop()
                self.push(page)
            case do.Pop():
                self.pop()
            case do.BackTo(row=row):
                self.pop()
                self.cursor_on(row)
            case do.Close():
                self.close_menu()
            case do.Home():
                self.rebuild()
            case do.Undo():
                self.undo()
            case do.OpenMenu():
                from companion.ui.screens import menu

                self.push(menu.menu(self.game, self._edition(), self.view, can_switch_off=self.can_switch_off))
            case do.Export():
                self.export()
            case do.PhoneCode():
                from companion.ui.screens import phone

                self.push(phone.code_page(self._playing(), self.location))
            case do.NewGame():
                self.new_game()
            case do.SwitchOff():
                self.switch_off()
            case do.Start(settings=settings, setup=first, then=then):
                self.begin(settings, first)
                if then is not None:
                    self.push(then)
            case do.Say(message=message):
                self.error = message

    def _send_intent(self, intent: do.Send) -> None:
        """A Send carried out: its steps, the steps that follow them by themselves (each its unit), then
        what they open."""
        self.send(*intent.steps)
        followed = False
        after = intent.after
        for follows in after if isinstance(after, tuple) else (after,) if after is not None else ():
            more = follows(self._playing())
            if more:
                unread = self.stack[1:]  # what the steps left to read (a special scoring's results)
                self.send(*more)
                # read first, then what the turn's end leaves (a round's end folded into the results)
                self.stack[1:] = notices.read_together(self.stack[1:], unread)
                followed = True
        following = intent.then(self._playing()) if intent.then is not None and not followed else None
        if isinstance(following, (do.Send, do.Push)):  # what the steps open is itself an intent
            self.carry_out(following)  # (a card named at its action: its scoring, at once)
        elif following is not None:
            self.push(following)

    def send(self, *steps: Step) -> None:
        """Record steps (each checked, journaled, applied); then show what follows.

        In Intrigue & the King a turn's special action that offers no choice goes with the steps
        that began the turn, in their unit (no page asks for it, an undo takes it back with them);
        the King card's action then opens the King's page, under what there is to read."""
        game = self._playing()
        from companion.engine import flow  # (a game is under way)
        from companion.engine.modes.steps import SpecialActionChosen

        before = flow.mark(game.state, game.phase)
        followed: list[Step] = []

        def follow(g: Game) -> list[Step]:
            # checked whole, written as one unit, undone as one; with what a general scoring need
            # not ask and a special action without a choice (the engine's flow says which)
            followed[:] = flow.follows(g.state, g.phase, g.expects)
            return followed

        game.send(*steps, follow=follow)
        self._rebuild_after(notices.after(game, flow.caused(before, game.state, game.phase, game.last_unit), self.view))
        if any(isinstance(step, SpecialActionChosen) for step in followed):
            from companion.ui.screens import intrigue  # (an I&K game only)

            opened = intrigue.after_action(game)
            if opened is not None:
                self.stack.insert(1, opened)

    def undo(self) -> None:
        self._playing().undo()
        self.rebuild()

    def follow_log(self, game: Game, notice: str, set_aside: bool = False) -> None:
        """Go on with the game the log records (the game in hand was not it: companion/ui/rest_check.py);
        the pages are built again from it, the one-line notice on top (``set_aside``: refused lines were)."""
        self.table = Playing(game)
        self.error = ""
        self.rebuild([notices.log_checked(game, notice, set_aside)])

    def begin(self, settings: Settings, first: SetupDone) -> None:
        """Open the game's journal and record the setup (or record it again after an undo)."""
        game = self.game
        if game is None or game.phase != "setup":
            self.table = Playing(self.start_game(settings))
        self.send(first)

    def new_game(self) -> None:
        if self.on_new_game:
            self.on_new_game()
        self.table = self._new_setup()
        self.rebuild()

    def switch_off(self) -> None:
        """The game closed (every step is on disk already), the standby picture the only page left."""
        from companion.ui.screens import switch_off

        self.rebuild()  # the page the next start shows: the game's own, or the wizard's first
        page = switch_off.standby(self.game, self.stack[0])
        if self.game is not None:
            self.game.close()
        self.stack = [page]
        self.switched_off = True

    def export(self) -> None:
        """Write the game log (and at game over a BG Stats file) into exports/ by the saved games."""
        from companion.record.export import ExportError, export

        game = self._playing()
        assert game.journal is not None, "the menu offers export only for a game kept in a journal"
        folder = game.journal.path.parent / "exports"
        try:
            page = notices.exported(game, export(game, folder, location=self.location, me=self.me), folder)
        except ExportError as error:
            page = notices.exported(game, [], folder, str(error))
        self.push(page)

    # -- the page stack ------------------------------------------------------------
    def push(self, page: Page) -> None:
        self.stack.append(page)

    def pop(self) -> None:
        if len(self.stack) > 1:
            self.stack.pop()

    def cursor_on(self, row: str) -> None:
        """The page shown's cursor on its row labelled ``row``, when it is a list with such a row not
        refused (else the cursor stays where the page put it)."""
        page = self.page
        if not isinstance(page, ListPage):
            return
        labels = [label for label, _value in page.items]
        row = row if row in labels else _(row)  # (a row named in the code's English: the page says it so)
        if row in labels:
            at = labels.index(row)
            if not (page.reasons and at < len(page.reasons) and page.reasons[at]):
                page.cursor = at

    def close_menu(self) -> None:
        """Back to where the menu was opened: every page down to the menu goes, the menu too."""
        kinds = [page.kind for page in self.stack]
        if "menu" in kinds[1:]:
            del self.stack[max(1, len(kinds) - 1 - kinds[::-1].index("menu")):]
        else:
            self.pop()

    def rebuild(self, extra: Sequence[Page] = ()) -> None:
        table = self.table
        base = game_page(table.game, self.view) if isinstance(table, Playing) else setup.edition_page(table.wizard)
        self.stack = [base, *reversed(extra)]

    def _rebuild_after(self, extra: Sequence[Page]) -> None:
        """``rebuild`` after a unit: within a Send, the pages above the game's own set now and that page
        made when the Send ends (issue 36: a scoring's confirmation, three units, made the turn page
        three times, for the last to be shown; nothing reads it in between)."""
        if not self._base_held:
            self.rebuild(extra)
            return
        self.stack[1:] = reversed(extra)
        self._base_due = True

    # -- inside --------------------------------------------------------------------
    def _fit(self) -> None:
        """Tell a page of lines how far it scrolls: only the renderer knows how they wrap."""
        page = self.page
        if isinstance(page, LinesPage):
            page.end = None
            page.end = self.measure(page.screen(self.error))

    def _new_setup(self) -> Setup:
        """The wizard of a new game, offering the earlier games' names (the latest first, the last
        game's in their seats), then the settings file's."""
        earlier = self.remembered() if self.remembered is not None else None
        names = (*earlier.names, *self.roster) if earlier is not None else self.roster
        seen: dict[str, str] = {}
        for name in names:  # a name once, whatever its case: as it was first given
            seen.setdefault(name.casefold(), name)
        roster = tuple(seen.values())
        return Setup(setup.Wizard(edition=self.edition, new_seed=self.new_seed, roster=roster,
                                  last_seats=earlier.seats if earlier is not None else (),
                                  big_box=self.big_box, classic_text=self.classic_text))

    def _playing(self) -> Game:
        if not isinstance(self.table, Playing):
            raise StepRefused("no game yet: set one up first")
        return self.table.game

    def _edition(self) -> str:
        table = self.table
        return table.game.settings.edition if isinstance(table, Playing) else table.wizard.edition


def _measure_default_panel(screen: Screen) -> int:
    from companion.ui.draw.render import scroll_end  # the renderer (and Pillow) only when lines show

    return scroll_end(screen)
