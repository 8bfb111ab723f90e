"""Issue 22's press targets ("a third of the presses"): each moment, its target, what it measures.

The table itself is ``press_section.TARGETS`` (one entry a target: the moment, the most presses
allowed, the scenario that measures it or None while none does); here are the figures' shape,
the scenarios of the scorings and the correction, and the typical table's whole game counted
from its shipped key script (companion/samples/sample_typical_table.keys, which
tests/ui/test_typical_table_by_keys.py writes from the controller and holds to its standings).

    for target in measured(TARGETS, folder):
        print(target.line())
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.measure.hands import Hands, TourError
from companion.ui.grammar import OK, UP
from companion.ui.view import Choices

if TYPE_CHECKING:
    from companion.ui.controller import Controller

#: A scenario: presses, measured in a fresh folder of its own.
Measure = Callable[[Path], int]


@dataclass(frozen=True)
class Target:
    moment: str
    target: int
    #: None: no scenario measures it yet.
    measured: int | None

    @property
    def met(self) -> bool:
        return self.measured is not None and self.measured <= self.target

    def line(self) -> str:
        got = "not measured yet" if self.measured is None else f"{self.measured}, {'met' if self.met else 'NOT MET'}"
        return f"  {self.moment} → target ≤ {self.target} → measured {got}"


def measured(table: Iterable[tuple[str, int, Measure | None]], folder: Path | None = None) -> list[Target]:
    """Each target of ``table`` with its figure."""
    out = []
    with tempfile.TemporaryDirectory(prefix="elgrande-targets-") as tmp:
        root = folder or Path(tmp)
        for i, (moment, target, measure) in enumerate(table):
            out.append(Target(moment, target, measure(root / f"target-{i}") if measure is not None else None))
    return out


# -- the typical table's key script ------------------------------------------------------------


@dataclass(frozen=True)
class Moments:
    """The typical table's presses by moment, from its key script."""

    turns: list[int]
    scorings: list[int]
    rounds: list[int]
    total: int

    def lines(self) -> list[str]:
        turns = self.turns
        return [
            f"    per turn: {sum(turns) / len(turns):.1f} on average, {min(turns)} to {max(turns)} "
            f"({len(turns)} turns, {sum(turns)} in all)",
            f"    per general scoring: {', '.join(map(str, self.scorings))} (four secret discs each)",
            f"    per round's Power cards and cards shown: {sum(self.rounds) / len(self.rounds):.1f} on average",
        ]


def script_lines(path: Path | None = None) -> list[tuple[list[str], str]]:
    """The typical table's key script (or the one at ``path``), line by line: its keys ("4",
    "L1") and the step it records in words ("TurnEnded red"; a comment line: no keys)."""
    from companion.measure.key_scripts import TYPICAL_TABLE_KEYS

    lines = []
    for line in (path or TYPICAL_TABLE_KEYS).read_text(encoding="utf-8").splitlines():
        keys, _, what = line.partition("#")
        lines.append((keys.split(), what.strip()))
    return lines


def press(ui: Controller, word: str) -> None:
    """One key of a script on ``ui``: "3" presses KEY3, "L3" holds it."""
    ui.press(int(word[-1]) - 1, word.startswith("L"))


def script_moments(path: Path | None = None) -> Moments:
    """Count the typical table's shipped key script: each line is one step's presses and the step
    in words ("# TurnEnded red"). A turn runs from its card taken to its end, or to the next step
    outside any turn when its card's last OK ended it (special scorings,
    placements and effects in it); a general scoring from its secret discs to its results read
    (the first press of the step after it); the rest is each round's Power cards and the cards
    named (their page: from the menu in round 1, by itself after)."""
    rows = [(len(keys), what) for keys, what in script_lines(path) if keys]
    turns, scorings, rounds = [], [], [0]
    turn = scoring = None
    for presses, what in rows:
        step = what.split(" ", 1)[0]
        if turn is not None and step in ("ActionCardTaken", "ActionCardsRevealed", "PowerCardPlayed", "SecretDiscs"):
            turns.append(turn)  # (a turn ended by its card's last OK: no TurnEnded line of its own)
            turn = None
        if scoring is not None and step != "Scored":
            scorings.append(scoring + 1)  # the results read: the next step's first press
            presses -= 1
            scoring = None
        if step == "SecretDiscs":
            scoring = presses
        elif step == "Scored" and scoring is not None:
            scoring += presses
        elif step == "ActionCardTaken" or turn is not None:
            turn = (turn or 0) + presses
            if step == "TurnEnded":
                turns.append(turn)
                turn = None
        elif step in ("ActionCardsRevealed", "PowerCardPlayed"):
            if step == "ActionCardsRevealed":
                rounds.append(0)
            rounds[-1] += presses
    total = sum(p for p, _ in rows)
    return Moments(turns, scorings, [r for r in rounds if r], total)


