"""A press that confirms several units writes the snapshot once, after the last (issue 36: the dearest
press, the placements' OK that also scores a named Fiesta and ends the turn, wrote three); each unit
still has its own line in the game log, and a kill between two of them costs only a replay."""

import pytest

from companion.play import snapshot as snapshots
from companion.play.game import Game
from companion.record import snapshot as snapshot_file
from companion.record.journal import read_only
from companion.ui.controller import Controller
from companion.ui.grammar import OK
from tests.ui.keys_table import BOARD, Table, name_cards, new_game, play_power_cards


def fiesta_placed(tmp_path) -> Table:
    """3 players, 2023, the board recorded, Fiesta named and taken, its placements on the glass; the
    game kept in a log (and its snapshot) in ``tmp_path``."""
    t = Table()
    t.ui = Controller(lambda settings: Game.new(settings, tmp_path / "game.jsonl"), new_seed=lambda: 42)
    new_game(t, "2023", ["red", "blue", "green"], variants=[BOARD], king="Toledo",
             homes=["Galicia", "Aragón", "Sevilla"])
    name_cards(t, "not said", "not said", "Fiesta")
    play_power_cards(t, {"Red": 13, "Blue": 1, "Green": 5})
    t.choose("Fiesta")
    assert t.screen.kind == "placements"
    return t


def test_the_placements_ok_that_scores_and_ends_the_turn_writes_one_snapshot(tmp_path, monkeypatch):
    t = fiesta_placed(tmp_path)
    kept = []
    keep = snapshots.keep
    monkeypatch.setattr(snapshots, "keep", lambda game, journal: (kept.append(len(game.steps)), keep(game, journal)))
    units = len(read_only(tmp_path / "game.jsonl").lines)
    t.press(OK)  # the placement whole: the same OK scores Fiesta's regions and ends the turn
    game = t.ui.game
    assert [step.kind for step in game.steps[-5:]] == ["SpecialScoringStarted", "Scored", "Scored", "Scored", "TurnEnded"]
    assert len(read_only(tmp_path / "game.jsonl").lines) == units + 3  # three units, three lines
    assert kept == [len(game.steps)]  # one snapshot, of them all
    resumed = Game.resume(tmp_path / "game.jsonl")
    assert resumed.from_snapshot and resumed.state == game.state and resumed.steps == game.steps
    resumed.close()


def test_a_kill_between_a_presss_units_leaves_a_snapshot_the_log_outgrew_and_the_log_replays(tmp_path, monkeypatch):
    t = fiesta_placed(tmp_path)
    log = tmp_path / "game.jsonl"
    held = snapshot_file.read(log)[0]
    assert held is not None
    disk = tmp_path / "at-the-kill"
    disk.mkdir()
    sent = Game.send

    def killed_at_the_turns_end(game, *steps, **how):
        if steps and steps[0].kind == "TurnEnded":  # the plug pulled after the scoring's line: the disk as it is
            for path in tmp_path.iterdir():
                if path.is_file():
                    disk.joinpath(path.name).write_bytes(path.read_bytes())
            raise KeyboardInterrupt
        return sent(game, *steps, **how)

    monkeypatch.setattr(Game, "send", killed_at_the_turns_end)
    with pytest.raises(KeyboardInterrupt):
        t.press(OK)
    monkeypatch.undo()
    assert snapshot_file.read(disk / "game.jsonl")[0] == held  # the snapshot not yet written for the press
    wanted = Game.from_record(read_only(disk / "game.jsonl"))
    assert wanted.steps[-1].kind == "Scored"  # the placements' and the scoring's units are in the log
    resumed = Game.resume(disk / "game.jsonl")
    assert not resumed.from_snapshot  # the log outgrew it: replayed
    assert resumed.state == wanted.state and resumed.steps == wanted.steps
    resumed.close()
