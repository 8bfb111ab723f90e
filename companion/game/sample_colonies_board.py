"""A whole game of Grand Inquisitor & the Colonies with the board recorded, scripted: a demo, a test
and the template of a key script. The Colonies' sample table (sample_colonies.py): four players,
the classic deck, the black Caballeros in Valencia and Toledo, the Limit table in Cataluña.

Every Caballero is placed, sailed or moved as the rules allow, and every scoring scores the board
as the companion knows it: the setup's secret discs; each turn places its card's Caballeros next to
the King (France when he stands in Aragón or Cataluña, the ship from the coast); the King's card
takes him round Spain and into France; whoever has Caballeros on the ship sails them to America
and back, and home to Spain with a gold disc; Cy takes the Grand Inquisitor in round 1 and moves
the black pair out of Valencia, Ann takes him in round 5; the Limit table counts its first 10.
"""

from companion.game import big_box, board, queries, script, scorings
from companion.game import steps as s
from companion.game.game import Game
from companion.game.sample_colonies import PLAYERS, SETUP
from companion.game.settings import REVISION, Settings
from companion.rules import big_box_map

#: The setup's secret discs (S:204): Di names the King's region, so his 2 stay in the Court.
SETUP_DISCS = s.SetupDiscs((("red", "navarra"), ("blue", "granada"), ("green", "sevilla"), ("yellow", "castilla")))
#: Where each player places when he can (the first of these next to the King; else the first place).
FAVOURITES = {
    "red": ("france", "galicia", "navarra", "castilla"),
    "blue": ("ship", "aragon", "cataluna", "valencia"),
    "green": ("sevilla", "ship", "toledo", "granada"),
    "yellow": ("granada", "valencia", "france", "toledo"),
}
#: Where each player's secret disc sends his Castillo Caballeros at a general scoring.
DISCS = {"red": "navarra", "blue": "granada", "green": "sevilla", "yellow": "valencia"}
#: The King's card, the last turn's of each round, takes him: round -> region (France in round 4, S:208).
KING_TOURS = {1: "cataluna", 2: "galicia", 3: "aragon", 4: "france", 5: "sevilla", 6: "valencia",
              7: "navarra", 8: "cataluna", 9: "granada"}
#: The Grand Inquisitor card's takers (stack 6, S:243) and where they move 2 black Caballeros.
INQUISITORS = {(1, "green"): ("valencia", "aragon"), (5, "red"): ("toledo", "galicia")}


def colonies_board_game(path=None, seed: int = 11) -> Game:
    """Play the whole scripted game (into a journal at ``path``); returns it at game over."""
    game = Game.new(Settings(edition="classic", players=PLAYERS, seed=seed, revision=REVISION,
                             expansion="colonies", board=True), path)
    game.send(SETUP, SETUP_DISCS)
    return script.to_the_end(game, _turn, lambda g, n: board_scoring(g))


def _turn(game: Game) -> None:
    state = game.state
    colour = state.active
    assert colour is not None
    black = INQUISITORS.get((state.round, colour))
    stack = 6 if black else 5 if state.turn == 3 and 5 in game.prompt.choices else game.prompt.choices[0]
    game.send(s.ActionCardTaken(colour, stack))
    sail(game, colour)
    if stack == 5:
        game.send(s.KingMoved(KING_TOURS[state.round], by_card=True))
    if black:  # the Grand Inquisitor card: 2 black Caballeros repositioned (S:243)
        game.send(s.CaballerosMoved("black", black[0], black[1], 2))
    room = min(queries.card_room(state, colour), board.held(state, colour, board.COURT))
    steps = placements(state, colour, room, castillo=1 if state.turn == 0 else 0)
    if steps:
        game.send(*steps)
    game.send(s.TurnEnded(colour))


