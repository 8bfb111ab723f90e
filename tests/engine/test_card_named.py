"""The card named at its action (issue 35; engine/card_named.py, engine/offers/take.py ``to_name``):
ActionCardNamed is accepted for the active player's unnamed take and one of its stack's unseen
cards, refused otherwise with the referee's reason, undone with one step, and leaves the state as a
take that named the card; the turn page lists the cards the stack may show, the likeliest under the
cursor, in place of the kinds of effect, and never starts on the turn's end while a card that may
score has not been named (the issue's trap)."""

from __future__ import annotations

import copy

from companion.engine import steps as s
from companion.engine.offers import take, turn, turn_page
from companion.engine.settings import REVISION, Settings
from companion.play.game import Game
from companion.rules import cards
from tests.engine import states

EXPECTS = ("ActionCardNamed", "Placed", "CastilloThrow", "TurnEnded", "SpecialScoringStarted", "VetoUsed")


def turns(edition: str = "2023"):
    state = states.board_game(edition)
    return states.power_cards(state, {"red": 13, "blue": 1, "green": 6})


def titles(edition: str, stack: int) -> list[str]:
    return [c.key for c in cards.deck(edition) if c.stack == stack and c.known]


def test_the_active_players_unnamed_take_is_named_by_one_of_its_stacks_unseen_cards():
    state = turns()
    states.take(state, s.ActionCardTaken("red", 3))
    fiesta = "2023.3.fiesta"
    states.take(state, s.ActionCardNamed("red", fiesta))
    assert state.taken == [("red", 3, fiesta)]
    assert turn.named_card(state) == cards.card(fiesta) and turn.named_scoring(state) == "group5"
    assert take.to_name(state) == []  # named: no row asks it again


def test_naming_is_exactly_a_take_that_named_the_card():
    named, asked = turns(), turns()
    states.take(named, s.ActionCardTaken("red", 1, "2023.1.militia"))
    states.take(asked, s.ActionCardTaken("red", 1), s.ActionCardNamed("red", "2023.1.militia"))
    assert asked.taken == named.taken
    assert turn_page.order(asked, EXPECTS) == turn_page.order(named, EXPECTS)
    for state in (named, asked):
        states.take(state, s.TurnEnded("red"))
        states.quiet_turns(state)
        states.next_round(state)
    assert asked.seen == named.seen and asked.seen.get("2023.1.militia") == 1


def test_a_card_the_stack_may_not_show_is_refused():
    state = turns("classic")
    stack, once = next((c.stack, c.key) for c in cards.deck("classic")
                       if c.known and c.copies_known and c.copies == 1 and c.stack in (2, 3, 4))
    states.take(state, s.ActionCardTaken("red", stack, once))
    states.quiet_turns(state)
    states.next_round(state)  # its only copy shown: out of play
    states.quiet_power_cards(state)
    states.take(state, s.ActionCardTaken(state.active, stack))
    states.refused(state, s.ActionCardNamed(state.active, once), "not among the cards stack")
    states.refused(state, s.ActionCardNamed(state.active, titles("classic", 1)[0]), "not among the cards stack")
    states.refused(state, s.ActionCardNamed(state.active, "classic.9.nothing"), "unknown action card")


def test_a_card_named_already_or_known_is_refused():
    state = turns()
    states.take(state, s.ActionCardTaken("red", 1, "2023.1.militia"))
    states.refused(state, s.ActionCardNamed("red", "2023.1.intrigue"), "known already: Militia")
    states.take(state, s.TurnEnded("red"), s.ActionCardTaken("green", 5))
    states.refused(state, s.ActionCardNamed("green", "2023.5.your-majesty"), "known already: the King's card")
    states.take(state, s.TurnEnded("green"), s.ActionCardTaken("blue", 2), s.ActionCardNamed("blue", "2023.2.fair"))
    states.refused(state, s.ActionCardNamed("blue", "2023.2.fair"), "known already: Fair")


def test_only_the_active_player_names_and_only_after_his_take():
    state = turns()
    states.refused(state, s.ActionCardNamed("red", "2023.1.militia"), "Ann has not taken a card this turn")
    states.take(state, s.ActionCardTaken("red", 1))
    states.refused(state, s.ActionCardNamed("blue", "2023.1.militia"), "it is Ann's turn, not Bo's")


def test_naming_is_undone_by_one_undo():
    game = Game.new(Settings(edition="2023", players=states.PLAYERS, seed=5, revision=REVISION, board=True))
    game.send(states.CASTILLA)
    for colour, value in (("red", 13), ("blue", 1), ("green", 6)):
        game.send(s.PowerCardPlayed(colour, value))
    game.send(s.ActionCardTaken("red", 3))
    before = copy.deepcopy(game.state.taken)
    game.send(s.ActionCardNamed("red", "2023.3.revelation"))
    assert game.state.taken == [("red", 3, "2023.3.revelation")]
    game.undo()
    assert game.state.taken == before and game.steps[-1] == s.ActionCardTaken("red", 3)
    assert "ActionCardNamed" in game.expects


