"""The press budgets `elgrande-companion bench` prints: counts of key presses, not times, so a
test may hold the screens to them (issue 10, "Press budgets, measured")."""

import re

import pytest

from companion.measure import bench_figures, press_budget, press_targets, turn_budgets
from companion.measure.hands import seat_colours
from companion.measure.press_budget import Budget, budgets
from companion.measure.press_section import TARGETS
from companion.ui.grammar import DOWN, OK, UP

#: Each figure line, as the bench prints it (a number, then the target and met / NOT MET).
LINES = [
    r"a plain turn \(take a card, end the turn\): \d+, target ≤ 3, (met|NOT MET)",
    r"a turn with one Castillo throw of 1 Caballero, over a plain turn: \+\d+, target ≤ \+3, (met|NOT MET)",
    r"a King move with the King's card \(Castilla to Granada, 3 rows down the region list\), beyond taking "
    r"the card and ending the turn: \+\d+, target ≤ \+4, (met|NOT MET)",
    r"a turn's placements, the board recorded \(King in Toledo\): 2 into the region pre-filled and 1 into the "
    r"Castillo, beyond taking the card: \+\d+, target ≤ \+6, (met|NOT MET)",
    r"the same with 2 to Valencia, the last region on the list: \+\d+ \(no target\)",
    r"a turn placing nothing, the board recorded \(take a card, leave its placements, end the turn\): \d+ "
    r"\(no target\)",
    r"Withdrawal, the board recorded: both opponents send back the 3 their pages are pre-filled with, from the "
    r"turn page back to it: \d+ \(no target\)",
    r"3-player general scoring, the board recorded and unchanged, two secret discs \(Galicia\): \d+ \(no target\)",
    r"4-player general scoring, board unchanged, no secret discs: \d+, target ≤ 12, (met|NOT MET)",
    r"4-player general scoring, board unchanged, four secret discs \(Red Galicia, Blue Navarra, Green Aragón, "
    r"Yellow Valencia\): \d+, target ≤ 20, (met|NOT MET)",
    r"a dummy round \(2-player 2023\): the dummy's round start to round 1's Power cards: \d+, target ≤ 1, "
    r"(met|NOT MET)",
    r"a dummy round: the dummy's turn \(its card taken; the table moves its pieces\): \d+ \(no target\)",
    r"a dummy round: round 1's last turn ended to round 2's Power cards: \d+, target ≤ 0, (met|NOT MET)",
    r"a special scoring of 3 regions \(5-point regions\), counts unchanged: the card \(.+\) named, from the turn "
    r"page back to it: \d+ \(no target\)",
    r"the same, the card not named \(the turn's Special scoring row\): \d+ \(no target\)",
    r"a restart \(4-player game, in a turn\), until the game's own page is back: \d+, target ≤ 1, (met|NOT MET)",
    r"a restart \(2-player game, at the dummy's round start\), until the game's own page is back: \d+, "
    r"target ≤ 1, (met|NOT MET)",
    # the turn and the card effects, the board recorded (issue 22; companion/measure/turn_budgets.py)
    r"a turn placing the card's full count into the first place offered, and ending \(not named: no special action, "
    r"▲ OK\): \d+, target ≤ 5, (met|NOT MET)",
    r"a turn placing 2\+1 into two places \(stack 3, not named, where the cursor starts: 2 into the region "
    r"pre-filled, 1 into the Castillo\): \d+, target ≤ 7, (met|NOT MET)",
    r"the King's card: the King 3 rows down \(Toledo to Valencia\), 5 placed into two regions: \d+, target ≤ 9, "
    r"(met|NOT MET)",
    r"an effect on every opponent at the rules' default \(Withdrawal, 3 opponents\), from the turn page back to it: "
    r"\d+, target ≤ 4, (met|NOT MET)",
    r"one Intrigue move at the pages' defaults, from the turn page until it is recorded \(the next move's page "
    r"opens by itself\): \d+, target ≤ 5, (met|NOT MET)",
]


@pytest.fixture(scope="module")
def measured() -> dict[str, Budget]:
    return {budget.what.strip(): budget for budget in budgets()}