#: The steps of a card's special action in the typical table's key script.
_EFFECT_STEPS = ("CardMoved", "PowerCardReturned")


def effect_presses(path: Path | None = None) -> dict[str, list[int]]:
    """The typical table's card effects as played, from its key script: each card's title -> the
    presses of each time its effect was entered (the lines of its moves, from its first page, opened
    by itself on the placements' OK, or the turn page's row for the card, to the OK of the last, the
    pages that open by themselves between them included)."""
    from companion.rules import cards

    shown: dict[str, str] = {}
    played: dict[str, list[int]] = {}
    card, going = "", False
    for keys, what in script_lines(path):
        step, *words = what.split() or [""]
        if step == "ActionCardsRevealed":
            shown = dict(zip(words[::2], words[1::2], strict=True))
        elif step == "ActionCardTaken":
            card = cards.card(shown[words[1]]).title if words[1] in shown else ""
        if step in _EFFECT_STEPS and card:
            if not going:
                played.setdefault(card, []).append(0)
            played[card][-1] += len(keys)
        going = step in _EFFECT_STEPS
    return played


#: An effect's pages, by what they ask (the screen's kind, and its prompt's shape where one
#: kind serves several): the words the bench prints.
_PAGES = (("turn", "", "the turn page's row"), ("who", "", "whose"), ("region", "'s Caballeros from", "from"),
          ("region", " go?", "Militia's"), ("region", " to", "to"), ("region", "emptied?", "Coup's region"),
          ("placements", "", "Militia's"),
          ("disc", "'s disc", "Civil War discs"), ("disc", " to", "Coup discs"),
          ("counts_correction", "sends back", "sending back"),
          ("power_back", "", "Empowerment's card"))


def effect_pages(path: Path | None = None) -> dict[str, int]:
    """The typical table's card effects, page by page: the script replayed on a controller, each
    press of an effect's lines (as ``effect_presses`` counts them) given to the page it was
    pressed on: what the page asks -> presses."""
    from companion.app import Games, make_controller

    spent: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="elgrande-effects-") as tmp:
        ui = make_controller(Games(Path(tmp)), seed=lambda: 7)
        for keys, what in script_lines(path):
            effect = what.split(" ", 1)[0] in _EFFECT_STEPS
            for word in keys:
                if effect:
                    screen = ui.screen()
                    page = next(name for kind, shape, name in (*_PAGES, (screen.kind, "", screen.kind))
                                if kind == screen.kind and shape in screen.prompt)
                    spent[page] = spent.get(page, 0) + 1
                press(ui, word)
    return spent


def pages_line(spent: dict[str, int]) -> str:
    figures = ", ".join(f"{page} {n}" for page, n in sorted(spent.items(), key=lambda kv: -kv[1]))
    return f"    per card effect's page: {figures}"


def effects_line(played: dict[str, list[int]]) -> str:
    figures = "; ".join(f"{card} {', '.join(map(str, presses))}" for card, presses in played.items())
    return f"    per card effect as played: {figures} ({sum(map(sum, played.values()))} in all)"


# -- the same table, its card effects chosen among the three best --------------------------------


def choices_header(seed: int, spread: dict[int, int]) -> str:
    """The first line of the choices' key script: which seed it plays, each seed's presses."""
    return (f"The typical table, each card effect's choices drawn among the three best (companion/measure/"
            f"typical_effects.py Choices, seed {seed}; the whole game's presses, seeds {min(spread)}-{max(spread)}: "
            f"{', '.join(str(spread[k]) for k in sorted(spread))}), from a new game to the standings.")


def choices_spread(path: Path | None = None) -> dict[int, int]:
    """Seed -> the whole game's presses, from the choices' key script's first line."""
    from companion.measure.key_scripts import TYPICAL_CHOICES_KEYS

    first = (path or TYPICAL_CHOICES_KEYS).read_text(encoding="utf-8").split("\n", 1)[0]
    found = re.search(r"seeds (\d+)-\d+: ([\d, ]+)\)", first)
    if not found:
        raise ValueError(f"no seeds' presses in the first line of {path or TYPICAL_CHOICES_KEYS}")
    start = int(found[1])
    return {start + i: int(n) for i, n in enumerate(found[2].split(", "))}