def placements(state, colour: str, room: int, castillo: int = 0) -> list[s.Step]:
    """Up to ``room`` Caballeros from the Court: ``castillo`` of them thrown into the Castillo, the
    rest to a favourite next to the King (FAVOURITES; else the first place) and what France's room
    leaves to the next region beside him. The steps in the placements page's order."""
    places = board.receiving(state, colour)
    regions = [r for r in places if r != "castillo"]
    got: dict[str, int] = {}
    if room and castillo and "castillo" in places:
        got["castillo"] = min(castillo, room)
        room -= got["castillo"]
    if room and regions:  # a favourite next to the King, the rest to the next region beside him
        liked = [r for r in FAVOURITES[colour] if r in regions] or regions
        first = liked[0]
        got[first] = min(room, _room(state, first))
        rest = room - got[first]
        spare = [r for r in regions if r != first and _room(state, r) >= rest]
        if rest and spare:
            got[spare[0]] = rest
    steps: list[s.Step] = [s.Placed(colour, r, got[r]) for r in regions if got.get(r)]
    return steps + ([s.CastilloThrow(colour, got["castillo"])] if got.get("castillo") else [])


def _room(state, region: str) -> int:
    """France's free spaces (3 in all, S:209); elsewhere no limit."""
    return 3 - sum(state.counts[region].values()) if region == big_box_map.FRANCE else 99


def sail(game: Game, colour: str) -> None:
    """The ship's Caballeros to America, back onto the ship the next turn, then home to Spain with
    a gold disc (S:226-232): one leg a turn."""
    state = game.state
    for source in big_box.sources(state, colour):
        n = board.held(state, colour, source)
        if source == big_box_map.AMERICA:
            game.send(s.Sailed(colour, source, big_box_map.SHIP, n))
            return
        if source == big_box_map.SHIP:
            home = [r for r in big_box.destinations(state, source) if r in FAVOURITES[colour]]
            gold = _carries_gold(game, colour)
            if not state.counts[big_box_map.AMERICA].get(colour) and not gold:
                game.send(s.Sailed(colour, source, big_box_map.AMERICA, n))
                return
            target = home[0] if home else big_box.destinations(state, source)[0]
            game.send(s.Sailed(colour, source, target, n))
            if gold:  # the disc reaches Spain: 6 at once (S:233)
                game.send(s.Delivered(colour, "gold"))
            return


def _carries_gold(game: Game, colour: str) -> bool:
    """Whether ``colour``'s last sail brought Caballeros from America onto the ship (with the gold)."""
    sails = [step for step in game.steps if isinstance(step, s.Sailed) and step.colour == colour]
    return bool(sails) and sails[-1].source == big_box_map.AMERICA


def board_scoring(game: Game, discs: dict[str, str] = DISCS) -> None:
    """Secret discs as ``discs``; every place scored as the board stands; the Limit table counts the
    first 10 in the players' order; France's seats to its two first, the ship's and America's to
    the one with most there (the first in the players' order on a tie)."""
    state = game.state
    if game.phase == "secret_discs":
        for colour in [c for c in state.colours if state.castillo.get(c)]:
            game.send(s.SecretDisc(colour, discs[colour]))
        if game.phase == "secret_discs":
            game.send(s.SecretDiscs(tuple((c, None) for c in state.colours)))
        return
    where = game.prompt.choices[0]
    counts = dict(state.castillo if where == "castillo" else state.counts[where])
    if where == state.limit_table:
        counts = on_the_table(counts, scorings.limit_spaces(state))
    game.send(s.Scored(where, tuple(counts.items()), seats=seated(state, where, counts)))


def on_the_table(counts: dict[str, int], spaces: int) -> dict[str, int]:
    """The Limit table's spaces filled in the order the counts come, the rest beside it."""
    on: dict[str, int] = {}
    for colour, n in counts.items():
        on[colour] = min(n, spaces - sum(on.values()))
    return on


def seated(state, where: str, counts: dict[str, int]) -> tuple[tuple[str, str], ...]:
    """Who sits on the seats of a Big Box region: its players with most Caballeros there, in turn."""
    titles = [seat.title for seat in scorings.seat_rules(state, where)]
    players = sorted((c for c in state.colours if counts.get(c)), key=lambda c: -counts[c])
    return tuple(zip(titles, players))
