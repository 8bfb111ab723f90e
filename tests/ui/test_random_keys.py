"""Long random key sequences, long presses and undo included: the companion never
crashes, every screen draws, and the journal always replays to what is shown.

Each example starts somewhere in the sample game (or in the setup wizard), so
random presses reach every phase, not only the wizard's first pages.
"""

import json
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.measure.sample import four_player_game
from companion.play.game import Game
from companion.record.journal import read_only
from companion.ui.controller import Controller
from companion.ui.draw.render import render
from tests.hypothesis_budget import examples

# OK is pressed most, as at the table; long presses (menu, undo) now and then.
press = st.one_of(
    st.tuples(st.sampled_from([3, 3, 3, 3, 1, 1, 0, 2]), st.just(False)),
    st.tuples(st.sampled_from([0, 3]), st.just(True)),
)


@lru_cache(maxsize=1)
def sample():
    game = four_player_game()
    return game.settings, game.steps


def check(ui: Controller, path: Path) -> None:
    render(ui.screen())  # every screen can be drawn
    game = ui.game
    if game is None or game.journal is None:
        return
    recorded = read_only(game.journal.path)
    assert recorded.steps == json.loads(json.dumps([step.to_json() for step in game.steps]))
    again = Game.from_record(recorded)
    assert again.state == game.state and again.phase == game.phase
    for colour in game.state.everyone:
        assert game.state.on_board(colour) <= game.state.rules.caballeros_per_colour


@pytest.mark.slow
@settings(max_examples=examples(30))
@given(start=st.integers(-1, 149), presses=st.lists(press, min_size=20, max_size=250))
def test_random_keys_never_break_the_game(start, presses):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.jsonl"
        games = iter(range(1000))

        def new_journal(settings):
            return Game.new(settings, Path(folder) / f"game-{next(games)}.jsonl")

        game = None
        if start >= 0:  # a game in progress: the sample game after `start` steps
            settings_, steps = sample()
            game = new_journal(settings_)
            for step in steps[: start + 1]:
                game.send(step)
        ui = Controller(new_journal, game=game, new_seed=lambda: 11)
        for number, (key, long) in enumerate(presses):
            ui.press(key, long)
            if number % 10 == 0 or number == len(presses) - 1:
                check(ui, path)
        if ui.game is not None:
            ui.game.close()
