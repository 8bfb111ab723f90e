"""Never bricked: every journal either replays or is set aside (issue 9, cases 1 and 2).

Each damage below once crashed the companion on start or on a later key
press. Now a damaged step line costs only the steps from it on (the whole
file is kept aside, byte for byte), damaged settings cost the game but never
the file, and `replay`/`export` say what is wrong in one line with exit 2.
"""

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.play.game import Game
from companion.play.kept import kept_game
from companion.record.journal import JournalUnreadable, read_only
from companion.record.saves import Games

FIXTURE = Path(__file__).parents[1] / "fixtures" / "journals" / "0.1-2023-4p-sample-by-keys.jsonl"
LINES = FIXTURE.read_bytes().split(b"\n")[:-1]


def _line(number: int, change) -> list[bytes]:
    """The fixture with line ``number`` (1-based) changed by change(dict) -> dict or bytes."""
    lines = list(LINES)
    entry = json.loads(lines[number - 1])
    new = change(entry)
    lines[number - 1] = new if isinstance(new, bytes) else json.dumps(new).encode()
    return lines


def _settings(change) -> list[bytes]:
    return _line(1, lambda h: {**h, "settings": change(h["settings"])})


def _set(key, value):
    return lambda entry: {**entry, key: value}


def _drop(key):
    return lambda entry: {k: v for k, v in entry.items() if k != key}


#: A damaged step line: where, and what it does. The game resumes at the steps before it.
DAMAGED_STEPS = {
    "an unknown colour (one byte changed)": (4, _set("colour", "blua")),
    "an unknown step kind": (5, _set("step", "PowerCardFlipped")),
    "a missing field": (5, _drop("value")),
    "a line without 'step'": (5, _drop("step")),
    "a second SetupDone": (6, lambda e: json.loads(LINES[1])),
    "an integer of 4,300+ digits": (5, lambda e: LINES[4].replace(b'"value":5', b'"value":' + b"9" * 4400)),
    "100,000 nested arrays": (5, lambda e: b"[" * 100_000 + b"]" * 100_000),
    "a Power card value as a word": (5, _set("value", "nine")),
    "a Power card of 99": (5, _set("value", 99)),
    "a negative Castillo count": (9, _set("count", -2)),
    "a float count": (9, _set("count", 1.5)),
    "NaN as a count": (9, lambda e: LINES[8].replace(b'"count":2', b'"count":NaN')),
    "Infinity as a count": (9, lambda e: LINES[8].replace(b'"count":2', b'"count":Infinity')),
    "the same Power card played twice": (5, _set("value", 9)),  # red played the 9 this round
    "a region that does not exist": (12, _set("region", "atlantis")),
    "not UTF-8": (5, lambda e: b'{"step":"PowerCardPlayed","colour":"\xff","value":5}'),
    "a lone surrogate in a colour": (5, _set("colour", "\ud800")),
    "a list where a step goes": (5, lambda e: b"[1,2,3]"),
    "a damaged undo line": (5, lambda e: {"undo": 2}),
    "true as a count": (9, _set("count", True)),
}

#: Damaged settings: there is no game to resume; the file is set aside whole.
DAMAGED_SETTINGS = {
    "players is not a list": _settings(_set("players", "Ann, Bo")),
    "settings is a list": _line(1, _set("settings", [1, 2])),
    "no players": _settings(_set("players", [])),
    "one player": _settings(lambda s: {**s, "players": s["players"][:1]}),
    "99 players": _settings(lambda s: {**s, "players": [{"name": f"P{i}", "colour": f"c{i}"} for i in range(99)]}),
    "one colour twice": _settings(lambda s: {**s, "players": s["players"][:3] + [{"name": "X", "colour": "red"}]}),
    "edition 1995": _settings(_set("edition", "1995")),
    "a lone surrogate in a name": _settings(
        lambda s: {**s, "players": [{**s["players"][0], "name": "\ud800"}] + s["players"][1:]}),
    "a seed that is text": _settings(_set("seed", "seven")),
    "a variant that is not true or false": _settings(_set("short_game", "yes")),
}


def _write(tmp_path: Path, lines: list[bytes]) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def _aside(folder: Path) -> list[Path]:
    return sorted(folder.glob("game.jsonl.unreadable-*"))


@pytest.mark.parametrize("case", DAMAGED_STEPS)
def test_a_damaged_step_line_resumes_the_game_before_it(tmp_path, case):
    number, change = DAMAGED_STEPS[case]
    lines = _line(number, change)
    path = _write(tmp_path, lines)
    data = path.read_bytes()

    game, notice = kept_game(Games(tmp_path))
    assert game is not None
    game.close()
    assert len(game.steps) == number - 2  # the header is line 1, the first step line 2
    assert f"line {number}" in notice and "\n" not in notice
    [aside] = _aside(tmp_path)
    assert aside.read_bytes() == data and aside.name in notice
    assert path.read_bytes() == b"".join(line + b"\n" for line in LINES[:number - 1])
    again, notice = kept_game(Games(tmp_path))  # the next start is a plain resume
    again.close()
    assert notice == "" and len(again.steps) == number - 2


@pytest.mark.parametrize("case", DAMAGED_SETTINGS)
def test_damaged_settings_set_the_whole_file_aside(tmp_path, case):
    path = _write(tmp_path, DAMAGED_SETTINGS[case])
    data = path.read_bytes()
    game, notice = kept_game(Games(tmp_path))
    assert game is None
    assert "settings" in notice and "\n" not in notice
    [aside] = _aside(tmp_path)
    assert aside.read_bytes() == data and not path.exists()


@pytest.mark.parametrize("case", list(DAMAGED_STEPS)[:6] + list(DAMAGED_SETTINGS)[:3])
@pytest.mark.parametrize("command", ["replay", "export"])
def test_replay_and_export_say_it_in_one_line_and_change_nothing(tmp_path, capsys, case, command):
    lines = _line(*DAMAGED_STEPS[case]) if case in DAMAGED_STEPS else DAMAGED_SETTINGS[case]
    path = _write(tmp_path, lines)
    data = path.read_bytes()
    args = [command, str(path)] + (["--to", str(tmp_path / "out")] if command == "export" else [])
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "line" in err or "settings" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"] and path.read_bytes() == data


def test_the_whole_sample_replays_checked_like_live_steps():
    game = Game.from_record(read_only(FIXTURE))
    assert game.over and len(game.steps) == len(LINES) - 1


def test_a_step_that_could_not_be_journaled_as_itself_is_refused_live(tmp_path):
    from companion.engine.steps import ScoreCorrected, StepRefused

    game = Game.resume(_write(tmp_path, LINES[:10]))
    with pytest.raises(StepRefused):
        game.send(ScoreCorrected("red", 10**9, "far too many"))
    with pytest.raises(StepRefused):
        game.send(ScoreCorrected("red", 1, "x" * 500))
    game.close()
    assert Game.resume(tmp_path / "game.jsonl").steps == game.steps


def test_an_unreadable_header_is_not_a_game(tmp_path):
    path = _write(tmp_path, [b"\xff\xfe"] + LINES[1:])
    with pytest.raises(JournalUnreadable):
        Game.resume(path)
    assert len(_aside(tmp_path)) == 1
