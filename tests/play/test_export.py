"""Taking a game home: the game log and the BG Stats import file."""

import errno
import json
import os
import re
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.engine import steps as s
from companion.engine.settings import Player, Settings
from companion.measure import sample, script
from companion.measure.sample import four_player_game
from companion.play.game import Game
from companion.record import export as export_module
from companion.record.export import BGG_ID, NAMESPACE, ExportError, export, started_at
from companion.record.journal import read_only


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    path = tmp_path_factory.mktemp("game") / "game.jsonl"
    game = four_player_game(path)
    yield game
    game.close()


def test_a_finished_game_gives_the_log_and_a_bg_stats_file(finished, tmp_path):
    log, bgs = export(finished, tmp_path, finished=datetime(2030, 1, 1, tzinfo=UTC))
    assert log.read_bytes() == finished.journal.path.read_bytes()
    data = json.loads(bgs.read_text())
    assert data["games"][0]["bggId"] == BGG_ID == 93
    play = data["plays"][0]
    names = {p["id"]: p["name"] for p in data["players"]}
    scores = {names[s["playerRefId"]]: int(s["score"]) for s in play["playerScores"]}
    assert scores == {"Ann": 71, "Bo": 49, "Cy": 54, "Di": 48}
    winners = [names[s["playerRefId"]] for s in play["playerScores"] if s["winner"]]
    assert winners == ["Ann"]
    ranks = {names[s["playerRefId"]]: s["rank"] for s in play["playerScores"]}
    assert ranks == {"Ann": 1, "Cy": 2, "Bo": 3, "Di": 4}
    assert sum(s["startPlayer"] for s in play["playerScores"]) == 1
    assert play["gameRefId"] == data["games"][0]["id"] and play["rounds"] == 9


def test_exporting_twice_gives_the_same_ids(finished, tmp_path):
    when = datetime(2030, 1, 1, tzinfo=UTC)
    first = json.loads(export(finished, tmp_path / "a", finished=when)[1].read_text())
    second = json.loads(export(finished, tmp_path / "b", finished=when)[1].read_text())
    assert first == second  # BG Stats updates the play instead of adding it twice


def test_an_unfinished_game_gives_only_the_log(tmp_path):
    settings = Settings(edition="2023", players=[Player("Ann", "red"), Player("Bo", "blue"),
                                                 Player("Cy", "green")], seed=1)
    game = Game.new(settings, tmp_path / "game.jsonl")
    paths = export(game, tmp_path / "out")
    assert [p.suffix for p in paths] == [".jsonl"]
    game.close()


def test_a_game_without_a_journal_says_so():
    settings = Settings(edition="2023", players=[Player("Ann", "red"), Player("Bo", "blue"),
                                                 Player("Cy", "green")], seed=1)
    with pytest.raises(ExportError, match="not kept in a game log"):
        export(Game.new(settings), "/tmp")


def test_the_export_command(cli, finished, tmp_path):
    status, out, err = cli("export", str(finished.journal.path), "--to", str(tmp_path))
    assert status == 0, err
    written = out.split()
    assert written[0].endswith(".jsonl") and written[1].endswith(".bgsplay")
    status, out, err = cli("export", str(tmp_path / "missing.jsonl"))
    assert status == 2 and err.strip() == f"elgrande-companion export: no such game log: {tmp_path / 'missing.jsonl'}"


# ------------------------------------------------------------ the BG Stats file against its schema

DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")  # BG Stats' own format; Hermod parses exactly this
UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")

