"""The game log checks the game in hand while the keys rest (issue 33, the second line of defence):
a wrong state is found and replaced at the next rest, a key press during the check is served at
once, a step the log's own state refuses is set aside in a side file, the notice says so. Timed on
a simulated clock; a key "waiting" is a flag the test sets."""

import logging

import pytest

from companion.app import Games, Loop, make_controller
from companion.engine.steps import PowerCardPlayed, ScoreCorrected
from companion.measure.key_scripts import SAMPLE_TO_ROUND_2, play, sample_presses
from companion.play import chart
from companion.play.game import Game
from companion.play.recheck import STEPS_PER_SLICE, same
from companion.record.journal import read_only
from companion.ui.key_event import KeyEvent
from companion.ui.rest_check import CHECK_AFTER
from hardware.sim.clock import SimClock


@pytest.fixture(scope="module")
def presses():
    return sample_presses()


@pytest.fixture
def mid_game(tmp_path, presses):
    """The sample game at round 2's first Power card (Yellow's), 23 steps in its log."""
    ui = play(presses[:SAMPLE_TO_ROUND_2], tmp_path)
    yield ui
    if ui.game is not None:
        ui.game.close()


class Keys:
    """The key source's probe: a key is waiting once ``after`` more slices have asked (None: never)."""

    def __init__(self):
        self.after: int | None = None
        self.asked = 0

    def __call__(self) -> bool:
        self.asked += 1
        return self.after is not None and self.asked > self.after


def loop_of(ui, clock, keys=None):
    shown = []
    loop = Loop(ui, lambda image, family: None, (264, 176), table_after=90.0, clock=clock, key_waiting=keys,
                on_frame=lambda image, screen: shown.append(screen))
    loop.draw()
    return loop, shown


def the_log(path):
    return Game.from_record(read_only(path))


def rest(loop, clock, seconds=CHECK_AFTER):
    clock.sleep(seconds)
    loop.tick()


def test_a_wrong_state_in_hand_is_found_and_replaced_at_the_next_rest(mid_game, tmp_path, caplog):
    game = mid_game.game
    path = game.journal.path
    game.state.scores["red"] = game.state.scores.get("red", 0) + 7  # as a damaged snapshot restored it
    clock = SimClock()
    loop, shown = loop_of(mid_game, clock, keys=Keys())
    rest(loop, clock, CHECK_AFTER - 0.1)
    assert loop.rest_check.check is None and mid_game.game is game     # not rested long enough
    with caplog.at_level(logging.WARNING):
        rest(loop, clock, 0.1)                                        # no key waiting: the whole check
    now = mid_game.game
    assert now is not game and same(now, the_log(path)) and not same(game, the_log(path))
    assert now.state.scores.get("red", 0) == game.state.scores["red"] - 7
    assert now.journal is game.journal and now.journal.writable
    page = shown[-1]
    assert page.kind == "log_checked" and page.prompt == "The game follows its log"
    said = " ".join(row.text for row in page.body.rows)
    assert "game.jsonl: the game in hand was not the one its log records" in said and "(23 steps)" in said
    assert any("not the one its log records" in r.getMessage() for r in caplog.records)  # systemd's journal
    assert not [p for p in tmp_path.iterdir() if ".unreadable" in p.name]  # nothing set aside: no line refused
    game.journal.close()
    again = Game.resume(path)  # the snapshot written now is the log's game's
    assert same(again, the_log(path))
    again.close()


def test_the_check_runs_one_slice_a_tick_without_a_probe_and_resumes_across_ticks(mid_game):
    mid_game.game.state.round = 9
    clock = SimClock()
    loop, shown = loop_of(mid_game, clock)                            # no key_waiting: one slice per tick
    rest(loop, clock)
    check = loop.rest_check.check
    assert check is not None and check.slices == 1 and check.found is None
    ticks = 1
    while loop.rest_check.check is not None:
        rest(loop, clock, 1.0)
        ticks += 1
    assert ticks == 23 // STEPS_PER_SLICE + 2                         # the log read, its steps, compared
    assert shown[-1].kind == "log_checked" and mid_game.game.state.round == 2


