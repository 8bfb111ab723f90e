"""The map and the editions' data, checked against ../shared/RULES.md."""

import re
from collections import deque
from pathlib import Path

import pytest

from companion.rules import power_cards, spain
from companion.rules.editions import EDITION_2023, EDITION_CLASSIC, UnknownRegion, edition


def test_nine_regions_fifteen_borders():
    assert len(spain.REGIONS) == 9
    assert len(spain.BORDERS) == 15
    assert all(len(pair) == 2 and pair <= spain.REGIONS for pair in spain.BORDERS)


def test_borders_are_symmetric():
    for region in spain.REGIONS:
        for other in spain.neighbours(region):
            assert region in spain.neighbours(other)


def test_the_map_is_connected():
    seen, todo = {spain.GALICIA}, deque([spain.GALICIA])
    while todo:
        for other in spain.neighbours(todo.popleft()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    assert seen == spain.REGIONS


def test_known_non_borders():
    assert spain.SEVILLA not in spain.neighbours(spain.CASTILLA)
    assert spain.TOLEDO not in spain.neighbours(spain.GALICIA)


def test_the_2023_placing_example():
    # 000: "Castilla is the King's region. Therefore, you may place your Caballeros
    # in Galicia, Navarra, Aragón, Toledo"
    assert spain.neighbours(spain.CASTILLA) == {spain.GALICIA, spain.NAVARRA, spain.ARAGON, spain.TOLEDO}


def test_france_and_portugal_are_not_regions():
    assert spain.FRANCE not in spain.REGIONS and spain.PORTUGAL not in spain.REGIONS
    assert spain.neighbours(spain.FRANCE) == {spain.NAVARRA, spain.ARAGON, spain.CATALUNA}
    for ed in (EDITION_2023, EDITION_CLASSIC):
        for name in ("France", "Portugal", "Castillo"):
            with pytest.raises(UnknownRegion):
                ed.region(name)


def test_scoring_order_and_values():
    assert spain.SCORING_ORDER[0] == spain.GALICIA and spain.SCORING_ORDER[1] == spain.NAVARRA
    assert spain.SCORING_ORDER[-1] == spain.VALENCIA
    assert spain.SCORING_ORDER.index(spain.SEVILLA) < spain.SCORING_ORDER.index(spain.GRANADA)
    assert set(spain.SCORING_ORDER) == set(spain.VALUES)
    assert spain.CASTILLO_VALUES == (5, 3, 1)


def test_power_cards():
    assert power_cards.VALUES == tuple(range(1, 14))
    assert [power_cards.COURT_INTAKE[v] for v in power_cards.VALUES] == [6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0]


@pytest.mark.parametrize(
    "ed,typed,expected",
    [
        (EDITION_2023, "aragon", spain.ARAGON),
        (EDITION_2023, "ARAGÓN", spain.ARAGON),
        (EDITION_2023, "pais vasco", spain.NAVARRA),
        (EDITION_2023, "Castilla la Nueva", spain.TOLEDO),
        (EDITION_2023, "cataluna", spain.CATALUNA),
        (EDITION_CLASSIC, "toledo", spain.TOLEDO),
        (EDITION_CLASSIC, "castilla la nueva", spain.TOLEDO),
        (EDITION_CLASSIC, "Castilla-la-Vieja", spain.CASTILLA),
        (EDITION_CLASSIC, "  País   Vasco ", spain.NAVARRA),
        (EDITION_CLASSIC, "navarra", spain.NAVARRA),
        (EDITION_CLASSIC, "seville", spain.SEVILLA),
    ],
)
def test_forgiving_region_names(ed, typed, expected):
    assert ed.region(typed) == expected


def test_printed_names():
    assert EDITION_2023.name(spain.TOLEDO) == "Toledo"
    assert EDITION_CLASSIC.name(spain.TOLEDO) == "Castilla la Nueva"
    assert EDITION_CLASSIC.name(spain.NAVARRA) == "País Vasco"


def test_an_unknown_region_lists_the_valid_names():
    with pytest.raises(UnknownRegion, match="País Vasco, Aragón") as info:
        EDITION_CLASSIC.region("Madrid")
    assert "Madrid" in str(info.value)


def test_edition_lookup():
    assert edition("2023") is EDITION_2023 and edition("Classic") is EDITION_CLASSIC
    with pytest.raises(ValueError, match="unknown edition"):
        edition("1492")


# ---- the same facts, read from RULES.md itself when it is beside the repo --------

RULES = Path(__file__).resolve().parents[3] / "shared" / "RULES.md"
needs_rules = pytest.mark.skipif(not RULES.exists(), reason="../shared/RULES.md is not beside this checkout")


def _rules_text() -> str:
    return RULES.read_text(encoding="utf-8")


@needs_rules
def test_values_equal_rules_md():
    rows = re.findall(r"^\| (\w[^|]*?) \| ([^|]+?) \| (\d)/(\d)/(\d) \|", _rules_text(), re.M)
    table = {name: tuple(map(int, v)) for name, _, *v in rows}
    for region in spain.SCORING_ORDER:
        assert table[EDITION_2023.name(region)] == spain.VALUES[region]
    assert table["Castillo (not a region)"] == spain.CASTILLO_VALUES


@needs_rules
def test_borders_equal_rules_md():
    text = _rules_text()
    section = text.split("## Borders", 1)[1].split("(Classic names", 1)[0]
    pairs = re.findall(r"([A-Za-zñó]+)–([A-Za-zñó]+)", section)
    assert len(pairs) == 15
    assert {frozenset(map(EDITION_2023.region, p)) for p in pairs} == spain.BORDERS
