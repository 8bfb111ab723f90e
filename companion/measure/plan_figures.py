"""The bench's second whole-game measure (issue 35): the plan table (companion/measure/plan_table.py),
whose choices never come from a page's default, beside the typical table, moment by moment.

The plan table's key script ``sample_plan_table.keys`` (seed plan_table.PLAN_SEED) is written by
tests/ui/test_plan_table_by_keys.py, whose first line holds every seed's figures (the bench
prints them: five games by keys would cost the bench minutes); the typical table's are counted
from its script. A moment: naming the cards showing (every ActionCardsRevealed line), the Power
cards, the turns (press_targets.script_moments), the general scorings, the rest (the wizard, the
results read). Naming the cards: every press that names one, wherever it falls: the round's start
(an ActionCardsRevealed line) or the take (a CardNamed line, the take's page of the stack's unseen
cards; not counted again in the turns)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from companion.measure import press_targets
from companion.samples import HERE as SAMPLES

PLAN_TABLE_KEYS = SAMPLES / "sample_plan_table.keys"
#: A script's line of the presses naming the card a player takes, on the take's own page.
NAMED = "CardNamed"
#: Issue 35's target: every press naming a card in a whole 4-player game, the table shuffling (the
#: round's start or the take), the plan table's mean over its seeds.
NAMING_TARGET = 40
#: The moments, in the order they are printed and held in the script's header.
MOMENTS = ("whole game", "naming the cards", "Power cards", "turns", "general scorings", "rest", "dearest turn")


@dataclass(frozen=True)
class Figures:
    """One game's presses by moment."""

    whole: int
    naming: int
    power: int
    turns: int
    scorings: int
    dearest: int

    @property
    def rest(self) -> int:
        return self.whole - self.naming - self.power - self.turns - self.scorings

    def values(self) -> tuple[int, ...]:
        return (self.whole, self.naming, self.power, self.turns, self.scorings, self.rest, self.dearest)


def figures(path: Path) -> Figures:
    """A whole game's key script counted by moment."""
    rows = [(len(keys), what.split(" ", 1)[0]) for keys, what in press_targets.script_lines(path) if keys]
    moments = press_targets.script_moments(path)
    at_take = sum(n for n, step in rows if step == NAMED)  # (inside the turns' presses)
    naming = at_take + sum(n for n, step in rows if step == "ActionCardsRevealed")
    power = sum(n for n, step in rows if step == "PowerCardPlayed")
    return Figures(moments.total, naming, power, sum(moments.turns) - at_take, sum(moments.scorings),
                   max(moments.turns))


def header(seed: int, each: dict[int, Figures]) -> str:
    """The plan table's script's first line: the seed it plays, then each seed's figures by moment."""
    seeds = " ".join(f"{k}=" + "/".join(map(str, each[k].values())) for k in sorted(each))
    return (f"The plan table: a whole 4-player 2023 game with the board recorded, every choice its own "
            f"(companion/measure/plan_table.py, seed {seed}), the cards dealt as a shuffled deck, from a new game "
            f"to the standings. Seeds ({'/'.join(MOMENTS)}): {seeds}")


def spread(path: Path | None = None) -> dict[int, Figures]:
    """Seed -> its figures, from the plan table's script's first line."""
    first = (path or PLAN_TABLE_KEYS).read_text(encoding="utf-8").split("\n", 1)[0]
    found = re.findall(r"(\d+)=([\d/]+)", first)
    if not found:
        raise ValueError(f"no seeds' figures in the first line of {path or PLAN_TABLE_KEYS}")
    out = {}
    for seed, values in found:
        whole, naming, power, turns, scorings, _, dearest = map(int, values.split("/"))
        out[int(seed)] = Figures(whole, naming, power, turns, scorings, dearest)
    return out


def lines() -> list[str]:
    """The bench's lines: the typical table's moments beside the plan table's, each seed's and their mean."""
    from companion.measure.key_scripts import TYPICAL_TABLE_KEYS

    each = spread()
    typical = figures(TYPICAL_TABLE_KEYS).values()
    out = ["  the plan table (issue 35: every choice its own, the cards a shuffled deck; "
           f"{PLAN_TABLE_KEYS.name}), beside the typical table's, by moment:",
           f"    {'moment':<18} {'typical':>8} " + " ".join(f"{'seed ' + str(k):>7}" for k in sorted(each))
           + f" {'mean':>7}"]
    for i, moment in enumerate(MOMENTS):
        values = [each[k].values()[i] for k in sorted(each)]
        out.append(f"    {moment:<18} {typical[i]:>8} " + " ".join(f"{v:>7}" for v in values)
                   + f" {sum(values) / len(values):>7.1f}")
    return out + [naming_line(each)]


def naming_line(each: dict[int, Figures]) -> str:
    """Issue 35's naming target beside the plan table's mean: every press naming a card in a whole
    4-player game, the table shuffling (the round's start or the take)."""
    mean = sum(f.naming for f in each.values()) / len(each)
    met = "met" if mean <= NAMING_TARGET else "NOT MET"
    return (f"    naming the cards, the table shuffling (the round's start or the take): target <= {NAMING_TARGET}, "
            f"measured {mean:.1f} (the seeds' mean): {met}")


def dealt_line() -> str:
    """The bench's line for the companion's deal (issue 35): a whole classic game by its shipped script,
    its naming presses (0: the companion knows every card) beside its other moments."""
    from companion.measure.key_scripts import DEALT_CLASSIC_KEYS

    n = figures(DEALT_CLASSIC_KEYS)
    return (f"  the companion dealing ({DEALT_CLASSIC_KEYS.name}: a whole 4-player classic game, every page's OK): "
            f"whole game {n.whole}, naming the cards {n.naming}, Power cards {n.power}, turns {n.turns}, "
            f"general scorings {n.scorings}, rest {n.rest}")


def press_lines() -> None:
    """Print the plan table's lines and the companion's deal's (the bench's press section)."""
    for line in lines():
        print(line)
    print(dealt_line())
