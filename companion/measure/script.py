"""Short ways to say what happens at the table: for scenario tests, demos,
the `screens` command and bug reports. Each helper only sends ordinary steps.
"""

from collections.abc import Callable, Iterable, Mapping

from companion.engine import steps as s
from companion.play.game import Game


def power_cards(game: Game, values: Mapping[str, int]) -> None:
    """Everyone plays a Power card, in the order the table plays them."""
    while game.phase == "power_cards":
        colour = _asked(game)
        game.send(s.PowerCardPlayed(colour, values[colour]))


def quiet_power_cards(game: Game) -> None:
    """Everyone plays the highest legal card in hand (a round where nothing matters)."""
    while game.phase == "power_cards":
        game.send(s.PowerCardPlayed(_asked(game), max(game.prompt.choices)))


def turn(game: Game, stack: int | None = None, *effects: s.Step, card: str | None = None) -> None:
    """The active player takes a card (default: the first stack left), does its effects, ends."""
    colour = _asked(game)
    game.send(s.ActionCardTaken(colour, stack if stack is not None else game.prompt.choices[0], card))
    for effect in effects:
        game.send(effect)
    if game.phase == "turns" and game.state.active == colour:
        game.send(s.TurnEnded(colour))


def quiet_turns(game: Game) -> None:
    """Every remaining player takes a card and does nothing else."""
    while game.phase == "turns":
        turn(game)


def quiet_round(game: Game) -> None:
    quiet_power_cards(game)
    quiet_turns(game)


def special_scoring(game: Game, what: str, counts: Iterable[tuple[str, Mapping[str, int]]]) -> list[s.Step]:
    """Start a special scoring and score each place with the counts given (in that order)."""
    counts = list(counts)
    steps: list[s.Step] = [s.SpecialScoringStarted(what, tuple(where for where, _ in counts))]
    steps += [s.Scored(where, tuple(c.items())) for where, c in counts]
    return steps


def general_scoring(
    game: Game,
    discs: Mapping[str, str | None],
    castillo: Mapping[str, int] | None = None,
    regions: Mapping[str, Mapping[str, int]] | None = None,
) -> None:
    """Secret discs, the Castillo, then every region in the board's order.

    Counts not given are the ones the companion pre-fills (what it knows).
    """
    game.send(s.SecretDiscs(tuple((c, discs.get(c)) for c in game.state.colours)))
    game.send(s.Scored("castillo", tuple((castillo if castillo is not None else game.state.castillo).items())))
    regions = regions or {}
    while game.phase == "regions":
        where = game.prompt.choices[0]
        counts = regions.get(where, game.state.counts[where])
        game.send(s.Scored(where, tuple(counts.items())))


def scoring_as_counted(game: Game, discs: Mapping[str, str | None],
                       regions: Mapping[str, Mapping[str, int]] | None = None,
                       seats: Mapping[str, tuple[tuple[str, str], ...]] | None = None) -> None:
    """A general scoring as the keys enter it: each player with Caballeros in the Castillo sets
    the disc given (one step each), the Castillo as tallied, then each region with the counts
    given, or as the companion pre-fills them; a Big Box region with the seats given, or as
    they were (scorings.kept_seats)."""
    from companion.engine import scorings  # (the seats of a Big Box region

    state = game.state
    for colour in [c for c in state.colours if state.castillo.get(c)]:
        game.send(s.SecretDisc(colour, discs.get(colour)))
    if game.phase == "secret_discs":
        game.send(s.SecretDiscs(tuple((c, None) for c in state.colours)))
    game.send(s.Scored("castillo", tuple(state.castillo.items())))
    regions, seats = regions or {}, seats or {}
    while game.phase == "regions":
        where = game.prompt.choices[0]
        counts = regions.get(where, state.counts[where])
        sat = seats.get(where, scorings.kept_seats(state, where, dict(counts)))
        game.send(s.Scored(where, tuple(counts.items()), seats=sat))


def to_the_end(game: Game, turn: Callable[[Game], None], scoring: Callable[[Game, int], None],
               power: Callable[[Game], None] = quiet_power_cards) -> Game:
    """Play a scripted game to game over: ``power`` plays the round's cards, ``turn`` each turn,
    ``scoring`` each general scoring (given its number, 0 for the first)."""
    scored = 0
    while game.phase != "game_over":
        if game.phase == "power_cards":
            power(game)
        elif game.phase == "turns":
            turn(game)
        else:
            scoring(game, scored)
            scored += 1
    return game


def _asked(game: Game) -> str:
    colour = game.prompt.colour
    assert colour is not None, f"nobody is asked in {game.phase}"
    return colour