#: What a .bgsplay file must hold, from the field lists of the public writers and readers
#: named in docs/bgstats.md (the app's own export, Hermod's PlayFile, bga_bgstats, the Lichess
#: importer). A type, a pattern for a string, a dict for an object, a one-item list for a list of it.
SCHEMA = {
    "games": [{"id": int, "uuid": UUID, "name": str, "modificationDate": DATE, "cooperative": bool,
               "highestWins": bool, "noPoints": bool, "usesTeams": bool, "bggId": int, "bggName": str,
               "bggYear": int}],
    "players": [{"id": int, "uuid": UUID, "name": str, "isAnonymous": bool, "modificationDate": DATE}],
    "locations": [{"id": int, "uuid": UUID, "name": str, "modificationDate": DATE}],
    "plays": [{"uuid": UUID, "modificationDate": DATE, "entryDate": DATE, "playDate": DATE,
               "usesTeams": bool, "durationMin": int, "ignored": bool, "manualWinner": bool, "rounds": int,
               "locationRefId": int, "gameRefId": int, "scoringSetting": int, "board": str, "expansionPlays": list,
               "playerScores": [{"playerRefId": int, "score": str, "winner": bool, "newPlayer": bool,
                                 "startPlayer": bool, "rank": int, "seatOrder": int, "role": str}]}],
    "userInfo": {"meRefId": int},
}


def violations(value, schema, where="file") -> list[str]:
    """Every place value differs from schema (empty: it validates)."""
    if isinstance(schema, dict):
        if not isinstance(value, dict):
            return [f"{where}: not an object"]
        found = []
        for key, inner in schema.items():
            if key not in value:
                found.append(f"{where}.{key}: missing")
            else:
                found += violations(value[key], inner, f"{where}.{key}")
        return found
    if isinstance(schema, list):
        if not isinstance(value, list) or not value:
            return [f"{where}: not a list of at least one entry"]
        return [line for index, item in enumerate(value) for line in violations(item, schema[0], f"{where}[{index}]")]
    if isinstance(schema, re.Pattern):
        matches = isinstance(value, str) and schema.fullmatch(value)
        return [] if matches else [f"{where}: {value!r} is not {schema.pattern}"]
    if schema is int and isinstance(value, bool) or not isinstance(value, schema):
        return [f"{where}: {value!r} is not {schema.__name__}"]
    return []


def broken_links(data: dict) -> list[str]:
    """Every reference by id that leads nowhere (Hermod's parser throws on these)."""
    ids = {part: [entry["id"] for entry in data[part]] for part in ("games", "players", "locations")}
    found = [f"{part}: ids repeat" for part, values in ids.items() if len(set(values)) != len(values)]
    for play in data["plays"]:
        found += [f"play: no game {play['gameRefId']}"] * (play["gameRefId"] not in ids["games"])
        found += [f"play: no location {play['locationRefId']}"] * (play["locationRefId"] not in ids["locations"])
        found += [f"score: no player {s['playerRefId']}" for s in play["playerScores"]
                  if s["playerRefId"] not in ids["players"]]
    me = data["userInfo"]["meRefId"]
    found += [f"userInfo: no player {me}"] * (me != 0 and me not in ids["players"])
    return found


def test_the_bg_stats_file_validates_against_the_public_field_lists(finished, tmp_path):
    data = json.loads(export(finished, tmp_path, finished=datetime(2030, 1, 1, tzinfo=UTC))[1].read_text())
    assert violations(data, SCHEMA) == [] and broken_links(data) == []
    play = data["plays"][0]
    assert data["locations"] == [{"id": 1, "name": "Table", "modificationDate": play["modificationDate"],
                                  "uuid": data["locations"][0]["uuid"]}]
    assert play["locationRefId"] == 1 and play["entryDate"] == play["modificationDate"]
    assert play["modificationDate"] == datetime(2030, 1, 1, tzinfo=UTC).astimezone().strftime(
        "%Y-%m-%d %H:%M:%S")
    assert data["userInfo"] == {"meRefId": 0}  # nobody at the table is known to own the app


