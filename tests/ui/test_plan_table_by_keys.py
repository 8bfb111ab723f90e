"""The plan table (companion/measure/plan_table.py) by keys alone, issue 35's second measure: a whole
4-player 2023 game with the board recorded whose every choice is the table's own (never a page's
default, never the defaults' measure), the cards dealt as a shuffled deck and each named at its
action on the turn page (issue 35: ActionCardNamed).
Each of the five seeds' games by keys, counted by moment; the first shipped as a key script whose
first line holds them all (the bench prints them beside the typical table's)."""

from __future__ import annotations

from companion.engine import board
from companion.measure import plan_figures
from companion.measure.plan_table import PLAN_SEED, PLAN_SEEDS, Table, plan_game
from tests.ui.big_box_keys import enter_game, play_by_keys
from tests.ui.keys_player import Keys
from tests.ui.keys_script import key_script

STANDINGS = [("1. Green", "106"), ("2. Blue", "96"), ("3. Red", "89"), ("4. Yellow", "85")]
#: The ceilings held today (issue 35's targets, a mean of 600 and 20 a turn, are not met yet): the
#: seeds' mean (743 when written; 683.8 by the first deal's equal copies, 708.0 by each seed's own
#: inventory, plan_table.inventory; 707.0 since the take weighs the splits of a stack; 684.4 after
#: the move pages of s42, which also brought the dearest turn from 36 to 30: a move card's
#: moves, 5-12 presses each before; 681.4 since a scoring card's region list opens by itself
#: after the placements, s43; 658.4 and 29 with − on an empty placement counter wrapping round,
#: the rest there: "all 4 into Aragón" one press, not four; 637.8 since that wrap takes the cursor
#: to the OK row, s44: "all 4 into Aragón" ▼ − OK, no way back; 636.2 with the turn page starting
#: on a named Empowerment's row after the placements; 629.0 with a named card's scoring of nothing
#: to choose scored by the placements' OK, s46; 627.4 with Empowerment's list opened by that OK;
#: 635.6 merged with the card named at its action, s46: the take asks nothing; 630.4 with a disc's
#: rare answers farthest, s47: the general scorings 43.6 -> 40.2; 629.0 with a tile's and a
#: Grande's refused rows farthest; 629.8 with the turn's end above a 2023 stack's three titles
#: (s47-naming, measured apart); 626.8 with the take opening stack 4's cards while its likeliest
#: acts first; 620.2 merged with both, s48; 617.0 with to where and how many one list, s48: the
#: dearest turns 24, 27, 29, 20, 27, as dear, a longer list paying for the count's OK; 618.0 with the
#: placements' OK naming the card, measured apart; 614.8 merged with both; 538.8 with KEY2 held half-way
#: round a long list, s50: the dearest turns 22, 22, 28, 20, 22), so a page that costs more fails.
MEAN_TODAY = 538.8
DEAREST_TODAY = 28
#: Naming the cards, the seeds' mean: issue 35's target (plan_figures.NAMING_TARGET, 40) is not met
#: by a page per take (28 takes named a game, one OK each when the likeliest is right, which a
#: shuffled deck makes it about one take in three): 50.0 (51.0 by the fewest shown first; 48.2 by
#: the first deal's equal copies, which that order suited; 112 at the round's start). Named at the
#: action (s46) it is 50.0 still: the OK that names a card whose action a known card's placements
#: would open by themselves is a naming press (plan_figures.py), and the turn's end keeps its place
#: one ▲ above the likeliest of a 2023 stack's three titles. With 3 or 4 titles whose copies nobody
#: knows, the likeliest is right about two takes in five whatever the order: the target needs the
#: companion dealing, not a better guess. 59.0 counted honestly (s47, plan_figures.action_ok: a known
#: Fiesta, Outposts or Revelation is scored by the placements' OK and a known Empowerment's list opens
#: by itself, so the OK that names them is a naming press, which the count took for the action's);
#: 53.2 with a 2023 stack's three titles both sides of the cursor, the turn's end above them (take.END_BESIDE);
#: 50.2 with the take opening the turn page on stack 4's cards while its likeliest acts first (take.names_first);
#: 48.0 with the placements' OK rows naming a stack's three titles (ui/screens/placements.py MOST_NAMED: the
#: likeliest's OK the placements' own; 50.6 with the plain "card not named yet" OK on that page too, whose row
#: costs the placements set by ▲: it is on the page the turn page's Place Caballeros opens, not the take's);
#: 44.4 with KEY2 held half-way round a long list (s50: a take's cards, 10 and more rows, a press or two less).
NAMING_TODAY = 44.4


