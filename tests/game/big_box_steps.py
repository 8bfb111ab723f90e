"""Short ways for the Big Box's game tests: to reach and read a general scoring (scores only), and
Intrigue & the King's quiet turns."""

from companion.game import steps as s
from companion.game.game import Game
from companion.tour import script


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
