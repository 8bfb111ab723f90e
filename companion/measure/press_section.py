"""The bench's press section: the budgets (companion/measure/press_budget.py), the turn's budgets
(companion/measure/turn_budgets.py), issue 22's Targets table and the typical table's presses by
moment (companion/measure/press_targets.py). Counts, not times: the same on every machine."""

from __future__ import annotations

from pathlib import Path

from companion.measure import plan_figures, press_targets, turn_budgets
from companion.measure.key_scripts import TYPICAL_CHOICES_KEYS
from companion.measure.press_budget import budgets


def _kings_card(folder: Path) -> int:
    return turn_budgets.kings_card_turn(folder)[0]


#: Issue 22's Targets table ("a third of the presses"): moment, the most presses allowed, and the
#: scenario that measures it (a function of a fresh folder; None: not measured yet). A new target
#: is one more entry; the bench prints each as moment → target → measured.
TARGETS: tuple[tuple[str, int, press_targets.Measure | None], ...] = (
    ("a turn placing the card's full count into the first place offered, and ending (the card not named: "
     "no special action, ▲ OK, issue 35)", 3 + turn_budgets.NO_ACTION, turn_budgets.full_count_turn),
    ("a turn placing 2+1 into two places (not named: ▲ OK)", 5 + turn_budgets.NO_ACTION, turn_budgets.two_and_one_turn),
    ("the King's card: the King 3 rows down, 5 placed into two regions", 9, _kings_card),
    ("an effect on every opponent at the rules' default (Withdrawal, 3 opponents)", 4, turn_budgets.withdrawal_three),
    ("one Intrigue move", 5, turn_budgets.intrigue_move),
    ("general scoring, 4 players, 4 secret discs, board known (the typical table's dearest)", 15,
     press_targets.general_scoring),
    ("Correct: move 1 Caballero between two regions", 8, press_targets.move_one),
    ("Correct: move 1 Caballero of a placement spread over four regions, one row off (the dearest; issue 35)", 8,
     press_targets.move_one_of_four),
    ("the rounds' starts of the typical table: 9 rounds' cards showing named and 36 Power cards", 150,
     press_targets.round_starts),
    ("a whole 4-player 2023 game with the board recorded (the typical table, every card played)", 600,
     press_targets.whole_game),
)


def press_figures() -> None:
    """`bench`'s section: each budget and turn budget, its target, met or not; then issue 22's
    targets, each moment → target → measured, and the typical table's presses per turn and per scoring;
    then the same table choosing its card effects among the three best: its seeds' spread, its
    effects by card and by page (where a choice other than the pages' default costs its presses)."""
    print("presses: scripted scenarios through the controller, the fewest presses a player needs "
          "(counts, not times)")
    for budget in (*budgets(), *turn_budgets.turn_budgets()):
        print(budget.line())
    print("press targets (issue 22): moment → target → measured")
    for target in press_targets.measured(TARGETS):
        print(target.line())
    print("  the typical table (companion/samples/sample_typical_table.keys), by moment:")
    for line in press_targets.script_moments().lines():
        print(line)
    print(press_targets.effects_line(press_targets.effect_presses()))
    print(press_targets.pages_line(press_targets.effect_pages()))
    print(press_targets.choices_line())
    print(press_targets.effects_line(press_targets.effect_presses(TYPICAL_CHOICES_KEYS)))
    print(press_targets.pages_line(press_targets.effect_pages(TYPICAL_CHOICES_KEYS)))
    plan_figures.press_lines()
    for line in in_words():
        print(line)


#: The head of the lines a page that must say a number for a board gamer links to (README, docs/).
IN_WORDS = "in words (a page that says how many presses links here instead of copying the count):"


def in_words() -> list[str]:
    """The press counts a board gamer asks for, as sentences: a whole game with the board recorded
    and a turn (the typical table), a game of scores only (the sample game), every shipped script."""
    from companion.measure.key_scripts import SAMPLE_KEYS, script_presses
    from companion.samples import HERE

    moments = press_targets.script_moments()
    turns, scorings = moments.turns, moments.scorings
    each = sorted((len(script_presses(path)), path.name) for path in HERE.glob("*.keys"))
    return [IN_WORDS,
            f"  a whole 4-player game with the board recorded, every card played, costs about {moments.total} presses: "
            f"about {round(sum(turns) / len(turns))} a turn, {min(scorings)} to {max(scorings)} a general scoring "
            f"(the typical table)",
            f"  a whole 4-player game of scores only (the board not recorded) costs about "
            f"{len(script_presses(SAMPLE_KEYS))} presses (the sample game, {SAMPLE_KEYS.name})",
            f"  each shipped key script (companion/samples/*.keys, {len(each)} of them) plays a whole game in "
            f"{each[0][0]:,} to {each[-1][0]:,} presses"]
