"""The times an export uses (companion/record/export.py started_at, file_time): a header's "started" or a file's
time that the table's local time or BG Stats cannot hold is replaced, never an internal error (issue 33)."""

import json
import os
import re
from datetime import UTC, datetime

import pytest

from companion.engine.settings import Player, Settings
from companion.measure.sample import four_player_game
from companion.play.game import Game
from companion.record.export import export, started_at
from companion.record.journal import read_only

DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")  # BG Stats' own format


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    path = tmp_path_factory.mktemp("game") / "game.jsonl"
    game = four_player_game(path)
    yield game
    game.close()



@pytest.fixture(params=["EST5", "JST-9", "UTC0"])
def time_zone(request, monkeypatch):
    """A time zone west of, east of and at UTC (POSIX rules: no zone file read)."""
    import time

    monkeypatch.setenv("TZ", request.param)
    time.tzset()
    yield request.param
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("started", ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1969-12-31T23:59:59Z",
                                     "2026-13-01T00:00:00Z", 20261201, None])
def test_a_header_time_an_export_cannot_use_exports_with_the_files_time(finished, tmp_path, time_zone, started):
    """Before, year 1 west of UTC and 9999 east of it ended the export (and the menu's, the companion) in an
    OverflowError; replay and run took the header, so the export copes: the file's time, as for older journals."""
    lines = finished.journal.path.read_bytes().split(b"\n", 1)
    header = json.loads(lines[0])
    header["started"] = started
    path = tmp_path / "game.jsonl"
    path.write_bytes(json.dumps(header).encode() + b"\n" + lines[1])
    os.utime(path, (1_800_000_000, 1_800_000_000))
    journal = read_only(path)
    game = Game.from_record(journal)
    game.journal = journal
    log, bgs = export(game, tmp_path / "out")
    assert log.read_bytes() == path.read_bytes()
    play = json.loads(bgs.read_text())["plays"][0]
    assert started_at(header, path) == datetime.fromtimestamp(1_800_000_000, UTC)
    assert DATE.fullmatch(play["playDate"]) and play["playDate"].startswith("2027-01-15")
    assert log.name.startswith("2027-01-15-")


def test_a_file_time_an_export_cannot_use_is_now(finished, tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_bytes(finished.journal.path.read_bytes())
    os.utime(path, (-86400, -86400))  # 1969: before any clock the companion ran under
    header = {"started": "0001-01-01T00:00:00Z"}
    before = datetime.now(UTC)
    assert before <= started_at(header, path) <= datetime.now(UTC)


def test_the_menus_export_of_a_game_begun_in_year_1_ends_in_a_page_not_an_internal_error(tmp_path, time_zone):
    from companion.ui.controller import Controller

    game = Game.new(Settings(edition="2023", players=[Player("Ann", "red"), Player("Bo", "blue"),
                                                      Player("Cy", "green")], seed=1), tmp_path / "game.jsonl")
    game.close()
    data = (tmp_path / "game.jsonl").read_bytes()
    header, rest = data.split(b"\n", 1)
    header = header.replace(json.loads(header)["started"].encode(), b"0001-01-01T00:00:00Z")
    (tmp_path / "game.jsonl").write_bytes(header + b"\n" + rest)
    journal = read_only(tmp_path / "game.jsonl")
    resumed = Game.from_record(journal)
    resumed.journal = journal
    ui = Controller(lambda settings: resumed, game=resumed)
    ui.export()  # before: OverflowError west of UTC
    screen = ui.screen()
    assert (screen.kind, screen.prompt) == ("export", "Exported")
    assert [path.suffix for path in (tmp_path / "exports").iterdir()] == [".jsonl"]
