"""The plan table's 3-player classic game by keys (issue 35's "the same, 3-player classic": <= 450):
the board recorded, every choice the table's own, the classic stacks' cards a shuffled deck of the
classic deck's real copies, named at their action on the turn page (issue 35: ActionCardNamed).
Each of the five seeds' games by keys, counted by moment; the first shipped as
sample_plan_table_classic.keys, whose first line holds them all (the bench prints them beside the
4-player plan table's)."""

from __future__ import annotations

from companion.engine import board
from companion.measure import plan_figures
from companion.measure.plan_table import PLAN_SEED, PLAN_SEEDS, THREE_CLASSIC, plan_game
from tests.ui.big_box_keys import play_by_keys
from tests.ui.keys_player import Keys
from tests.ui.test_plan_table_by_keys import by_keys

STANDINGS = [("1. Blue", "123"), ("2. Green", "93"), ("3. Red", "54")]
#: The ceilings held today (issue 35's targets, a mean of 450 and 20 a turn, are not met yet): the
#: seeds' mean (549 when written, 540.6 since the take's likeliest weighs the copies left, 522.0
#: after the move pages of s42, 518.8 since a scoring card's region list and Royal Advisor's King
#: page open by themselves, s43; 499.6 with − on an empty placement counter wrapping round: the
#: rest there; 478.4 since that wrap takes the cursor to the OK row, s44; 477.4 with the turn page on
#: a named Empowerment's row after the placements; 470.2 since a scoring a Veto may cut scores at
#: once from its list and a named scoring of nothing to choose with the placements' OK; 467.0 with
#: Back on a card's action opened by itself leaving the turn page on its end, s46; 466.4 with Power of
#: the Cards' list opened by the placements' OK; 468.8 merged with the card named at its action, s46;
#: 466.0 with a disc's rare answers farthest, s47; 465.2 with a tile's and a Grande's refused rows
#: farthest; 466.6 with the take opening stack 4's cards while its likeliest acts first (measured
#: apart); 463.0 merged with both, s48; 462.2 with to where and how many one list, s48; 413.0 with KEY2
#: held half-way round a long list, s50) and the dearest turn (35; 33; 27 after the move pages; 26; 25
#: with that list; 24 with KEY2 held), so a page that costs more fails.
MEAN_TODAY = 413.0
DEAREST_TODAY = 24
#: Naming the cards, the seeds' mean: 58.8 when the take's likeliest was the fewest shown, 50.4 by
#: the classic deck's copies left (engine/offers/take.py ``chances``); 47.0 named at the action
#: (plan_figures.py: the OK that names counts as naming but where a known card's turn would press it);
#: 51.8 counted honestly (s47, plan_figures.action_ok: a known scoring card of nothing to choose is
#: scored by the placements' OK, a known Power of the Cards' list opens by itself, so the OK that names
#: them is a naming press; it was counted as the action's); 50.0 with the take opening the turn page on
#: stack 4's cards while Mobile Scoreboard leads (take.names_first); 48.2 with KEY2 held (s50).
NAMING_TODAY = 48.2


def test_the_classic_plan_table_plays_whole_games_of_its_own():
    game = plan_game(PLAN_SEED, table=THREE_CLASSIC)
    assert game.over and game.state.general_scorings == 3
    assert game.settings.edition == "classic" and len(game.settings.players) == 3
    assert plan_game(PLAN_SEED, table=THREE_CLASSIC).steps == game.steps  # seeded: the same game
    assert plan_game(PLAN_SEED + 1, table=THREE_CLASSIC).steps != game.steps


def test_the_classic_plan_table_by_keys_over_five_seeds(tmp_path):
    each = {seed: by_keys(tmp_path, seed, THREE_CLASSIC) for seed in PLAN_SEEDS}
    wanted = plan_game(PLAN_SEED, tmp_path / "plan.jsonl", THREE_CLASSIC)
    keys = Keys(tmp_path / "keys.jsonl", seed=wanted.settings.seed, board=True)
    game = play_by_keys(keys, wanted, None, STANDINGS, plan_figures.PLAN_CLASSIC_KEYS, "the plan table",
                        edition="classic", header=plan_figures.header(PLAN_SEED, each, plan_figures.THREE))
    for colour in game.settings.colours:
        assert board.total(game.state, colour) == 30
    assert plan_figures.spread(plan_figures.PLAN_CLASSIC_KEYS) == each
    assert plan_figures.figures(plan_figures.PLAN_CLASSIC_KEYS) == each[PLAN_SEED]
    mean = sum(f.whole for f in each.values()) / len(each)
    assert mean <= MEAN_TODAY and max(f.dearest for f in each.values()) <= DEAREST_TODAY
    assert sum(f.naming for f in each.values()) / len(each) <= NAMING_TODAY
    print("\nclassic plan table by keys:", {k: f.values() for k, f in each.items()}, "mean", mean)


def test_the_bench_prints_both_plan_tables_with_their_targets():
    each = plan_figures.spread(plan_figures.PLAN_CLASSIC_KEYS)
    assert sorted(each) == list(PLAN_SEEDS)
    lines = plan_figures.lines(plan_figures.THREE)
    assert "3-player classic" in lines[0] and plan_figures.PLAN_CLASSIC_KEYS.name in lines[0]
    whole = lines[2].split()
    assert whole[:2] == ["whole", "game"] and [int(v) for v in whole[3:-1]] == [each[k].whole for k in PLAN_SEEDS]
    mean = sum(f.whole for f in each.values()) / len(each)
    target, turns = lines[2 + len(plan_figures.MOMENTS):]  # no naming target for the 3-player game
    assert f"target <= 450, measured {mean:.1f}: " + ("met" if mean <= 450 else "NOT MET") in target
    dearest = max(f.dearest for f in each.values())
    assert f"every turn <= {plan_figures.TURN_TARGET} presses" in turns
    assert turns.endswith(": met" if dearest <= plan_figures.TURN_TARGET else ": NOT MET")
    assert all(f"seed {k} {f.dearest}" in turns for k, f in each.items())
    four = plan_figures.lines(plan_figures.FOUR)  # the 4-player one: its whole game, every turn, naming
    assert "target <= 600" in four[-3] and "every turn <= 20" in four[-2] and "naming the cards" in four[-1]
