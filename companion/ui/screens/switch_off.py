"""Switching the companion off from the keys (issue 38): Menu › *Switch off* asks once, then the
game is closed and the panel keeps a standby picture (e-paper holds it without power: the standings
as they stand, or the wizard's first page when no game is under way) while the Pi powers off.

On the Pi the service's user may run `systemctl poweroff` and nothing more (the installer's polkit
rule, systemd/elgrande-companion.rules); the command itself is hardware/power.py's, run once the panel
sleeps (companion/commands/run.py). In the simulator the row only says what it would do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.language import N_, _
from companion.ui.intents import Intent, Page, Say, SwitchOff
from companion.ui.pages import LinesPage
from companion.ui.screens.common import NO_BACK, paragraph
from companion.ui.screens.standings import standing_lines

if TYPE_CHECKING:
    from companion.play.game import Game

ROW = N_("Switch off")
#: What the row says where nothing can be switched off (the simulator, a key script).
SIMULATED = N_("on the Pi this closes the game, shows the standings and powers the Pi off "
               "(systemctl poweroff); here nothing is switched off")
#: The standby picture's last line: what to do next.
AFTERWARDS = N_("Unplug once the LED is off")


def row(available: bool) -> tuple[str, object]:
    """The menu's row: the question on the Pi, one line saying what it would do elsewhere."""
    return _(ROW), (lambda: question()) if available else (lambda: Say(_(SIMULATED)))


def question() -> Intent:
    from companion.ui.intents import Push

    return Push(LinesPage("switch_off", _(ROW), _("Switch the companion off?"), lambda _page: SwitchOff(),
                          lines=[paragraph(_("The game is kept and resumes on the next start. The panel keeps "
                                             "the standings while the Pi powers off."), then="")],
                          ok_label="Off", third="Keep"))


def standby(game: Game | None, first_page: Page) -> Page:
    """The picture left on the glass: the scores as they stand (the final standings after the game),
    or, with no game under way, the page the next start shows (the wizard's first)."""
    if game is None or game.phase == "setup":
        return first_page
    state = game.state
    over = game.phase == "game_over"
    lines = standing_lines(state)
    lines.append(paragraph(_(AFTERWARDS), then=""))
    where = _("Final standings") if over else _("Standings, round {round}").format(round=state.round)
    return LinesPage("standby", _("Switched off"), where, lambda _page: None, lines=lines, ok_label="", **NO_BACK)
