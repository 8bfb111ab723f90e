"""A complete scripted game: for the benchmark, the `screens` command and demos.

Four players, 2023 edition, a scoring tile, special scorings and three
general scorings; every number chosen so the result is easy to check.
"""

from companion.game import script
from companion.game import steps as s
from companion.game.game import Game
from companion.game.state import REVISION, Player, Settings

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"), Player("Di", "yellow"))
SETUP = s.SetupDone(king="castilla", first="red",
                    homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "valencia")))
FIRST_SCORING = {
    "galicia": {"red": 2, "yellow": 1},
    "navarra": {"red": 1, "green": 2},
    "aragon": {"blue": 3, "green": 2, "red": 1},
    "toledo": {"yellow": 3, "blue": 1},
    "sevilla": {"green": 2},
    "granada": {"red": 2, "blue": 2, "yellow": 1},
    "valencia": {"yellow": 2, "red": 3},
}


def four_player_game(path=None, seed: int = 7) -> Game:
    """Play the whole sample game (into a journal at `path` if given); returns it at game over."""
    game = Game.new(Settings(players=PLAYERS, seed=seed, revision=REVISION), path)
    game.send(SETUP)
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5, "yellow": 8})
    script.turn(game, 4, s.TileMoved("8/4/0", "granada", by_card=True), s.CastilloThrow("red", 2))
    script.turn(game, 5, s.KingMoved("toledo", by_card=True), s.CastilloThrow("yellow", 1))
    script.turn(game, 3, *script.special_scoring(game, "group5", [
        ("navarra", {"red": 1, "green": 2}),
        ("aragon", {"blue": 2, "green": 2, "red": 1}),
        ("valencia", {"yellow": 2, "red": 3}),
    ]))
    script.turn(game, 1)
    script.power_cards(game, {"blue": 13, "green": 1, "yellow": 9, "red": 12})
    script.quiet_turns(game)
    script.quiet_round(game)
    script.general_scoring(game, {"red": "toledo", "yellow": "galicia", "blue": "navarra"},
                           castillo={"red": 2, "yellow": 1}, regions=FIRST_SCORING)
    for _ in range(2):
        for _ in range(3):
            script.quiet_round(game)
        script.general_scoring(game, {})
    return game
