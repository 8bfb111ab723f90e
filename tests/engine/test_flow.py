"""The engine's flow on (state, phase) alone: what follows by itself, and the events a unit caused.

The states are reached once by a game in memory, then asked as they are, or changed by hand
(a Castillo emptied, a count set): flow.py takes a state and a phase, never a Game."""

import copy
import dataclasses

import pytest

from companion.engine import flow
from companion.engine.modes import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.measure import sample, script
from companion.play.game import Game
from companion.rules import spain

FOUR = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"), Player("Di", "yellow"))


@pytest.fixture(scope="module")
def at_the_first_general_scoring():
    """The sample board game's state as its first general scoring begins (phase secret_discs)."""
    game = Game.new(Settings(players=sample.PLAYERS, seed=7, revision=REVISION, board=True))
    game.send(sample.SETUP)
    while game.phase in ("power_cards", "turns"):
        if game.phase == "power_cards":
            script.quiet_power_cards(game)
        else:
            sample._board_turn(game)
    assert game.phase == "secret_discs"
    return copy.deepcopy(game.state)


def emptied(state):
    state = copy.deepcopy(state)
    state.castillo = {c: 0 for c in state.castillo}
    state.grandes_in_castillo = type(state.grandes_in_castillo)()
    return state


def test_nobody_in_the_castillo_asks_no_secret_discs_nor_castillo_and_one_colour_regions_go(at_the_first_general_scoring):
    state = emptied(at_the_first_general_scoring)
    held = {region: {c: n for c, n in state.counts[region].items() if n} for region in state.regions}
    lone = next(r for r in state.regions if len(held[r]) > 1)
    state.counts[lone] = {"red": 4}  # now held by one colour: its scoring cannot change
    held[lone] = {"red": 4}
    got = flow.follows(state, "secret_discs", ())
    assert got[0] == s.SecretDiscs(tuple((c, None) for c in state.colours))
    assert got[1] == s.Scored(spain.CASTILLO, ())
    scored = {step.where: dict(step.counts) for step in got[2:]}
    assert scored == {r: held[r] for r in state.regions if len(held[r]) <= 1}  # every one, on one page
    assert lone in scored


def test_someone_in_the_castillo_leaves_the_secret_discs_to_the_table(at_the_first_general_scoring):
    state = at_the_first_general_scoring
    assert any(state.castillo.values())
    assert flow.follows(state, "secret_discs", ()) == ()
    assert flow.follows(state, "castillo", ()) == ()


def test_scores_only_the_flow_asks_everything(at_the_first_general_scoring):
    state = emptied(at_the_first_general_scoring)
    state.settings = dataclasses.replace(state.settings, board=False)
    assert flow.follows(state, "secret_discs", ()) == ()


def test_no_scoring_under_way_nothing_follows(at_the_first_general_scoring):
    state = emptied(at_the_first_general_scoring)
    state.scoring = ""
    assert flow.follows(state, "secret_discs", ()) == ()