def by_keys(folder, seed: int, table: Table = plan_figures.FOUR.table) -> plan_figures.Figures:
    """The plan table's ``table`` game of ``seed`` by keys, counted by moment."""
    wanted = plan_game(seed, folder / f"plan-{seed}.jsonl", table)
    keys = Keys(folder / f"keys-{seed}.jsonl", seed=wanted.settings.seed, board=True)
    enter_game(keys, wanted, edition=table.edition)
    script = folder / f"plan-{seed}.keys"
    script.write_text(key_script(keys, "plan table"))
    found = plan_figures.figures(script)
    assert found.whole == keys.ui.presses
    return found


def test_the_plan_table_plays_whole_games_of_its_own():
    game = plan_game(PLAN_SEED)
    assert game.over and game.state.general_scorings == 3
    assert plan_game(PLAN_SEED).steps == game.steps  # seeded: the same game
    assert plan_game(PLAN_SEED + 1).steps != game.steps


def test_the_plan_table_by_keys_over_five_seeds(tmp_path):
    each = {seed: by_keys(tmp_path, seed) for seed in PLAN_SEEDS}
    wanted = plan_game(PLAN_SEED, tmp_path / "plan.jsonl")
    keys = Keys(tmp_path / "keys.jsonl", seed=wanted.settings.seed, board=True)
    game = play_by_keys(keys, wanted, None, STANDINGS, plan_figures.PLAN_TABLE_KEYS, "the plan table",
                        edition="2023", header=plan_figures.header(PLAN_SEED, each))
    for colour in game.settings.colours:
        assert board.total(game.state, colour) == 30
    assert plan_figures.spread() == each
    assert plan_figures.figures(plan_figures.PLAN_TABLE_KEYS) == each[PLAN_SEED]
    mean = sum(f.whole for f in each.values()) / len(each)
    assert mean <= MEAN_TODAY and max(f.dearest for f in each.values()) <= DEAREST_TODAY
    assert sum(f.naming for f in each.values()) / len(each) <= NAMING_TODAY
    print("\nplan table by keys:", {k: f.values() for k, f in each.items()}, "mean", mean)


def test_the_bench_prints_the_plan_table_beside_the_typical_table_by_moment():
    each = plan_figures.spread()
    assert sorted(each) == list(PLAN_SEEDS)
    lines = plan_figures.lines()
    moments = lines[2:2 + len(plan_figures.MOMENTS)]
    assert [line.split()[0] for line in moments] == [m.split()[0] for m in plan_figures.MOMENTS]
    mean = sum(f.naming for f in each.values()) / len(each)
    assert f"target <= {plan_figures.NAMING_TARGET}, measured {mean:.1f}" in lines[-1]
    assert mean <= NAMING_TODAY
    whole = lines[2].split()
    assert whole[:2] == ["whole", "game"]
    assert [int(v) for v in whole[3:-1]] == [each[k].whole for k in PLAN_SEEDS]
    assert float(whole[-1]) == round(sum(f.whole for f in each.values()) / len(each), 1)
    for f in each.values():  # every press of the game falls in one moment
        assert f.naming + f.power + f.turns + f.scorings + f.rest == f.whole and f.rest >= 0
