"""Short ways for the Big Box's game tests: the tables they play (Colonies, Grandissimo), to reach
and read a general scoring (scores only), and Intrigue & the King's quiet turns."""

import dataclasses

from companion.engine.modes import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.measure import script
from companion.play.game import Game

FOUR = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"), Player("Di", "yellow"))
#: Grand Inquisitor & the Colonies, the board recorded: its setup and its setup discs.
COLONIES = Settings(edition="classic", players=FOUR, seed=5, revision=REVISION, expansion="colonies", board=True)
SETUP = s.SetupDone(king="cataluna", first="red", homes=(
    ("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "granada")),
    black=("valencia", "toledo"), limit_table="castilla")
DISCS = s.SetupDiscs((("red", "navarra"), ("blue", "cataluna"), ("green", "castilla"), ("yellow", None)))
GRANDISSIMO = Settings(edition="classic", players=FOUR[:3], seed=5, revision=REVISION, expansion="grandissimo",
                       board=True)


def grandissimo(revision: int = REVISION, board_recorded: bool = True) -> Game:
    """Grandissimo for three, the King in Galicia, a black Caballero in Valencia; the Power cards played
    (Ann, Bo, Cy in that order)."""
    game = Game.new(dataclasses.replace(GRANDISSIMO, revision=revision, board=board_recorded))
    game.send(s.SetupDone(king="galicia", first="red", black=("valencia",),
                          homes=(("red", "navarra"), ("blue", "sevilla"), ("green", "toledo"))))
    script.power_cards(game, {"red": 13, "blue": 12, "green": 11})
    return game


def to_the_regions(game: Game) -> None:
    """Three quiet rounds, no discs, an empty Castillo: the general scoring's first region."""
    for _ in range(3):
        script.quiet_round(game)
    game.send(s.SecretDiscs(tuple((c, None) for c in game.state.colours)))
    game.send(s.Scored("castillo", ()))


def score_until(game: Game, where: str) -> None:
    """Score the places before ``where`` as the companion pre-fills them."""
    while game.prompt.choices[0] != where:
        here = game.prompt.choices[0]
        game.send(s.Scored(here, tuple(game.state.counts[here].items())))


def points(game: Game, where: str) -> dict[str, int]:
    """What each colour scored at ``where`` in the game so far."""
    return {line.colour: line.points for line in game.state.sheet if line.where == where}


def quiet_turns(game: Game) -> None:
    """Intrigue & the King: every remaining turn takes its first special action and nothing else."""
    while game.phase == "turns":
        colour = game.state.active
        game.send(s.SpecialActionChosen(colour, game.prompt.choices[0]), s.TurnEnded(colour))
