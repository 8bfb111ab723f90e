"""The table view: what the whole table wants to see when nobody is pressing keys.

After ``display.table_view`` seconds without a press the loop (companion/app.py) shows, large,
whose turn it is and what they do next (the game's prompt: round, turn, colour), the standings
and the Castillo tally where the game lets it be seen (never while the Castillo is secret). The
next press brings back the page in hand: the controller is not touched, so nothing is lost.

Built from the game (never from the page in hand: a menu or a list open when the keys rested
still gives the game's own first line). Drawn by companion/ui/draw/table.py.
"""

from __future__ import annotations

from companion.language import _
from companion.ui.controller import Controller
from companion.ui.view import Line, Lines, Screen

KIND = "table_view"
#: The Game over page's QR code (companion/ui/screens/phone.py), which stays until a press.
CODE_KIND = "bgstats"


def table_screen(ui: Controller) -> Screen | None:
    """The table view of the game in ``ui`` (None before a game has begun, or over the QR code:
    nothing to show, the page in hand stays)."""
    game = ui.game
    if game is None or (ui.stack and ui.stack[-1].kind == CODE_KIND):  # (a phone may be reading the code)
        return None
    state, prompt = game.state, game.prompt
    rows = [Line(_("{place}. {name}").format(place=place, name=state.name(colour)), str(points), strong=place == 1)
            for place, colour, points in state.standings()]
    if not ui.view.hide_castillo:
        inside = [f"{state.name(colour)} {count}" for colour, count in state.castillo.items() if count]
        rows.append(Line(_("Castillo: {counts}").format(counts=", ".join(inside)) if inside else _("Castillo: empty")))
    return Screen("table_view", prompt.headline, prompt.asks, Lines(tuple(rows)), keys=("", "", "", ""))
