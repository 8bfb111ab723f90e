"""The Court intake as the engine offers it to its page (engine/offers/caballeros.py): the
Province first, own regions only when it runs short, never the King's region (000 l.249)."""

from companion.engine import board
from companion.engine import steps as s
from companion.engine.offers import caballeros
from tests.engine import states
from tests.engine.test_court_intake import greens_turn


def test_a_full_province_offers_the_card_s_intake_and_no_region():
    asked = caballeros.intake(greens_turn(), "green")
    assert (asked.most, asked.came, asked.province, asked.regions, asked.short) == (6, 6, 21, (), False)
    assert not asked.extra and not asked.heads_unknown and asked.earlier == ()


def test_a_short_province_offers_own_regions_with_what_they_hold():
    state = greens_turn(drained=20)  # 1 left in the Province, 20 in Castilla, 2 at home in Sevilla
    asked = caballeros.intake(state, "green")
    assert (asked.most, asked.came, asked.province, asked.short) == (6, 1, 1, True)
    assert asked.regions == (("castilla", 20, 0), ("sevilla", 2, 0))


def test_the_regions_taken_count_as_held_and_the_king_s_region_is_never_offered():
    state = greens_turn(drained=20)
    states.take(state, s.CourtIntake("green", 1, (("castilla", 3),)))
    asked = caballeros.intake(state, "green")
    assert asked.earlier == (("castilla", 3),) and ("castilla", 20, 3) in asked.regions
    states.take(state, s.KingMoved("sevilla"))
    assert "sevilla" not in [region for region, _, _ in caballeros.intake(state, "green").regions]
    assert board.held(state, "green", "sevilla") == 2
