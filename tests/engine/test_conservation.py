"""Conservation as a law of the engine (issue 32): in a game that records the board every colour's
Caballeros add up to its supply after every step, live, replayed, undone or resumed from the
snapshot (companion/engine/conservation.py). A defect that loses or makes a Caballero is refused where
it happens, named by colour and places; the tests make one by hand (an applier that drops a
Caballero), as the black defect of revisions 3-4 would have been caught had it lost one."""

import copy
import json

import pytest

from companion.engine import board, conservation, referee
from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.measure.sample import board_game
from companion.play.game import Game
from companion.record.journal import read_only

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "black"))
SETUP = s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("black", "sevilla")))


def leaking(monkeypatch, kind=s.Placed, when=lambda step: True):
    """Make the engine lose one Caballero of the step's colour to nowhere when it applies ``kind``."""
    apply = referee._APPLY[kind]

    def leaky(state, step):
        apply(state, step)
        if when(step):
            board._put(state, step.colour, board.COURT, -1)

    monkeypatch.setitem(referee._APPLY, kind, leaky)


def started(revision=REVISION, **more) -> Game:
    game = Game.new(Settings(players=PLAYERS, seed=5, board=True, revision=revision, **more))
    game.send(SETUP)
    game.send(s.PowerCardPlayed("red", 13), s.PowerCardPlayed("blue", 1), s.PowerCardPlayed("black", 8))
    return game


def test_a_live_step_that_loses_a_caballero_is_refused_and_the_game_is_unchanged(monkeypatch):
    game = started()
    game.send(s.ActionCardTaken("red", 3))
    before, steps = copy.deepcopy(game.state), game.steps
    leaking(monkeypatch)
    with pytest.raises(s.StepRefused) as refused:
        game.send(s.Placed("red", "aragon", 2))
    line = str(refused.value)
    assert "\n" not in line and "Ann would have 29 Caballeros, not its 30" in line, line
    assert "Galicia 2" in line and "Aragón 2" in line and "Court" in line and "Province" in line, line
    assert game.state == before and game.steps == steps
    with pytest.raises(s.StepRefused, match="Ann would have 29"):  # a unit, tried on a copy first
        game.send(s.Placed("red", "aragon", 1), s.CastilloThrow("red", 1))
    assert game.state == before and game.steps == steps
    monkeypatch.undo()
    game.send(s.Placed("red", "aragon", 2))  # the engine sound again: accepted
    assert board.held(game.state, "red", "aragon") == 2


def test_a_game_log_that_loses_a_caballero_on_replay_is_damaged_at_that_line(tmp_path, monkeypatch):
    path = tmp_path / "game.jsonl"
    board_game(path).close()
    lines = path.read_text().splitlines()
    first = next(i for i, line in enumerate(lines, 1) if '"Placed"' in line)  # (the header is line 1)
    leaking(monkeypatch)
    game, damage = Game.shown(read_only(path))
    assert damage is not None and damage.line == first, (damage, first)
    assert damage.reason.startswith("the board would not add up: Bo would have 29 Caballeros, not its 30 (")
    assert "would not add up" in damage.reason and "29 Caballeros, not its 30" in damage.reason
    assert len(game.steps) == sum(len(json.loads(line).get("unit", [1])) for line in lines[1:first - 1])


def test_a_snapshot_whose_caballeros_do_not_add_up_is_not_trusted(tmp_path):
    path = tmp_path / "game.jsonl"
    played = board_game(path)
    played.close()
    snapshot = path.with_name("game.jsonl.snapshot")
    text = snapshot.read_text()
    at = text.index('"province":{"M":[["red",')  # the last state's (it comes before the earlier copy)
    start = at + len('"province":{"M":[["red",')
    end = text.index("]", start)
    snapshot.write_text(text[:start] + str(int(text[start:end]) + 1) + text[end:])
    resumed = Game.resume(path)
    try:
        assert resumed.state == played.state  # replayed from the log, not the tampered snapshot
        assert board.total(resumed.state, "red") == 30
    finally:
        resumed.close()


def test_undo_and_replay_keep_the_law():
    game = started()
    game.send(s.ActionCardTaken("red", 3))
    game.send(s.Placed("red", "aragon", 2), s.CastilloThrow("red", 1))
    game.undo()
    for colour in game.state.everyone:
        assert board.total(game.state, colour) == 30
    again = Game.replay(game.settings, list(game.steps))
    assert again.state == game.state


def test_the_check_names_a_caballero_below_zero_and_ignores_a_scores_only_game():
    game = started()
    board._put(game.state, "blue", "navarra", -1)
    board._put(game.state, "blue", board.COURT, 1)
    with pytest.raises(s.StepRefused, match=r"Bo would have a Caballero below zero \(.*Navarra -1"):
        conservation.check(game.state)
    scores_only = Game.new(Settings(players=PLAYERS, seed=5, revision=REVISION))
    scores_only.send(SETUP)
    scores_only.state.counts["navarra"]["blue"] = 99  # a count as the table gave it: no supply to hold it to
    conservation.check(scores_only.state)


@pytest.mark.parametrize("revision", [4, REVISION])
def test_the_grand_inquisitors_black_has_no_court_from_revision_5(revision):
    """S:246: the black Caballeros have no Court or Province; a revision-4 log replays as it was played."""
    players = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
    game = Game.new(Settings(edition="classic", players=players, seed=5, board=True, revision=revision,
                             expansion="colonies"))
    game.send(s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"),
                          ("green", "sevilla")), black=("valencia", "navarra"), limit_table="cataluna"))
    assert board.everywhere(game.state, "black") | {} == {**{p: 0 for p in board.places(game.state)},
                                                          "valencia": 2, "navarra": 2}
    board._put(game.state, "black", "valencia", -1)
    board._put(game.state, "black", board.COURT, 1)
    if revision >= conservation.BLACK_HAS_NO_PILE:
        with pytest.raises(s.StepRefused, match="Black would have Caballeros in a Court or Province it does not have"):
            conservation.check(game.state)
    else:
        conservation.check(game.state)
