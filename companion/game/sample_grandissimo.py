"""A whole game of Grandissimo (the Big Box), scripted: a demo, a test and the template for a key
script. Three players, the classic deck, scores only: the 2 black Caballeros start in Valencia
(ignored at every scoring, S:398); stack 7 is the Queen & Jester card; a ship token and the Grand
Inquisitor change hands from the menu; the King's card takes the King to Portugal in round 5;
Portugal (5/0/0) is scored after Valencia. Every number is chosen so the sheet checks by hand.
"""

from companion.game import script
from companion.game import steps as s
from companion.game.game import Game
from companion.game.settings import REVISION, Player, Settings

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETUP = s.SetupDone(king="castilla", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")),
                    black=("valencia",))
DISCS = {"red": "navarra", "blue": "granada", "green": "toledo"}
#: What happens beside the turn's card: (round, colour) -> steps after taking it (stack 7: the
#: Queen or the Jester; stack 5: the King's card).
EVENTS: dict[tuple[int, str], list[s.Step]] = {
    (1, "green"): [s.HoldingMoved("Queen", "green")],
    (2, "red"): [s.HoldingMoved("Jester", "red"), s.CastilloThrow("red", 2)],
    (3, "blue"): [s.HoldingMoved("Ship token 1", "blue")],
    (4, "green"): [s.HoldingMoved("Grand Inquisitor", "green"), s.CastilloThrow("green", 1)],
    (5, "red"): [s.KingMoved("portugal", by_card=True)],
    (7, "blue"): [s.HoldingMoved("Queen", "blue"), s.CastilloThrow("blue", 3)],
}
#: The counts of each general scoring that differ from what the companion pre-fills.
SCORINGS = (
    {"valencia": {"black": 2, "red": 2, "green": 1}, "portugal": {"red": 2, "blue": 1},
     "navarra": {"red": 4, "blue": 2}},
    {"portugal": {"red": 2, "green": 2}, "toledo": {"green": 4, "blue": 3}},
    {"portugal": {"blue": 3, "red": 1}, "granada": {"blue": 5, "green": 2}},
)


def grandissimo_game(path=None, seed: int = 13) -> Game:
    """Play the whole scripted Grandissimo game (into a journal at ``path``); returns it at game over."""
    game = Game.new(Settings(edition="classic", players=PLAYERS, seed=seed, revision=REVISION,
                             expansion="grandissimo"), path)
    game.send(SETUP)
    return script.to_the_end(game, _turn, lambda g, n: script.scoring_as_counted(g, DISCS, SCORINGS[n]))


def _turn(game: Game) -> None:
    state = game.state
    colour = state.active
    assert colour is not None
    events = EVENTS.get((state.round, colour), [])
    wanted = 7 if any(isinstance(e, s.HoldingMoved) and e.what in ("Queen", "Jester") for e in events) else (
        5 if any(isinstance(e, s.KingMoved) for e in events) else None)
    stack: int = wanted if wanted is not None and wanted in game.prompt.choices else game.prompt.choices[0]
    game.send(s.ActionCardTaken(colour, stack))
    for event in events:
        game.send(event)
    game.send(s.TurnEnded(colour))