def test_a_key_press_during_the_check_is_served_at_once_and_the_check_resumes_later(mid_game):
    game = mid_game.game
    game.state.castillo["blue"] = 5
    keys = Keys()
    keys.after = 1                                                    # a key comes during the second slice
    clock = SimClock()
    loop, shown = loop_of(mid_game, clock, keys=keys)
    rest(loop, clock)
    check = loop.rest_check.check
    assert check is not None and check.slices == 2 and check.found is None  # gave way after that slice
    frames, presses = len(shown), mid_game.presses
    loop.press(KeyEvent(1))                                           # served: the cursor moves, a frame
    assert mid_game.presses == presses + 1 and len(shown) == frames + 1 and mid_game.game is game
    keys.after = None
    rest(loop, clock, 1.0)
    assert mid_game.game is game                                      # not rested since that press
    rest(loop, clock)
    assert check.slices == 23 // STEPS_PER_SLICE + 2                  # resumed where it stood: no slice again
    assert mid_game.game is not game and "blue" not in mid_game.game.state.castillo
    assert shown[-1].kind == "log_checked"


def test_a_step_written_during_the_check_starts_it_again(mid_game):
    keys = Keys()
    keys.after = 0
    clock = SimClock()
    loop, shown = loop_of(mid_game, clock, keys=keys)
    rest(loop, clock)
    first = loop.rest_check.check
    assert first is not None and first.slices == 1
    mid_game.game.send(ScoreCorrected("red", 1, "a miscount"))        # as a press that confirms a step
    keys.after = None
    rest(loop, clock)
    assert loop.rest_check.check is None and loop.rest_check.finished == 1 and first.found is None
    assert same(mid_game.game, the_log(mid_game.game.journal.path))  # the game in hand was the log's
    assert shown[-1].kind != "log_checked"                           # and nothing was said


def test_the_log_is_checked_once_per_rest_and_again_only_after_a_step(mid_game, monkeypatch):
    clock = SimClock()
    loop, shown = loop_of(mid_game, clock, keys=Keys())
    frames = len(shown)
    rest(loop, clock)
    assert loop.rest_check.finished == 1 and len(shown) == frames     # the log's game: nothing to show
    replays = []
    real = Game.replaying
    monkeypatch.setattr(Game, "replaying", lambda *a, **k: (replays.append(1), real(*a, **k))[1])
    for _ in range(5):
        rest(loop, clock, 30)
    loop.press(KeyEvent(1))                                           # a press that writes nothing
    rest(loop, clock)
    assert replays == [] and loop.rest_check.finished == 1
    mid_game.game.undo()                                              # a line written: checked again
    rest(loop, clock)
    assert replays == [1] and loop.rest_check.finished == 2


def test_a_step_the_logs_state_refuses_is_set_aside_in_a_side_file_and_the_notice_says_so(mid_game, tmp_path):
    game = mid_game.game
    path = game.journal.path
    game.state.hands["yellow"].add(8)                                 # a wrong state: Yellow played 8 in round 1
    game.send(PowerCardPlayed("yellow", 8))                           # ... let a refused step through
    game.send(PowerCardPlayed("red", 6))                              # and a good one after it
    before = path.read_bytes()
    clock = SimClock()
    loop, shown = loop_of(mid_game, clock, keys=Keys())
    rest(loop, clock)
    now = mid_game.game
    assert now is not game and len(now.steps) == 23 and now.prompt.headline == "Round 2 · Power · Yellow"
    (aside,) = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    assert aside.read_bytes() == before                               # the whole log, the refused line in it
    assert b'"colour":"yellow","value":8' in aside.read_bytes().splitlines()[-2]
    assert path.read_bytes() == b"".join(before.splitlines(keepends=True)[:-2])  # the game from the last good step
    page = shown[-1]
    assert page.kind == "log_checked" and page.prompt == "Refused steps set aside"
    said = " ".join(row.text for row in page.body.rows)
    assert "line 25: Yellow has already used Power card 8" in said and aside.name in said
    now.send(PowerCardPlayed("yellow", 9))                            # the game goes on, in its log
    assert same(now, the_log(path))
    loop.rest_check.checked = None
    rest(loop, clock)
    assert mid_game.game is now                                      # checked again: the log's game


def test_a_position_wrong_as_a_damaged_snapshots_allowed_events_is_replaced(mid_game, tmp_path):
    path = mid_game.game.journal.path
    mid_game.game.close()
    ui = make_controller(Games(tmp_path))                             # resumed from its snapshot: no chart yet
    game = ui.game
    position, phase, allowed = game.position()
    game._resting = (position, phase, frozenset({"score_corrected"}))  # as one flipped bit of "allowed"
    chart.forget_allowed()
    assert game.expects == ()                                         # asks nothing (this game only: no process-wide table)
    clock = SimClock()
    loop, shown = loop_of(ui, clock, keys=Keys())
    rest(loop, clock)
    assert ui.game is not game and "PowerCardPlayed" in ui.game.expects
    assert shown[-1].kind == "log_checked"
    assert not [p for p in tmp_path.iterdir() if ".unreadable" in p.name]  # the good log is not cut
    ui.game.close()
    chart.forget_allowed()
    assert "PowerCardPlayed" in Game.resume(path).expects


