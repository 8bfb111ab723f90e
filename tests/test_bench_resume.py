"""The bench's resume against a cold start (companion/measure/bench_resume.py): its lines are made of the right
differences and sums, with their targets, and the children it counts run, on copies (the folder unchanged)."""

import os
import subprocess
import sys

import pytest

from companion.measure import bench_resume

M = 1_000_000


def small_game(folder, steps):
    from companion.measure.sample import four_player_game
    from companion.play.game import Game

    folder.mkdir()
    game = Game.new(four_player_game().settings, folder / "game.jsonl")
    for step in four_player_game().steps[:steps]:
        game.send(step)
    game.close()
    return folder


def test_the_lines_sum_each_side_and_say_their_targets(tmp_path, capsys):
    """A fake count: a start 300 M, a resumed game's confirmation 100 M and undo 10 M; the cold game's 5 M
    and 3 M; the longer game's start 3 M more; the start after an update leaving the game code alone 2 M more,
    after one changing it 60 M more; a new game begun after a cold start 50 M, its first confirmation 100 M and
    undo 8 M."""
    def count(code, *args):
        if code == bench_resume.NEW_GAME:
            return 280 * M + {"started": 0, "new": 50 * M, "sent": 150 * M, "undone": 158 * M}[args[2]]
        if code == bench_resume.START:
            folder = args[0]
            return (280 * M if folder.endswith("resume-empty") else 300 * M
                    + (2 * M if folder.endswith("another-version") else 0)
                    + (60 * M if folder.endswith("another-code") else 0)
                    + (3 * M if "longer" in folder else 0))
        stage = {"resume": 0, "sent": 1, "undone": 2}[args[2]]
        parts = (0, 100 * M, 110 * M) if code == bench_resume.RESUMED else (0, 5 * M, 8 * M)
        return 200 * M + parts[stage]

    count.tmp = tmp_path
    games = [("the short one", small_game(tmp_path / "short", 12)), ("the longer one", small_game(tmp_path / "longer", 20))]
    bench_resume.resume_figures(count, games)
    lines = capsys.readouterr().out.rstrip().splitlines()
    assert lines[0].startswith("issue 36's resume (instructions, callgrind;")
    cold = ("against 288.0 M (a cold start to the first frame, no saved game, 280.0 M + the same confirmation 5.0 M and "
            "undo 3.0 M in a game started cold)")
    assert lines[1] == ("  resume of the short one (11 steps; its last confirmation, 1 step(s), confirmed and undone): "
                        f"410.0 M (the start to the first frame 300.0 M + the first confirmation 100.0 M + the first undo "
                        f"10.0 M) {cold}: 1.42x (target <= 1.2x: NOT met)")
    begun = ("against 438.0 M (a cold start to the first frame, no saved game, 280.0 M + a new game of its settings "
             "begun 50.0 M + its first confirmation (1 step(s)), its phase chart made, 100.0 M + its first undo 8.0 M)")
    assert lines[2] == ("    the same against a new game (symmetric: each side's first confirmation makes its phase chart): "
                        f"410.0 M {begun}: 0.94x (target <= 1.2x: met)")
    assert lines[3] == ("  resume of the short one after an update that left the game code alone (its snapshot made by "
                        "another version with this one's game code: trusted, as code_digest proves): 412.0 M (the start "
                        "to the first frame 302.0 M + the first confirmation 100.0 M + the first undo 10.0 M) "
                        f"{cold}: 1.43x (target <= 1.5x: met)")
    assert lines[4] == f"    the same against a new game (symmetric, as above): 412.0 M {begun}: 0.94x (target <= 1.5x: met)"
    assert lines[5] == ("  resume of the short one after an update that changed the game code (its snapshot made by "
                        "another version and other game code: the game replayed from its log): 470.0 M (the start to "
                        "the first frame 360.0 M + the first confirmation 100.0 M + the first undo 10.0 M) "
                        f"{cold}: 1.63x (target <= 1.5x: NOT met)")
    assert lines[6] == f"    the same against a new game (symmetric, as above): 470.0 M {begun}: 1.07x (target <= 1.5x: met)"
    assert lines[7].startswith("  resume of the longer one (19 steps;") and lines[7].endswith("1.43x (target <= 1.2x: NOT met)")
    assert lines[8].startswith("    the same against a new game (symmetric") and lines[8].endswith("0.94x (target <= 1.2x: met)")
    assert lines[9] == "  the same, the longer one against the short one: +0.7% (target <= +5%: met)"
    assert len(lines) == 10


def test_the_new_game_child_begins_confirms_and_undoes(tmp_path):
    """NEW_GAME: after a cold start, a new game of the log's settings, its first confirmation and undo."""
    import json

    from companion.record.journal import effective, read_only, steps_of

    log = read_only(small_game(tmp_path / "whole", 3) / "game.jsonl")
    (tmp_path / "settings.json").write_text(json.dumps(log.settings))
    (tmp_path / "first.json").write_text(json.dumps(steps_of(effective(log.lines)[0])))
    log.close()
    (tmp_path / "none.keys").write_text("")
    env = {**os.environ, "ELGRANDE_CONFIG": str(tmp_path / "none.toml")}
    code = bench_resume.NEW_GAME.replace("os._exit(0)", "assert len(game.steps) == 0, game.steps\nos._exit(0)")
    assert "assert len" in code
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "settings.json"), str(tmp_path / "first.json"),
                           "undone", str(tmp_path / "none.keys")], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("child", ["RESUMED", "COLD_GAME"])
def test_the_counted_children_confirm_and_undo_on_copies(tmp_path, child):
    from companion.record import snapshot as snapshot_file

    folder, unit, steps = bench_resume.cut_before_last(small_game(tmp_path / "whole", 12), tmp_path / "cut")
    assert steps == 11 and snapshot_file.read(folder / "game.jsonl")[0] is not None
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    env = {**os.environ, "ELGRANDE_CONFIG": str(tmp_path / "none.toml")}
    code = getattr(bench_resume, child).replace("os._exit(0)", "assert len(game.steps) == 11, game.steps\nos._exit(0)")
    assert "assert len" in code
    done = subprocess.run([sys.executable, "-c", code, str(folder), str(unit), "undone"],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before


@pytest.mark.parametrize("code, trusted", [(True, False), (False, True)])
def test_a_snapshot_of_another_version_is_trusted_only_with_this_game_code(tmp_path, code, trusted):
    """The bench's two updates do what their lines say: other game code replays the log, the same resumes."""
    from companion.play.game import Game

    folder, _, _ = bench_resume.cut_before_last(small_game(tmp_path / "whole", 12), tmp_path / "cut")
    bench_resume.another_version(folder / "game.jsonl", code=code)
    game = Game.resume(folder / "game.jsonl")
    assert game.from_snapshot is trusted and len(game.steps) == 11
    game.close()
