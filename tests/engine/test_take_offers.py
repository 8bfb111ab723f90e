"""The card a player takes, named at its action (issue 35; engine/offers/take.py): the turn page's
naming rows are the stack's unseen cards, the likeliest the default, a card out of play not
offered, laid out around the cursor; what the companion knows is not asked (the referee's part and
the turn page's order: tests/engine/test_card_named.py)."""

from __future__ import annotations

import copy

from companion.engine import cards_said
from companion.engine import steps as s
from companion.engine.offers import take
from companion.engine.state import CardsSaid, GameState
from companion.rules import cards
from tests.engine import states

EXPECTS = ("ActionCardNamed", "TurnEnded")


def turns(edition: str = "2023", **settings):
    state = states.board_game(edition, **settings)
    return states.power_cards(state, {"red": 13, "blue": 1, "green": 6})


def titles(edition: str, stack: int) -> list[str]:
    return [c.key for c in cards.deck(edition) if c.stack == stack and c.known]


def test_none_shown_yet_the_deck_s_order_and_the_first_the_default():
    state = turns()
    assert take.unseen(state, 1) == titles("2023", 1)
    states.take(state, s.ActionCardTaken("red", 1))
    first, second, third = titles("2023", 1)
    rows = take.name_rows(state, EXPECTS)
    assert [o.id for o in rows] == [f"{take.NAME}{k}" for k in (first, second, third)]  # the likeliest first
    assert rows[0].steps == (s.ActionCardNamed("red", first),) and all(o.allowed for o in rows)


def test_a_2023_title_seen_may_be_its_stack_s_commonest_and_comes_first():
    # Every split of the stack's 10 cards among its 3 titles equally likely: one seen Conspiracy
    # makes the splits rich in Conspiracies likelier (their copies are not in RULES.md).
    state = turns()
    first = titles("2023", 1)[0]
    states.take(state, s.ActionCardTaken("red", 1, first))
    states.quiet_turns(state)
    states.next_round(state)
    assert take.unseen(state, 1) == titles("2023", 1)
    weight = take.chances(state, 1)
    assert weight[first] > weight[titles("2023", 1)[1]] == weight[titles("2023", 1)[2]]


def test_a_2023_title_seen_eight_times_in_a_stack_of_ten_comes_last():
    state = turns()
    first, *others = titles("2023", 1)
    state.seen[first] = 8  # the other two titles have their one copy each still to come
    assert take.unseen(state, 1) == [*others, first]
    assert take.chances(state, 1)[first] == 0


def test_the_classic_deck_s_likeliest_card_has_the_most_copies_left():
    state = turns("classic")
    left = take.cards(state, 2)
    most = max(left, key=lambda c: (c.copies, -left.index(c)))
    assert most.copies == 3 and take.unseen(state, 2)[0] == most.key  # Special scoring of a region, 3 copies
    state.seen[most.key] = 2  # one copy left: the 2-copy Veto before it
    veto = next(c.key for c in left if c.copies == 2)
    assert take.unseen(state, 2)[0] == veto
    assert take.chances(state, 2)[most.key] == 1


def test_the_rows_put_the_next_likeliest_a_press_or_two_from_the_cursor():
    # the cursor on the first; the turn's end one ▲ above it (no action: ▲ OK) up to END_BESIDE cards
    assert take.around_end([1, 2]) == ([], [1, 2])  # 2: one ▼ (the turn's end one ▲)
    assert take.around_end([1, 2, 3]) == ([], [2, 1, 3])  # more: both sides the cards' (2: ▲, 3: ▼)
    assert take.around_end([1, 2, 3, 4, 5]) == ([], [4, 2, 1, 3, 5])
    assert take.around_end([1, 2, 3], beside=True) == ([3], [1, 2])  # a table that skipped: 3 two ▲
    assert take.around_end([1, 2, 3, 4, 5], beside=True) == ([5, 3], [1, 2, 4])
    assert take.around_end([1]) == ([], [1])


