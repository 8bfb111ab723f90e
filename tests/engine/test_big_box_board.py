"""The Big Box with the board recorded: the setup's secret disc, placements that reach France and
the ship, sailing, France's 3 spaces, the black Caballeros, the Limit table at a scoring, the Grand
Inquisitor's and the Queen's one more, Grandissimo's Portugal, ship and prison, and Intrigue &
the King's Court intake. Seed 004 lines as "S:n"; facts: ../shared/RULES-EXPANSIONS.md."""

import dataclasses

import pytest

from companion.engine import board, queries
from companion.engine.modes import steps as s
from companion.engine.settings import REVISION, CardReading, Settings
from companion.engine.settings_check import check_settings
from companion.measure import script
from companion.play.game import Game
from companion.record.journal import read_only
from tests.engine.big_box_steps import COLONIES, DISCS, FOUR, SETUP, grandissimo


def colonies(settings: Settings = COLONIES, path=None) -> Game:
    game = Game.new(settings, path)
    game.send(SETUP, DISCS)
    return game


def to_turns(game: Game, values=None) -> None:
    """Power cards so that Ann, Bo, Cy, Di take their turns in that order."""
    script.power_cards(game, values or {"red": 13, "blue": 12, "green": 11, "yellow": 10})


def test_the_big_box_records_the_board_now():
    check_settings(COLONIES)
    assert Settings.from_json(COLONIES.to_json()) == COLONIES


def test_the_setup_disc_puts_2_from_the_court_and_the_kings_region_keeps_them_there():
    # S:204: "puts 2 Caballeros in the chosen region (King's region chosen: they stay in Court)"
    game = Game.new(COLONIES)
    game.send(SETUP)
    assert "SetupDiscs" in game.expects
    game.send(DISCS)
    state = game.state
    assert state.counts["navarra"] == {"red": 2} and state.counts["castilla"] == {"green": 2}
    # S:203: 12 taken, 1 on the score track, 2 at home, 9 in the Court: 2 of them by the disc
    assert board.held(state, "blue", "cataluna") == 0 and board.held(state, "blue", board.COURT) == 9
    assert board.held(state, "red", board.COURT) == 7
    assert all(board.total(state, c) == state.supply(c) == 36 for c in state.colours)  # 30 and 6 more
    assert "SetupDiscs" not in game.expects
    with pytest.raises(s.StepRefused, match="come once, before the first card of round 1"):
        game.send(DISCS)


def test_a_setup_disc_names_a_spanish_region_for_every_player():
    game = Game.new(COLONIES)
    game.send(SETUP)
    with pytest.raises(s.StepRefused, match="not a Spanish region"):  # S:208: no disc names a new region
        game.send(s.SetupDiscs((("red", "france"), ("blue", None), ("green", None), ("yellow", None))))
    with pytest.raises(s.StepRefused, match="for every player"):
        game.send(s.SetupDiscs((("red", "navarra"),)))


def test_the_king_in_cataluna_opens_france_and_the_ship_but_never_the_colonies():
    # S:210: France from the Court when the King is in Aragón or Cataluña; S:212: the ship from a
    # coastal King's region; S:216: America and the Mediterranean only by ship or cards.
    game = colonies()
    to_turns(game)
    state = game.state
    assert board.receiving(state, "red") == ["castillo", "aragon", "valencia", "france", "ship"]
    game.send(s.KingMoved("aragon"))
    assert board.receiving(state, "red") == ["castillo", "navarra", "cataluna", "castilla", "toledo",
                                             "valencia", "france"]  # Aragón is inland: no ship
    game.send(s.KingMoved("france"))  # the King may enter France (S:208)
    assert board.receiving(state, "red") == ["castillo", "aragon", "cataluna", "ship"]
    game.send(s.ActionCardTaken("red", 1))
    with pytest.raises(s.StepRefused, match="America is not next to the King's region"):
        game.send(s.Placed("red", "america", 1))
    game.send(s.Placed("red", "ship", 1))
    assert state.counts["ship"] == {"red": 1}