def test_the_bench_prints_every_press_figure(cli, tmp_path):
    # Only the press section (the timed ones are tested in test_bench_command.py), written as
    # docs/figures.md keeps it.
    status, out, err = cli("bench", "--no-valgrind", "--only", "presses", "--figures", str(tmp_path / "figures.md"))
    assert status == 0, err
    assert bench_figures.printed((tmp_path / "figures.md").read_text(encoding="utf-8"), "presses") in out
    assert "presses: scripted scenarios through the controller" in out
    for line in LINES:
        assert re.search(r"^ +" + line + "$", out, re.M), line
    budgets_ = out.split("press targets (issue 22)")[0]
    assert len([row for row in budgets_.splitlines() if row.startswith("  ")]) == len(LINES)
    # Issue 22's targets: every moment of its Targets table, moment → target → measured.
    assert "press targets (issue 22): moment → target → measured" in out
    for moment, target, _ in TARGETS:
        assert re.search(rf"^  {re.escape(moment)} → target ≤ {target} → measured (\d+, (met|NOT MET)|not measured yet)$",
                         out, re.M), moment
    for what in ("per turn: ", "per general scoring: ", "per round's Power cards", "per card effect as played: "):
        assert re.search(rf"^    {what}", out, re.M), what
    # The same table choosing each card effect among the three best: its seeds' spread, then its effects.
    assert re.search(r"^  the same table choosing each card effect among the three best \(sample_typical_table_choices"
                     r"\.keys, seed 1\): \d+; seeds 1-5: min \d+, mean [\d.]+, max \d+ \((\d+, ){4}\d+\) "
                     r"→ a figure, no target \(the target is the typical table's: this is what the pages' defaults "
                     r"cost when they miss\)$",
                     out, re.M)
    assert len(re.findall(r"^    per card effect as played: ", out, re.M)) == 2
    assert len(re.findall(r"^    per card effect's page: (\w[\w' ]+ \d+, )+\w[\w' ]+ \d+$", out, re.M)) == 2
    # The figures in one place: docs/figures.md holds these very counts (the README and docs/ link there).
    # After a screen change that moves one, regenerate that section alone and look at the diff:
    #     elgrande-companion bench --figures docs/figures.md --only presses
    kept = bench_figures.printed(bench_figures.FIGURES.read_text(encoding="utf-8"), "presses")
    made = bench_figures.printed((tmp_path / "figures.md").read_text(encoding="utf-8"), "presses")
    assert kept == made, f"docs/figures.md's press counts are not the screens': run `{bench_figures.COMMAND} --only presses`"


def test_the_figures_are_counts_the_same_every_run(measured):
    again = {budget.what.strip(): budget.presses for budget in budgets()}
    assert again == {what: budget.presses for what, budget in measured.items()}


@pytest.mark.parametrize("start", ["a plain turn", "a turn with one Castillo throw", "a King move",
                                   "a turn's placements, the board recorded",
                                   "4-player general scoring, board unchanged, no secret discs",
                                   "4-player general scoring, board unchanged, four secret discs",
                                   "a dummy round (2-player 2023)", "a dummy round: round 1's last turn",
                                   "a restart (4-player game", "a restart (2-player game"])
def test_each_budget_is_met(measured, start):
    [budget] = [b for what, b in measured.items() if what.startswith(start)]
    assert budget.target is not None
    assert budget.met, budget.line()


def test_a_plain_turn_costs_more_than_nothing_and_the_extras_are_over_it(measured):
    plain = measured["a plain turn (take a card, end the turn)"]
    assert plain.presses >= 2  # a card taken, the turn ended: two OKs at the least
    throw = next(b for what, b in measured.items() if what.startswith("a turn with one Castillo throw"))
    assert throw.extra and 2 <= throw.presses  # the row reached and OK, the count's OK


def test_a_budget_over_its_target_says_not_met():
    assert Budget("x", 5, 4).line() == "  x: 5, target ≤ 4, NOT MET"
    assert Budget("x", 4, 4, extra=True).line() == "  x: +4, target ≤ +4, met"
    assert Budget("x", 9).line() == "  x: 9 (no target)"


def test_pick_goes_the_shorter_way_round_a_list(tmp_path):
    t = press_budget._player(tmp_path)
    t.choose("El Grande 2023")
    t.choose("4 players")
    seat_colours(t, ("Red", "Blue", "Green", "Yellow"))
    t.expect("setup_variants")  # 10 rows, the cursor on the first
    keys: list[int] = []
    real = t.ui.press
    t.ui.press = lambda key, long=False: (keys.append(key), real(key, long))[1]
    t.pick("Secret Castillo")  # the last row: one ▲ round the top, not nine ▼
    assert keys == [UP, OK]
    keys.clear()
    t.pick("Short game")  # now from the last row: ▼ three times round the end, past the board (switched on)
    assert keys == [DOWN, DOWN, DOWN, OK]
    t.ui.game and t.ui.game.close()


def test_the_readme_quotes_no_press_figure_and_links_the_generated_file(measured):
    # The figures live in one place (docs/figures.md, held to the screens above): the README links
    # there instead of copying a count that would go stale.
    from pathlib import Path

    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    assert "(docs/figures.md)" in readme
    for what in measured:
        assert what not in readme, what


# -- the turn and the card effects, the board recorded (issue 22) ---------------------------------


