"""A whole game of The King & the Colonies with the board recorded, scripted: a demo, a test and the
template of a key script. The K&C sample's table, cards and special actions (sample_king_colonies.py)
on a board the companion follows Caballero by Caballero, as the GI&C board sample does
(sample_colonies_board.py): the setup's secret discs (2 each, S:269); on each turn the player takes
a few Caballeros from the Province into the Court (the heads on his card are unknown, so he says
how many), then places up to his card's number from the Court next to the King (France when the
King stands in Aragón or Cataluña, the ship from the coast), the Castillo's throws as the K&C
sample makes them; the King's card takes the King round Spain; whoever has Caballeros on the ship
sails them to America, back, and home with a gold disc; each taker of the Grand Inquisitor card
moves 2 black Caballeros; every general scoring scores the board as the companion knows it.
"""

from companion.game import board, queries, script
from companion.game import steps as s
from companion.game.game import Game
from companion.game.sample_colonies_board import board_scoring, placements, sail
from companion.game.sample_intrigue import cards_played
from companion.game.sample_king_colonies import CARDS, PLAYERS, SETUP, TURNS
from companion.game.settings import REVISION, Settings
from companion.rules.intrigue_round import KING_ACTION

#: The setup's secret discs (S:269: 2 Caballeros each); Di names the King's region, so hers stay in the Court.
SETUP_DISCS = s.SetupDiscs((("red", "navarra"), ("blue", "granada"), ("green", "sevilla"), ("yellow", "castilla")))
#: The King's card takes him, round by round (round 3: Aragón, as the K&C sample moves him).
KING_TOURS = {1: "cataluna", 2: "valencia", 4: "galicia", 5: "cataluna", 6: "sevilla", 7: "aragon",
              8: "granada", 9: "cataluna"}
#: The Grand Inquisitor card's takers (as the K&C sample's TURNS) and where they move 2 black Caballeros.
INQUISITORS = {(1, "green"): ("valencia", "aragon"), (5, "red"): ("toledo", "navarra"),
               (8, "yellow"): ("aragon", "sevilla")}
#: How many Caballeros each player takes from the Province into the Court on his turns.
INTAKES = {"red": 3, "blue": 2, "green": 3, "yellow": 2}
#: Where each player's secret disc sends his Castillo Caballeros at a general scoring.
DISCS = {"red": "navarra", "blue": "granada", "green": "sevilla", "yellow": "valencia"}


def king_colonies_board_game(path=None, seed: int = 17) -> Game:
    """Play the whole scripted game (into a journal at ``path``); returns it at game over."""
    game = Game.new(Settings(edition="classic", players=PLAYERS, seed=seed, revision=REVISION,
                             expansion="king_colonies", board=True), path)
    game.send(SETUP, SETUP_DISCS)
    return script.to_the_end(game, _turn, lambda g, n: board_scoring(g, DISCS), power=cards_played(CARDS))


def _turn(game: Game) -> None:
    state = game.state
    colour = state.active
    assert colour is not None
    action, steps = TURNS.get((state.round, colour), (None, ()))
    game.send(s.SpecialActionChosen(colour, action or game.prompt.choices[0]))
    sail(game, colour)
    if state.actions[colour] == KING_ACTION and state.round in KING_TOURS:
        game.send(s.KingMoved(KING_TOURS[state.round], by_card=True))
    black = INQUISITORS.get((state.round, colour))
    if black:  # the Grand Inquisitor card: 2 black Caballeros repositioned (S:243)
        game.send(s.CaballerosMoved("black", black[0], black[1], 2))
    throw = 0
    for step in steps:  # the K&C sample's: the King moved, a scoring; its throws come from the Court
        if isinstance(step, s.CastilloThrow):
            throw = step.count
        elif isinstance(step, s.Scored):  # the region as the board stands
            game.send(s.Scored(step.where, tuple(state.counts[step.where].items())))
        elif not isinstance(step, s.Delivered):  # (gold comes home by ship here)
            game.send(step)
    intake = min(INTAKES[colour], queries.intake_room(state, colour), board.held(state, colour, board.PROVINCE))
    if intake:
        game.send(s.CourtIntake(colour, intake))
    room = min(queries.card_room(state, colour), board.held(state, colour, board.COURT))
    placed = placements(state, colour, room, castillo=throw)
    if placed:
        game.send(*placed)
    game.send(s.TurnEnded(colour))
