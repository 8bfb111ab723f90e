"""Undo starts from an in-memory snapshot, yet gives exactly what a full replay of the journal gives.

The random games with runs of undos are in test_undo_properties.py (UndoFromSnapshots)."""

import pytest

from companion.measure.sample import four_player_game
from companion.play.game import SNAPSHOT_EVERY, Game
from companion.record.journal import read_only


def replayed_from_disk(game: Game) -> Game:
    """The game its journal file records, replayed from the first step (the one record)."""
    return Game.from_record(read_only(game.journal.path))


def count_replayed(game: Game, monkeypatch) -> list:
    """Every step the game applies from now on."""
    applied = []
    original = Game._apply

    def counting(self, step):
        applied.append(step)
        original(self, step)

    monkeypatch.setattr(Game, "_apply", counting)
    return applied


@pytest.mark.parametrize("at", [20, 75, 140])
def test_an_undo_replays_fewer_steps_than_a_snapshot_spans_however_long_the_game(monkeypatch, at):
    steps = four_player_game().steps
    game = Game.replay(four_player_game().settings, list(steps[:at]))
    applied = count_replayed(game, monkeypatch)
    game.undo()
    assert len(applied) < SNAPSHOT_EVERY
    assert game.state == Game.replay(game.settings, list(steps[: at - 1])).state


def test_undo_at_game_over_and_playing_on_again(tmp_path):
    game = four_player_game(tmp_path / "game.jsonl")
    assert game.over
    last = game.steps[-3:]
    for _ in range(3):
        game.undo()
    assert not game.over and replayed_from_disk(game).state == game.state
    for step in last:
        game.send(step)
    assert game.over and replayed_from_disk(game).state == game.state
    game.close()


def test_a_step_that_fails_half_way_leaves_the_game_as_the_journal_has_it(tmp_path, monkeypatch):
    game = four_player_game(tmp_path / "game.jsonl")
    for _ in range(5):
        game.undo()
    before = replayed_from_disk(game)
    nxt = four_player_game().steps[len(game.steps)]

    from companion.engine import referee

    apply, armed = referee.apply, [True]

    def broken(state, step):  # fails once, on the step being sent; the replay after it runs as ever
        if not armed[0]:
            return apply(state, step)
        armed[0] = False
        state.scores["red"] = -999  # changed before the bug bites
        raise RuntimeError("a bug in the referee")

    monkeypatch.setattr("companion.engine.referee.apply", broken)
    with pytest.raises(RuntimeError):
        game.send(nxt)
    monkeypatch.undo()
    assert game.state == before.state and game.phase == before.phase
    game.send(nxt)  # and the game goes on
    assert replayed_from_disk(game).state == game.state
    game.close()


@pytest.mark.parametrize("at", [60, 149])
def test_after_a_resume_the_first_undo_starts_from_a_pickle_of_the_resumed_state(tmp_path, monkeypatch, at):
    """A game resumed from its snapshot holds its resume point's copy as the snapshot's JSON; its first
    confirmation makes that a pickle of the state the resume checked (the JSON kept beside it), so the
    undo after it unpickles, replays nothing and decodes nothing; the game is the log's all along, and
    the snapshots written are those the JSON copy would have made, the sheet's text included."""
    from companion.play import snapshot
    from companion.play.copies import Kept
    from companion.record import snapshot as snapshot_file

    sample = four_player_game()
    game = Game.new(sample.settings, tmp_path / "game.jsonl")
    for step in sample.steps[:at]:
        game.send(step)
    game.close()
    game = Game.resume(tmp_path / "game.jsonl")
    assert game.from_snapshot and not isinstance(game._snapshots[at][0], Kept)
    written = game._snapshots[at][0]
    game.send(sample.steps[at])
    resumed = snapshot.state_of(written, game.settings)  # the state at the resume point, as its snapshot has it
    kept = game._snapshots[at][0]
    assert isinstance(kept, Kept) and kept.written is written and kept.state() == resumed
    body = snapshot_file.read(game.journal.path)[0]
    assert body is not None and body["before"]["state"] == written and len(game.state.sheet) > 2
    assert body["state"] == snapshot.encode(game.state, game.settings)  # (the sheet's text: the resumed one's, and more)
    decoded = []
    monkeypatch.setattr(snapshot, "state_of", lambda *args: decoded.append(args))
    applied = count_replayed(game, monkeypatch)
    game.undo()
    assert applied == [] and decoded == [] and game.state == resumed
    assert game.state == replayed_from_disk(game).state
    game.send(sample.steps[at])
    assert game.state == replayed_from_disk(game).state
    body = snapshot_file.read(game.journal.path)[0]
    assert body is not None and body["state"] == snapshot.encode(game.state, game.settings)
    game.close()
