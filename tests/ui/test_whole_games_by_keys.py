"""Whole games to game over through the four keys alone, with the final scores checked.

The `Keys` player (keys_player.py) enters each step the way a person would.

* The 4-player game is exactly the sample game (companion.measure.sample, final
  scores checked by hand in tests/engine/test_scenarios.py), step for step.
* The same sample game with the board recorded, its standings from the board alone.

The 2-player game against the dummy is test_dummy_game_by_keys.py's.
"""

from __future__ import annotations

import dataclasses
import os

from companion.engine import board
from companion.engine import steps as s
from companion.engine.settings import Player
from companion.measure import sample
from companion.measure.key_scripts import SAMPLE_BOARD_KEYS, SAMPLE_KEYS
from companion.play.game import Game
from companion.record.journal import read_only
from companion.rules import spain
from companion.ui.grammar import OK
from tests.ui.keys_player import REGENERATE, Keys, facts, grouped, key_script, units

# -- the 4-player sample game ----------------------------------------------------------


def test_the_sample_four_player_game_by_keys_alone(tmp_path):
    wanted = sample.four_player_game(tmp_path / "sample.jsonl")
    assert wanted.state.scores == {"red": 71, "blue": 49, "green": 54, "yellow": 48}
    keys = Keys(tmp_path / "keys.jsonl", seed=wanted.settings.seed)
    setup, *rest = wanted.steps
    keys.new_game([p.colour for p in wanted.settings.players], setup, secret=wanted.settings.secret_castillo)
    for step in rest:
        keys.enter(step)
    game = keys.ui.game

    # Game over: the last general scoring's results, then the standings, as the table sees them.
    assert game.over
    assert keys.screen.kind == "results"
    keys.script.append(("the results read: the standings", []))
    standings = keys.press(OK)
    assert standings.kind == "standings" and standings.headline == "Game over"
    assert [(row.text, row.right) for row in standings.body.rows] == [
        ("1. Red", "71"), ("2. Green", "54"), ("3. Blue", "49"), ("4. Yellow", "48")]
    assert game.state.scores == {"red": 71, "blue": 49, "green": 54, "yellow": 48}

    # The same game: the settings (but the names the wizard gives), and the same steps.
    names = tuple(Player(p.colour.title(), p.colour) for p in wanted.settings.players)
    assert game.settings == dataclasses.replace(wanted.settings, players=names)
    steps = grouped(game.settings.colours, game.steps)
    assert len(steps) == len(wanted.steps) == 150
    assert facts(game.settings, steps) == facts(wanted.settings, wanted.steps)
    # Only the form of Scored and SecretDiscs differs (see facts()); every other step is identical.
    differ = [(a, b) for a, b in zip(wanted.steps, steps) if a != b]
    assert {a.kind for a, _ in differ} == {"Scored", "SecretDiscs"}
    assert [a for a, _ in differ if a.kind == "SecretDiscs"] == [wanted.steps[45]]  # blue's "navarra"
    assert steps[45] == s.SecretDiscs((("red", "toledo"), ("blue", None), ("green", None), ("yellow", "galicia")))
    assert game.steps[45:47] == (s.SecretDisc("red", "toledo"), s.SecretDisc("yellow", "galicia"))

    # The journal on disk holds what the keys entered, and replays to the same scores.
    game.close()
    journal = read_only(tmp_path / "keys.jsonl")
    assert [s.Step.from_json(entry) for entry in journal.steps] == list(game.steps)
    assert Game.from_record(journal).state.scores == {"red": 71, "blue": 49, "green": 54, "yellow": 48}

    # The presses are shipped as a key script (the demo, the benchmark's scripted game).
    script = key_script(keys, "The sample 4-player game (companion/measure/sample.py) from a new game to the standings.")
    if os.environ.get(REGENERATE):
        SAMPLE_KEYS.write_text(script)
    assert SAMPLE_KEYS.read_text() == script, f"{SAMPLE_KEYS} is stale: {REGENERATE}=1 rewrites it"

    presses = keys.ui.presses
    print(f"\nsample game by keys: {presses} presses for {len(game.steps)} steps; by kind of step:",
          dict(keys.spent.most_common()))
    assert sum(keys.spent.values()) + 1 == presses  # + the OK on the last results
    assert presses <= 400, presses


# -- the sample game with the board recorded ---------------------------------------------

#: What the board sample's scorings gave, as the board alone says (checked by hand for round 3
#: below): the final standings.
BOARD_STANDINGS = {"green": 57, "blue": 55, "yellow": 49, "red": 45}


def test_the_board_sample_game_by_keys_alone_its_standings_from_the_board(tmp_path):
    wanted = sample.board_game(tmp_path / "sample.jsonl")
    assert wanted.state.scores == BOARD_STANDINGS
    # Every scoring scored the board as the companion knew it: no count was changed at a scoring.
    replay = Game(wanted.settings)
    for step in wanted.steps:
        if isinstance(step, s.Scored):
            known = replay.state.castillo if step.where == spain.CASTILLO else replay.state.counts[step.where]
            assert dict(step.counts) == {c: n for c, n in known.items() if n}, step
        replay.send(step)
    assert not any(isinstance(step, (s.CountsCorrected, s.CastilloCorrected, s.CaballerosMoved))
                   for step in wanted.steps)

    keys = Keys(tmp_path / "keys.jsonl", seed=wanted.settings.seed, board=True)
    setup, *rest = wanted.steps
    keys.new_game([p.colour for p in wanted.settings.players], setup, secret=wanted.settings.secret_castillo)
    for unit in units(grouped(wanted.settings.colours, rest)):
        if isinstance(unit[0], (s.Placed, s.CastilloThrow)):
            keys.enter_placements(unit)
        else:
            keys.enter(*unit)
    game = keys.ui.game
    assert game.over and keys.screen.kind == "results"
    keys.script.append(("the results read: the standings", []))
    standings = keys.press(OK)
    assert [(row.text, row.right) for row in standings.body.rows] == [
        ("1. Green", "57"), ("2. Blue", "55"), ("3. Yellow", "49"), ("4. Red", "45")]
    steps = grouped(game.settings.colours, game.steps)
    assert facts(game.settings, steps) == facts(wanted.settings, grouped(wanted.settings.colours, wanted.steps))
    for colour in game.settings.colours:
        assert board.total(game.state, colour) == 30

    script = key_script(keys, "The sample 4-player game with the board recorded (companion/measure/sample.py "
                              "board_game) from a new game to the standings.")
    if os.environ.get(REGENERATE):
        SAMPLE_BOARD_KEYS.write_text(script)
    assert SAMPLE_BOARD_KEYS.read_text() == script, f"{SAMPLE_BOARD_KEYS} is stale: {REGENERATE}=1 rewrites it"
    print(f"\nboard sample game by keys: {keys.ui.presses} presses for {len(game.steps)} steps;",
          dict(keys.spent.most_common()))
