"""The card a player takes, asked when he takes it (issue 35; engine/offers/take.py): the take's
options are the stack's unseen cards, the likeliest the default, a card out of play not offered,
"not said" the farthest from the cursor; what the companion knows is not asked."""

from __future__ import annotations

import copy

from companion.engine import cards_said
from companion.engine import steps as s
from companion.engine.offers import take
from companion.engine.state import CardsSaid, GameState
from companion.rules import cards
from tests.engine import states

EXPECTS = ("ActionCardTaken",)


def turns(edition: str = "2023", **settings):
    state = states.board_game(edition, **settings)
    return states.power_cards(state, {"red": 13, "blue": 1, "green": 6})


def titles(edition: str, stack: int) -> list[str]:
    return [c.key for c in cards.deck(edition) if c.stack == stack and c.known]


def test_none_shown_yet_the_deck_s_order_and_the_first_the_default():
    state = turns()
    assert take.unseen(state, 1) == titles("2023", 1)
    offer = take.take(state, EXPECTS, "red", 1)
    first, second, third = titles("2023", 1)
    assert [o.id for o in offer.options] == [f"card:{first}", f"card:{second}", take.NOT_SAID, f"card:{third}"]
    assert offer.default == f"card:{first}"  # one OK when it is right
    assert offer.options[0].steps == (s.ActionCardTaken("red", 1, first),)
    assert offer.option(take.NOT_SAID).steps == (s.ActionCardTaken("red", 1),)
    assert all(o.allowed for o in offer.options)


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


def test_the_wrapping_list_puts_the_next_likeliest_one_press_from_the_cursor():
    assert take.around([1, 2, 3, 4], 0) == [1, 2, 4, 0, 3]  # 2: one down, 3: one up, 0 the farthest
    assert take.around([1], 0) == [1, 0]


def test_a_card_out_of_play_is_not_offered():
    state = turns("classic")
    stack, card = next((c.stack, c.key) for c in cards.deck("classic")
                       if c.known and c.copies_known and c.copies == 1 and c.stack != 5)
    states.take(state, s.ActionCardTaken("red", stack, card))
    states.quiet_turns(state)
    states.next_round(state)
    assert card not in take.unseen(state, stack)
    assert f"card:{card}" not in [o.id for o in take.take(state, EXPECTS, "red", stack).options]


def test_what_the_companion_knows_is_not_asked():
    state = turns()
    assert take.asks(state, 1)
    assert take.known(state, 5) == "2023.5.your-majesty" and not take.asks(state, 5)  # the King's card
    states.take(state, s.ActionCardsRevealed(((2, titles("2023", 2)[1]),)))
    assert take.known(state, 2) == titles("2023", 2)[1] and not take.asks(state, 2)


def test_scores_only_asks_nothing():
    scores_only = states.power_cards(states.set_up(states.Settings(edition="2023", players=states.PLAYERS, seed=5)),
                                     {"red": 13, "blue": 1, "green": 6})
    assert not take.asks(scores_only, 1)


ROUND = (s.SetupDone("toledo", (), "red"), s.PowerCardPlayed("red", 13), s.PowerCardPlayed("blue", 1))


def said(state, steps) -> GameState:
    """``state`` with what ``steps`` say of the cards showing, kept as the referee keeps it."""
    state = copy.deepcopy(state)
    state.said = CardsSaid()
    for step in steps:
        cards_said.keep(state, step)
    return state


def test_a_round_answered_at_its_start_is_not_asked_at_the_take():
    state = turns()
    assert not said(state, ROUND).said.at_start
    assert said(state, (*ROUND[:1], s.ActionCardsRevealed(()), *ROUND[1:])).said.at_start  # even nothing named
    assert said(state, (*ROUND, s.ActionCardTaken("red", 1), s.ActionCardsRevealed(()),
                        s.PowerCardPlayed("red", 2))).said.at_start
    assert not said(state, (ROUND[0], s.ActionCardsRevealed(()), *ROUND[1:], s.ActionCardTaken("red", 1),
                            s.PowerCardPlayed("red", 2))).said.at_start  # the round before's answer
    assert take.asks(said(state, ROUND), 1)
    assert not take.asks(said(state, (*ROUND, s.ActionCardsRevealed(()))), 1)


def test_a_table_that_says_not_said_is_not_asked_again_that_game():
    state = turns()
    named = (*ROUND, s.ActionCardTaken("red", 1, titles("2023", 1)[0]), s.ActionCardTaken("blue", 5))
    assert not said(state, named).said.unsaid  # a card named, the King's card known
    assert take.asks(said(state, named), 2)
    unsaid = (*named, s.ActionCardTaken("green", 2), s.PowerCardPlayed("red", 2))
    assert said(state, unsaid).said.unsaid and not take.asks(said(state, unsaid), 1)
    at_the_start = (*ROUND, s.ActionCardsRevealed(()), s.ActionCardTaken("red", 2), s.PowerCardPlayed("red", 2))
    assert not said(state, at_the_start).said.unsaid  # not said at the round's start: this round only


def test_a_stack_taken_is_refused_with_the_referee_s_reason():
    state = turns()
    states.take(state, s.ActionCardTaken("red", 1), s.TurnEnded("red"))
    offer = take.take(state, EXPECTS, state.active, 1)
    assert not offer.allowed and offer.default is None
    assert "the card of stack 1 is gone" in offer.options[0].why_not


def test_a_stack_with_one_unseen_card_left_names_it_by_itself():
    # The classic deck's copies are known: a stack whose other titles are all shown has one card left.
    state = turns("classic")
    left = take.cards(state, 2)
    last, *others = sorted(left, key=lambda c: c.copies)
    assert take.only_card(state, 2) is None  # several left: the take's page asks
    for c in others:
        state.seen[c.key] = c.copies
    assert take.unseen(state, 2) == [last.key] and take.only_card(state, 2) == last.key
    assert take.plain("red", 2, last.key) == s.ActionCardTaken("red", 2, last.key)
