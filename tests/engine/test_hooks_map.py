"""The base game's answers about the map (engine/hooks.py) are the Big Box's with none of its places
in play: the base engine asks the hooks and no longer reads rules/big_box (issue 34)."""

from types import SimpleNamespace

from companion.engine import hooks
from companion.rules import region_moves, spain
from companion.rules.big_box import borders, regions


def test_the_base_game_names_the_regions_the_big_box_names_with_nothing_in_play():
    assert region_moves.MOVES == regions.MOVES
    places = (*spain.SCORING_ORDER, spain.CASTILLO, *regions.REGIONS, borders.PRISON)
    for move in region_moves.MOVES:
        assert hooks.BASE.where(move) == regions.where(move, ())
        assert [hooks.BASE.allows(move, p) for p in places] == [regions.allows(move, p, ()) for p in places]
    assert all(hooks.BASE.capacity(p) is None for p in places)


def test_the_base_game_s_neighbours_are_spain_s():
    state = SimpleNamespace(regions=spain.SCORING_ORDER, king=spain.ARAGON)
    for place in spain.SCORING_ORDER:
        assert hooks.BASE.neighbours(state, place) == borders.neighbours(place, spain.SCORING_ORDER)
    assert hooks.BASE.from_the_court(state) == borders.from_the_court(spain.ARAGON, spain.SCORING_ORDER) == frozenset()
    assert hooks.BASE.aside_receiving(state, "red") == ()
