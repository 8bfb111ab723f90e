"""The menu (a long press of KEY1): its rows in their fixed order. What they open: the rows every game
has (menu_game.py: undo, the cards showing, a special scoring, the map, the score sheet, this game's
settings, export), the corrections (corrections.py), the rules of a card (menu_cards.py), a new game,
the rows of a way to play (menu_big_box.py: the dummy, a Veto, the Big Box's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.language import _
from companion.ui.intents import Pop, Push
from companion.ui.pages import ListPage, Page
from companion.ui.screens import corrections
from companion.ui.screens.common import View, not_now
from companion.ui.screens.menu_big_box import own_rows
from companion.ui.screens.menu_cards import card_list
from companion.ui.screens.menu_game import game_rows
from companion.ui.screens.menu_sheets import new_game_question

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def menu(game: Game | None, edition: str = "2023", view: View = View(), can_switch_off: bool = False) -> Page:
    """The menu's rows never move within a game, nor between games: every game has the same rows
    in the same places, unavailable ones marked ✗ (OK says why); a mode's own rows (the
    dummy, the Big Box's, a Veto) come after them, above Back; *Correct: move Caballeros* is the
    last, one ▲ from the top (docs/table.md). *Switch off* comes after *New game* (on the Pi: the
    standby picture, the Pi powered off; elsewhere it says what it would do: can_switch_off)."""
    from companion.ui.screens import switch_off  # (the row's pages: with the first menu)

    if game is None:
        return ListPage("menu", _("El Grande companion"), _("Menu"), lambda do: do(),
                        items=[(_("Rules of an action card"), lambda: Push(card_list(game, edition))),
                               switch_off.row(can_switch_off), (_("Back"), lambda: Pop())])
    phase = game.phase
    playing = phase not in ("setup", "game_over")
    rows = game_rows(game, view)  # the most used first: the cards named every round
    why = _("no correction after the game") if phase == "game_over" else _("no correction before the setup")
    fixed = [(label, do if playing else not_now(why), playing)
             for label, do in corrections.items(game, view)]
    rows += [row for row in fixed if row[0] != _(corrections.MOVE)]
    rows += [(_("Rules of an action card"), lambda: Push(card_list(game, edition)), True),
             (_("New game"), lambda: Push(new_game_question(game)), True), (*switch_off.row(can_switch_off), True)]
    rows += [(label, do, True) for label, do in own_rows(game)]
    rows.append((_("Back"), lambda: Pop(), True))
    move = [row for row in fixed if row[0] == _(corrections.MOVE)]
    rows += move or [(_(corrections.MOVE), not_now(_("the board is not recorded in this game: scores only")), False)]
    items = [(label, do) for label, do, _ in rows]
    marks = ["" if ready else "✗" for *_, ready in rows]  # (a short mark: the label stays whole)
    return ListPage("menu", game.prompt.headline, _("Menu"), lambda do: do(), items=items, marks=marks)
