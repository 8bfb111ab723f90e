"""The game log's check of the game in hand, in slices (companion/engine/recheck.py, issue 33): a slice
replays at most STEPS_PER_SLICE steps, the log's game agrees with itself, and where the refused
lines cannot be set aside nothing more is recorded and the next start sets them aside."""


from companion.engine.steps import PowerCardPlayed
from companion.measure.sample import four_player_game
from companion.play.game import Game
from companion.play.recheck import STEPS_PER_SLICE, Recheck, adopt, same
from companion.record import snapshot as snapshot_file
from companion.record.files import NoRoom
from companion.record.journal import Journal, read_only


def test_replaying_yields_after_each_line_and_returns_what_shown_returns(sample):
    journal = read_only(sample.path)
    replaying = Game.replaying(journal)
    counts = []
    while True:
        try:
            counts.append(next(replaying))
        except StopIteration as done:
            game, damage = done.value
            break
    units = journal.units()
    assert counts == [sum(units[:n + 1]) for n in range(len(units))] and counts[-1] == 150
    shown, none = Game.shown(journal)
    assert damage is none is None and same(game, shown)


def test_a_whole_game_is_checked_in_slices_of_a_few_steps_and_agrees(tmp_path, applied):
    game = four_player_game(tmp_path / "game.jsonl")
    check = Recheck(game)
    per_slice = []
    while True:
        applied.clear()
        found = check.slice()
        per_slice.append(len(applied))
        if found is not None:
            break
    assert found.agrees and found.damage is None and same(found.game, game) and found.game is not game
    assert max(per_slice) <= STEPS_PER_SLICE and sum(per_slice) == 150
    assert check.slices == len(per_slice) == 150 // STEPS_PER_SLICE + 2
    assert adopt(game, found) == (game, "")
    assert check.slice() is found                                      # done: no more work
    game.close()


def test_a_cut_the_disk_refuses_stops_the_log_and_discards_the_snapshot(tmp_path, monkeypatch):
    path = tmp_path / "game.jsonl"
    sample = four_player_game()
    game = Game.new(sample.settings, path)
    game.send(sample.steps[0])                                         # the setup: every colour holds 1-13
    colour = sample.steps[1].colour
    game.send(sample.steps[1])                                         # a Power card played ...
    game.state.played.pop(colour)                                      # and forgotten by a wrong state
    game.send(PowerCardPlayed(colour, sample.steps[1].value % 13 + 1))  # which lets a second one through
    lines = path.read_bytes().count(b"\n")

    def full(journal, damage):
        raise NoRoom("the disk is full")

    monkeypatch.setattr(Journal, "cut", full)
    check = Recheck(game)
    while (found := check.slice()) is None:
        pass
    assert found.damage is not None and found.damage.line == lines
    kept, notice = adopt(game, found)
    assert len(kept.steps) == 2 and not kept.journal.writable
    assert notice == "the disk is full; nothing more is recorded until a restart"
    assert not snapshot_file.path_of(path).exists()                    # no snapshot a start would trust
    kept.close()
    monkeypatch.undo()
    again = Game.resume(path)                                          # the log replayed, and cut there
    assert len(again.steps) == 2 and again.journal.cut_at == found.damage
    assert [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    again.close()
