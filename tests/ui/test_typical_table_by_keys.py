"""The typical table (companion/measure/typical_table.py) by keys alone: a whole 4-player 2023 game
with the board recorded, every card of the deck taken at least once, three general scorings with
four secret discs each. It writes the shipped key script the bench counts (issue 22)."""

from __future__ import annotations

from collections import Counter

from companion.engine import board
from companion.engine import steps as s
from companion.measure import press_targets
from companion.measure.key_scripts import TYPICAL_CHOICES_KEYS, TYPICAL_TABLE_KEYS
from companion.measure.typical_table import CHOICE_SEEDS, CHOICES_SEED, typical_game
from companion.rules import cards
from tests.ui.big_box_keys import enter_game, play_by_keys
from tests.ui.keys_player import Keys

STANDINGS = {"blue": 118, "yellow": 104, "green": 96, "red": 89}


def taken_cards(game) -> set[str]:
    """Every card taken in the game: the card each stack showed when it was taken."""
    shown: dict[int, str] = {}
    out = set()
    for step in game.steps:
        if isinstance(step, s.ActionCardsRevealed):
            shown = dict(step.cards)
        elif isinstance(step, s.ActionCardTaken):
            out.add(shown.get(step.stack, "2023.5.your-majesty" if step.stack == 5 else "?"))
    return out


def played_effects(game) -> dict[str, int]:
    """Each card whose special action moved or sent back Caballeros, or gave a Power card back:
    how many steps it took in all."""
    shown: dict[int, str] = {}
    card, out = "", Counter()
    for step in game.steps:
        if isinstance(step, s.ActionCardsRevealed):
            shown = dict(step.cards)
        elif isinstance(step, s.ActionCardTaken):
            card = shown.get(step.stack, "")
        elif isinstance(step, (s.CardMoved, s.PowerCardReturned)):
            out[card.rsplit(".", 1)[-1]] += 1
    return dict(out)


def test_the_typical_table_plays_every_card_and_scores_three_times(tmp_path):
    game = typical_game(tmp_path / "typical.jsonl")
    assert game.over and game.state.scores == STANDINGS
    assert taken_cards(game) == {c.key for c in cards.deck("2023") if c.known}
    # every card played whole: the effects that move or send back Caballeros, and Empowerment's
    assert played_effects(game) == {"conspiracy": 7, "intrigue": 8, "withdrawal": 8, "militia": 6, "civil-war": 9,
                                    "coup": 4, "empowerment": 1}
    assert s.PowerCardPlayed("green", 13) in game.steps[game.steps.index(s.PowerCardReturned("green", 13)):]
    assert game.state.general_scorings == 3
    discs = [step for step in game.steps if isinstance(step, s.SecretDisc)]
    assert len(discs) == 12  # four secret discs at each general scoring


def test_the_typical_table_by_keys_alone(tmp_path):
    wanted = typical_game(tmp_path / "typical.jsonl")
    keys = Keys(tmp_path / "keys.jsonl", seed=wanted.settings.seed, board=True)
    assert not any(isinstance(step, (s.CountsCorrected, s.CastilloCorrected, s.CaballerosMoved))
                   for step in wanted.steps)
    game = play_by_keys(
        keys, wanted, None, [("1. Blue", "118"), ("2. Yellow", "104"), ("3. Green", "96"), ("4. Red", "89")],
        TYPICAL_TABLE_KEYS, "the typical table", edition="2023",
        header="The typical table: a whole 4-player 2023 game with the board recorded, every card played "
               "(companion/measure/typical_table.py), from a new game to the standings.")
    for colour in game.settings.colours:
        assert board.total(game.state, colour) == 30

    print(f"\ntypical table by keys: {keys.ui.presses} presses for {len(game.steps)} steps;",
          dict(keys.spent.most_common()))


#: The same table choosing each card effect among the three best (seed CHOICES_SEED).
CHOICES_STANDINGS = [("1. Yellow", "114"), ("2. Green", "107"), ("3. Red", "105"), ("4. Blue", "99")]


def test_the_choice_rule_takes_the_best_or_draws_among_the_three_best():
    from companion.measure.typical_effects import Choices

    assert [Choices().pick("abcde") for _ in range(20)] == ["a"] * 20
    drawn = [Choices(1).pick("abcde") for _ in range(3)]  # (a Random of its own: the same seed, the same draws)
    assert drawn == [Choices(1).pick("abcde")] * 3
    rule = Choices(1)
    picks = [rule.pick("abcde") for _ in range(60)]
    assert set(picks) == {"a", "b", "c"} and rule.pick("z") == "z"


def test_the_choosing_table_still_plays_every_card_and_scores_three_times(tmp_path):
    game = typical_game(tmp_path / "choices.jsonl", seed=CHOICES_SEED)
    assert game.over and sorted(game.state.scores.values(), reverse=True) == [int(r) for _, r in CHOICES_STANDINGS]
    assert taken_cards(game) == {c.key for c in cards.deck("2023") if c.known}
    assert set(played_effects(game)) == {"conspiracy", "intrigue", "withdrawal", "militia", "civil-war", "coup",
                                         "empowerment"}
    assert game.state.general_scorings == 3