@pytest.fixture(scope="module")
def turns() -> dict[str, Budget]:
    return {budget.what: budget for budget in turn_budgets.turn_budgets()}


@pytest.mark.parametrize("start, target", [
    # (the card not named: "no special action" is ▲ OK since issue 35's trap was closed)
    ("a turn placing the card's full count into the first place offered, and ending", 3 + turn_budgets.NO_ACTION),
    ("a turn placing 2+1 into two places", 5 + turn_budgets.NO_ACTION),
    ("the King's card: the King 3 rows down", 9),
    ("an effect on every opponent at the rules' default (Withdrawal, 3 opponents)", 4),
    ("one Intrigue move", 5),
])
def test_each_turn_target_is_met(turns, start, target):
    [budget] = [b for what, b in turns.items() if what.startswith(start)]
    assert budget.target == target and budget.met, budget.line()


def test_the_turn_figures_are_counts_the_same_every_run(turns):
    assert {b.what: b.presses for b in turn_budgets.turn_budgets()} == {w: b.presses for w, b in turns.items()}


# -- issue 22's targets ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def targets() -> dict[str, press_targets.Target]:
    return {target.moment: target for target in press_targets.measured(TARGETS)}


@pytest.mark.parametrize("moment", [moment for moment, _, measure in TARGETS if measure is not None])
def test_each_issue_22_target_is_met(targets, moment):
    target = targets[moment]
    assert target.measured is not None
    assert target.met, target.line()


def test_the_target_table_is_one_entry_a_moment():
    moments = [moment for moment, _, _ in TARGETS]
    assert len(set(moments)) == len(moments)
    assert press_targets.Target("x", 8, 9).line() == "  x → target ≤ 8 → measured 9, NOT MET"
    assert press_targets.Target("x", 8, None).line() == "  x → target ≤ 8 → measured not measured yet"


def test_the_typical_tables_moments_add_up():
    moments = press_targets.script_moments()
    assert len(moments.turns) == 36 and len(moments.scorings) == 3 and len(moments.rounds) == 9
    assert sum(moments.turns) + sum(moments.scorings) + sum(moments.rounds) < moments.total


def test_the_typical_table_names_each_rounds_cards_in_one_press_once_it_named_them():
    # Round 1 from the menu (held KEY1, ▼, OK) and one OK on the four guesses; every round after it
    # opens on its cards by itself, one OK (issue 22), their page saying how the round begins (no
    # round-over page before it); after a scoring its results are read first (one OK more).
    from companion.measure.key_scripts import TYPICAL_TABLE_KEYS

    named = [len(keys.split()) for keys, _, what in (line.partition("#") for line in
             TYPICAL_TABLE_KEYS.read_text(encoding="utf-8").splitlines())
             if what.strip().startswith("ActionCardsRevealed")]
    # (rounds 4 and 7 after the general scorings, round 8 after the special scoring that ended round 7)
    assert named == [4, 1, 1, 2, 1, 1, 2, 2, 1]


def test_the_typical_table_s_card_effects_start_on_the_likeliest_answers():
    # Each effect as played, from the turn page's row for the card to its last OK (issue 22: 241
    # before the pages started on the likeliest answers: Intrigue 27, 27, 24; Conspiracy 22, 25,
    # 32; Militia 9, 11, 9; Civil War 8, 8, 7; Coup 11, 9). A Conspiracy's first move is where
    # the defaults miss: its single best move is not always the first of the region it empties.
    # Since each card's action opens by itself on the placements' OK, from its first page: 93 before.
    # Militia one list a Caballero, an OK each (1 each on its counts page, dearer when it missed).
    # To where and how many one list (s48): an OK less a move that asked its count (Conspiracy 7, 5,
    # 10 and Intrigue 9, 11, 7 before). KEY2 held, half-way round a long list (issue 35): the
    # first Conspiracy 6 before.
    played = press_targets.effect_presses()
    assert played == {"Conspiracy": [5, 4, 8], "Intrigue": [7, 9, 5], "Withdrawal": [3, 3], "Militia": [2, 2, 2],
                      "Civil War": [3, 3, 3], "Coup": [3, 3], "Empowerment": [1]}  # its list opened by itself (s46)
    assert sum(map(sum, played.values())) <= 140