def test_france_has_room_for_3():
    # S:209: "France has room for 3 Caballeros"
    game = colonies()
    to_turns(game)
    game.send(s.ActionCardTaken("red", 5))  # the King's card: 5 Caballeros
    game.send(s.Placed("red", "france", 2))
    with pytest.raises(s.StepRefused, match="France has room for 3 Caballeros; 2 are there"):
        game.send(s.Placed("red", "france", 2))
    game.send(s.Placed("red", "france", 1))
    assert game.state.counts["france"] == {"red": 3}


def test_caballeros_sail_from_the_ship_and_back_one_leg_a_turn():
    # S:213: at the start of his turn, the ship's Caballeros may go to America, France, the
    # Mediterranean or a coastal region (not the King's); those in a colony onto the ship.
    game = colonies()
    to_turns(game)
    game.send(s.ActionCardTaken("red", 1), s.Placed("red", "ship", 1), s.TurnEnded("red"))
    for colour in ("blue", "green", "yellow"):
        game.send(s.ActionCardTaken(colour, game.prompt.choices[0]), s.TurnEnded(colour))
    to_turns(game, {"red": 12, "blue": 11, "green": 10, "yellow": 9})
    assert "Sailed" in game.expects
    with pytest.raises(s.StepRefused, match="sail to Galicia, País Vasco, Sevilla, Granada, Valencia, France, America, "
                                            "Mediterranean; not Aragón"):
        game.send(s.Sailed("red", "ship", "aragon", 1))
    with pytest.raises(s.StepRefused, match="not Cataluña"):  # the King's region
        game.send(s.Sailed("red", "ship", "cataluna", 1))
    game.send(s.Sailed("red", "ship", "america", 1))
    assert game.state.counts["america"] == {"red": 1} and "Sailed" not in game.expects
    with pytest.raises(s.StepRefused, match="no Caballeros to sail from America now"):
        game.send(s.Sailed("red", "america", "ship", 1))  # it arrived this turn: next turn
    with pytest.raises(s.StepRefused, match="at the start of their owner's turn"):
        game.send(s.Sailed("blue", "ship", "america", 1))


def test_black_caballeros_move_on_the_board_never_to_a_court():
    game = colonies()
    to_turns(game)
    game.send(s.ActionCardTaken("red", 6))  # the Grand Inquisitor card: reposition 2 black (S:243)
    game.send(s.CaballerosMoved("black", "valencia", "granada", 2))
    assert game.state.counts["granada"] == {"yellow": 2, "black": 2}
    with pytest.raises(s.StepRefused, match="black Caballeros have no Court or Province"):
        game.send(s.CaballerosMoved("black", "toledo", board.PROVINCE, 1))


def test_the_grand_inquisitors_holder_has_one_more_placed_or_taken_in_not_both():
    # S:247: "You may move one additional Caballero from the provinces to your court or from your
    # court to a region adjacent to the King's region."
    game = colonies()
    to_turns(game)
    game.send(s.ActionCardTaken("red", 6))
    state = game.state
    assert queries.card_room(state, "red") == 4 and queries.intake_room(state, "red") == 0 + 1
    game.send(s.Placed("red", "aragon", 4))
    assert queries.intake_room(state, "red") == 0
    with pytest.raises(s.StepRefused, match="brings at most 0"):
        game.send(s.CourtIntake("red", 1))


def test_the_limit_tables_region_scores_those_on_it_and_keeps_those_beside_it():
    # S:253: only the Caballeros on the table count; the others stay in the region.
    game = colonies()
    game.send(s.CountsCorrected("castilla", (("red", 6), ("blue", 6))))  # 12 in Castilla, 10 spaces
    for _ in range(3):
        script.quiet_round(game)
    game.send(s.SecretDiscs(tuple((c, None) for c in game.state.colours)), s.Scored("castillo", ()))
    while game.prompt.choices[0] != "castilla":
        here = game.prompt.choices[0]
        game.send(s.Scored(here, tuple(game.state.counts[here].items())))
    with pytest.raises(s.StepRefused, match="only the Caballeros on the Limit table"):
        game.send(s.Scored("castilla", (("red", 6), ("blue", 6), ("green", 2))))
    game.send(s.Scored("castilla", (("red", 6), ("blue", 4), ("green", 0))))
    assert [(line.colour, line.points) for line in game.state.sheet if line.where == "castilla"] == [("red", 6), ("blue", 4)]
    assert game.state.counts["castilla"] == {"red": 6, "blue": 6, "green": 2}