def test_the_file_an_older_companion_wrote_fails_the_schema(finished, tmp_path):
    # What this module wrote before: no location, no dates but the play's, no userInfo.
    data = json.loads(export(finished, tmp_path, finished=datetime(2030, 1, 1, tzinfo=UTC))[1].read_text())
    data["locations"] = []
    del data["userInfo"]
    for play in data["plays"]:
        del play["locationRefId"], play["entryDate"], play["modificationDate"]
    for part in ("games", "players"):
        for entry in data[part]:
            del entry["modificationDate"]
    found = violations(data, SCHEMA)
    assert "file.locations: not a list of at least one entry" in found
    assert "file.userInfo: missing" in found
    assert {"file.plays[0].locationRefId: missing", "file.plays[0].entryDate: missing"} <= set(found)
    assert violations({**data, "plays": [{**data["plays"][0], "rounds": "9"}]}, SCHEMA)
    assert violations({**data, "players": [{**data["players"][0], "isAnonymous": 0}]}, SCHEMA)


def test_a_dangling_reference_is_caught(finished, tmp_path):
    data = json.loads(export(finished, tmp_path)[1].read_text())
    data["plays"][0]["locationRefId"] = 2
    data["userInfo"]["meRefId"] = 9
    assert broken_links(data) == ["play: no location 2", "userInfo: no player 9"]


def test_the_app_owner_named_in_the_settings_is_their_player(finished, tmp_path):
    when = datetime(2030, 1, 1, tzinfo=UTC)
    data = json.loads(export(finished, tmp_path / "a", finished=when, me="cy")[1].read_text())
    (cy,) = [p["id"] for p in data["players"] if p["name"] == "Cy"]
    assert data["userInfo"] == {"meRefId": cy} and cy != 0
    assert violations(data, SCHEMA) == [] and broken_links(data) == []


def test_no_owner_or_one_who_did_not_play_keeps_the_file_as_it_was(finished, tmp_path):
    when = datetime(2030, 1, 1, tzinfo=UTC)
    files = [export(finished, tmp_path / name, finished=when, **kw)[1].read_bytes()
             for name, kw in (("unset", {}), ("blank", {"me": ""}), ("absent", {"me": "Eve"}))]
    assert files[0] == files[1] == files[2]
    assert json.loads(files[0])["userInfo"] == {"meRefId": 0}


def test_the_location_comes_from_the_settings_and_keeps_one_id_per_name(finished, tmp_path):
    kitchen = json.loads(export(finished, tmp_path / "a", location="Ann's kitchen")[1].read_text())
    again = json.loads(export(finished, tmp_path / "b", location="ANN'S KITCHEN")[1].read_text())
    table = json.loads(export(finished, tmp_path / "c")[1].read_text())
    assert kitchen["locations"][0]["name"] == "Ann's kitchen"
    assert kitchen["locations"][0]["uuid"] == again["locations"][0]["uuid"] != table["locations"][0]["uuid"]
    assert kitchen["plays"][0]["uuid"] == table["plays"][0]["uuid"]  # the same play wherever it was


def test_the_old_ids_stay_so_an_earlier_import_is_updated_not_doubled(finished, tmp_path):
    # The uuids an earlier companion wrote for the sample game (game, players, play) must not change.
    data = json.loads(export(finished, tmp_path)[1].read_text())
    started = started_at(finished.journal.header, finished.journal.path)
    assert data["games"][0]["uuid"] == str(uuid.uuid5(NAMESPACE, "game/93"))
    assert [p["uuid"] for p in data["players"]] == [str(uuid.uuid5(NAMESPACE, f"player/{n}"))
                                                    for n in ("ann", "bo", "cy", "di")]
    assert data["plays"][0]["uuid"] == str(uuid.uuid5(NAMESPACE, f"play/{started.isoformat()}/7"))


def test_the_player_names_are_the_ones_the_game_recorded(tmp_path):
    path = tmp_path / "game.jsonl"
    game = sample.four_player_game(path)
    game.close()
    text = path.read_text(encoding="utf-8").replace('"name":"Ann"', '"name":"Añn Ö"', 1)
    path.write_text(text, encoding="utf-8")
    game = Game.from_record(read_only(path))
    game.journal = read_only(path)
    data = json.loads(export(game, tmp_path / "out")[1].read_text(encoding="utf-8"))
    assert [p["name"] for p in data["players"]] == ["Añn Ö", "Bo", "Cy", "Di"]


