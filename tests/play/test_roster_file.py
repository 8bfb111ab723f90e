"""The roster file in the state folder (companion/record/roster.py): the names of earlier games,
written whole or not at all, and a damaged one ignored with one line, never a crash (issue 38)."""

import json
import os

import pytest

from companion.record import roster
from companion.record.roster import Roster
from companion.settings.bounds import ROSTER_SIZE
from companion.ui.screens.seat_names import fit


def test_a_game_s_names_are_kept_by_seat_and_come_back(tmp_path):
    assert roster.read(tmp_path, fit) == (Roster(), roster.MISSING)
    kept = roster.remember(tmp_path, ("Ann", "", "Cy"), fit)
    assert kept == Roster(("Ann", "", "Cy"), ("Ann", "Cy"))
    assert roster.read(tmp_path, fit) == (kept, "")
    body = json.loads((tmp_path / "roster.json").read_text(encoding="utf-8"))
    assert body == {"roster": 1, "seats": ["Ann", "", "Cy"], "names": ["Ann", "Cy"]}
    assert not (tmp_path / "roster.json.tmp").exists()


def test_the_latest_names_come_first_each_once_whatever_its_case(tmp_path):
    roster.remember(tmp_path, ("Ann", "Bo", "Cy"), fit)
    kept = roster.remember(tmp_path, ("Dee", "bo", ""), fit)
    assert kept.names == ("Dee", "bo", "Ann", "Cy") and kept.seats == ("Dee", "bo", "")


def test_the_roster_holds_at_most_its_size_the_oldest_names_going(tmp_path):
    for game in range(6):
        roster.remember(tmp_path, tuple(f"P{game}-{seat}" for seat in range(5)), fit)
    kept, why = roster.read(tmp_path, fit)
    assert why == "" and len(kept.names) == ROSTER_SIZE
    assert kept.names[:5] == tuple(f"P5-{seat}" for seat in range(5)) and "P0-0" not in kept.names


@pytest.mark.parametrize("content", [
    b"", b"{", b"\xff\xfe", b"[]", b'{"roster": 2, "seats": [], "names": []}',
    b'{"roster": 1, "seats": ["Ann"]}', b'{"roster": 1, "seats": [1], "names": []}',
    b'{"roster": 1, "seats": [], "names": ["Ann", "ann"]}',
    b'{"roster": 1, "seats": [], "names": ["a name far too long"]}',
    b'{"roster": 1, "seats": [], "names": ["Ann\\u0000"]}',
    b'{"roster": 1, "seats": [], "names": [" Ann"]}',
    b"[" * 10000,
], ids=["empty", "cut", "not-utf8", "a-list", "another-format", "no-names", "a-number", "twice",
        "too-long", "a-nul", "padded", "deep"])
def test_a_damaged_roster_is_ignored_in_one_line_and_the_next_game_writes_a_good_one(tmp_path, content):
    (tmp_path / "roster.json").write_bytes(content)
    kept, why = roster.read(tmp_path, fit)
    assert kept == Roster() and why.startswith("roster.json is ") and "\n" not in why
    assert roster.remember(tmp_path, ("Ann",), fit) == Roster(("Ann",), ("Ann",))
    assert roster.read(tmp_path, fit) == (Roster(("Ann",), ("Ann",)), "")


def test_a_roster_that_is_no_file_is_ignored_and_a_huge_one_is_not_read_whole(tmp_path):
    (tmp_path / "roster.json").mkdir()
    kept, why = roster.read(tmp_path, fit)
    assert kept == Roster() and "folder" in why
    other = tmp_path / "other"
    other.mkdir()
    (other / "roster.json").write_bytes(b" " * (roster.MAX_SIZE + 1))
    assert "over" in roster.read(other, fit)[1]


def test_a_name_the_game_log_would_refuse_is_never_kept(tmp_path):
    kept = roster.remember(tmp_path, ("Ann", "Bo\x1b", "x" * 13), fit)
    assert kept == Roster(("Ann", "", ""), ("Ann",))


def test_a_write_that_fails_leaves_the_old_roster_whole(tmp_path, monkeypatch):
    roster.remember(tmp_path, ("Ann", "Bo"), fit)
    before = (tmp_path / "roster.json").read_bytes()

    def no_room(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", no_room)
    with pytest.raises(OSError):
        roster.remember(tmp_path, ("Cy", "Dee"), fit)
    assert (tmp_path / "roster.json").read_bytes() == before
    assert not (tmp_path / "roster.json.tmp").exists()


def test_a_kill_s_leftover_temporary_file_is_never_read(tmp_path):
    (tmp_path / "roster.json.tmp").write_bytes(b'{"roster": 1, "seats": ["Eve"], "names": ["Eve"]}')
    assert roster.read(tmp_path, fit) == (Roster(), roster.MISSING)
    roster.remember(tmp_path, ("Ann",), fit)
    assert roster.read(tmp_path, fit)[0].names == ("Ann",)


def test_the_roster_holds_as_many_names_as_the_settings_file_may():
    assert roster.MOST == ROSTER_SIZE
