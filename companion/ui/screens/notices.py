"""Notices: what happened that the table should read before going on (a scoring's results,
the dummy's moves, a resumed or unreadable game, an export)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.game.game import Game
from companion.ui.intents import Close, Intent
from companion.ui.pages import LinesPage, Page
from companion.ui.screens.common import NO_BACK, wrap, wrapped
from companion.ui.view import Line


def read() -> Intent:
    """A notice read: back to where the table was (closing the menu it came from)."""
    return Close()


@dataclass(frozen=True)
class Snapshot:
    """What the notices compare before and after a step: the score sheet, the dummy, the scoring."""

    sheet: int
    dummy_moves: int
    scoring: str

    @staticmethod
    def of(game: Game | None) -> Snapshot:
        if game is None:
            return Snapshot(0, 0, "")
        return Snapshot(len(game.state.sheet), len(game.state.dummy.moves), game.state.scoring)


def after(game: Game, before: Snapshot) -> list[Page]:
    """Pages to read before going on: a scoring's results, the dummy's moves (newest last)."""
    state = game.state
    out = []
    if before.scoring and state.scoring != before.scoring:
        out.append(results(game, before.scoring))
    moves = [text for _, text in state.dummy.moves[before.dummy_moves:]]
    if moves:
        out.append(dummy(game, moves))
    return out


def on_resume(game: Game, notice: str) -> list[Page]:
    """What a restart shows, top last: where the game stands, and what was on the screen."""
    pages = []
    state = game.state
    count = len(game.steps)
    lines = [Line(f"{count} step{'' if count == 1 else 's'} replayed."), Line(game.prompt.asks)]
    lines += [Line(x) for x in wrap(notice, 30)] if notice else []
    cut = bool(game.journal and game.journal.cut_at)
    title = "Resumed at the last good step" if cut else "Game resumed where it stood"
    if game.settings.dummy and game.phase == "power_cards" and state.dummy.moves_in(state.round):
        # The dummy's round start is read before the Power cards: show it again after a restart.
        pages.append(dummy(game, state.dummy.moves_in(state.round)))
    if game.steps and game.steps[-1].kind == "Scored" and not state.scoring:
        # A scoring had just ended: its results again, as they were on the screen.
        last = [line for line in state.sheet[state.scoring_from:] if line.occasion != "correction"]
        pages.append(results(game, last[-1].occasion if last else "the last scoring"))
    pages.append(LinesPage("resumed", game.prompt.headline, title, lambda _: read(), lines=lines, **NO_BACK))
    return pages


def unreadable(notice: str) -> Page:
    return LinesPage("unreadable", "El Grande companion", "The saved game could not be read", lambda _: read(),
                     lines=[Line(x) for x in wrap(notice, 30)], **NO_BACK)


def dummy(game: Game, moves: list[str]) -> Page:
    """What the dummy did and why, under its colour (the table moves its pieces)."""
    headline = f"{game.prompt.headline.split(' · ')[0]} · The dummy"
    lines = [line for m in moves for line in wrapped(m, first="• ")] or wrapped("Nothing yet this round.")
    return LinesPage("dummy", headline, f"The dummy ({(game.settings.dummy or '').title()})", lambda _: read(),
                     lines=lines, **NO_BACK)


def results(game: Game, occasion: str) -> Page:
    """What a scoring gave: one line per place scored, then each player's gain and total."""
    state = game.state
    lines = [line for line in state.sheet[state.scoring_from:] if line.occasion in (occasion, "correction")]
    rows: list[Line] = []
    places: dict[str, list[str]] = {}
    gained = {c: 0 for c in state.colours}
    for line in lines:
        points = f"{line.points:+d}" if line.occasion == "correction" else str(line.points)
        places.setdefault(line.where, []).append(f"{state.name(line.colour)} {points}")
        gained[line.colour] += line.points
    for where, parts in places.items():
        rows += wrapped(f"{state.rules.name(where) if where else 'Corrected'}: {', '.join(parts)}")
    if not rows:
        rows.append(Line("Nobody scored."))
    for colour in sorted(state.colours, key=lambda c: -state.scores[c]):
        rows.append(Line(f"{state.name(colour)} +{gained[colour]}", str(state.scores[colour]), strong=True))
    return LinesPage("results", game.prompt.headline, occasion[0].upper() + occasion[1:], lambda _: read(),
                     lines=rows, **NO_BACK)


def exported(game: Game, written: list[Path], folder: Path, error: str = "") -> Page:
    """What an export wrote, or why it could not."""
    if error:
        lines, prompt = [Line(x) for x in wrap(error, 30)], "Not exported"
    else:
        lines = [Line(p.name) for p in written] + [Line(f"in {folder}")]
        if not game.over:
            lines.append(Line("BG Stats file: at game over"))
        prompt = "Exported"
    return LinesPage("export", game.prompt.headline, prompt, lambda _: read(), lines=lines, **NO_BACK)
