"""The companion deals the action cards (issue 35, rules revision 6): each stack's order from the
recorded seed, each round's cards known at its start, the same after a replay and an undo; where
the table shuffles (every older log), nothing changes."""

from collections import Counter

import pytest

from companion.engine import dealing
from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.engine.settings_check import check_settings
from companion.measure.script import quiet_power_cards, quiet_round, turn
from companion.play.game import Game
from companion.rules import cards

FOUR = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"), Player("Di", "yellow"))


def dealt(seed: int = 7, **chosen) -> Settings:
    return Settings(edition="classic", players=chosen.pop("players", FOUR), seed=seed, board=True,
                    revision=chosen.pop("revision", REVISION), deals=True, **chosen)


def test_the_same_seed_deals_the_same_cards_and_another_seed_others():
    assert [dealing.shown(dealt(7), r) for r in range(1, 10)] == [dealing.shown(dealt(7), r) for r in range(1, 10)]
    assert [dealing.shown(dealt(7), r) for r in range(1, 10)] != [dealing.shown(dealt(8), r) for r in range(1, 10)]


@pytest.mark.parametrize("seed", range(5))
def test_each_round_shows_a_card_of_each_stack_never_more_copies_than_the_stack_holds(seed):
    settings = dealt(seed)
    shown = [dealing.shown(settings, r) for r in settings.rounds]
    assert all(sorted(round_) == [1, 2, 3, 4, 5] for round_ in shown)
    for stack in (1, 2, 3, 4):
        copies = {c.key: c.copies for c in cards.deck("classic") if c.stack == stack}
        counted = Counter(round_[stack] for round_ in shown)
        assert set(counted) <= set(copies)  # every card from its own stack
        assert all(n <= copies[key] for key, n in counted.items())  # no card dealt twice from one copy
    king = next(c.key for c in cards.deck("classic") if c.stack == 5)
    assert {round_[5] for round_ in shown} == {king}  # the King's card always showing


def test_four_stacks_deal_stack_2_and_3_shuffled_together():
    settings = dealt(3, players=FOUR[:3], four_stacks=True)
    shown = [dealing.shown(settings, r) for r in settings.rounds]
    assert all(sorted(round_) == [1, 2, 4, 5] for round_ in shown)
    assert len(dealing.order(settings, 2)) == 22
    assert {cards.card(round_[2]).stack for round_ in shown} <= {2, 3}


def test_a_short_game_deals_its_six_rounds():
    settings = dealt(2, short_game=True)
    assert [dealing.shown(settings, r)[1] for r in settings.rounds] == list(dealing.order(settings, 1)[:6])


def test_nothing_is_dealt_where_the_table_shuffles_or_before_revision_6():
    assert dealing.shown(Settings(edition="classic", players=FOUR, seed=7, revision=REVISION), 1) == {}
    assert dealing.shown(dealt(7, revision=5), 1) == {}


def test_the_2023_deck_and_the_big_box_are_not_dealt():
    with pytest.raises(s.StepRefused, match="classic deck only"):
        check_settings(Settings(players=FOUR, seed=1, revision=REVISION, deals=True))
    with pytest.raises(s.StepRefused, match="Big Box"):
        check_settings(dealt(1, expansion="colonies"))


def test_the_setting_is_written_only_when_on_and_read_back():
    assert "deals" not in Settings(edition="classic", players=FOUR).to_json()
    assert Settings.from_json(dealt(5).to_json()) == dealt(5)
    assert "Companion deals cards" in dealt(5).variant_labels()


def test_a_game_knows_every_card_at_each_round_s_start_and_a_replay_and_an_undo_deal_the_same(tmp_path):
    path = tmp_path / "game.jsonl"
    game = Game.new(dealt(11), path)
    game.send(s.SetupDone(king="castilla", first="red",
                          homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "valencia"))))
    seen = [dict(game.state.revealed)]
    for _ in range(2):  # (round 3 ends in a general scoring)
        quiet_round(game)
        seen.append(dict(game.state.revealed))
    assert seen == [dealing.shown(game.settings, r) for r in (1, 2, 3)]
    assert not any(isinstance(step, s.ActionCardsRevealed) for step in game.steps)  # no step names a card
    quiet_power_cards(game)
    turn(game)
    assert game.state.taken == [(game.state.taken[0][0], 1, seen[-1][1])]  # the card taken is known
    game.close()
    again = Game.resume(path)
    assert (again.state.revealed, again.state.taken, again.state.seen) == (game.state.revealed, game.state.taken,
                                                                            game.state.seen)
    while again.state.round == 3:
        again.undo()
    assert again.state.revealed == seen[1]  # undone into round 2: its cards again


def test_an_older_classic_log_replays_as_it_was_played_with_no_card_dealt():
    from pathlib import Path

    from companion.record.journal import read_only

    fixture = Path(__file__).parents[1] / "fixtures" / "journals" / "0.7-classic-3p-1995-board.jsonl"
    game = Game.from_record(read_only(fixture))
    assert not game.settings.deals and game.settings.revision < REVISION
    named = [step for step in game.steps if isinstance(step, s.ActionCardsRevealed)]
    last = dict(named[-1].cards) if named and game.state.round == 9 else {}
    assert game.state.revealed in ({}, last)  # only what its own lines named
