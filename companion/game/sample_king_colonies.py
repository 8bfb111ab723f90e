"""A whole game of The King & the Colonies (the Big Box), scripted: a demo, a test and the template
for a key script. Four players, the classic deck, scores only: Intrigue & the King's cards deal the
King's card, the Intrigue card and the Caballero cards (S:270), on the Colonies' board (the black
Caballeros in Valencia and Toledo, the Limit table in Cataluña). Each round a turn may take the
Grand Inquisitor card (3 Caballeros) or the stack-7 card (up to 5, its number unknown) instead of
its own special action, one taker each (S:273-274): Cy takes the Grand Inquisitor in round 1, Ann
(the King's holder) in round 5, Di in round 8, so black counts for each in turn at the general
scorings; Cy's own 145 scores Galicia in round 4; the King's card moves the King to Aragón in
round 3; gold and wares reach Spain in rounds 2 and 7. Every number is chosen so the score sheet
checks by hand.
"""

from companion.game import script
from companion.game import steps as s
from companion.game.game import Game
from companion.game.sample_intrigue import cards_played, turns_taken
from companion.game.settings import REVISION, Player, Settings

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"), Player("Di", "yellow"))
SETUP = s.SetupDone(king="castilla", first="red",
                    homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "granada")),
                    black=("valencia", "toledo"), limit_table="cataluna")
#: The card each player plays, round by round (each value once a game, none twice in a round).
CARDS = {
    1: {"red": 130, "blue": 60, "green": 25, "yellow": 180},
    2: {"red": 90, "blue": 150, "green": 70, "yellow": 20},
    3: {"red": 40, "blue": 110, "green": 140, "yellow": 100},
    4: {"red": 160, "blue": 30, "green": 145, "yellow": 50},
    5: {"red": 170, "blue": 80, "green": 10, "yellow": 93},
    6: {"red": 120, "blue": 180, "green": 35, "yellow": 63},
    7: {"red": 75, "blue": 100, "green": 15, "yellow": 110},
    8: {"red": 23, "blue": 140, "green": 50, "yellow": 135},
    9: {"red": 63, "blue": 13, "green": 160, "yellow": 150},
}
#: What a turn does beyond the end: (round, colour) -> its choice (None: the one the rules
#: prescribe, the prompt's first) and its steps.
TURNS: dict[tuple[int, str], tuple[str | None, tuple[s.Step, ...]]] = {
    (1, "blue"): ("stack_7", (s.CastilloThrow("blue", 2),)),
    (1, "green"): ("grand_inquisitor", (s.CastilloThrow("green", 3),)),  # the Intrigant takes him instead
    (2, "blue"): (None, (s.Delivered("blue", "gold"),)),  # the gold of round 1's stack-7 card
    (2, "red"): ("stack_7", (s.CastilloThrow("red", 4),)),
    (3, "green"): (None, (s.KingMoved("aragon", by_card=True),)),
    (3, "yellow"): ("stack_7", (s.CastilloThrow("yellow", 1),)),
    (4, "green"): ("own", (s.SpecialScoringStarted("region", ("galicia",)),
                           s.Scored("galicia", (("red", 3), ("blue", 1))))),
    (5, "red"): ("grand_inquisitor", (s.CastilloThrow("red", 3),)),  # the King's holder takes him instead
    (5, "yellow"): ("stack_7", ()),
    (6, "blue"): ("stack_7", (s.CastilloThrow("blue", 5),)),
    (6, "green"): (None, (s.CastilloThrow("green", 2),)),
    (7, "red"): ("stack_7", ()),
    (7, "yellow"): (None, (s.Delivered("yellow", "wares"),)),
    (8, "yellow"): ("grand_inquisitor", (s.CastilloThrow("yellow", 1),)),
    (8, "green"): ("stack_7", (s.CastilloThrow("green", 4),)),
    (9, "green"): ("stack_7", ()),
}
#: Where each player's secret disc sends their Castillo Caballeros, scoring by scoring.
DISCS = ({"red": "navarra", "blue": "granada", "green": "sevilla", "yellow": "valencia"},
         {"red": "toledo", "blue": "aragon", "green": "galicia", "yellow": "navarra"},
         {"red": "cataluna", "blue": "galicia", "green": "granada", "yellow": "sevilla"})
#: Each general scoring: the counts (and seats) that differ from what the companion pre-fills.
SCORINGS = (
    {
        "galicia": ({"red": 3, "blue": 1}, ()),
        "cataluna": ({"blue": 4, "green": 2}, ()),  # on the Limit table (10 spaces)
        "valencia": ({"yellow": 4, "black": 2, "red": 1}, ()),  # Cy holds the Grand Inquisitor: black is his
        "france": ({"red": 2, "blue": 1}, (("Ambassador", "red"), ("Envoy", "blue"))),
        "ship": ({"green": 2}, (("Captain", "green"),)),
        "america": ({"yellow": 2, "green": 1}, (("Viceroy", "green"),)),
        "mediterranean": ({"blue": 2, "yellow": 1}, ()),
    },
    {
        "aragon": ({"blue": 5, "red": 2}, ()),
        "toledo": ({"black": 2, "green": 3, "yellow": 3, "red": 2}, ()),  # Ann holds him now: black is hers
        "france": ({"red": 1, "yellow": 2}, (("Ambassador", "yellow"), ("Envoy", "red"))),
        "ship": ({"blue": 1, "green": 1}, (("Captain", "blue"),)),
    },
    {
        "toledo": ({"black": 2, "green": 3, "red": 1}, ()),  # Di holds him: black is hers
        "granada": ({"yellow": 4, "blue": 4, "green": 1}, ()),
        "america": ({"red": 3, "yellow": 1}, (("Viceroy", "yellow"),)),
        "mediterranean": ({"red": 2, "blue": 2, "green": 3}, ()),
    },
)


def king_colonies_game(path=None, seed: int = 17) -> Game:
    """Play the whole scripted K&C game (into a journal at ``path``); returns it at game over."""
    game = Game.new(Settings(edition="classic", players=PLAYERS, seed=seed, revision=REVISION,
                             expansion="king_colonies"), path)
    game.send(SETUP)
    return script.to_the_end(game, turns_taken(TURNS), _scoring, power=cards_played(CARDS))


def _scoring(game: Game, number: int) -> None:
    regions = SCORINGS[number]
    script.scoring_as_counted(game, DISCS[number], {r: counts for r, (counts, _) in regions.items()},
                              {r: seats for r, (_, seats) in regions.items() if seats})
