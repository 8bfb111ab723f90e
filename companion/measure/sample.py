"""A complete scripted game: for the benchmark, the `screens` command and demos.

Four players, 2023 edition, a scoring tile, special scorings and three
general scorings; every number chosen so the result is easy to check.
"""

from companion.engine import board, queries, scorings
from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.measure import script
from companion.play.game import Game

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


# -- the same table recording the board ---------------------------------------------------

#: Where each player's Caballeros go when they can (the first of these next to the King;
#: else the first region next to him), and where each player's secret disc points.
FAVOURITES = {
    "red": ("galicia", "navarra", "castilla", "toledo"),
    "blue": ("aragon", "cataluna", "navarra", "valencia"),
    "green": ("sevilla", "granada", "toledo", "castilla"),
    "yellow": ("valencia", "granada", "cataluna", "toledo"),
}
DISCS = {"red": "navarra", "blue": "cataluna", "green": "granada", "yellow": "toledo"}
#: The King's card (stack 5) moves him round Spain: round -> region.
KING_TOURS = {1: "toledo", 2: "aragon", 3: "castilla", 4: "granada", 5: "navarra", 6: "toledo",
              7: "sevilla", 8: "castilla", 9: "cataluna"}


def board_game(path=None, seed: int = 7) -> Game:
    """The sample table's game with the board recorded: every turn places its card's Caballeros
    (the first turn of each round throws one into the Castillo), the King's card moves the King,
    and every scoring scores the board as the companion knows it, unchanged. Its standings
    follow from the board alone (tests/ui/test_whole_games_by_keys.py enters it by keys)."""
    game = Game.new(Settings(players=PLAYERS, seed=seed, revision=REVISION, board=True), path)
    game.send(SETUP)
    while game.phase != "game_over":
        if game.phase == "power_cards":
            script.quiet_power_cards(game)
        elif game.phase == "turns":
            _board_turn(game)
        else:
            _board_scoring(game)
    return game


def _board_turn(game: Game) -> None:

    state = game.state
    colour = state.active
    assert colour is not None
    stack = game.prompt.choices[0]
    game.send(s.ActionCardTaken(colour, stack))
    if stack == 5:
        game.send(s.KingMoved(KING_TOURS[state.round], by_card=True))
    if state.intake[colour][0] >= 2 and not any(isinstance(step, s.CourtIntake) for step in game.steps):
        game.send(s.CourtIntake(colour, state.intake[colour][0] - 1))  # once: one fewer to the Court
    room = min(queries.card_room(state, colour), board.held(state, colour, board.COURT))
    places = board.receiving(state)
    regions = [r for r in places if r != "castillo"]
    got: dict[str, int] = {}
    if room and state.turn == 0 and "castillo" in places:
        got["castillo"], room = 1, room - 1
    if room and regions:  # a favourite next to the King (turn by turn another), a third one beside
        liked = [r for r in FAVOURITES[colour] if r in regions] or regions
        first = liked[state.round % len(liked)]
        got[first] = room - (room >= 3 and len(liked) > 1)
        if room >= 3 and len(liked) > 1:
            got[liked[(state.round + 1) % len(liked)]] = 1
    steps: list[s.Step] = [s.Placed(colour, r, got[r]) for r in regions if got.get(r)]  # the page's order
    steps += [s.CastilloThrow(colour, got["castillo"])] if got.get("castillo") else []
    if steps:
        game.send(*steps)
    if state.round == 5 and state.turn == 2:  # a special scoring of the 5-point regions
        regions5 = tuple(scorings.special_regions(state, "group5"))
        game.send(s.SpecialScoringStarted("group5", regions5))
        while game.phase == "special_scoring":
            where = game.prompt.choices[0]
            game.send(s.Scored(where, tuple(state.counts[where].items())))
    game.send(s.TurnEnded(colour))


def _board_scoring(game: Game) -> None:
    state = game.state
    if game.phase == "secret_discs":
        for colour in [c for c in state.colours if state.castillo.get(c)]:
            game.send(s.SecretDisc(colour, DISCS[colour]))
        if game.phase == "secret_discs":  # nobody in the Castillo
            game.send(s.SecretDiscs(tuple((c, None) for c in state.colours)))
    else:
        where = game.prompt.choices[0]
        counts = state.castillo if where == "castillo" else state.counts[where]
        game.send(s.Scored(where, tuple(counts.items())))
