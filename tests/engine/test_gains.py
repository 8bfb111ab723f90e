"""What a change on the recorded board would gain a player (companion/engine/gains.py): the likeliest
answers the card effects' pages start on. A 3-player 2023 game, the King in Toledo; Ann (red) at
home in Galicia, Bo (blue) in Aragón, Cy (green) in Sevilla, 2 each with their Grandes."""

from companion.engine import gains
from companion.engine import steps as s
from tests.engine.test_card_effects import ann_takes


def test_a_lead_is_the_players_points_less_the_best_of_the_others():
    state = ann_takes("2023.1.intrigue", 1).state
    assert gains.lead(state, "red", "galicia", {"red": 2}) == 6  # first, with her Grande: 4 + 2
    assert gains.lead(state, "red", "aragon", {"blue": 2, "red": 1}) == 4 - 7
    assert gains.lead(state, "red", "castillo", {"red": 5}) == 0  # only Spain's nine regions are weighed
    weigh = gains.Gains(state, "red")
    assert weigh.change("aragon", "blue", -2) == 7 and weigh.move("blue", "aragon", "sevilla", 2) == 7 + 3


def test_the_best_is_the_first_among_equals():
    assert gains.best([(1, "a"), (3, "b"), (3, "c")]) == "b"
    assert gains.best([]) is None


def test_the_likeliest_move_is_one_the_card_allows_never_into_the_castillo():
    game = ann_takes("2023.1.intrigue", 1)
    regions = game.state.regions
    assert gains.likeliest_move(game.state, ("red", "blue", "green"), regions, regions) == ("blue", "aragon", "sevilla", 2)
    game.send(s.CardMoved("blue", "aragon", "navarra", 2))  # the others' 2 used: only Ann's own
    assert gains.likeliest_move(game.state, ("blue", "green"), regions, regions) is None
    colour, source, target, _ = gains.likeliest_move(game.state, ("red",), regions, (*regions, "castillo"))
    assert (colour, source) == ("red", "galicia") and target not in ("castillo", "toledo")

    conspiracy = ann_takes("2023.1.conspiracy", 1)
    conspiracy.send(s.CardMoved("blue", "aragon", "navarra", 1))  # out of one region only, from now on
    assert gains.likeliest_move(conspiracy.state, ("red", "green"), regions, regions) is None
    assert gains.likeliest_move(conspiracy.state, ("blue",), regions, regions)[1] == "aragon"


def test_militia_spreads_one_at_a_time_where_each_gains_most():
    state = ann_takes("2023.1.militia", 1).state
    free = [r for r in state.regions if r != state.king]
    assert gains.spread(state, "red", free, 2) == {"castilla": 1, "granada": 1}  # the empty 6-point regions
    assert gains.spread(state, "red", [], 2) == {}


def test_a_disc_goes_where_it_costs_least_or_gains_most():
    game = ann_takes("2023.2.civil-war", 2)
    game.send(s.CaballerosMoved("blue", "province", "valencia", 1))
    state = game.state
    assert gains.cheapest_loss(state, "blue", ["aragon", "valencia"]) == "valencia"  # 5 lost, not 7
    assert gains.cheapest_loss(state, "blue", ["aragon", "valencia"], most=1) == "aragon"  # 1 of 2: still first
    assert gains.likeliest_refuge(state, "green", 2, ["navarra", "castilla", "granada"]) == "castilla"  # 6, first
    # Bo's 2 out of Aragón would tie Ann in Galicia (6 down to 2 for her); Cy's 2 out of Sevilla would
    # tie Bo in Aragón: emptying Sevilla costs Ann nothing
    assert gains.likeliest_refuge(state, "blue", 2, ["galicia", "castilla"]) == "galicia"
    assert gains.likeliest_eviction(state, "red", ["aragon", "sevilla"], ["blue", "green"]) == "sevilla"