def test_a_board_recorded_colonies_journal_replays_the_same(tmp_path):
    path = tmp_path / "game.jsonl"
    game = colonies(path=path)
    to_turns(game)
    game.send(s.ActionCardTaken("red", 5), s.Placed("red", "ship", 2), s.TurnEnded("red"))
    again = Game.from_record(read_only(path))
    assert again.state.counts == game.state.counts and again.state.court == game.state.court


def test_grandissimo_places_in_portugal_and_on_the_ship_with_a_ship_token():
    # S:308: Portugal is a region (next to Galicia); S:297: a ship token's holder may put Caballeros
    # on the ship wherever the King is; they sail to a coastal region, Portugal included.
    game = grandissimo()
    state = game.state
    assert board.receiving(state, "red") == ["castillo", "navarra", "castilla", "portugal"]
    game.send(s.ActionCardTaken("red", 1), s.HoldingMoved("Ship token 1", "red"))
    assert board.receiving(state, "red")[-1] == "ship"
    game.send(s.Placed("red", "ship", 1), s.TurnEnded("red"))
    assert state.counts["ship"] == {"red": 1} and "ship" not in state.regions  # never scored
    game.send(s.ActionCardTaken("blue", 2), s.CaballerosMoved("red", "navarra", "prison", 1))  # the jail
    assert state.counts["prison"] == {"red": 1}


def test_the_queens_holder_takes_one_more_into_the_court():
    # S:389: "one extra Caballero Court -> region next to the King, or Province -> Court"
    game = grandissimo()
    game.send(s.ActionCardTaken("red", 7), s.HoldingMoved("Queen", "red"))
    most = game.state.court_intake("red") + 1
    assert queries.intake_room(game.state, "red") == most
    with pytest.raises(s.StepRefused, match=f"brings at most {most}"):
        game.send(s.CourtIntake("red", most + 1))
    game.send(s.CourtIntake("red", most))
    assert queries.card_room(game.state, "red") == 5  # the stack-7 card's most (1-5), the Queen's one taken


INTRIGUE = Settings(edition="classic", players=FOUR, seed=5, revision=REVISION, expansion="intrigue", board=True)


