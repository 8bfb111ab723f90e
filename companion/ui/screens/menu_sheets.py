"""What the menu opens to read or confirm: the undo question, the score sheet, this game's settings,
the new game question."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion import language
from companion.language import _
from companion.rules.colours import player_name, word
from companion.ui.intents import Close, NewGame, Pop, Undo
from companion.ui.pages import LinesPage, Page
from companion.ui.screens.common import NO_BACK, facts, paragraph
from companion.ui.view import Line
from companion.ui.words import describe

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def undo_question(game: Game | None) -> Page:
    back = game.undo_takes_back if game is not None else None  # what the undo takes back (play/undo.py)
    if game is None or back is None:
        return LinesPage("undo", game.prompt.headline if game else _("Setup"), _("Nothing to undo"), lambda _page: Pop(),
                         lines=[], **NO_BACK)
    last = describe(back.named, game.state)
    if len(back.scored) > 1:  # a general scoring's places confirmed at once (or scored by the board)
        names = ", ".join(game.state.rules.name(w) for w in back.scored)
        last = (_("the scoring of {regions}").format(regions=names) if back.before is None else
                _("{step}, and the scoring of {regions}").format(step=describe(back.before, game.state), regions=names))
    return LinesPage("undo", game.prompt.headline, _("Undo the last step?"), lambda _page: Undo(),
                     lines=[paragraph(last, then="")], ok_label="Undo", third="Keep")


def new_game_question(game: Game) -> Page:
    return LinesPage("new_game", game.prompt.headline, _("Start a new game?"), lambda _page: NewGame(),
                     lines=[paragraph(_("This game's log is kept with the others."), then="")], ok_label="New",
                     third="Keep")


def sheet(game: Game) -> Page:
    state = game.state
    lines = [Line(f"{state.name(c)}", str(state.scores.get(c, 0)), strong=True) for c in state.colours]
    occasion = None
    for line in reversed(state.sheet[-30:]):  # newest first, under a heading per scoring
        if line.occasion != occasion:
            occasion = line.occasion
            heading = _("special scoring") if occasion.startswith("special") else occasion  # "general scoring 2"
            lines.append(Line(_("R{round} {occasion}").format(round=line.round, occasion=heading), strong=True))
        where = state.rules.name(line.where) if line.where else (
            _("corrected") if line.occasion == "correction" else line.occasion)  # "gold delivered"
        lines.append(Line(f"  {where}: {state.name(line.colour)}", f"{line.points:+d}"))
        lines.append(paragraph(line.reason, first="    ", then="    "))
    return LinesPage("sheet", game.prompt.headline, _("Score sheet"), lambda _page: Close(), lines=lines)


def game_settings(game: Game) -> Page:
    """What the table chose at setup (fixed for the game; the panel's settings are in the settings file)."""
    settings = game.settings
    variants = settings.variant_labels()
    lines = [Line(_("Edition"), _(settings.rules.title).removeprefix("El Grande ").removesuffix(" edition")),
             Line(_("Language"), language.NAMES[language.current()]),
             Line(_("Seats, clockwise"))]
    lines += [Line(f"  {i}. {player_name(p)}", word(p.colour) if p.name.lower() != p.colour else "") for i, p in
              enumerate(settings.players, start=1)]
    if settings.dummy:
        lines.append(Line("  " + _("the dummy"), word(settings.dummy)))
    lines.append(Line(_("Rounds"), str(len(settings.rounds))))
    lines.append(Line(_("Board"), _("recorded") if settings.board else _("scores only")))
    lines.append(paragraph(_("Variants: {variants}").format(variants=", ".join(variants) or _("none"))))
    if settings.edition == "classic" and not facts(settings).own_cards:  # the settings file's game.classic_text
        lines.append(Line(_("Card text"), _("1995 rules (table)") if settings.classic_text == "1995" else _("modern")))
    if settings.expansion:  # the Big Box readings in force: the table's where it gave its own
        from companion.engine.modes import offers

        lines += [paragraph(text) for text in offers.readings_lines(settings)]
    lines.append(Line(_("Seed"), str(settings.seed)))
    return LinesPage("game_settings", game.prompt.headline, _("This game's settings"), lambda _page: Close(),
                     lines=lines)
