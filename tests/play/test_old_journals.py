"""Old games keep working: journals written by earlier versions replay to the same standings.

Each file in tests/fixtures/journals/ was written by the version its name starts
with (``0.1-…``: the companion as of issue 5, before journal validation; ``0.2-…``:
unit lines and one secret disc per step; ``0.3-…``: the board recorded, placements and
moves; ``0.4-…``: the Court intake step, a game stopped in a general scoring; a Big Box game of
Grand Inquisitor & the Colonies, with seats, black Caballeros, the Limit table and deliveries;
``0.5-…``: the Big Box with the board recorded: the setup's discs, sails, France and the ship,
the Limit table moved, Grandissimo's ship, jail and pardon; ``0.6-…``: rules revision 2 (issue 20:
the Power card's Caballeros to the Court at the start of each turn, a turn held to the rules, the
card effects as much as possible) and ``secret_castillo`` in the header, a few turns and a whole
board game played by keys; rules revision 3, issue 21: a sail after the placement, the Grand
Inquisitor left, the colonies' discs, Quarantine, a card the table decides, the Jester's gift and
the Double turn's second card; ``0.7-…``: ``classic_text`` in the header, a classic game by the
1995 rules: the Castillo scored by a *Special Scoring* of a region, an Eviction's disc on the emptied
region; rules revision 4, issue 20/22: the typical table, a whole 4-player 2023 game with every
card played whole, and a 5-player 2023 game with black seated, whose Castillo Caballeros revision 4
keeps in the Castillo for ever (issue 32's defect, replayed as it was played); ``0.8-…``: rules
revision 5 and the snapshot's format 2: the same 5-player table, black leaving the Castillo by his
disc; rules revision 6, issue 35: a 4-player classic game by keys whose action cards the companion
dealt, ``deals`` in the header and no step naming a card: tests/ui/test_dealt_game_by_keys.py); the
first step kind no older log holds, ``ActionCardNamed`` (issue 35: a take that names no card, the card
named at its action on the turn page), in three rounds of a 3-player classic game of the plan table
(companion/measure/plan_table.py, seed 1), still rules revision 6: a new step kind changes nothing an
older log replays. Add one whenever the format grows; never edit one.
"""

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.play.game import Game
from companion.record.journal import read_only

FIXTURES = Path(__file__).parents[1] / "fixtures" / "journals"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text(encoding="utf-8"))


def test_every_fixture_has_its_expected_standings():
    assert sorted(p.name for p in FIXTURES.glob("*.jsonl")) == sorted(EXPECTED)
    assert len(EXPECTED) >= 10


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_old_journal_replays_to_the_same_standings(name):
    assert_recorded(Game.from_record(read_only(FIXTURES / name)), name)


def assert_recorded(game, name):
    state, want = game.state, EXPECTED[name]
    assert game.phase == want["phase"]
    assert state.round == want["round"]
    assert {state.name(c): state.scores.get(c, 0) for c in state.colours} == want["scores"]
    assert state.king == want["king"]
    assert len(game.steps) == want["steps"]
    # Journals before 0.3 keep scores only; a board game's every Caballero is where it was.
    assert state.settings.board == ("board" in want)
    if "board" in want:
        assert {r: c for r, c in state.counts.items() if c} == want["board"]
        assert (state.court, state.province) == (want["courts"], want["provinces"])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_old_journal_resumes_without_being_changed_or_set_aside(name, tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_bytes((FIXTURES / name).read_bytes())
    game = Game.resume(path)
    game.close()
    assert game.journal.warnings == []
    assert path.read_bytes() == (FIXTURES / name).read_bytes()
    # only the snapshot is new beside it (derived: docs/journal.md)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl", "game.jsonl.snapshot"]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_old_journal_resumes_to_its_recorded_state_with_and_without_a_snapshot(name, tmp_path, monkeypatch):
    path = tmp_path / "game.jsonl"
    path.write_bytes((FIXTURES / name).read_bytes())
    applied = []
    apply = Game._apply
    monkeypatch.setattr(Game, "_apply", lambda game, step: (applied.append(step), apply(game, step)))
    for replayed in (EXPECTED[name]["steps"], 0):  # without a snapshot (the log replayed), then from it
        applied.clear()
        game = Game.resume(path)
        game.close()
        assert_recorded(game, name)
        assert len(applied) == replayed
    assert path.read_bytes() == (FIXTURES / name).read_bytes()


def test_replay_json_of_an_old_journal(capsys):
    name = "0.1-2023-4p-sample-by-keys.jsonl"
    assert main(["replay", str(FIXTURES / name), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scores"] == EXPECTED[name]["scores"] == {"Red": 71, "Blue": 49, "Green": 54, "Yellow": 48}


def test_replay_json_says_where_every_caballero_is(capsys):
    name = "0.3-2023-3p-board.jsonl"
    assert main(["replay", str(FIXTURES / name), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    want = EXPECTED[name]
    assert out["board_recorded"] is True
    assert (out["board"], out["courts"], out["provinces"]) == (want["board"], want["courts"], want["provinces"])
    assert out["grandes"] == {"red": "galicia", "blue": "aragon", "green": "sevilla"}
    assert out["tiles"] == {"8/4/0": None, "4/0/0": None} and out["castillo"] == {}
    for colour in ("red", "blue", "green"):
        on_board = sum(counts.get(colour, 0) for counts in out["board"].values())
        assert on_board + out["courts"][colour] + out["provinces"][colour] == 30


def test_replay_json_reports_a_big_box_games_holdings(capsys):
    name = "0.4-classic-4p-colonies.jsonl"
    assert main(["replay", str(FIXTURES / name), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["expansion"] == "colonies" and out["regions"][-4:] == ["france", "ship", "america", "mediterranean"]
    assert (out["grand_inquisitor"], out["limit_table"]) == ("Red", "cataluna")  # Ann took him back in round 5
    assert out["seats"] == {"Ambassador": "Yellow", "Envoy": "Red", "Captain": "Blue", "Viceroy": "Green"}
    assert out["delivered"] == {"Blue": ["gold"], "Yellow": ["wares"]}
    assert out["board"]["toledo"] == {"green": 3, "yellow": 3, "black": 2}
