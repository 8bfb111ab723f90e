"""Which regions the special scoring cards pick."""

from companion.rules import spain
from companion.rules import special_scoring as pick
from companion.rules.spain import ARAGON, CASTILLA, CASTILLO, CATALUNA, GALICIA, GRANADA, NAVARRA, SEVILLA, TOLEDO, VALENCIA


def board(**tiles):
    values = dict(spain.VALUES)
    values.update(tiles)
    return values


def test_the_printed_groups():
    assert pick.group(4, board()) == (GALICIA, CATALUNA, SEVILLA)
    assert pick.group(5, board()) == (NAVARRA, ARAGON, VALENCIA)
    assert pick.group(6, board()) == (CASTILLA, TOLEDO, GRANADA)
    assert pick.group(7, board()) == pick.group(6, board())


def test_a_4_0_0_tile_makes_a_region_4_point():
    values = board(toledo=(4, 0, 0))
    assert TOLEDO in pick.group(4, values)
    assert TOLEDO not in pick.group(6, values)


def test_an_8_4_0_tile_on_galicia_takes_it_out_of_the_4_point_group():
    values = board(galicia=(8, 4, 0))
    assert GALICIA not in pick.group(4, values)
    assert all(GALICIA not in pick.group(n, values) for n in (4, 5, 6))


def test_the_castillo_is_never_a_region_for_group_cards():
    values = board()
    values[CASTILLO] = (4, 0, 0)  # a tile may cover the Castillo
    assert CASTILLO not in pick.group(4, values)
    assert CASTILLO not in pick.group(5, board(**{CASTILLO: (5, 3, 1)}))


def test_most_and_ties():
    totals = {GALICIA: 3, ARAGON: 7, TOLEDO: 7, SEVILLA: 1, CASTILLO: 20}
    assert pick.most(totals) == (ARAGON, TOLEDO)


def test_fewest_excludes_empty_regions():
    totals = {GALICIA: 0, ARAGON: 2, TOLEDO: 5, SEVILLA: 2, CASTILLO: 1}
    assert pick.fewest(totals) == (ARAGON, SEVILLA)


def test_most_and_fewest_of_an_empty_board():
    assert pick.most({}) == () and pick.fewest({GALICIA: 0}) == ()


def test_secret_discs_chosen_exactly_once():
    discs = {"red": ARAGON, "blue": ARAGON, "green": GRANADA, "yellow": GALICIA, "white": None}
    assert pick.chosen_once(discs) == (GALICIA, GRANADA)


def test_one_table_names_every_special_scoring_and_every_scoring_card_finds_its_kind():
    from companion.rules import cards
    from companion.rules.special_scoring import KINDS, kind_of, regions

    scoring = [c for e in ("2023", "classic") for c in cards.deck(e, new_regency=e == "2023")
               if c.effect.value.startswith("score_")]
    assert scoring and all(cards.special_kind(c) in KINDS for c in scoring)
    assert {k.effect for k in KINDS.values()} == {e.value for e in cards.Effect if e.value.startswith("score_")}
    assert kind_of("score_group", 7).key == "group6" and kind_of("score_group", 4).key == "group4"
    assert kind_of("move_king") is None
    values = {r: (5, 3, 1) for r in ("navarra", "aragon")} | {"galicia": (4, 2, 1), "granada": (6, 3, 1)}
    assert regions("group5", values, {}) == ("navarra", "aragon")
    assert regions("group6", values, {}) == ("granada",)
    assert regions("castillo", values, {}) == ("castillo",)
