"""Only the active player throws into the Castillo (issue 20, item 11).

000 l.261-272: "You may place as many of your own Caballeros on the game board as are shown on the
bottom of your Action card. [...] You may only use Caballeros from **your Court**. [...] Instead of
placing Caballeros in regions, you may throw some or all of them into the Castillo." -- a part of
one's own turn. 001 l.494 (moving by a card): "You are not allowed to move Caballeros out of the
Castillo or from your Court." So nobody throws from his Court during another's turn.
"""

import pytest

from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.engine.state import GameState
from tests.engine import states

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETUP = s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")))


def on_anns_turn(board: bool, revision: int = REVISION) -> GameState:
    state = states.set_up(Settings(players=PLAYERS, seed=5, board=board, revision=revision), SETUP)
    states.power_cards(state, {"red": 13, "blue": 1, "green": 8})
    return states.take(state, s.ActionCardTaken("red", 3))


@pytest.mark.parametrize("board", [True, False], ids=["board recorded", "scores only"])
def test_a_player_who_is_not_active_cannot_throw_into_the_castillo(board):
    state = on_anns_turn(board)
    states.refused(state, s.CastilloThrow("blue", 1), "^Bo throws into the Castillo only on his own turn: it is Ann's$")
    states.take(state, s.CastilloThrow("red", 1))  # Ann's own throw, on her turn
    assert state.castillo == {"red": 1}


def test_a_game_started_before_revision_2_replays_such_a_throw():
    state = on_anns_turn(True, revision=1)
    states.take(state, s.CastilloThrow("blue", 1))
    assert state.castillo == {"blue": 1}
