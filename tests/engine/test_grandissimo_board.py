"""The scripted Grandissimo game with the board recorded (tests/fixtures/games/sample_grandissimo_board.py):
it plays to the end from the board alone, loses or makes no Caballero, uses Portugal, the ship, the
prison and the Queen, never scores the ship or the prison, and replays from its journal. Seed 004
lines as "S:n"; facts: ../shared/RULES-EXPANSIONS.md §4."""

import pytest

from companion.engine import board
from companion.engine.modes import steps as s
from companion.play.game import Game
from companion.record.journal import read_only
from companion.rules.big_box import borders as big_box_map
from tests.fixtures.games.sample_grandissimo_board import grandissimo_board_game

STANDINGS = [(1, "blue", 68), (2, "red", 50), (3, "green", 46)]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    path = tmp_path_factory.mktemp("grandissimo") / "game.jsonl"
    return grandissimo_board_game(path), path


def of(game: Game, kind: type) -> list:
    return [step for step in game.steps if isinstance(step, kind)]


def test_it_plays_to_distinct_standings_with_every_caballero_somewhere(played):
    game, _ = played
    state = game.state
    assert game.over and state.standings() == STANDINGS
    assert state.settings.expansion == "grandissimo" and state.settings.board
    assert all(board.total(state, c) == state.supply(c) == 30 for c in state.colours)  # nothing lost or made
    assert {"Placed", "CastilloThrow", "KingMoved", "HoldingMoved", "Sailed", "Jailed", "Pardoned",
            "SecretDisc", "Scored"} <= {step.kind for step in game.steps}
    assert not {"CountsCorrected", "CaballerosMoved", "CastilloCorrected"} & {step.kind for step in game.steps}


def test_portugal_the_ship_and_the_queen_are_used(played):
    game, _ = played
    assert sum(1 for m in of(game, s.KingMoved) if m.region == "portugal") == 2  # S:308
    assert any(p.region == "portugal" for p in of(game, s.Placed))
    assert s.HoldingMoved("Ship token 1", "blue") in game.steps
    assert {p.colour for p in of(game, s.Placed) if p.region == "ship"} == {"blue"}  # the token's holder (S:297)
    targets = {sail.target for sail in of(game, s.Sailed)}
    assert "portugal" in targets and targets - {"portugal"} <= big_box_map.COAST
    # S:389: the Queen's holder places one more than the stack-7 card's most (5), the turn she comes
    queen = game.steps.index(s.HoldingMoved("Queen", "green"))
    assert game.steps[queen + 1] == s.Placed("green", "portugal", 6)


def test_three_jailed_are_pardoned_by_the_next_kings_card(played):
    game, _ = played
    at = {kind: [i for i, step in enumerate(game.steps) if isinstance(step, kind)] for kind in (s.Jailed, s.Pardoned)}
    assert len(at[s.Jailed]) == len(at[s.Pardoned]) == 3
    kings_cards = [i for i, step in enumerate(game.steps) if isinstance(step, s.ActionCardTaken) and step.stack == 5]
    for jail, pardon in zip(at[s.Jailed], at[s.Pardoned]):  # the first King's card after the jail (S:306)
        assert pardon > next(i for i in kings_cards if i > jail) > jail
        assert not [i for i in kings_cards if jail < i < pardon][1:]
    assert not any(game.state.counts[big_box_map.PRISON].values())


def test_the_ship_and_the_prison_are_never_scored(played):
    game, _ = played
    assert not [line for line in game.state.sheet if line.where in ("ship", "prison")]
    assert not [step for step in of(game, s.Scored) if step.where in ("ship", "prison")]
    assert [step.where for step in of(game, s.Scored)][:11] == ["castillo", *game.state.regions]  # Portugal last


def test_it_replays_from_its_journal_each_scoring_as_the_board_stood(played):
    game, path = played
    again = Game.from_record(read_only(path))
    assert again.state.scores == game.state.scores and again.state.counts == game.state.counts
    replay = Game(game.settings)
    for step in game.steps:  # no count corrected at a scoring: each is the board as recorded
        if isinstance(step, s.Scored):
            stood = replay.state.castillo if step.where == "castillo" else replay.state.counts[step.where]
            assert dict(step.counts) == stood, step
        replay.send(step)
    assert replay.state.scores == game.state.scores


def test_a_grande_and_a_mobile_scoreboard_visit_portugal(played):
    # S:308 "a mobile scoreboard, which may be placed on top of the Portugal score board ... The
    # King and the Grandes may visit Portugal."
    game, _ = played
    assert s.GrandeMoved("red", "portugal") in of(game, s.GrandeMoved)
    assert s.TileMoved("8/4/0", "portugal") in of(game, s.TileMoved)
    assert game.state.values("portugal") == (8, 4, 0)