def presses_by_keys(folder, seed: int) -> int:
    """The whole game's presses of the typical table whose card effects are chosen by ``seed``."""
    wanted = typical_game(folder / f"choices-{seed}.jsonl", seed=seed)
    keys = Keys(folder / f"keys-{seed}.jsonl", seed=wanted.settings.seed, board=True)
    enter_game(keys, wanted, edition="2023")
    return keys.ui.presses


def test_the_typical_table_choosing_among_the_three_best_by_keys(tmp_path):
    """The typical table whose every card effect's choice is drawn among the three best (not the
    pages' defaults): each seed's whole game by keys, and the first shipped as a key script whose
    first line says them all (the bench prints the spread)."""
    spread = {seed: presses_by_keys(tmp_path, seed) for seed in CHOICE_SEEDS}
    wanted = typical_game(tmp_path / "choices.jsonl", seed=CHOICES_SEED)
    assert wanted.steps != typical_game(tmp_path / "best.jsonl").steps  # other choices: another game
    keys = Keys(tmp_path / "keys.jsonl", seed=wanted.settings.seed, board=True)
    play_by_keys(keys, wanted, None, CHOICES_STANDINGS, TYPICAL_CHOICES_KEYS, "the typical table choosing",
                 edition="2023", header=press_targets.choices_header(CHOICES_SEED, spread))
    assert keys.ui.presses == spread[CHOICES_SEED] == press_targets.script_moments(TYPICAL_CHOICES_KEYS).total
    assert press_targets.choices_spread() == spread
    print(f"\ntypical table choosing among the three best, seeds {CHOICE_SEEDS}: {spread}")


def play_until(folder, stop):
    """A controller that played the typical table's key script up to the first line for which
    ``stop(its step in words, the controller)`` is true."""
    from companion.app import Games, make_controller

    ui = make_controller(Games(folder), seed=lambda: 7)
    for keys, what in press_targets.script_lines():
        if stop(what, ui):
            break
        for word in keys:
            press_targets.press(ui, word)
    return ui


def test_a_special_scoring_that_ends_the_round_shows_its_own_results(tmp_path):
    """Round 7's last turn scores the 4-point regions at once (after two general scorings): its
    results say so, not "General scoring 2 · Nobody scored"; then round 8's cards, whose page says
    how the round begins (no round-over page between: one OK for the results, one for the cards)."""
    ui = play_until(tmp_path, lambda what, ui: what.startswith("ActionCardsRevealed") and ui.game is not None
                    and ui.game.state.round == 8)
    results = ui.screen()
    assert results.kind == "results" and results.prompt == "Special scoring: all 4-point regions"
    assert results.body.rows[0].text == "Blue +5" and "Nobody scored." not in [r.text for r in results.body.rows]
    ui.press(3)
    cards = ui.screen()
    assert (cards.kind, cards.headline, cards.prompt) == ("cards_shown", "Round 8 · Cards shown",
                                                          "First Player: Green. New cards showing")


def test_a_round_over_page_left_by_the_turns_end_folds_into_the_results_still_to_read():
    """A table whose round's end has its own page (the dummy's moves, or no cards named): a special
    scoring's results still to read take its lines, as a general scoring's results do: one OK."""
    from companion.ui.pages import LinesPage
    from companion.ui.screens import notices
    from companion.ui.view import Line

    results = LinesPage("results", "Round 7 · Special scoring", "Special scoring: all 4-point regions", print,
                        lines=[Line("Blue +5", "50")])
    over = LinesPage("round_over", "Round 7 is over", "What the table does now", print,
                     lines=[Line("First Player", "Blue"), Line("Round marker to", "8")])
    assert notices.read_together([over], [results]) == [results]
    assert [line.text for line in results.lines] == ["Blue +5", "First Player", "Round marker to"]
    dummy = LinesPage("dummy", "Round 7 · The dummy", "The dummy (White)", print, lines=[])
    assert notices.read_together([dummy], [results]) == [dummy, results]  # nothing else folds


def test_empowerment_starts_on_the_highest_power_card_played(tmp_path):
    """Round 6: Green's Empowerment lists the Power cards Green played (5, 11, 13, 3, 10, 6), the
    cursor on the highest, the lowest one ▼ away round the list: the 13 back in one OK, which ends the
    turn too, the card's actions done. The list opens by itself on the placements' OK, where the turn
    page would have started on its row (issue 35: ▲ and OK, then its OK, now no press); Back there
    leaves the turn page on "End the turn"."""
    ui = play_until(tmp_path, lambda what, ui: what.startswith("PowerCardReturned"))
    page = ui.screen()
    assert page.kind == "power_back"
    ui.press(2)  # Back: none of it
    turn = ui.screen()
    assert turn.kind == "turn" and turn.body.items[turn.body.cursor] == "End the turn"
    assert "Power card back to hand" in turn.body.items
    ui.press(0)  # ▲ onto its row (the last), OK: the list again
    ui.press(3)
    page = ui.screen()
    assert page.kind == "power_back" and page.body.items == ("3", "5", "6", "10", "11", "13")
    assert page.body.items[page.body.cursor] == "13"
    ui.press(3)  # the card's actions done: the same OK ends the turn (one step of its own)
    assert ui.game.steps[-2:] == (s.PowerCardReturned("green", 13), s.TurnEnded("green"))
    assert ui.screen().kind == "turn_card"
