"""A whole game of Intrigue & the King (the Big Box), scripted: a demo, a test and the template
for a key script. Three players, the classic deck, scores only. Bo leads round 1 (the table's
choice); later rounds are led by the lowest card of the round before (S:166). With three
players the King's and the Intrigue card's holders may perform their own card's action instead
(S:174): Ann scores Galicia with her 145 in round 2 and the King's region with her 150 in round 4;
Cy, the Intrigant of round 5, places five with his 15 (S:176); Ann's 110 scores the Castillo in
round 6. The King's card moves the King to Toledo in round 1 and to Galicia in round 7.
"""

from collections.abc import Callable

from companion.game import script
from companion.game import steps as s
from companion.game.game import Game
from companion.game.settings import REVISION, Player, Settings

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETUP = s.SetupDone(king="castilla", first="blue",
                    homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")))
#: The card each player plays, round by round (each value once a game, none twice in a round).
CARDS = {
    1: {"blue": 40, "green": 130, "red": 20},
    2: {"red": 145, "blue": 50, "green": 30},
    3: {"green": 100, "red": 60, "blue": 120},
    4: {"red": 150, "blue": 70, "green": 10},
    5: {"green": 15, "red": 80, "blue": 90},
    6: {"green": 170, "red": 110, "blue": 13},
    7: {"blue": 180, "green": 25, "red": 35},
    8: {"green": 160, "red": 140, "blue": 23},
    9: {"blue": 63, "green": 93, "red": 75},
}
#: What a turn does beyond its prescribed special action and the end: (round, colour) -> its
#: special action (when the holder chooses his own card's) and steps.
TURNS: dict[tuple[int, str], tuple[str | None, tuple[s.Step, ...]]] = {
    (1, "green"): (None, (s.KingMoved("toledo", by_card=True), s.CastilloThrow("green", 2))),
    (1, "blue"): (None, (s.CastilloThrow("blue", 1),)),
    (2, "red"): ("own", (s.SpecialScoringStarted("region", ("galicia",)),
                         s.Scored("galicia", (("red", 3), ("blue", 1))))),
    (3, "blue"): (None, (s.CastilloThrow("blue", 2),)),
    (3, "red"): (None, (s.CastilloThrow("red", 3),)),
    (4, "red"): ("own", (s.SpecialScoringStarted("region", ("toledo",)),
                         s.Scored("toledo", (("green", 3), ("red", 2))))),
    (5, "green"): ("own", (s.CastilloThrow("green", 5),)),
    (5, "red"): (None, (s.CastilloThrow("red", 1),)),
    (6, "red"): ("own", (s.SpecialScoringStarted("castillo", ("castillo",)),)),
    (7, "blue"): (None, (s.KingMoved("galicia", by_card=True), s.CastilloThrow("blue", 4))),
    (8, "red"): (None, (s.CastilloThrow("red", 2),)),
}
#: Where each player's secret disc sends their Castillo Caballeros, scoring by scoring.
DISCS = ({"red": "valencia", "blue": "granada", "green": "toledo"},
         {"red": "navarra", "blue": "aragon", "green": "sevilla"},
         {"red": "cataluna", "blue": "galicia", "green": "granada"})
#: Each general scoring: the counts that differ from what the companion pre-fills.
SCORINGS = (
    {"galicia": {"red": 3, "blue": 1}, "aragon": {"blue": 4, "red": 1}, "toledo": {"green": 5, "red": 2},
     "sevilla": {"green": 2}, "valencia": {"red": 3, "green": 1}, "granada": {"blue": 1}},
    {"navarra": {"red": 4, "blue": 2}, "castilla": {"blue": 3, "green": 3}, "sevilla": {"green": 6, "red": 1}},
    {"galicia": {"red": 5, "blue": 4}, "cataluna": {"red": 2, "green": 2}, "granada": {"green": 4, "blue": 2}},
)


def intrigue_game(path=None, seed: int = 13) -> Game:
    """Play the whole scripted I&K game (into a journal at ``path``); returns it at game over."""
    game = Game.new(Settings(edition="classic", players=PLAYERS, seed=seed, revision=REVISION,
                             expansion="intrigue"), path)
    game.send(SETUP)
    return script.to_the_end(game, turns_taken(TURNS), lambda g, n: script.scoring_as_counted(g, DISCS[n], SCORINGS[n]),
                             power=cards_played(CARDS))


def cards_played(cards: dict[int, dict[str, int]]) -> Callable[[Game], None]:
    """The card each player plays, by round (for script.to_the_end's ``power``)."""
    def play(game: Game) -> None:
        colour = game.prompt.colour
        assert colour is not None
        game.send(s.IntrigueCardPlayed(colour, cards[game.state.round][colour]))

    return play


def turns_taken(turns: dict[tuple[int, str], tuple[str | None, tuple[s.Step, ...]]]) -> Callable[[Game], None]:
    """Each turn: the special action chosen (None: the one the rules prescribe), its steps, the end."""
    def turn(game: Game) -> None:
        state = game.state
        colour = state.active
        assert colour is not None
        action, steps = turns.get((state.round, colour), (None, ()))
        game.send(s.SpecialActionChosen(colour, action or game.prompt.choices[0]))
        for step in steps:
            game.send(step)
            if game.phase == "special_scoring" and state.to_score == ["castillo"]:  # the tally as it stands
                game.send(s.Scored("castillo", tuple(state.castillo.items())))
        game.send(s.TurnEnded(colour))

    return turn