def intrigue_game() -> Game:
    settings = Settings(edition="classic", players=FOUR, seed=7, revision=REVISION, expansion="intrigue")
    game = Game.new(settings)
    game.send(s.SetupDone(king="castilla", first="blue", homes=(
        ("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "granada"))))
    for value in (40, 130, 25, 180):  # Ann's 180: the King's card; Di's 25: the Intrigue card
        game.send(s.IntrigueCardPlayed(game.prompt.colour, value))
    return game


def test_a_special_action_with_one_choice_follows_by_itself():
    game = intrigue_game()
    state, phase, expects = game.state, game.phase, game.expects
    assert flow.follows(state, phase, expects) == (s.SpecialActionChosen("red", "king"),)
    assert flow.follows(state, phase, tuple(k for k in expects if k != "SpecialActionChosen")) == ()


def test_a_special_action_with_a_choice_is_asked():
    settings = Settings(edition="classic", players=FOUR[:3], seed=7, revision=REVISION, expansion="intrigue")
    game = Game.new(settings)
    game.send(s.SetupDone(king="castilla", first="red", homes=(
        ("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"))))
    for _ in range(3):
        game.send(s.IntrigueCardPlayed(game.prompt.colour, game.prompt.choices[-1]))
    assert "SpecialActionChosen" in game.expects and len(game.prompt.choices) > 1  # the holders choose (S:172)
    assert flow.follows(game.state, game.phase, game.expects) == ()


def test_the_deal_just_shown_is_the_unit_of_the_rounds_last_card_only():
    """A restart shows the deal again only while the last unit played the round's last card
    (ui/screens/notices.on_resume): the mode answers from the unit, the base game never."""
    game = intrigue_game()  # (each card sent alone: the last card's unit is the last one)
    state = game.state
    last_card = (s.IntrigueCardPlayed("yellow", 180), s.SpecialActionChosen("red", "king"))
    assert flow.deal_just_shown(state, "turns", last_card)
    assert not flow.deal_just_shown(state, "power_cards", last_card[:1])  # (not the round's last card)
    assert not flow.deal_just_shown(state, "turns", (s.SpecialActionChosen("red", "king"),))
    base = dataclasses.replace(state, settings=dataclasses.replace(state.settings, expansion=""))
    assert not flow.deal_just_shown(base, "turns", last_card)


# -- events --------------------------------------------------------------------------------------------
def test_a_mark_of_no_game_has_no_phase():
    assert flow.mark(None) == flow.Mark("")


def test_a_general_scoring_ended_says_its_round_and_a_new_round_began(at_the_first_general_scoring):
    before = at_the_first_general_scoring
    mark = flow.mark(before, "regions")
    after = copy.deepcopy(before)
    after.scoring, after.round = "", before.round + 1
    events = flow.caused(mark, after, "power_cards")
    assert flow.RegionsScored(before.scoring, before.round) in events
    assert flow.RegionsScored(before.scoring, before.round).general
    assert flow.RoundBegan(before.round + 1, before.round, from_turns=False) in events
    assert not any(isinstance(e, (flow.GameOver, flow.DummyMoved, flow.GeneralScoringBegan)) for e in events)


def test_the_last_turn_scored_whole_and_the_round_began_in_one_unit(at_the_first_general_scoring):
    before = copy.deepcopy(at_the_first_general_scoring)
    before.scoring, before.general_scorings = "", 0
    mark = flow.mark(before, "turns")
    after = copy.deepcopy(before)
    after.general_scorings, after.round = 1, before.round + 1
    events = flow.caused(mark, after, "power_cards")
    assert events[:1] == (flow.RegionsScored("general scoring 1", before.round),)
    assert flow.RoundBegan(before.round + 1, before.round, from_turns=True) in events


def test_a_special_scoring_started_and_scored_whole_in_its_unit(at_the_first_general_scoring):
    state = copy.deepcopy(at_the_first_general_scoring)
    state.scoring = ""
    mark = flow.mark(state, "turns")
    events = flow.caused(mark, state, "turns", (s.SpecialScoringStarted("group5", ("aragon",)),))
    assert len(events) == 1 and isinstance(events[0], flow.RegionsScored)
    assert events[0].occasion.startswith("special scoring: ") and not events[0].general
    state.scoring = "special scoring: x"  # still under way: nothing ended
    assert flow.caused(mark, state, "special_scoring", (s.SpecialScoringStarted("group5", ("aragon",)),)) == ()


def test_the_dummys_moves_the_boards_notes_the_turns_and_the_end(at_the_first_general_scoring):
    state = copy.deepcopy(at_the_first_general_scoring)
    mark = flow.mark(state, "power_cards")
    state.dummy.moves.append((state.round, "placed 2 in Aragón"))
    state.scoring_notes.append("Aragón: the King left")
    events = flow.caused(mark, state, "turns")
    assert flow.DummyMoved(("placed 2 in Aragón",)) in events
    assert flow.ScoringFollowsTheBoard(("Aragón: the King left",)) in events
    assert flow.TurnsBegan(state.round) in events
    assert flow.GeneralScoringBegan(state.round) in flow.caused(flow.mark(state, "turns"), state, "secret_discs")
    assert flow.GameOver() in flow.caused(flow.mark(state, "regions"), state, "game_over")


def test_a_whole_board_game_begins_and_scores_every_round_once():
    """Unit by unit, the sample board game's events: 9 rounds' turns, 8 new rounds, 3 general scorings."""
    game = Game.new(Settings(players=sample.PLAYERS, seed=7, revision=REVISION, board=True))
    game.send(sample.SETUP)
    events: list[flow.Event] = []
    original = game.send

    def send(*steps, follow=None):
        before = flow.mark(game.state, game.phase)
        original(*steps, follow=follow)
        events.extend(flow.caused(before, game.state, game.phase, game.last_unit))

    game.send = send  # type: ignore[method-assign]
    while game.phase != "game_over":
        if game.phase == "power_cards":
            script.quiet_power_cards(game)
        elif game.phase == "turns":
            sample._board_turn(game)
        else:
            sample._board_scoring(game)
    kinds = [type(e).__name__ for e in events]
    assert kinds.count("TurnsBegan") == 9 and kinds.count("RoundBegan") == 8 and kinds.count("GameOver") == 1
    general = [e.occasion for e in events if isinstance(e, flow.RegionsScored) and e.general]
    assert general == ["general scoring 1", "general scoring 2", "general scoring 3"]
    assert [e.occasion for e in events if isinstance(e, flow.RegionsScored) and not e.general] != []
