"""A whole game of Grandissimo (the Big Box) with the board recorded, scripted: a demo, a test and
the template of a key script. The scores-only sample's table (sample_grandissimo.py): three
players, the classic deck, the black pair in Valencia, the same secret discs.

Every Caballero is placed, sailed, jailed or pardoned as the rules allow, and every general scoring
scores the board as the companion knows it: each turn places its card's Caballeros next to the King
(Portugal when he stands beside it), a ship token's holder some of them on the ship; the King's
card takes him round Spain and twice into Portugal (S:308); the ship's Caballeros sail to Portugal
or the coast at the start of their owner's next turn (S:297); three stack-6 cards jail one
Caballero each and the next King's card pardons them (S:306); the Queen's holder places one more
(S:389).
"""

from companion.game import big_box, board, queries, script
from companion.game import steps as s
from companion.game.game import Game
from companion.game.sample_grandissimo import DISCS, PLAYERS, SETUP
from companion.game.settings import REVISION, Settings
from companion.rules import big_box_map

#: Where each player places when he can: Portugal when the King stands beside it (S:308), else the
#: first of the others next to the King, else the first region next to him.
FAVOURITES = {
    "red": ("portugal", "galicia", "navarra", "castilla"),
    "blue": ("portugal", "aragon", "granada", "valencia"),
    "green": ("portugal", "sevilla", "toledo", "cataluna"),
}
#: The King's card, the last turn's of each round, takes him: round -> region (Portugal twice).
KING_TOURS = {1: "galicia", 2: "portugal", 3: "aragon", 4: "sevilla", 5: "navarra", 6: "portugal",
              7: "valencia", 8: "toledo", 9: "castilla"}
#: The Power cards of each round (round 1 first): the highest plays first, the King's card is
#: the last turn's; low cards bring the Court more Caballeros.
POWER = ({"red": 13, "green": 10, "blue": 4}, {"blue": 12, "red": 9, "green": 3}, {"green": 11, "blue": 8, "red": 2},
         {"red": 12, "green": 7, "blue": 5}, {"blue": 10, "red": 6, "green": 1}, {"green": 13, "red": 8, "blue": 2},
         {"red": 11, "blue": 7, "green": 5}, {"blue": 9, "green": 6, "red": 3}, {"blue": 11, "green": 9, "red": 1})
#: Beside the turn's card: (round, colour) -> a figure or token taken (stack 7: the Queen).
HOLDINGS = {(1, "green"): "Queen", (2, "blue"): "Ship token 1", (6, "red"): "Queen"}
#: Stack-6 cards with the jail symbol: (round, colour) -> whose Caballero goes to prison.
JAILS = {(2, "red"): "green", (4, "green"): "blue", (7, "blue"): "red"}


def grandissimo_board_game(path=None, seed: int = 17) -> Game:
    """Play the whole scripted game (into a journal at ``path``); returns it at game over."""
    game = Game.new(Settings(edition="classic", players=PLAYERS, seed=seed, revision=REVISION,
                             expansion="grandissimo", board=True), path)
    game.send(SETUP)
    return script.to_the_end(game, _turn, lambda g, n: script.scoring_as_counted(g, DISCS),
                             lambda g: script.power_cards(g, POWER[g.state.round - 1]))


def _turn(game: Game) -> None:
    state = game.state
    colour = state.active
    assert colour is not None
    holding = HOLDINGS.get((state.round, colour))
    victim = JAILS.get((state.round, colour))
    wanted = 7 if holding == "Queen" else 6 if victim else 5 if state.turn == len(state.colours) - 1 else None
    stack: int = wanted if wanted is not None and wanted in game.prompt.choices else game.prompt.choices[0]
    game.send(s.ActionCardTaken(colour, stack))
    if holding:
        game.send(s.HoldingMoved(holding, colour))
    _sail(game, colour)
    if stack == 5:
        game.send(s.KingMoved(KING_TOURS[state.round], by_card=True))
        if big_box.may_pardon(state):  # all prisoners into the pardoner's region (S:306)
            game.send(s.Pardoned(_liked(colour, [r for r in state.regions if r != state.king])))
    if victim and big_box.may_jail(state):
        game.send(s.Jailed(victim, _most(state, victim)))
    _place(game, colour)
    game.send(s.TurnEnded(colour))


def _place(game: Game, colour: str) -> None:
    """The card's Caballeros (the Queen's one more with them) from the Court: 1 into the Castillo on
    the round's first turn, 2 on the ship for a ship token's holder, the rest to a favourite."""
    state = game.state
    room = min(queries.card_room(state, colour), board.held(state, colour, board.COURT))
    places = board.receiving(state, colour)
    got: dict[str, int] = {}
    if room and state.turn == 0 and board.CASTILLO in places:
        got[board.CASTILLO], room = 1, room - 1
    if room and big_box_map.SHIP in places:
        got[big_box_map.SHIP] = min(room, 2)
        room -= got[big_box_map.SHIP]
    regions = [r for r in places if r in state.regions]
    if room and regions:
        got[_liked(colour, regions)] = room
    steps: list[s.Step] = [s.Placed(colour, r, got[r]) for r in places if got.get(r) and r != board.CASTILLO]
    steps += [s.CastilloThrow(colour, got[board.CASTILLO])] if got.get(board.CASTILLO) else []  # (the page's order)
    if steps:
        game.send(*steps)


def _liked(colour: str, regions: list[str]) -> str:
    return next((r for r in FAVOURITES[colour] if r in regions), regions[0])


def _most(state, colour: str) -> str:
    """The region (not the King's) with most of ``colour``'s Caballeros: the first on a tie."""
    regions = [r for r in state.regions if r != state.king and state.counts[r].get(colour)]
    return max(regions, key=lambda r: state.counts[r][colour])


def _sail(game: Game, colour: str) -> None:
    """The ship's Caballeros (put there on the holder's last turn) ashore at the start of his turn:
    to Portugal, or a favourite coastal region while the King stands there (S:297)."""
    state = game.state
    if big_box_map.SHIP in big_box.sources(state, colour):
        target = _liked(colour, list(big_box.destinations(state, big_box_map.SHIP)))
        game.send(s.Sailed(colour, big_box_map.SHIP, target, board.held(state, colour, big_box_map.SHIP)))
