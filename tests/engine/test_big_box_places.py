"""Issue 21: the Big Box's new places are regions. One query (rules/big_box/regions.py) answers for
every mode which places a special scoring, a mobile scoreboard, the King, a Grande, the Limit table
and a correction may name; these tests walk it and the referee's checks that use it. Seed 004 lines
as "S:n"; facts: ../shared/RULES-EXPANSIONS.md §2-§4."""

import dataclasses

import pytest

from companion.engine import scorings
from companion.engine.modes import steps as s
from companion.engine.modes.own_state import own
from companion.engine.settings import REVISION, Player, Settings
from companion.play.game import Game
from companion.rules import spain
from companion.rules.big_box import regions
from tests.engine.test_big_box_board import COLONIES, colonies, to_turns

FOUR = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"), Player("Di", "yellow"))
HOMES = (("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "granada"))
#: Each mode with a setup whose King stands in Castilla (never one of the places walked below).
MODES = {
    "": s.SetupDone(king="castilla", first="red", homes=HOMES),
    "intrigue": s.SetupDone(king="castilla", first="red", homes=HOMES),
    "colonies": s.SetupDone(king="castilla", first="red", homes=HOMES, black=("valencia", "toledo"),
                            limit_table="cataluna"),
    "king_colonies": s.SetupDone(king="castilla", first="red", homes=HOMES, black=("valencia", "toledo"),
                                 limit_table="cataluna"),
    "grandissimo": s.SetupDone(king="castilla", first="red", homes=HOMES, black=("valencia",)),
}
NEW = (regions.FRANCE, regions.SHIP, regions.AMERICA, regions.MEDITERRANEAN, regions.PORTUGAL)
EVERY_PLACE = (*spain.SCORING_ORDER, *NEW, spain.CASTILLO, "prison")


def game_of(mode: str, board: bool = False) -> Game:
    game = Game.new(Settings(edition="classic", players=FOUR, seed=3, revision=REVISION, expansion=mode,
                             board=board))
    game.send(MODES[mode])
    return game


def expected(mode: str, place: str, move: str) -> bool:
    """The rule's answer, written out from the seed, place by place."""
    in_play = {"colonies": NEW[:4], "king_colonies": NEW[:4], "grandissimo": NEW[4:]}.get(mode, ())
    if place in spain.REGIONS:
        return True  # Spain's nine: every move (the King's region is the board's limit, not the mode's)
    if place not in in_play:
        return False  # the Castillo, the prison, and a new region of another mode are never a region
    if move == regions.SECRET_DISC:
        return False  # S:208, S:308: never on a secret disc
    if move == regions.KING:
        return place in (regions.FRANCE, regions.PORTUGAL)  # S:208 "the King can only go to France"; S:308
    if move == regions.LIMIT_TABLE:
        return place != regions.FRANCE  # S:254 "any region except France or the King's region"
    if move == regions.PLACE_ANYWHERE:
        return place not in (regions.AMERICA, regions.MEDITERRANEAN)  # S:216 "only via ship or by being repositioned"
    return True  # S:208 "treated just as the original regions"; S:241 scoreboards; S:308 Portugal


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("move", regions.MOVES)
def test_every_mode_every_place_every_kind_of_move(mode, move):
    in_play = game_of(mode).state.settings.mode.regions
    for place in EVERY_PLACE:
        assert regions.allows(move, place, in_play) == expected(mode, place, move), (mode, place, move)
    assert regions.where(move, in_play) == tuple(p for p in regions.places(in_play) if expected(mode, p, move))


def _sent(game: Game, step: s.Step) -> bool:
    try:
        game.send(step)
    except s.StepRefused:
        return False
    return True


#: The moves the table can make by hand (a correction), each as the step it sends.
BY_HAND = {
    regions.SCOREBOARD: lambda place: s.TileMoved("8/4/0", place),
    regions.GRANDE: lambda place: s.GrandeMoved("blue", place),
    regions.CORRECT: lambda place: s.CountsCorrected(place, (("red", 1),)),
    regions.LIMIT_TABLE: lambda place: s.LimitTableMoved(place),
}


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("move", list(BY_HAND))
def test_the_referee_follows_the_one_query_for_every_place(mode, move):
    for place in (*spain.SCORING_ORDER, *NEW):
        if place in ("castilla", "cataluna"):
            continue  # the King's region, and the Limit table's own
        game = game_of(mode)
        wanted = expected(mode, place, move) and (move != regions.LIMIT_TABLE or own(game.state).limit_table is not None)
        assert _sent(game, BY_HAND[move](place)) == wanted, (mode, place, move)


def test_fewest_may_pick_a_colony_holding_one_caballero():
    # S:208 "The four new regions are treated just as the original regions"
    game = colonies()
    to_turns(game)
    game.send(s.CountsCorrected("america", (("red", 1),)))
    assert scorings.special_regions(game.state, "fewest") == ("america",)
    game.send(s.CountsCorrected("mediterranean", (("blue", 3), ("green", 3))))
    assert scorings.special_regions(game.state, "most")[-1] == "mediterranean"


def test_an_older_game_log_keeps_spains_nine_for_most_and_fewest():
    game = colonies(dataclasses.replace(COLONIES, revision=2))
    to_turns(game)
    game.send(s.CountsCorrected("america", (("red", 1),)))
    assert "america" not in scorings.special_regions(game.state, "fewest")


@pytest.mark.parametrize("place", [regions.FRANCE, regions.SHIP, regions.AMERICA, regions.MEDITERRANEAN])
def test_a_mobile_scoreboard_goes_onto_any_new_region(place):
    # S:241 "The mobile scoreboards can be moved to any of the new regions."
    game = colonies()
    game.send(s.TileMoved("4/0/0", place))
    assert game.state.values(place) == (4, 0, 0)


def test_a_mobile_scoreboard_covers_portugals_and_a_grande_visits_it():
    # S:308 "a mobile scoreboard, which may be placed on top of the Portugal score board ... The
    # King and the Grandes may visit Portugal."
    game = game_of("grandissimo")
    game.send(s.TileMoved("8/4/0", regions.PORTUGAL), s.GrandeMoved("red", regions.PORTUGAL))
    assert game.state.values(regions.PORTUGAL) == (8, 4, 0) and game.state.grandes["red"] == regions.PORTUGAL


def test_a_grande_moves_to_france_in_the_colonies():
    # S:208 "treated just as the original regions, except ... the King can only go to France"
    game = colonies()
    game.send(s.GrandeMoved("blue", regions.FRANCE))
    assert game.state.grandes["blue"] == regions.FRANCE


def test_the_kings_card_moves_the_king_to_france_in_the_king_and_the_colonies():
    # S:208 "the King can only go to France"; S:269 K&C's rules "are the same as those for GI&C"
    game = game_of("king_colonies")
    for value in (130, 60, 25, 180):  # Di's 180: the King's card; her turn is first
        game.send(s.IntrigueCardPlayed(game.prompt.colour, value))
    game.send(s.SpecialActionChosen("yellow", "king"), s.KingMoved(regions.FRANCE, by_card=True))
    assert game.state.king == regions.FRANCE


@pytest.mark.parametrize("place", [regions.AMERICA, regions.MEDITERRANEAN, regions.SHIP])
def test_the_limit_table_moves_to_the_colonies_and_the_ship_never_france(place):
    # S:254 "It can be moved to any region except France or the King's region."
    game = colonies()
    game.send(s.LimitTableMoved(place))
    assert own(game.state).limit_table == place
    with pytest.raises(s.StepRefused, match="never France"):
        game.send(s.LimitTableMoved(regions.FRANCE))


def test_the_counts_of_a_big_box_region_may_be_corrected():
    # The docs' remedy for a count the companion has wrong (docs/table.md, Correct): any region of the mode.
    game = colonies()
    game.send(s.CountsCorrected(regions.MEDITERRANEAN, (("red", 2),)))
    assert game.state.counts[regions.MEDITERRANEAN] == {"red": 2}


def test_card_20_places_in_a_region_far_from_the_king_with_the_board_recorded():
    # S:177 "20 - The number moved is the number on your Caballero card. They need not be moved to
    # regions adjacent to the King's region."
    from companion.engine import board

    game = game_of("intrigue", board=True)
    game.send(s.SetupDiscs((("red", None), ("blue", None), ("green", None), ("yellow", None))))
    for value in (20, 60, 10, 180):  # Di 180 (the King's card), Bo 60, Ann 20, Cy 10 (the Intrigue card)
        game.send(s.IntrigueCardPlayed(game.prompt.colour, value))
    game.send(s.SpecialActionChosen("yellow", "king"), s.TurnEnded("yellow"))
    game.send(s.SpecialActionChosen("blue", "own"))
    far = next(r for r in spain.SCORING_ORDER if r != "castilla" and r not in board.receiving(game.state, "blue"))
    with pytest.raises(s.StepRefused, match="not next to the King's region"):
        game.send(s.Placed("blue", far, 1))  # Bo's 60 is not card 20
    game.send(s.TurnEnded("blue"), s.SpecialActionChosen("red", "own"), s.Placed("red", far, 1))
    assert game.state.counts[far].get("red") == 1
    with pytest.raises(s.StepRefused, match="King's region"):
        game.send(s.Placed("red", "castilla", 1))


def test_card_145_never_scores_the_kings_region_or_the_castillo_and_the_kings_card_scores_nothing():
    # S:190 "145 - You cannot choose the King's region or the Castillo for this special scoring."
    game = game_of("intrigue")
    for value in (145, 160, 10, 180):  # Di 180 (the King's card), Bo 160, Ann 145, Cy 10 (the Intrigue card)
        game.send(s.IntrigueCardPlayed(game.prompt.colour, value))
    game.send(s.SpecialActionChosen("yellow", "king"))
    with pytest.raises(s.StepRefused, match="does not say a special scoring"):
        game.send(s.SpecialScoringStarted("region", ("galicia",)))
    game.send(s.TurnEnded("yellow"), s.SpecialActionChosen("blue", "own"), s.TurnEnded("blue"))
    game.send(s.SpecialActionChosen("red", "own"))
    with pytest.raises(s.StepRefused, match="never scores the King's region"):
        game.send(s.SpecialScoringStarted("region", ("castilla",)))
    with pytest.raises(s.StepRefused, match="does not score castillo"):
        game.send(s.SpecialScoringStarted("castillo", ("castillo",)))
    game.send(s.SpecialScoringStarted("region", ("galicia",)))
    assert game.state.to_score == ["galicia"]


def test_black_caballeros_thrown_into_the_castillo_leave_by_the_holders_disc_never_to_a_court():
    # S:248 "The Caballeros of the Grand Inquisitor are treated in every way as though they were the
    # color of your Caballeros, except that they cannot be moved to the provinces."
    from companion.engine import board
    from companion.measure import script

    game = colonies()
    to_turns(game)
    game.send(s.ActionCardTaken("red", 6), s.CaballerosMoved("black", "valencia", spain.CASTILLO, 2))
    assert own(game.state).grand_inquisitor == "red" and game.state.castillo["black"] == 2
    game.send(s.TurnEnded("red"))
    while game.phase == "turns":
        colour = game.state.active
        game.send(s.ActionCardTaken(colour, game.prompt.choices[0]), s.TurnEnded(colour))
    for _ in range(2):
        script.quiet_round(game)
    game.send(s.SecretDiscs((("red", "navarra"), ("blue", None), ("green", None), ("yellow", None))))
    game.send(s.Scored(spain.CASTILLO, tuple(game.state.castillo.items())))
    state = game.state
    assert state.counts["navarra"].get("black") == 2 and "black" not in state.court
    assert board.total(state, "black") == state.supply("black") == 4


def _black_in_the_castillo_at_the_general_scoring(revision: int = REVISION) -> Game:
    """Ann takes the Grand Inquisitor card and repositions the black pair into the Castillo (S:243),
    throws none of her own; three rounds on, the general scoring's secret discs."""
    from companion.measure import script

    game = colonies(dataclasses.replace(COLONIES, revision=revision))
    to_turns(game)
    game.send(s.ActionCardTaken("red", 6), s.CaballerosMoved("black", "valencia", spain.CASTILLO, 2))
    game.send(s.TurnEnded("red"))
    while game.phase == "turns":
        colour = game.state.active
        game.send(s.ActionCardTaken(colour, game.prompt.choices[0]), s.TurnEnded(colour))
    for _ in range(2):
        script.quiet_round(game)
    assert game.phase == "secret_discs" and game.state.castillo == {"black": 2}
    return game


def test_the_grand_inquisitors_holder_sets_a_disc_for_the_black_caballeros_in_the_castillo():
    # S:248: "The Caballeros of the Grand Inquisitor are treated in every way as though they were the
    # color of your Caballeros, except that they cannot be moved to the provinces": Ann, with none of
    # her own in the Castillo, sets a disc for them as for her own (issue 32: she was never asked, and
    # they stayed in the Castillo, scored again at every Castillo scoring).
    from companion.engine import board

    game = _black_in_the_castillo_at_the_general_scoring()
    assert scorings.waiting_discs(game.state) == ["red"]
    game.send(s.SecretDisc("red", "navarra"))
    game.send(s.Scored(spain.CASTILLO, tuple(game.state.castillo.items())))
    state = game.state
    assert state.counts["navarra"].get("black") == 2 and state.castillo == {}
    assert board.held(state, "black", board.COURT) == board.held(state, "black", board.PROVINCE) == 0
    assert board.total(state, "black") == state.supply("black") == 4


def test_black_caballeros_whose_holders_disc_names_the_kings_region_stay_in_the_castillo_never_a_court():
    from companion.engine import board

    game = _black_in_the_castillo_at_the_general_scoring()
    game.send(s.SecretDisc("red", game.state.king))  # a Caballero of hers would go to her Court
    game.send(s.Scored(spain.CASTILLO, tuple(game.state.castillo.items())))
    state = game.state
    assert state.castillo == {"black": 2} and board.held(state, "black", board.COURT) == 0
    assert board.total(state, "black") == 4


def test_a_holder_with_black_in_the_castillo_was_not_asked_for_a_disc_before_revision_5():
    game = _black_in_the_castillo_at_the_general_scoring(scorings.BLACK_HOLDER_ASKED - 1)
    assert scorings.waiting_discs(game.state) == []  # a game log of revision 3 or 4 replays so
    game.send(s.SecretDiscs(tuple((c, None) for c in game.state.colours)))
    game.send(s.Scored(spain.CASTILLO, tuple(game.state.castillo.items())))
    assert game.state.castillo == {"black": 2}


def test_no_card_sends_black_caballeros_to_the_province():
    # S:261: "move Caballeros of the Grand Inquisitor. They may not be moved to the provinces."
    game = colonies()
    game.send(s.ActionCardsRevealed(((2, "classic.2.secret-disc-return-all"),)))
    to_turns(game)
    game.send(s.ActionCardTaken("red", 2))
    with pytest.raises(s.StepRefused, match="black Caballeros have no Court or Province: a card moves them on the board only"):
        game.send(s.CardMoved("black", "valencia", "province", 2))
    assert game.state.counts["valencia"].get("black") == 2
