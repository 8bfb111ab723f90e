"""engine/modes/offers.py, the Big Box's face to the pages (issue 34): what it offers is plain data
(places, colours, counts), and every option it offers is one the referee takes; what the referee
refuses (the King's region, a card not played) is not offered. Seed 004 lines as "S:n"."""

from companion.engine import board
from companion.engine.modes import offers
from companion.engine.modes import steps as s
from companion.engine.offers import reveal, setup
from companion.engine.referee import draw_setup
from companion.engine.state import GameState
from companion.measure import script
from companion.play.game import Game
from tests.engine.big_box_steps import COLONIES, DISCS, SETUP, grandissimo
from tests.engine.test_big_box_table_cards import intrigue


def taken(game: Game, step: s.Step) -> bool:
    try:
        game.check(step)
    except s.StepRefused:
        return False
    return True


def test_the_sail_offers_each_place_with_its_count_and_every_target_is_taken():
    # S:213: the ship's Caballeros sail at the start of their owner's turn, not to the King's region
    game = Game.new(COLONIES)
    game.send(SETUP, DISCS)
    script.power_cards(game, {"red": 13, "blue": 12, "green": 11, "yellow": 10})
    game.send(s.ActionCardTaken("red", 1), s.Placed("red", "ship", 1), s.TurnEnded("red"))
    for colour in ("blue", "green", "yellow"):
        game.send(s.ActionCardTaken(colour, game.prompt.choices[0]), s.TurnEnded(colour))
    script.power_cards(game, {"red": 12, "blue": 11, "green": 10, "yellow": 9})
    state = game.state
    assert offers.sail_sources(state, "red") == (("ship", 1),)
    targets = offers.sail_targets(state, "ship")
    assert "america" in targets and state.king not in targets and "aragon" not in targets
    assert all(taken(game, s.Sailed("red", "ship", place, 1)) for place in targets)


def test_the_jail_offers_whose_caballeros_are_where_and_the_pardon_where_they_go():
    # S:306: any 1 Caballero from any region but the King's; the King's card pardons them all
    game = grandissimo()
    state = game.state
    assert offers.jail(state) is None and offers.pardon(state) is None  # no stack-6 card taken yet
    game.send(s.ActionCardTaken("red", 6))
    jail = dict(offers.jail(state) or ())
    assert state.king not in jail and jail["sevilla"] == (("blue", 2),)
    assert all(board.held(state, c, region) == n for region, there in jail.items() for c, n in there)
    assert all(taken(game, s.Jailed(c, region)) for region, there in jail.items() for c, _ in there)
    game.send(s.Jailed("blue", "sevilla"), s.TurnEnded("red"), s.ActionCardTaken("blue", 5))
    prisoners, places = offers.pardon(state) or (0, ())
    assert prisoners == 1 and state.king not in places and "portugal" in places
    assert all(taken(game, s.Pardoned(place)) for place in places)


def test_the_jail_is_offered_only_with_the_board_recorded():
    game = grandissimo(board_recorded=False)
    game.send(s.ActionCardTaken("red", 6))
    assert offers.jail(game.state) is None and not offers.unguided_moves(game.state)
    assert offers.unguided_moves(grandissimo().state)


def test_quarantine_offers_the_tiles_and_regions_the_referee_takes():
    # S:186: a mobile scoreboard from beside the board, to a region not the King's
    game = intrigue()
    state = game.state
    assert offers.quarantine_tiles(state) is None  # blue has not chosen his card's own action
    game.send(s.SpecialActionChosen("blue", "own"))
    tiles = offers.quarantine_tiles(state) or ()
    assert tiles and all(state.tiles[tile] is None for tile in tiles)
    places = offers.quarantine_regions(state, tiles[0])
    assert "castilla" not in places  # the King's region
    assert all(taken(game, s.Quarantined(tiles[0], place)) for place in places)
    assert offers.jester(state, (), "blue") is None and offers.gift(state) is None


def test_the_table_decides_offers_its_cards_by_key_and_title():
    game = intrigue()
    assert offers.table_decides(game.state) == ()
    game.send(s.SpecialActionChosen("blue", "own"), s.Quarantined("4/0/0", "valencia"), s.TurnEnded("blue"))
    game.send(s.SpecialActionChosen("green", "own"))  # green's 63: a card the table decides
    decided = offers.table_decides(game.state)
    assert len(decided) == 1 and all(isinstance(key, str) and isinstance(title, str) for key, title in decided)
    assert taken(game, s.TableDecided(decided[0][0]))


def test_the_setup_offered_is_the_referee_s_own_draw():
    assert setup.whole(COLONIES) == draw_setup(GameState(COLONIES))
    game = Game.new(COLONIES)
    game.send(setup.whole(COLONIES))  # the referee takes it
    assert game.state.king == setup.whole(COLONIES).king


def test_the_cards_showing_default_is_a_card_the_stack_can_show():
    game = Game.new(COLONIES)
    game.send(SETUP, DISCS)
    state = game.state
    stacks = reveal.stacks(state)
    assert stacks and 5 not in stacks  # the King's card always shows: not asked (no New Regency)
    for stack in stacks:
        assert reveal.likeliest(state, stack) == reveal.showable(state, stack)[0].key  # none shown yet: the first
