"""What the menu opens to read or confirm: the undo question, the score sheet, this game's settings,
the new game question."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
        return LinesPage("undo", game.prompt.headline if game else "Setup", "Nothing to undo", lambda _: Pop(),
                         lines=[], **NO_BACK)
    last = describe(back.named, game.state)
    if len(back.scored) > 1:  # a general scoring's places confirmed at once (or scored by the board)
        names = ", ".join(game.state.rules.name(w) for w in back.scored)
        first = "" if back.before is None else describe(back.before, game.state) + ", and "
        last = f"{first}the scoring of {names}"
    return LinesPage("undo", game.prompt.headline, "Undo the last step?", lambda _: Undo(),
                     lines=[paragraph(last, then="")], ok_label="Undo", third="Keep")


def new_game_question(game: Game) -> Page:
    return LinesPage("new_game", game.prompt.headline, "Start a new game?", lambda _: NewGame(),
                     lines=[paragraph("This game's log is kept with the others.", then="")], ok_label="New", third="Keep")


def sheet(game: Game) -> Page:
    state = game.state
    lines = [Line(f"{state.name(c)}", str(state.scores.get(c, 0)), strong=True) for c in state.colours]
    occasion = None
    for line in reversed(state.sheet[-30:]):  # newest first, under a heading per scoring
        if line.occasion != occasion:
            occasion = line.occasion
            heading = "special scoring" if occasion.startswith("special") else occasion  # "general scoring 2"
            lines.append(Line(f"R{line.round} {heading}", strong=True))
        where = state.rules.name(line.where) if line.where else (
            "corrected" if line.occasion == "correction" else line.occasion)  # "gold delivered"
        lines.append(Line(f"  {where}: {state.name(line.colour)}", f"{line.points:+d}"))
        lines.append(paragraph(line.reason, first="    ", then="    "))
    return LinesPage("sheet", game.prompt.headline, "Score sheet", lambda _: Close(), lines=lines)


def game_settings(game: Game) -> Page:
    """What the table chose at setup (fixed for the game; the panel's settings are in the settings file)."""
    settings = game.settings
    variants = settings.variant_labels()
    lines = [Line("Edition", settings.rules.title.removeprefix("El Grande ").removesuffix(" edition")),
             Line("Seats, clockwise")]
    lines += [Line(f"  {i}. {p.name}", p.colour if p.name.lower() != p.colour else "") for i, p in
              enumerate(settings.players, start=1)]
    if settings.dummy:
        lines.append(Line("  the dummy", settings.dummy.title()))
    lines.append(Line("Rounds", str(len(settings.rounds))))
    lines.append(Line("Board", "recorded" if settings.board else "scores only"))
    lines.append(paragraph("Variants: " + (", ".join(variants) or "none")))
    if settings.edition == "classic" and not facts(settings).own_cards:  # the settings file's game.classic_text
        lines.append(Line("Card text", "1995 rules (table)" if settings.classic_text == "1995" else "modern"))
    if settings.expansion:  # the Big Box readings in force: the table's where it gave its own
        from companion.engine.modes import offers

        lines += [paragraph(text) for text in offers.readings_lines(settings)]
    lines.append(Line("Seed", str(settings.seed)))
    return LinesPage("game_settings", game.prompt.headline, "This game's settings", lambda _: Close(), lines=lines)
