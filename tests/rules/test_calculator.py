"""`elgrande-companion score`: the readable table, the JSON contract and bad input."""

import json
import subprocess
import sys

import pytest


def test_table_output_shows_places_points_and_reasons(cli):
    status, out, err = cli("score", "--region", "Granada", "--count", "you=3", "--count", "orange=1",
                           "--count", "green=1", "--count", "blue=0", "--king", "--grande", "you")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Granada (6/3/1)") and "King's region" in lines[0]
    assert "10" in lines[1] and "sole 1st place: 6 +2 King's bonus +2 Grande's bonus" in lines[1]
    assert "tied for 2nd -> 3rd place: 1" in lines[2]
    assert lines[-1].split()[0] == "blue" and "no Caballeros" in lines[-1]


def test_json_points_cover_every_count_colour(cli_json):
    data = cli_json("score", "--castillo", "--count", "a=0", "--count", "b=2", "--count", "c=2")
    assert data["points"] == {"a": 0, "b": 3, "c": 3}
    assert all(isinstance(v, int) for v in data["points"].values())


def test_json_is_one_object_on_stdout(cli):
    status, out, _ = cli("score", "--region", "aragon", "--count", "red=1", "--json")
    assert status == 0 and out.count("\n") == 1 and isinstance(json.loads(out), dict)


def test_dummy_in_a_two_player_2023_game(cli_json):
    data = cli_json("score", "--region", "Toledo", "--count", "red=3", "--count", "blue=1", "--dummy", "3")
    assert data["columns"] == 2
    assert data["points"] == {"red": 4, "blue": 0}  # tied with the dummy: 2nd place; blue 3rd


def test_tile_replaces_the_values(cli_json):
    data = cli_json("score", "--region", "Galicia", "--tile", "8/4/0", "--count", "red=2", "--count", "blue=1")
    assert data["points"] == {"red": 8, "blue": 4}


def test_first_only(cli_json):
    data = cli_json("score", "--region", "Castilla", "--first-only", "--count", "a=2", "--count", "b=2",
                    "--count", "c=1", "--players", "4")
    assert data["points"] == {"a": 0, "b": 0, "c": 0}


def test_classic_two_players_score_only_first(cli_json):
    data = cli_json("score", "--edition", "classic", "--region", "castilla la nueva",
                    "--count", "red=3", "--count", "blue=1")
    assert data["points"] == {"red": 7, "blue": 0}


def test_grande_matches_colour_forgivingly(cli_json):
    data = cli_json("score", "--region", "Sevilla", "--count", "Blue=3", "--grande", "blue")
    assert data["points"] == {"Blue": 6}


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--region", "Madrid", "--count", "a=1"], "unknown region 'Madrid'"),
        (["--region", "Aragon", "--count", "a=-1"], "must not be negative"),
        (["--region", "Aragon", "--count", "a=1.5"], "whole number"),
        (["--region", "Aragon", "--count", "a"], "COLOR=N"),
        (["--values", "5/3", "--count", "a=1"], "three whole numbers"),
        (["--region", "Aragon", "--tile", "8-4-0", "--count", "a=1"], "three whole numbers"),
        (["--region", "Aragon", "--count", "red=1", "--count", "RED=2"], "given twice"),
        (["--region", "Aragon", "--castillo", "--count", "a=1"], "not allowed with"),
        (["--region", "Aragon"], "at least one --count"),
        (["--count", "a=1"], "say where"),
        (["--region", "Aragon", "--count", "a=1", "--players", "7"], "2 to 5 players"),
        (["--region", "Aragon", "--count", "a=1", "--count", "b=1", "--count", "c=1", "--players", "2"],
         "3 colours"),
        (["--edition", "classic", "--region", "Aragon", "--count", "a=1", "--dummy", "2"], "no dummy"),
        # Issue 11: the dummy is the 2-player rule of the 2023 edition only.
        (["--region", "Aragon", "--count", "a=1", "--count", "b=1", "--count", "c=1", "--dummy", "2"],
         "only in a 2-player game, not with 3 players"),
        (["--region", "Aragon", "--count", "a=1", "--players", "4", "--dummy", "2"], "not with 4 players"),
        (["--region", "Aragon", "--count", "a=1", "--grande", "b"], "--grande 'b'"),
        (["--edition", "1995", "--region", "Aragon", "--count", "a=1"], "unknown edition"),
        (["--region", "Aragon", "--count", "a=1", "--frobnicate"], "unrecognized arguments"),
    ],
)
def test_bad_input_is_one_line_and_status_2(cli, argv, message):
    status, out, err = cli("score", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("elgrande-companion score: ")
    assert message in err
    assert "Traceback" not in err


def test_help_lists_the_subcommands(capsys):
    from companion.cli import main

    with pytest.raises(SystemExit) as info:
        main(["--help"])
    out = capsys.readouterr().out
    assert info.value.code == 0
    assert "score" in out and "run" in out


def test_python_dash_m_runs_the_calculator():
    done = subprocess.run(
        [sys.executable, "-m", "companion", "score", "--region", "Aragón", "--count", "red=2", "--json"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["points"] == {"red": 5}