#: The whole game of the typical table choosing each card effect among the three best (its key
#: script, seed 1): a figure, not one of issue 22's targets (those are the typical table's), held
#: here to what it costs now so that a page whose defaults miss more shows (617 with Militia's
#: counts page: its lists, a Caballero each, cost seeds 1-5 25 presses fewer, the best case 3 more;
#: 613 since Militia's 2nd list starts on the 1st's region when the 1st left its list's default,
#: issue 35: this table's 2nd choice then walks from there, the plan table's both-in-one is one OK;
#: 552 since − on an empty placement counter takes the cursor to the OK row, s44; 551 since the turn
#: page starts on a named Empowerment's row once the placements are done; 543 since a named
#: scoring with nothing to choose is scored by the placements' OK, s46; 542 with Empowerment's list
#: opened by the placements' OK; 540 with a secret disc's rare answers farthest, s47; 529 with to
#: where and how many one list, s48; 466 with KEY2 held half-way round a long list, s50).
CHOICES_CEILING = 466
#: The typical table's whole game (sample_typical_table.keys): issue 35's target is 500 (issue
#: 22's 600 is the bench's target line); held at what it costs now (544 before s44; 518 since −
#: on an empty placement counter, "all the rest here", takes the cursor to the OK row; 517 since the
#: turn page starts on a named Empowerment's row once the placements are done; 509 since a named
#: scoring with nothing to choose is scored by the placements' OK, s46; 508 with Empowerment's list
#: opened by the placements' OK; 506 with a secret disc's rare answers, the King's region and
#: none, farthest from the cursor, s47; 496 with to where and how many one list, a move's count
#: no page of its own, s48: issue 35's target met; 441 with KEY2 held half-way round a long list, s50).
TYPICAL_CEILING = 441
#: Issue 35's target for the typical table's whole game.
TYPICAL_TARGET = 500


def test_the_typical_table_stays_within_its_ceiling():
    assert press_targets.script_moments().total <= TYPICAL_CEILING


def test_the_typical_table_meets_issue_35_s_target():
    # a move's count asked in its to-where list (s48), no page of its own: 506 -> 496
    assert press_targets.script_moments().total <= TYPICAL_CEILING <= TYPICAL_TARGET


def test_the_typical_table_choosing_among_the_three_best_stays_within_its_ceiling():
    from companion.measure.key_scripts import TYPICAL_CHOICES_KEYS

    moments = press_targets.script_moments(TYPICAL_CHOICES_KEYS)
    assert len(moments.turns) == 36 and len(moments.scorings) == 3 and len(moments.rounds) == 9
    assert moments.total <= CHOICES_CEILING
    spread = press_targets.choices_spread()
    assert sorted(spread) == [1, 2, 3, 4, 5] and spread[1] == moments.total


def test_the_choosing_tables_seeds_are_in_the_figures_and_the_table_doc_links_them():
    """The seeds' spread and the effects' cost live in docs/figures.md's press section (held to the
    screens by test_the_bench_prints_every_press_figure); docs/table.md names the lines, never a count."""
    from pathlib import Path

    from companion.measure.key_scripts import TYPICAL_CHOICES_KEYS

    root = Path(__file__).parents[1]
    spread = press_targets.choices_spread()
    each = ", ".join(str(spread[seed]) for seed in sorted(spread))
    effects = sum(map(sum, press_targets.effect_presses(TYPICAL_CHOICES_KEYS).values()))
    presses = bench_figures.printed(bench_figures.FIGURES.read_text(encoding="utf-8"), "presses")
    assert f"({each}) → a figure, no target" in presses and f"({effects} in all)" in presses
    ui = " ".join((root / "docs" / "table.md").read_text(encoding="utf-8").split())
    assert "(figures.md#presses)" in ui and "*the same table choosing each card effect among the three best*" in ui
    assert each not in ui


def test_the_card_effects_presses_page_by_page_add_up_to_their_cards():
    # Each effect's presses given to the page they were pressed on: the same sum as by card; the
    # choosing table spends its extra on the rows between a page's default and its choice, on the
    # same pages (issue 22: Militia's most, then "to"), and no page costs it less than the best case.
    from companion.measure.key_scripts import TYPICAL_CHOICES_KEYS

    best, choosing = press_targets.effect_pages(), press_targets.effect_pages(TYPICAL_CHOICES_KEYS)
    assert sum(best.values()) == sum(map(sum, press_targets.effect_presses().values())) == 66  # 67 before KEY2 held
    assert sum(choosing.values()) == sum(map(sum, press_targets.effect_presses(TYPICAL_CHOICES_KEYS).values()))
    # (how many is no page since s48: a move's count is a row of its to-where list)
    assert set(best) == set(choosing) == {"whose", "from", "to", "Militia's", "sending back",
                                          "Civil War discs", "Coup discs", "Coup's region", "Empowerment's card"}
    # Each card's action opens by itself on the placements' OK, Empowerment's list too (s46; before, the
    # turn page started on its row, one OK, and ▲ and OK before that): no press on the turn page's row.
    assert best["Militia's"] == 6 and best["to"] == 15
    # 27 on its counts page; 19 before the 2nd list started on the 1st's region; 25 before KEY2 held
    assert choosing["Militia's"] == 14
    assert all(choosing[page] >= best[page] for page in best)
    assert choosing["sending back"] == best["sending back"]
