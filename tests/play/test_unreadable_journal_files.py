"""Files that are not journals we can read: an unreadable file is moved aside and a new game can
start, a damaged line costs only the steps from it on, read_only never changes anything, and
`elgrande-companion replay` says what is wrong in one line. (Damaged steps and settings inside
a good file: test_damaged_journals.py.)
"""

import json
import time

import pytest

from companion.play.game import Game
from companion.record import journal as journal_module
from companion.record.journal import Journal, JournalError, JournalUnreadable, read_only
from tests.play.journal_on_disk import last_line_start, listing, moved_aside


# -- files that are not journals we can read ------------------------------------------------
def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _join(lines: list[bytes]) -> bytes:
    return b"\n".join(lines)


def _version_2(data: bytes) -> bytes:
    header, rest = data.split(b"\n", 1)
    return json.dumps({**json.loads(header), "version": 2}).encode() + b"\n" + rest


#: Ways a journal can be damaged, each made from the bytes of a good one.
DAMAGE = {
    "garbage line in the middle": lambda d: _join(_lines(d)[:60] + [b"lorem ipsum dolor"] + _lines(d)[60:]),
    "zeroed block in the middle": lambda d: _join(_lines(d)[:30] + [b"\0" * len(_lines(d)[30])] + _lines(d)[31:]),
    "torn line in the middle": lambda d: _join(_lines(d)[:50] + [_lines(d)[50][:20]] + _lines(d)[51:]),
    "a list where a step goes": lambda d: _join(_lines(d)[:5] + [b"[1, 2, 3]"] + _lines(d)[5:]),
    "not a journal header": lambda d: b'{"hello": "world"}\n' + d.split(b"\n", 1)[1],
    "a text file": lambda d: b"shopping list\nmilk\neggs\n",
    "wrong version": _version_2,
    "empty": lambda d: b"",
    "binary junk": lambda d: bytes(range(256)) * 8,
    "a torn header": lambda d: d[:25],
}
#: The damaged lines cost only the steps from them on: the line number of the damage in each.
DAMAGED_LINE = {"garbage line in the middle": 61, "zeroed block in the middle": 31,
                "torn line in the middle": 51, "a list where a step goes": 6}
CORRUPT = [kind for kind in DAMAGE if kind not in DAMAGED_LINE]


def corrupt(data: bytes) -> dict[str, bytes]:
    return {kind: damage(data) for kind, damage in DAMAGE.items()}


@pytest.mark.parametrize("kind", CORRUPT)
def test_an_unreadable_journal_is_moved_aside_and_a_new_game_can_start(tmp_path, sample, kind):
    data = corrupt(sample.data)[kind]
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)

    with pytest.raises(JournalUnreadable) as caught:
        Game.resume(path)
    message = str(caught.value)
    assert "\n" not in message and message

    assert not path.exists()
    [aside] = moved_aside(tmp_path)
    assert aside.read_bytes() == data
    assert aside.name in message

    game = Game.new(sample.settings, path)
    game.send(sample.steps[0])
    game.close()
    assert len(Game.resume(path).steps) == 1
    assert aside.read_bytes() == data and moved_aside(tmp_path) == [aside]


@pytest.mark.parametrize("kind", CORRUPT)
def test_read_only_never_moves_or_changes_anything(tmp_path, sample, kind):
    data = corrupt(sample.data)[kind]
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)
    with pytest.raises(JournalUnreadable) as caught:
        read_only(path)
    assert "\n" not in str(caught.value)
    assert listing(tmp_path) == {"game.jsonl": data}


@pytest.mark.parametrize("kind", DAMAGED_LINE)
def test_a_damaged_line_costs_only_the_steps_from_it_on(tmp_path, sample, kind):
    data = corrupt(sample.data)[kind]
    line = DAMAGED_LINE[kind]
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)

    game = Game.resume(path)
    assert list(game.steps) == sample.steps[:line - 2]  # the header is line 1
    [warning] = game.journal.warnings
    [aside] = moved_aside(tmp_path)
    assert aside.read_bytes() == data  # the whole file, byte for byte
    assert f"line {line}" in warning and aside.name in warning and "\n" not in warning
    assert path.read_bytes() == b"".join(data.split(b"\n")[i] + b"\n" for i in range(line - 1))

    game.send(sample.steps[line - 2])  # the game goes on from there
    game.close()
    again = Game.resume(path)
    again.close()
    assert list(again.steps) == sample.steps[:line - 1] and again.journal.warnings == []
    assert moved_aside(tmp_path) == [aside]


@pytest.mark.parametrize("kind", DAMAGED_LINE)
def test_read_only_says_where_the_damage_is_and_changes_nothing(tmp_path, sample, kind):
    data = corrupt(sample.data)[kind]
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)
    journal = read_only(path)
    assert journal.damage is not None and journal.damage.line == DAMAGED_LINE[kind]
    with pytest.raises(JournalError, match=f"line {DAMAGED_LINE[kind]}"):
        Game.from_record(journal)
    assert listing(tmp_path) == {"game.jsonl": data}


def test_moved_aside_twice_in_the_same_second_keeps_both(tmp_path, monkeypatch):
    frozen = time.gmtime(1_700_000_000)
    monkeypatch.setattr(journal_module, "aside_clock", lambda: frozen)
    path = tmp_path / "game.jsonl"
    stamp = time.strftime("%Y%m%dT%H%M%SZ", frozen)
    taken = tmp_path / f"game.jsonl.unreadable-{stamp}-2"
    taken.write_bytes(b"someone else's file")

    contents = [b"first\n", b"", b"\xff\xfe third\n"]
    for data in contents:
        path.write_bytes(data)
        with pytest.raises(JournalUnreadable):
            Journal.open(path)
    assert not path.exists()
    files = listing(tmp_path)
    assert files.pop(taken.name) == b"someone else's file"  # never overwritten
    assert len(files) == 3 and all(stamp in name for name in files)
    assert sorted(files.values()) == sorted(contents)
    assert files[f"game.jsonl.unreadable-{stamp}"] == b"first\n"


# -- `elgrande-companion replay` ----------------------------------------------------------------
def test_replay_reads_a_torn_journal_without_changing_it(tmp_path, sample, cli):
    path = tmp_path / "game.jsonl"
    torn = sample.data[: last_line_start(sample.data) + 9]
    path.write_bytes(torn)

    status, out, err = cli("replay", str(path))
    assert status == 0, err
    assert "steps recorded: 149" in out
    game = Game.replay(sample.settings, sample.steps[:-1])
    assert game.prompt.headline in out

    status, out, err = cli("replay", str(path), "--json")
    assert status == 0, err
    shown = json.loads(out)
    assert shown["steps"] == 149 and shown["phase"] == game.phase and shown["king"] == game.state.king
    assert listing(tmp_path) == {"game.jsonl": torn}


@pytest.mark.parametrize("kind", ["garbage line in the middle", "wrong version", "binary junk", "empty"])
def test_replay_of_an_unreadable_journal_is_one_line_and_status_2(tmp_path, sample, cli, kind):
    data = corrupt(sample.data)[kind]
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)
    status, out, err = cli("replay", str(path))
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("elgrande-companion replay: cannot replay")
    assert listing(tmp_path) == {"game.jsonl": data}


def test_replay_of_a_missing_journal_is_one_line_and_status_2(tmp_path, cli):
    status, out, err = cli("replay", str(tmp_path / "nothing.jsonl"))
    assert status == 2 and out == "" and err.count("\n") == 1 and "no such game log" in err
