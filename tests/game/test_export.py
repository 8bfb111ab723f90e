"""Taking a game home: the game log and the BG Stats import file."""

import json
from datetime import datetime, timezone

import pytest

from companion.game.export import BGG_ID, ExportError, export
from companion.game.game import Game
from companion.game.sample import four_player_game
from companion.game.state import Player, Settings


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    path = tmp_path_factory.mktemp("game") / "game.jsonl"
    game = four_player_game(path)
    yield game
    game.close()


def test_a_finished_game_gives_the_log_and_a_bg_stats_file(finished, tmp_path):
    log, bgs = export(finished, tmp_path, finished=datetime(2030, 1, 1, tzinfo=timezone.utc))
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
    when = datetime(2030, 1, 1, tzinfo=timezone.utc)
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
    with pytest.raises(ExportError, match="not kept in a journal"):
        export(Game.new(settings), "/tmp")


def test_the_export_command(cli, finished, tmp_path):
    status, out, err = cli("export", str(finished.journal.path), "--to", str(tmp_path))
    assert status == 0, err
    written = out.split()
    assert written[0].endswith(".jsonl") and written[1].endswith(".bgsplay")
    status, out, err = cli("export", str(tmp_path / "missing.jsonl"))
    assert status == 2 and err.strip() == f"elgrande-companion export: no such journal: {tmp_path / 'missing.jsonl'}"
