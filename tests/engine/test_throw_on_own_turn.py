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
from companion.measure import script
from companion.play.game import Game

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETUP = s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")))


def on_anns_turn(board: bool, revision: int = REVISION) -> Game:
    game = Game.new(Settings(players=PLAYERS, seed=5, board=board, revision=revision))
    game.send(SETUP)
    script.power_cards(game, {"red": 13, "blue": 1, "green": 8})
    game.send(s.ActionCardTaken("red", 3))
    return game


@pytest.mark.parametrize("board", [True, False], ids=["board recorded", "scores only"])
def test_a_player_who_is_not_active_cannot_throw_into_the_castillo(board):
    game = on_anns_turn(board)
    with pytest.raises(s.StepRefused, match="^Bo throws into the Castillo only on his own turn: it is Ann's$"):
        game.send(s.CastilloThrow("blue", 1))
    game.send(s.CastilloThrow("red", 1))  # Ann's own throw, on her turn
    assert game.state.castillo == {"red": 1}


def test_a_game_started_before_revision_2_replays_such_a_throw():
    game = on_anns_turn(True, revision=1)
    game.send(s.CastilloThrow("blue", 1))
    assert game.state.castillo == {"blue": 1}