def test_a_short_game_says_6_rounds(tmp_path):
    settings = Settings(players=(Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green")),
                        short_game=True, seed=5)
    game = Game.new(settings, tmp_path / "game.jsonl")
    game.send(s.SetupDone(king="aragon", homes=(("red", "toledo"), ("blue", "granada"), ("green", "galicia")),
                          first="green"))
    while not game.over:
        if game.phase == "secret_discs":
            script.general_scoring(game, {})
        else:
            script.quiet_round(game)
    data = json.loads(export(game, tmp_path / "out")[1].read_text())
    game.close()
    assert data["plays"][0]["rounds"] == 6 and violations(data, SCHEMA) == []
    assert "Short game (6 rounds)" in data["plays"][0]["comments"]


# ------------------------------------------------------------ never follow a link, never replace a file


def names(folder):
    return sorted(p.name for p in folder.iterdir())


def stems(paths):
    return [p.name.rsplit(".", 1)[0] for p in paths]


def test_a_symbolic_link_on_the_name_is_never_followed(finished, tmp_path):
    first = export(finished, tmp_path / "probe")
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (out / first[0].name).symlink_to("../victim.txt")
    (out / first[1].name).symlink_to("../nowhere.txt")  # a dangling link is not followed either
    written = export(finished, out)
    assert victim.read_text() == "keep me" and not (tmp_path / "nowhere.txt").exists()
    assert (out / first[0].name).is_symlink() and (out / first[1].name).is_symlink()
    assert stems(written) == [f"{stems(first)[0]}-2"] * 2
    assert written[0].read_bytes() == finished.journal.path.read_bytes()


def test_two_exports_in_the_same_second_are_both_kept_in_pairs(finished, tmp_path):
    one = export(finished, tmp_path)
    before = [p.read_bytes() for p in one]
    two = export(finished, tmp_path)
    three = export(finished, tmp_path)
    assert [p.read_bytes() for p in one] == before
    base = stems(one)[0]
    assert stems(one) == [base] * 2 and stems(two) == [f"{base}-2"] * 2 and stems(three) == [f"{base}-3"] * 2
    assert len(names(tmp_path)) == 6
    assert base.endswith("-el-grande") and re.fullmatch(r"\d{4}-\d\d-\d\d-\d{6}-el-grande", base)


def test_an_old_bg_stats_file_is_not_paired_with_a_new_log(tmp_path):
    settings = Settings(edition="2023", players=[Player("Ann", "red"), Player("Bo", "blue"),
                                                 Player("Cy", "green")], seed=1)
    game = Game.new(settings, tmp_path / "game.jsonl")
    probe = export(game, tmp_path / "probe")
    out = tmp_path / "out"
    out.mkdir()
    (out / f"{stems(probe)[0]}.bgsplay").write_text("an older play")
    written = export(game, out)
    game.close()
    assert stems(written) == [f"{stems(probe)[0]}-2"]
    assert (out / f"{stems(probe)[0]}.bgsplay").read_text() == "an older play"


def test_every_name_taken_is_one_line(finished, tmp_path, monkeypatch):
    monkeypatch.setattr(export_module, "MAX_NAMES", 3)
    for _ in range(3):
        export(finished, tmp_path)
    with pytest.raises(ExportError, match=r"^cannot export into .*: .*-el-grande and 2 more names are taken$"):
        export(finished, tmp_path)


# ------------------------------------------------------------ file-system faults: one line, nothing half-written


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_is_one_line(finished, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(0o555)
    try:
        with pytest.raises(ExportError, match=r"^cannot write to .*out: permission denied$"):
            export(finished, out)
    finally:
        out.chmod(0o755)


def test_a_read_only_disk_is_one_line_and_leaves_nothing(finished, tmp_path, monkeypatch):
    real_open = os.open

    def read_only_disk(path, flags, *args):
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only_disk)
    with pytest.raises(ExportError) as caught:
        export(finished, tmp_path)
    assert str(caught.value) == f"cannot write to {tmp_path}: the disk is read-only"
    assert names(tmp_path) == []


def test_a_full_disk_leaves_no_half_written_file(finished, tmp_path, monkeypatch):
    calls = []

    def full(fd, data):
        calls.append(fd)
        if len(calls) > 1:  # the log goes on, the BG Stats file does not
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return os_write(fd, data)

    os_write = os.write
    monkeypatch.setattr(os, "write", full)
    with pytest.raises(ExportError, match=r"^cannot write to .*: the disk is full$"):
        export(finished, tmp_path)
    assert names(tmp_path) == []


def test_a_file_where_the_folder_should_be(finished, tmp_path):
    (tmp_path / "out").write_text("a file")
    with pytest.raises(ExportError, match=r"^cannot export into .*out: it is not a folder$"):
        export(finished, tmp_path / "out")
    with pytest.raises(ExportError, match=r"^cannot make the folder .*out/sub: a part of that path is a file$"):
        export(finished, tmp_path / "out" / "sub")
    assert (tmp_path / "out").read_text() == "a file"


def test_a_folder_name_with_a_line_break_stays_on_one_line(finished, tmp_path):
    (tmp_path / "a\nb").write_text("a file")
    with pytest.raises(ExportError) as caught:
        export(finished, tmp_path / "a\nb")
    assert "\n" not in str(caught.value) and "a\\nb" in str(caught.value)


def test_a_read_only_journal_can_be_exported(finished, tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_bytes(finished.journal.path.read_bytes())
    path.chmod(0o444)
    before = path.stat()
    game = Game.from_record(read_only(path))
    game.journal = read_only(path)
    written = export(game, tmp_path / "out")
    assert [p.suffix for p in written] == [".jsonl", ".bgsplay"]
    assert written[0].read_bytes() == path.read_bytes()
    assert (path.stat().st_mtime_ns, path.stat().st_mode) == (before.st_mtime_ns, before.st_mode)


def test_the_command_ends_in_one_line_and_exit_2(cli, finished, tmp_path, monkeypatch):
    monkeypatch.setenv("ELGRANDE_CONFIG", str(tmp_path / "none.toml"))
    (tmp_path / "file").write_text("x")
    journal = str(finished.journal.path)
    status, out, err = cli("export", journal, "--to", str(tmp_path / "file"))
    assert (status, out) == (2, "")
    assert err == f"elgrande-companion export: cannot export into {tmp_path / 'file'}: it is not a folder\n"
    status, out, err = cli("export", journal, "--to", str(tmp_path / "file" / "sub"))
    assert status == 2 and err.count("\n") == 1 and "a part of that path is a file" in err
    status, out, err = cli("export", str(tmp_path), "--to", str(tmp_path / "out"))
    assert status == 2 and err.count("\n") == 1 and err.startswith("elgrande-companion export: cannot read")


def test_the_command_twice_keeps_both_and_uses_the_settings_location(cli, finished, tmp_path, monkeypatch):
    settings = tmp_path / "config.toml"
    settings.write_text('[game]\nlocation = "Club"\n')
    monkeypatch.setenv("ELGRANDE_CONFIG", str(settings))
    journal = str(finished.journal.path)
    first = cli("export", journal, "--to", str(tmp_path / "out"))[1].split()
    second = cli("export", journal, "--to", str(tmp_path / "out"))[1].split()
    assert len(set(first + second)) == 4 and stems(map(Path, second)) == [stems(map(Path, first))[0] + "-2"] * 2
    assert json.loads(Path(second[1]).read_text())["locations"][0]["name"] == "Club"
    settings.write_text('[game]\nme = "Bo"\n')
    data = json.loads(Path(cli("export", journal, "--to", str(tmp_path / "me"))[1].split()[1]).read_text())
    assert data["userInfo"]["meRefId"] == [p["id"] for p in data["players"] if p["name"] == "Bo"][0]
    settings.write_text('[game]\nlocation = ""\n')
    status, out, err = cli("export", journal, "--to", str(tmp_path / "out"))
    assert status == 2 and "game.location" in err and err.count("\n") == 1