def test_a_log_changed_on_disk_behind_the_game_is_left_to_the_next_start(mid_game, tmp_path, caplog):
    game = mid_game.game
    with open(game.journal.path, "ab") as file:
        file.write(b'{"step":"ScoreCorrected"')                       # not what this game wrote
    clock = SimClock()
    loop, shown = loop_of(mid_game, clock, keys=Keys())
    with caplog.at_level(logging.WARNING):
        rest(loop, clock)
    assert mid_game.game is game and shown[-1].kind != "log_checked" and loop.rest_check.finished == 1
    assert any("is not what this game wrote" in r.getMessage() for r in caplog.records)
    assert not [p for p in tmp_path.iterdir() if ".unreadable" in p.name]


def test_no_check_without_a_game_or_with_a_log_that_cannot_be_written(mid_game, tmp_path):
    mid_game.game.journal.stop("shown only")
    clock = SimClock()
    loop, _ = loop_of(mid_game, clock, keys=Keys())
    rest(loop, clock)
    assert loop.rest_check.finished == 0 and loop.rest_check.check is None
    setup = make_controller(Games(tmp_path / "empty"))
    loop, _ = loop_of(setup, clock, keys=Keys())
    rest(loop, clock)
    assert loop.rest_check.finished == 0


def test_a_game_that_agrees_undoes_from_the_logs_own_copies_not_a_snapshots(mid_game, tmp_path):
    path = mid_game.game.journal.path
    mid_game.game.close()
    ui = make_controller(Games(tmp_path))                             # resumed from its snapshot
    game = ui.game
    (before,) = [n for n, (kept, _) in game._snapshots.items() if isinstance(kept, dict) and n < len(game.steps)]
    game._snapshots[before][0]["A"]["round"] = 9                     # its "before", one digit changed
    clock = SimClock()
    loop, shown = loop_of(ui, clock, keys=Keys())
    rest(loop, clock)
    assert ui.game is game and shown[-1].kind != "log_checked"       # the game in hand is the log's
    game.undo()
    game.journal.close()
    assert game.state.round == 2 and same(game, the_log(path))       # the undo did not meet round 9


def test_a_snapshot_with_one_digit_changed_ends_at_the_logs_game_by_the_first_rest(mid_game, tmp_path):
    """The issue's attack on the file itself: whether the start trusts the snapshot or not, the game
    in hand is the log's after the first rest, and the panel says so only if it was not before."""
    from companion.record import snapshot as snapshot_file

    path = mid_game.game.journal.path
    mid_game.game.close()
    body, _ = snapshot_file.read(path)
    assert body is not None
    body["state"]["A"]["turn"] = 3                                    # one digit of its "state"
    snapshot_file.write(path, body)
    ui = make_controller(Games(tmp_path))
    wrong = not same(ui.game, the_log(path))
    clock = SimClock()
    loop, shown = loop_of(ui, clock, keys=Keys())
    rest(loop, clock)
    assert same(ui.game, the_log(path)) and (shown[-1].kind == "log_checked") == wrong
    ui.game.close()


def test_over_the_table_view_the_notice_takes_its_place_and_comes_back_after_it(mid_game):
    mid_game.game.state.scores["blue"] = 40
    clock = SimClock()
    shown = []
    loop = Loop(mid_game, lambda image, family: None, (264, 176), table_after=3.0, clock=clock,
                key_waiting=Keys(), on_frame=lambda image, screen: shown.append(screen))
    loop.draw()
    rest(loop, clock, 3.0)
    assert loop.table_shown and shown[-1].kind == "table_view" and "40" in [r.right for r in shown[-1].body.rows]
    rest(loop, clock, CHECK_AFTER - 3.0)
    assert not loop.table_shown and shown[-1].kind == "log_checked"   # the standings were the wrong game's
    rest(loop, clock, 3.0)
    assert shown[-1].kind == "table_view" and "40" not in [r.right for r in shown[-1].body.rows]
    loop.press(KeyEvent(3))                                           # the page in hand again: the notice
    assert shown[-1].kind == "log_checked"
