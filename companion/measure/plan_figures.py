"""The bench's second whole-game measure (issue 35): the plan table (companion/measure/plan_table.py),
whose choices never come from a page's default, beside the typical table, moment by moment.

Two plan tables (a Measured each): the 4-player 2023 game, whose key script ``sample_plan_table.keys``
(seed plan_table.PLAN_SEED) is written by tests/ui/test_plan_table_by_keys.py, and the 3-player classic
game, ``sample_plan_table_classic.keys``, by tests/ui/test_plan_table_classic_by_keys.py; each script's
first line holds every seed's figures (the bench
prints them: five games by keys would cost the bench minutes); the typical table's are counted
from its script. A moment: naming the cards showing (every ActionCardsRevealed line), the Power
cards, the turns (press_targets.script_moments), the general scorings, the rest (the wizard, the
results read). Naming the cards: every press that names one, wherever it falls: the round's start
(an ActionCardsRevealed line) or the turn (a CardNamed line; not counted again in the turns).

The rule for the turn (issue 35: the card named at its action, on the turn page's row of that card):
a press counts as naming when the table would not press it were the card known. So the cursor's
moves to the card's row count, and so does the Back that leaves the placements to name a card that
acts first (known, its move's page would have opened with the take), and the moves to a card on the
rows the take opens (take.names_first) and its OK (known, the take would have opened the card's move
or its placements). The OK on the row after the placements counts as naming too, but where a known card's turn would
have pressed that same OK (``action_ok``: the same game replayed with the card known from its take,
its turn page waiting on that card's row with the placements made: a special scoring a Veto may cut
short, whose list asks all or part): there the OK that names the card is the action's own
press (a CardAction line, counted in the turns). Where a known card's action opens by itself on the
placements' OK (a move, a sending back, a region list to score, Empowerment's list), its scoring is
scored by that OK (nothing to choose: Fiesta, Outposts, Revelation) or its turn ends by itself (a
Veto), that OK is a naming press: counting it as the action's would flatter the figure (by 9.0
presses a game when the rule still counted every scoring's OK and Empowerment's as the action's).

Where the placements' OK rows name the card (ui/screens/placements.py: a stack of up to three
titles), their OK is the placements' own (a known card's table presses it), and every press past
those a known card's page would take (its counters and one OK row; one Caballero: its list) names
the card: the ▲ to the card's row, and the ▲ more a placement set that way round pays for the rows
(tests/ui/keys_player.py ``counts_naming``, a "CardNamed" line)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from companion.engine import steps as s
from companion.measure import plan_table, press_targets
from companion.play.game import Game
from companion.rules import cards
from companion.samples import HERE as SAMPLES

PLAN_TABLE_KEYS = SAMPLES / "sample_plan_table.keys"
PLAN_CLASSIC_KEYS = SAMPLES / "sample_plan_table_classic.keys"
#: A script's line of the presses naming the card a player takes, at its action on the turn page.
NAMED = "CardNamed"
#: A script's line of the OK that names the card and is its action's own press too (not naming).
ACTION = "CardAction"
#: Issue 35's target: every press naming a card in a whole 4-player game, the table shuffling (the
#: round's start or the take), the plan table's mean over its seeds.
NAMING_TARGET = 40
#: The moments, in the order they are printed and held in the script's header.
MOMENTS = ("whole game", "naming the cards", "Power cards", "turns", "general scorings", "rest", "dearest turn")
#: Issue 35's target for every turn of those games: the dearest turn of each seed's game.
TURN_TARGET = 20


@dataclass(frozen=True)
class Measured:
    """One plan table the bench prints: what it plays, its key script, its words, and issue 35's
    target for its whole game (the seeds' mean)."""

    table: plan_table.Table
    keys: Path
    words: str
    target: int


FOUR = Measured(plan_table.FOUR_2023, PLAN_TABLE_KEYS, "4-player 2023 game", 600)
THREE = Measured(plan_table.THREE_CLASSIC, PLAN_CLASSIC_KEYS, "3-player classic game", 450)
MEASURED = (FOUR, THREE)


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


def action_ok(game: Game, colour: str, card: str) -> bool:
    """Whether the OK that names ``card`` on the turn page after the placements is its action's own
    press (a ``ACTION`` line), not a naming one: the same game with the card known from its take (a
    twin replayed with the take naming it) has its turn page wait on that card's row, its scoring
    or its Power card back, with the placements made. Where the twin's placements' OK already did
    that (a scoring with nothing to choose scored with them, Empowerment's list opened by them:
    offers.scored_with_placements, offers.power_back_next), a known card's turn never presses it:
    the OK names the card, and counting it as the action's would flatter the figure."""
    from companion.engine import offers
    from companion.engine.offers.scorings import scored_with_placements
    from companion.engine.offers.turn_page import turn_page

    known = cards.card(card)
    kind = cards.special_kind(known)
    if kind in (None, "region") and known.effect is not cards.Effect.POWER_CARD_BACK:
        return False  # (its action, or its region list, opens by itself on a known card's placements' OK)

    twin = Game.new(game.settings, None)
    steps = list(game.steps)
    at = max(i for i, step in enumerate(steps) if isinstance(step, s.ActionCardTaken) and step.colour == colour)
    taken = steps[at]
    assert isinstance(taken, s.ActionCardTaken)
    steps[at] = s.ActionCardTaken(colour, taken.stack, card)
    for step in steps:
        twin.send(step)
    state, expects = twin.state, twin.expects
    if offers.placeable(state) or scored_with_placements(state, expects) or offers.power_back_next(state, expects):
        return False
    return turn_page(state, expects).default in {f"scoring:{kind}", "power_back"}


def figures(path: Path) -> Figures:
    """A whole game's key script counted by moment."""
    rows = [(len(keys), what.split(" ", 1)[0]) for keys, what in press_targets.script_lines(path) if keys]
    moments = press_targets.script_moments(path)
    at_take = sum(n for n, step in rows if step == NAMED)  # (inside the turns' presses)
    naming = at_take + sum(n for n, step in rows if step == "ActionCardsRevealed")
    power = sum(n for n, step in rows if step == "PowerCardPlayed")
    return Figures(moments.total, naming, power, sum(moments.turns) - at_take, sum(moments.scorings),
                   max(moments.turns))


def header(seed: int, each: dict[int, Figures], measured: Measured = FOUR) -> str:
    """A plan table's script's first line: the seed it plays, then each seed's figures by moment."""
    seeds = " ".join(f"{k}=" + "/".join(map(str, each[k].values())) for k in sorted(each))
    return (f"The plan table: a whole {measured.words} with the board recorded, every choice its own "
            f"(companion/measure/plan_table.py, seed {seed}), the cards dealt as a shuffled deck, from a new game "
            f"to the standings. Seeds ({'/'.join(MOMENTS)}): {seeds}")


def spread(path: Path | None = None) -> dict[int, Figures]:
    """Seed -> its figures, from a plan table's script's first line (the 4-player one's by default)."""
    path = path or PLAN_TABLE_KEYS
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    found = re.findall(r" (\d+)=([\d/]+)", first)
    if not found:
        raise ValueError(f"no seeds' figures in the first line of {path}")
    out = {}
    for seed, values in found:
        whole, naming, power, turns, scorings, _, dearest = map(int, values.split("/"))
        out[int(seed)] = Figures(whole, naming, power, turns, scorings, dearest)
    return out


def lines(measured: Measured = FOUR) -> list[str]:
    """The bench's lines for one plan table: the typical table's moments beside its own, each seed's and
    their mean; then its targets: the whole game's, every turn's, and (the 4-player one) naming the cards."""
    from companion.measure.key_scripts import TYPICAL_TABLE_KEYS

    each = spread(measured.keys)
    typical = figures(TYPICAL_TABLE_KEYS).values()
    out = [f"  the plan table, {measured.words} (issue 35: every choice its own, the cards a shuffled deck; "
           f"{measured.keys.name}), beside the typical table's, by moment:",
           f"    {'moment':<18} {'typical':>8} " + " ".join(f"{'seed ' + str(k):>7}" for k in sorted(each))
           + f" {'mean':>7}"]
    for i, moment in enumerate(MOMENTS):
        values = [each[k].values()[i] for k in sorted(each)]
        out.append(f"    {moment:<18} {typical[i]:>8} " + " ".join(f"{v:>7}" for v in values)
                   + f" {sum(values) / len(values):>7.1f}")
    return out + target_lines(measured, each) + ([naming_line(each)] if measured is FOUR else [])


def target_lines(measured: Measured, each: dict[int, Figures]) -> list[str]:
    """Issue 35's targets for a plan table: its whole game (the seeds' mean) and every turn (the
    dearest turn of each seed's game), each met or NOT MET."""
    mean = sum(f.whole for f in each.values()) / len(each)
    dearest = {k: f.dearest for k, f in sorted(each.items())}
    turns = ", ".join(f"seed {k} {v}" for k, v in dearest.items())
    return [f"    a whole {measured.words}, the seeds' mean: target <= {measured.target}, measured {mean:.1f}: "
            f"{'met' if mean <= measured.target else 'NOT MET'}",
            f"    every turn <= {TURN_TARGET} presses: the dearest turn {turns}: "
            f"{'met' if max(dearest.values()) <= TURN_TARGET else 'NOT MET'}"]


def naming_line(each: dict[int, Figures]) -> str:
    """Issue 35's naming target beside the plan table's mean: every press naming a card in a whole
    4-player game, the table shuffling (the round's start or the turn page)."""
    mean = sum(f.naming for f in each.values()) / len(each)
    met = "met" if mean <= NAMING_TARGET else "NOT MET"
    return (f"    naming the cards, the table shuffling (the round's start, the placements or the turn page): "
            f"target <= {NAMING_TARGET}, "
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
    """Print the plan tables' lines and the companion's deal's (the bench's press section)."""
    for measured in MEASURED:
        for line in lines(measured):
            print(line)
    print(dealt_line())