def test_a_card_out_of_play_is_not_offered():
    state = turns("classic")
    stack, card = next((c.stack, c.key) for c in cards.deck("classic")
                       if c.known and c.copies_known and c.copies == 1 and c.stack != 5)
    states.take(state, s.ActionCardTaken("red", stack, card))
    states.quiet_turns(state)
    states.next_round(state)
    assert card not in take.unseen(state, stack)
    states.quiet_power_cards(state)
    states.take(state, s.ActionCardTaken(state.active, stack))
    assert take.to_name(state) and card not in take.to_name(state)


def test_what_the_companion_knows_is_not_asked():
    state = turns()
    assert take.known(state, 5) == "2023.5.your-majesty"  # the King's card
    states.take(state, s.ActionCardsRevealed(((2, titles("2023", 2)[1]),)))
    assert take.known(state, 2) == titles("2023", 2)[1] and take.by_itself(state, 2) is None
    states.take(state, s.ActionCardTaken("red", 2))
    assert take.to_name(state) == []  # named at the round's start: no row asks it
    states.take(state, s.TurnEnded("red"), s.ActionCardTaken("green", 5))
    assert take.to_name(state) == []  # the King's card


def test_scores_only_asks_nothing():
    scores_only = states.power_cards(states.set_up(states.Settings(edition="2023", players=states.PLAYERS, seed=5)),
                                     {"red": 13, "blue": 1, "green": 6})
    states.take(scores_only, s.ActionCardTaken("red", 1))
    assert take.to_name(scores_only) == [] and take.by_itself(scores_only, 2) is None


ROUND = (s.SetupDone("toledo", (), "red"), s.PowerCardPlayed("red", 13), s.PowerCardPlayed("blue", 1))


def said(state, steps) -> GameState:
    """``state`` with what ``steps`` say of the cards showing, kept as the referee keeps it."""
    state = copy.deepcopy(state)
    state.said = CardsSaid()
    for step in steps:
        cards_said.keep(state, step)
    return state


def test_a_round_answered_at_its_start_is_kept_so():
    state = turns()
    assert not said(state, ROUND).said.at_start
    assert said(state, (*ROUND[:1], s.ActionCardsRevealed(()), *ROUND[1:])).said.at_start  # even nothing named
    assert said(state, (*ROUND, s.ActionCardTaken("red", 1), s.ActionCardsRevealed(()),
                        s.PowerCardPlayed("red", 2))).said.at_start
    assert not said(state, (ROUND[0], s.ActionCardsRevealed(()), *ROUND[1:], s.ActionCardTaken("red", 1),
                            s.PowerCardPlayed("red", 2))).said.at_start  # the round before's answer


def test_a_take_that_said_not_said_is_kept_for_the_game():
    state = turns()
    named = (*ROUND, s.ActionCardTaken("red", 1, titles("2023", 1)[0]), s.ActionCardTaken("blue", 5))
    assert not said(state, named).said.unsaid  # a card named, the King's card known
    unsaid = (*named, s.ActionCardTaken("green", 2), s.PowerCardPlayed("red", 2))
    assert said(state, unsaid).said.unsaid
    at_the_start = (*ROUND, s.ActionCardsRevealed(()), s.ActionCardTaken("red", 2), s.PowerCardPlayed("red", 2))
    assert not said(state, at_the_start).said.unsaid  # not said at the round's start: this round only


def test_a_stack_with_one_unseen_card_left_names_it_by_itself():
    # The classic deck's copies are known: a stack whose other titles are all shown has one card left.
    state = turns("classic")
    left = take.cards(state, 2)
    last, *others = sorted(left, key=lambda c: c.copies)
    assert take.only_card(state, 2) is None  # several left: named at its action
    for c in others:
        state.seen[c.key] = c.copies
    assert take.unseen(state, 2) == [last.key] and take.only_card(state, 2) == take.by_itself(state, 2) == last.key
    assert take.plain("red", 2, last.key) == s.ActionCardTaken("red", 2, last.key)