def test_intrigue_takes_in_the_cards_heads_and_asks_while_they_are_unknown():
    # S:168, S:172: up to the played card's heads from the Province to the Court. The heads are unknown
    # for every card (§1.6): the player enters his intake, at most 6; a card the table read is taken in.
    settings = dataclasses.replace(INTRIGUE, intrigue_cards=(CardReading(130, heads=2),))
    game = Game.new(settings)
    game.send(s.SetupDone(king="castilla", first="red", homes=(
        ("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "granada"))))
    game.send(s.SetupDiscs((("red", "navarra"), ("blue", None), ("green", None), ("yellow", None))))
    assert game.state.counts["navarra"] == {"red": 1}  # I&K: 1 by the disc (S:162)
    for value in (130, 60, 25, 180):
        game.send(s.IntrigueCardPlayed(game.prompt.colour, value))
    state = game.state
    assert state.intake == {} and board.held(state, "red", board.COURT) == 6  # on his turn (S:172), not yet
    assert state.active == "yellow" and queries.intake_room(state, "yellow") == 6  # 180's heads unknown: asked
    game.send(s.SpecialActionChosen("yellow", "king"), s.TurnEnded("yellow"))
    assert state.intake["red"] == (2, ()) and board.held(state, "red", board.COURT) == 6 + 2
    assert "blue" not in state.intake and queries.intake_room(state, "blue") == 6


def test_the_board_recorded_colonies_sample_plays_to_the_end_from_the_board_alone(tmp_path):
    from tests.fixtures.games.sample_colonies_board import colonies_board_game

    game = colonies_board_game(tmp_path / "game.jsonl")
    state = game.state
    assert game.over and state.standings() == [(1, "green", 83), (2, "red", 75), (3, "blue", 63), (4, "yellow", 55)]
    kinds = {step.kind for step in game.steps}
    assert {"SetupDiscs", "Sailed", "Delivered", "CaballerosMoved", "KingMoved"} <= kinds
    assert all(board.total(state, c) == state.supply(c) for c in state.colours)  # nothing lost or made
    assert any(isinstance(st, s.Placed) and st.region == "france" for st in game.steps)
    # S:241: a mobile scoreboard on a colony; S:208: "the fewest" picks a colony like a Spanish region
    assert s.TileMoved("8/4/0", "america") in game.steps and state.values("america") == (8, 4, 0)
    assert s.SpecialScoringStarted("fewest", ("america",)) in game.steps
    limit = [st for st in game.steps if isinstance(st, s.Scored) and st.where == "cataluna"]
    assert limit and all(sum(n for _, n in st.counts) <= 10 for st in limit)  # the Limit table's 10 spaces
    again = Game.from_record(read_only(tmp_path / "game.jsonl"))
    assert again.state.scores == state.scores and again.state.counts == state.counts


def test_a_caballero_placed_on_the_ship_this_turn_sails_the_next():
    # S:213: only "Caballeros on the ship at the beginning of his turn" sail (tests/engine/test_big_box_figures.py
    # has those aboard before: they sail after the placement too).
    game = colonies()
    to_turns(game)
    game.send(s.ActionCardTaken("red", 1), s.Placed("red", "ship", 1))
    assert "Sailed" not in game.expects
    with pytest.raises(s.StepRefused, match="only those there when the turn began sail"):
        game.send(s.Sailed("red", "ship", "america", 1))


def test_grandissimos_jail_takes_one_from_a_region_and_the_kings_card_pardons_them_all():
    # S:306: the jail symbol (some stack-6 cards) moves any 1 Caballero from any region (not the
    # King's) into the prison; the King's card's taker may pardon all prisoners into one region.
    game = grandissimo()
    state = game.state
    game.send(s.ActionCardTaken("red", 6), s.Jailed("blue", "sevilla"))
    assert state.counts["prison"] == {"blue": 1} and state.counts["sevilla"] == {"blue": 1}
    with pytest.raises(s.StepRefused, match="once in the turn that takes it"):
        game.send(s.Jailed("green", "toledo"))
    game.send(s.TurnEnded("red"), s.ActionCardTaken("blue", 5))
    with pytest.raises(s.StepRefused, match="Galicia is the King's region"):
        game.send(s.Pardoned("galicia"))
    game.send(s.Pardoned("portugal"))
    assert state.counts["portugal"] == {"blue": 1} and not state.counts["prison"]
    with pytest.raises(s.StepRefused, match="while there are any"):
        game.send(s.Pardoned("castilla"))


def test_the_jail_is_grandissimos_and_never_from_the_kings_region():
    game = colonies()
    to_turns(game)
    game.send(s.ActionCardTaken("red", 6))
    with pytest.raises(s.StepRefused, match="the prison is Grandissimo's"):
        game.send(s.Jailed("blue", "aragon"))
    game = grandissimo()
    game.send(s.ActionCardTaken("red", 6))
    with pytest.raises(s.StepRefused, match="Galicia is the King's region"):
        game.send(s.Jailed("red", "galicia"))


def test_a_colonies_stack_7_card_may_be_conspiracy_the_grandes_move_by_disc():
    # S:266: "Conspiracy - During the next general scoring, the Grandes move to regions based on
    # the regions specified on the players' secret disks." Which stack-7 card it is: the table says.
    game = colonies()
    to_turns(game)
    game.send(s.ActionCardTaken("red", 1))
    with pytest.raises(s.StepRefused, match="Conspiracy"):
        game.send(s.GrandesByDisc())
    game.send(s.TurnEnded("red"), s.ActionCardTaken("blue", 7), s.GrandesByDisc())
    assert game.state.modes.grandes_by_disc
