"""A whole game of Grand Inquisitor & the Colonies (the Big Box), scripted: a demo, a test and
the template for a key script. Four players, the classic deck, scores only: the black Caballeros
start in Valencia and Toledo, the Limit table in Cataluña; Cy takes the Grand Inquisitor in
round 1 and Ann takes him back in round 5; gold and wares reach Spain in rounds 2 and 7; every
general scoring goes on after Valencia with France, the ship, America and the Mediterranean,
their seats asked. Every number is chosen so the score sheet checks by hand.
"""

from companion.game import script
from companion.game import steps as s
from companion.game.game import Game
from companion.game.settings import REVISION, Player, Settings

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"), Player("Di", "yellow"))
SETUP = s.SetupDone(king="castilla", first="red",
                    homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "granada")),
                    black=("valencia", "toledo"), limit_table="cataluna")
#: Where each player's secret disc sends their Castillo Caballeros.
DISCS = {"red": "navarra", "blue": "granada", "green": "sevilla", "yellow": "valencia"}
#: Each general scoring: the counts that differ from what the companion pre-fills (the Castillo and
#: the other places are scored as pre-filled), and who sits on the seats (else as they were).
SCORINGS = (
    {"galicia": {"red": 3, "blue": 1}, "cataluna": {"blue": 4, "green": 2},  # on the Limit table (10 spaces)
     "valencia": {"yellow": 4, "black": 2, "red": 1},  # Cy holds the Grand Inquisitor: black is his
     "france": {"red": 2, "blue": 1}, "ship": {"green": 2}, "america": {"yellow": 2, "green": 1},
     "mediterranean": {"blue": 2, "yellow": 1}},
    {"aragon": {"blue": 5, "red": 2}, "toledo": {"black": 2, "green": 3, "yellow": 3},  # Ann holds him now
     "france": {"red": 1, "yellow": 2}, "ship": {"blue": 1, "green": 1}},
    {"granada": {"yellow": 4, "blue": 4, "green": 1}, "america": {"red": 3, "yellow": 1},
     "mediterranean": {"red": 2, "blue": 2, "green": 3}},
)
SEATS = (
    {"france": (("Ambassador", "red"), ("Envoy", "blue")), "ship": (("Captain", "green"),),
     "america": (("Viceroy", "green"),)},
    {"france": (("Ambassador", "yellow"), ("Envoy", "red")), "ship": (("Captain", "blue"),)},
    {"america": (("Viceroy", "yellow"),)},
)


def colonies_game(path=None, seed: int = 11) -> Game:
    """Play the whole scripted Colonies game (into a journal at ``path``); returns it at game over."""
    game = Game.new(Settings(edition="classic", players=PLAYERS, seed=seed, revision=REVISION,
                             expansion="colonies"), path)
    game.send(SETUP)
    return script.to_the_end(game, _turn, lambda g, n: script.scoring_as_counted(g, DISCS, SCORINGS[n], SEATS[n]))


def _turn(game: Game) -> None:
    state = game.state
    colour = state.active
    assert colour is not None
    grand_inquisitor = (state.round, colour) in ((1, "green"), (5, "red"))
    stack = 6 if grand_inquisitor else game.prompt.choices[0]
    game.send(s.ActionCardTaken(colour, stack))
    if state.turn < 2 and state.round in (1, 3, 4, 6, 7, 9):  # the first two of these rounds throw 1
        game.send(s.CastilloThrow(colour, 1))
    if (state.round, colour) == (2, "blue"):
        game.send(s.Delivered("blue", "gold"))
    if (state.round, colour) == (7, "yellow"):
        game.send(s.Delivered("yellow", "wares"))
    game.send(s.TurnEnded(colour))