def test_the_rows_are_the_stacks_cards_the_likeliest_under_the_cursor_once_placed():
    state = turns()
    states.take(state, s.ActionCardTaken("red", 3), s.Placed("red", "aragon", 3))
    likeliest = take.unseen(state, 3)
    assert take.to_name(state) == likeliest
    offer = turn_page.turn_page(state, EXPECTS)
    ids = [o.id for o in offer.options]
    names = [i for i in ids if i.startswith(take.NAME)]
    assert sorted(names) == sorted(f"{take.NAME}{k}" for k in likeliest)
    assert offer.default == f"{take.NAME}{likeliest[0]}"  # the likeliest under the cursor
    at = ids.index(offer.default)
    assert ids[at - 1] == f"{take.NAME}{likeliest[1]}" and ids[at + 1] == f"{take.NAME}{likeliest[2]}"  # ▲, ▼
    assert ids[at - 2] == "end"  # no action: ▲▲ OK, for a table that has named its card every turn so far
    assert not any(i.startswith("effect:") for i in ids)  # the card's rows stand for its kinds of effect
    assert "special_scoring" in ids  # (a 2023 stack may hold a card without a text: "another card")
    assert offer.option(offer.default).steps == (s.ActionCardNamed("red", likeliest[0]),)


def test_the_trap_a_card_that_may_score_unnamed_never_has_the_turns_end_under_the_cursor():
    state = turns()
    states.take(state, s.ActionCardTaken("red", 3), s.Placed("red", "aragon", 3))  # Outposts, Fiesta, Revelation
    assert turn.waiting(state) and turn.turn_end(state, ("TurnEnded",)) == ()  # the placements' OK does not end it
    assert turn_page.turn_page(state, EXPECTS).default != "end"
    empty = turns()  # nothing the card could place (an empty Court): the turn waits on the card all the same
    states.take(empty, s.ActionCardTaken("red", 3))
    empty.court["red"] = 0
    assert turn.waiting(empty) and turn_page.turn_page(empty, EXPECTS).default.startswith(take.NAME)


def test_before_the_placements_the_cards_that_act_first_are_under_the_cursor():
    state = turns()
    state.seen["2023.4.enactment"] = state.seen["2023.4.adopted-home"] = 3  # the likeliest acts after: Empowerment
    states.take(state, s.ActionCardTaken("red", 4))  # Enactment, Empowerment, Adopted Home, Coup
    assert not take.names_first(state)  # the take opens the placements; Back from them to the turn page
    offer = turn_page.turn_page(state, EXPECTS)
    ids = [o.id for o in offer.options]
    first = [i for i in ids if i.startswith(take.NAME) and take.acts_first(i)]
    assert sorted(first) == [f"{take.NAME}2023.4.adopted-home", f"{take.NAME}2023.4.enactment"]
    assert ids[ids.index("place") + 1:ids.index("place") + 3] == first and offer.default == first[0]


def test_a_take_whose_likeliest_card_acts_first_opens_the_turn_page_on_its_naming_rows():
    state = turns()
    states.take(state, s.ActionCardTaken("red", 4))  # nothing seen: Enactment the likeliest (the deck's order)
    names = [f"{take.NAME}{key}" for key in take.to_name(state)]
    assert take.acts_first(names[0]) and take.names_first(state)
    offer = turn_page.turn_page(state, EXPECTS)
    ids = [o.id for o in offer.options]
    at = ids.index(names[0])
    assert offer.default == names[0]  # no Back from the placements: the cursor on the likeliest card
    assert {ids[at - 1], ids[at + 1]} == {names[1], names[2]} and ids[at - 2] == names[3]  # every card around it
    assert ids.index("place") < at  # (the placements a row of their own above them)
    states.take(state, s.Placed("red", "aragon", 1))
    assert not take.names_first(state)  # something placed: the placements come first no more


def test_a_table_that_ends_a_turn_unnamed_has_the_turns_end_beside_the_likeliest_for_good():
    state = turns("classic")  # a classic stack shows more cards than END_BESIDE: both sides the cards'
    states.take(state, s.ActionCardTaken("red", 2), s.Placed("red", "aragon", 2))
    names = take.to_name(state)
    assert len(names) > take.END_BESIDE
    ids = [o.id for o in turn_page.turn_page(state, EXPECTS).options]
    at = ids.index(f"{take.NAME}{names[0]}")
    assert ids[at - 1] == f"{take.NAME}{names[1]}" and ids[at + 1] == f"{take.NAME}{names[2]}" and ids[0] == "end"
    assert not state.said.skipped
    states.take(state, s.TurnEnded("red"))  # no action, the card not named
    assert state.said.skipped
    states.take(state, s.ActionCardTaken(state.active, 3), s.Placed(state.active, "aragon", 3))
    ids = [o.id for o in turn_page.turn_page(state, EXPECTS).options]
    at = ids.index(f"{take.NAME}{take.to_name(state)[0]}")
    assert ids[at - 1] == "end"  # no action: ▲ OK from now on


def test_the_fixture_of_the_format_grown_names_its_cards_at_their_action_under_revision_6():
    from pathlib import Path

    from companion.engine.settings import REVISION as NOW
    from companion.record.journal import read_only

    path = Path(__file__).parents[1] / "fixtures" / "journals" / "0.8-classic-3p-named-at-the-action-revision-6.jsonl"
    game = Game.from_record(read_only(path))
    named = [step for step in game.steps if isinstance(step, s.ActionCardNamed)]
    takes = [step for step in game.steps if isinstance(step, s.ActionCardTaken)]
    assert named and all(step.card is None for step in takes)  # no take names its card: each one named at its action
    assert game.settings.revision == 6 and NOW >= 6  # a new step kind: no older log replays differently (no new revision)
