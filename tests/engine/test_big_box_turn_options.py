"""The Big Box's own rows on the turn page, from the state alone (engine/hooks.py
``Rules.turn_options``, engine/modes/offers.py): their stable ids, the one step a row sends with the
referee's reason against it now, and Grandissimo's figure taken this turn kept in the mode's own state
(``BigBoxState.figure_taken``), not read from the steps. No Game, chart or snapshot."""

import companion.engine.modes  # noqa: F401  (the Big Box's modes registered)
from companion.engine import hooks
from companion.engine.modes import steps as s
from companion.engine.modes.own_state import own
from companion.engine.offers import turn_page
from companion.engine.settings import REVISION, Settings
from tests.engine import states

GRANDISSIMO = s.SetupDone(king="castilla", first="red", black=("valencia",), homes=states.SETUP.homes)
#: The kinds a turn asks for after the card is taken (as the chart's, the modes' among them).
EXPECTS = ("TurnEnded", "Placed", "CastilloThrow", "KingMoved", "TileMoved", "GrandeMoved", "CardMoved",
           "SpecialScoringStarted", "VetoUsed", "CourtIntake", "HoldingMoved", "Sailed", "CaballerosMoved")


def grandissimo(*, board: bool = False):
    settings = Settings(edition="classic", players=states.PLAYERS, seed=1, revision=REVISION,
                        expansion="grandissimo", board=board)
    state = states.set_up(settings, GRANDISSIMO)
    return states.power_cards(state, {"red": 13, "blue": 12, "green": 11})


def test_the_queen_and_jester_card_offers_each_figure_with_its_step_once_a_turn():
    state = states.take(grandissimo(), s.ActionCardTaken("red", 7))
    found = hooks.of(state.settings).turn_options(state, EXPECTS)
    assert [(o.id, o.steps, o.why_not) for o in found.figures] == [
        ("figure:Queen", (s.HoldingMoved("Queen", "red"),), ""), ("figure:Jester", (s.HoldingMoved("Jester", "red"),), "")]
    assert [o.id for o in turn_page.turn_page(state, EXPECTS).options][1:3] == ["figure:Queen", "figure:Jester"]
    states.take(state, s.HoldingMoved("Queen", "red"))
    assert own(state).figure_taken == (state.round, state.turn)  # the mode's own state, not the steps
    assert hooks.of(state.settings).turn_options(state, EXPECTS).figures == ()
    assert not any(o.id.startswith("figure:") for o in turn_page.turn_page(state, EXPECTS).options)


def test_another_card_offers_no_figure():
    state = states.take(grandissimo(), s.ActionCardTaken("red", 1))
    assert hooks.of(state.settings).turn_options(state, EXPECTS).figures == ()


def test_a_recorded_board_offers_the_unguided_moves_beside_the_placement():
    state = states.take(grandissimo(board=True), s.ActionCardTaken("red", 1))
    ids = [o.id for o in hooks.of(state.settings).turn_options(state, EXPECTS).placing]
    assert "mode:move" in ids and all(id.startswith("mode:") for id in ids)
    page = [o.id for o in turn_page.turn_page(state, EXPECTS).options]
    assert page.index("mode:move") > page.index("place")


def test_the_base_game_offers_none_of_a_mode_s_rows():
    assert hooks.Rules().turn_options(None, EXPECTS) == hooks.TurnOptions()
    state = states.take(states.power_cards(states.set_up(Settings(players=states.PLAYERS, seed=2)),
                                           {"red": 9, "blue": 3, "green": 5}), s.ActionCardTaken("red", 1))
    base = tuple(kind for kind in EXPECTS if kind not in ("HoldingMoved", "Sailed", "CaballerosMoved"))
    assert hooks.of(state.settings).turn_options(state, base) == hooks.TurnOptions()


def test_the_jester_s_row_says_why_before_the_choice_when_no_gift_can_go():
    # S:390: the gift is "one of his Caballeros from the provinces": with none there, every receiver
    # is refused, and the turn page's row says so while the cursor is on it, not after its OK.
    state = states.take(grandissimo(board=True), s.HoldingMoved("Jester", "red"))
    states.take(state, s.ActionCardTaken("red", 1))
    expects = (*EXPECTS, "JesterGave")
    rows = {o.id: o for o in hooks.of(state.settings).turn_options(state, expects).cards}
    assert rows["mode:jester"].why_not == ""
    state.province["red"] = 0
    rows = {o.id: o for o in hooks.of(state.settings).turn_options(state, expects).cards}
    assert rows["mode:jester"].why_not == "Ann has no Caballero in the Province to give"
    page = {o.id: o for o in turn_page.turn_page(state, expects).options}
    assert page["mode:jester"].why_not == rows["mode:jester"].why_not