def choices_line() -> str:
    """The bench's line for the same table choosing among the three best: the shipped seed's
    presses, and the spread over the seeds."""
    from companion.measure.key_scripts import TYPICAL_CHOICES_KEYS
    from companion.measure.typical_table import CHOICES_SEED

    spread = choices_spread()
    each = ", ".join(str(spread[k]) for k in sorted(spread))
    return (f"  the same table choosing each card effect among the three best ({TYPICAL_CHOICES_KEYS.name}, seed "
            f"{CHOICES_SEED}): {script_moments(TYPICAL_CHOICES_KEYS).total}; seeds {min(spread)}-{max(spread)}: "
            f"min {min(spread.values())}, mean {sum(spread.values()) / len(spread):.1f}, max {max(spread.values())} "
            f"({each}) → a figure, no target (the target is the typical table's: this is what the pages' "
            f"defaults cost when they miss)")


def whole_game(_: Path) -> int:
    return script_moments().total


def round_starts(_: Path) -> int:
    """The typical table's nine rounds' starts: the cards showing named and the Power cards played."""
    return sum(script_moments().rounds)


def general_scoring(_: Path) -> int:
    """The typical table's dearest general scoring: 4 players, four secret discs, the board known."""
    return max(script_moments().scorings)


# -- Correct: move 1 Caballero ---------------------------------------------------------------------


def _placed(folder: Path, stack: str, wanted: Callable[[list[str]], dict[str, int]]) -> tuple[Hands, list[str]]:
    """A 4-player 2023 game recording the board: Red takes ``stack`` and places ``wanted(rows)``
    (the placements page's rows: the Castillo first, then the regions), ends the turn; Blue's turn.
    Returns the hands and the placements page's rows."""
    from companion.app import Games, make_controller

    t = Hands(make_controller(Games(folder), seed=lambda: 7))
    t.set_up(("Red", "Blue", "Green", "Yellow"), ("Board recorded",))
    for value in (9, 8, 5, 3):
        t.choose(f"{value:>2} ")
    t.expect("turn_card")
    t.choose(stack)  # (the King's card tops the list)
    if t.screen.kind == "turn":  # its likeliest card acts first: the turn page on its cards (take.names_first)
        t.choose("Place Caballeros")
    t.expect("placements")
    body = t.screen.body  # (counters; one Caballero: a list of places, issue 35)
    rows = list(body.items) if isinstance(body, Choices) else [row.label for row in body.rows]  # type: ignore[union-attr]
    t.counts(wanted(rows))
    t.expect("turn")  # (the card not named: the turn waits on its action, issue 35)
    t.choose("End the turn")  # no special action
    t.expect("turn_card")
    return t, rows


def _correct(t: Hands, source: str, target: str | None) -> int:
    """The menu's *Correct: move Caballeros*: 1 of Red's from ``source`` to ``target`` (None: where
    the cursor starts), until the turn page is back (the correction's notice read)."""
    before = t.ui.presses
    t.press(UP, long=True)
    t.choose("Correct: move Caballeros")
    t.expect("region")  # the last placement's Caballeros: Red's
    t.choose(f"Red · {source} · ")
    if target:
        t.choose(target)
    else:
        t.press(OK)
    if t.kind == "counts_correction":  # (none when the source holds one)
        t.press(OK)
    t.expect("corrected")
    t.press(OK)
    presses = t.ui.presses - before
    last = t.game.steps[-1]
    if t.kind != "turn_card" or last.kind != "CaballerosMoved" or getattr(last, "count", 0) != 1:
        raise TourError(f"the correction did not move 1 and come back to the turn: {last}, {t.screen}")
    t.game.close()
    return presses


def move_one(folder: Path) -> int:
    """Red takes the card the cursor is on and places its Caballero into the second region offered;
    the table sees it went one region further down the list: the menu's *Correct: move Caballeros*
    in Blue's turn, 1 of Red's from there to the next place, until the turn page is back."""
    t, rows = _placed(folder, "Stack 1", lambda rows: {rows[2]: 1})
    return _correct(t, rows[2], None)


def move_one_of_four(folder: Path) -> int:
    """Issue 35 (11 presses): Red's stack-4 card places one into each of the four regions offered
    first; one of them belonged one row up or down the placements page (another of the four): the
    dearest of those corrections, each as ``move_one``, in a folder of its own."""
    dearest = 0
    for i in range(4):
        for step in (-1, 1):
            if not 0 <= i + step < 4:
                continue
            t, rows = _placed(folder / f"{i}{step:+d}", "Stack 4", lambda rows: {r: 1 for r in rows[1:5]})
            dearest = max(dearest, _correct(t, rows[1 + i], rows[1 + i + step]))
    return dearest
