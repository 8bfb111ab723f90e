"""The Power card's Caballeros enter the Court at the start of that player's own turn (issue 20, item 1).

000 l.233: "At the beginning of your turn, take as many Caballeros from the general supply (the
**Province**) as are shown on your played Power card."
003 l.75-77: "To begin your turn, take a number of Caballeros from the Province into your Court
equal to the number of Caballero symbols on your Power card."
004 l.41-42: "A turn is made up of the following actions in the given order: 1. Move Caballeros
from the provinces to the court."

Before its player's turn the intake is still in the Province, so a card played earlier in the
round (Withdrawal, Decay of Authority, Angry King!) finds the Court as it is at the table. Games
started before rules revision 2 replay with the intake at the Power card, as they were played.
"""

import dataclasses
from pathlib import Path

import pytest

from companion.engine import board
from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.measure import script
from companion.play.game import Game
from companion.record.journal import read_only

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"), Player("Di", "yellow"))
SETUP = s.SetupDone(king="toledo", first="red",
                    homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "valencia")))


def board_game(edition: str = "2023", revision: int = REVISION) -> Game:
    game = Game.new(Settings(edition=edition, players=PLAYERS, seed=5, board=True, revision=revision))
    game.send(SETUP)
    return game


def courts(game: Game) -> dict[str, int]:
    return {c: board.held(game.state, c, board.COURT) for c in game.state.colours}


def test_before_anyone_has_moved_only_the_first_players_court_holds_his_intake():
    game = board_game()
    script.power_cards(game, {"red": 3, "blue": 1, "green": 2, "yellow": 4})  # intake 5, 6, 5, 4
    assert game.state.active == "yellow"
    assert courts(game) == {"red": 7, "blue": 7, "green": 7, "yellow": 7 + 4}
    assert board.held(game.state, "red", board.PROVINCE) == 21


def test_each_intake_comes_as_the_first_thing_of_its_players_turn():
    game = board_game()
    script.power_cards(game, {"red": 3, "blue": 1, "green": 2, "yellow": 4})
    script.turn(game)  # Di
    assert game.state.active == "red" and courts(game) == {"red": 12, "blue": 7, "green": 7, "yellow": 11}
    script.turn(game)  # Ann
    assert game.state.active == "green" and courts(game) == {"red": 12, "blue": 7, "green": 12, "yellow": 11}
    script.turn(game)  # Cy
    assert game.state.active == "blue" and courts(game)["blue"] == 13
    assert all(board.total(game.state, c) == 30 for c in game.state.colours)


def test_the_intake_is_changeable_on_the_players_turn():
    game = board_game()
    script.power_cards(game, {"red": 3, "blue": 1, "green": 2, "yellow": 4})
    game.send(s.ActionCardTaken("yellow", 1))
    game.send(s.CourtIntake("yellow", 1))
    assert courts(game)["yellow"] == 8 and board.held(game.state, "yellow", board.PROVINCE) == 20


def test_classic_decay_of_authority_finds_only_what_the_courts_hold_at_the_table():
    # 003 l.460-464: each opponent returns all Caballeros in their Court to the Province.
    game = board_game("classic")
    script.power_cards(game, {"red": 13, "blue": 1, "green": 2, "yellow": 4})
    game.send(s.ActionCardTaken("red", 2, "classic.2.decay-of-authority-all"))
    with pytest.raises(s.StepRefused, match="Bo's Court holds 7 of Bo's Caballeros, not 13"):
        game.send(s.CardMoved("blue", board.COURT, board.PROVINCE, 13))
    for colour in ("blue", "green", "yellow"):
        game.send(s.CardMoved(colour, board.COURT, board.PROVINCE, 7))
    game.send(s.TurnEnded("red"))
    # Di's turn: her Power card's 4 come in now, and she places them (they were refused before).
    assert game.state.active == "yellow" and courts(game)["yellow"] == 4
    game.send(s.ActionCardTaken("yellow", 4))
    game.send(s.Placed("yellow", "aragon", 4))


def test_2023_withdrawal_cannot_take_caballeros_still_in_the_province():
    # 000 l.553: each opponent returns 3 Caballeros from regions and/or Court.
    game = board_game()
    game.send(s.CaballerosMoved("yellow", board.COURT, board.PROVINCE, 7))  # Di's Court empty at the table
    script.power_cards(game, {"red": 13, "blue": 1, "green": 2, "yellow": 4})
    game.send(s.ActionCardTaken("red", 2, "2023.2.withdrawal"))
    for colour in ("blue", "green"):  # Ann's left neighbour first, each as much as possible (000 l.281)
        game.send(s.CardMoved(colour, board.COURT, board.PROVINCE, 3))
    with pytest.raises(s.StepRefused, match="Di's Court holds 0 of Di's Caballeros, not 3"):
        game.send(s.CardMoved("yellow", board.COURT, board.PROVINCE, 3))
    game.send(s.CardMoved("yellow", "valencia", board.PROVINCE, 2))


def test_a_game_started_before_revision_2_takes_the_intake_with_the_power_card():
    game = board_game(revision=1)
    script.power_cards(game, {"red": 3, "blue": 1, "green": 2, "yellow": 4})
    assert courts(game) == {"red": 12, "blue": 13, "green": 12, "yellow": 11}


def test_a_revision_2_game_log_replays_with_the_intake_at_each_turn():
    """tests/fixtures/journals/0.6-2023-4p-board-revision-2.jsonl: Ann's Withdrawal on the first turn
    takes 3 from Bo's and Di's Courts of 7 before their own intakes come in."""
    path = Path(__file__).parents[1] / "fixtures" / "journals" / "0.6-2023-4p-board-revision-2.jsonl"
    game = Game.from_record(read_only(path))
    assert game.settings.revision == 2 and game.state.court == {"red": 5, "blue": 6, "green": 8, "yellow": 6}
    # The same steps taken with the intake at the Power card (revision 1) leave other Courts.
    old = Game.replay(dataclasses.replace(game.settings, revision=1), list(game.steps))
    assert old.state.court != game.state.court
