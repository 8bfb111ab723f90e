"""The Big Box regions as data, their seats in the majority function, and the calculator's options."""

import pytest

from companion.rules import majority, spain, special_scoring
from companion.rules.big_box import regions as big
from companion.rules.big_box.regions import AMERICA, FRANCE, MEDITERRANEAN, PORTUGAL, SHIP


def test_france_and_portugal_keep_the_board_ids():
    """The 2023 Exile card's France is the same place; spain.py's neighbours still answer for it."""
    assert (FRANCE, PORTUGAL) == (spain.FRANCE, spain.PORTUGAL)
    assert spain.neighbours(FRANCE) == {spain.NAVARRA, spain.ARAGON, spain.CATALUNA}
    assert not set(big.REGIONS) & spain.REGIONS


def test_scored_after_valencia_in_the_printed_order():
    """S:263: 'They are scored after Valencia in the order: France, Ship, America, and the Mediterranean';
    Portugal last is assumed (RULES-EXPANSIONS.md §4.5)."""
    assert big.SCORING_ORDER == (FRANCE, SHIP, AMERICA, MEDITERRANEAN, PORTUGAL)
    order = big.general_scoring_order((PORTUGAL, AMERICA))
    assert order[:9] == spain.SCORING_ORDER and order[9:] == (AMERICA, PORTUGAL)


@pytest.mark.parametrize("region,values", [(FRANCE, (3, 1, 0)), (SHIP, (0, 0, 0)), (AMERICA, (4, 0, 0)),
                                           (MEDITERRANEAN, (4, 2, 1)), (PORTUGAL, (5, 0, 0))])
def test_printed_values(region, values):
    assert big.REGIONS[region].values == values


def test_flags():
    """S:208: 'they cannot be the target of a secret disk and the King can only go to France';
    S:308: 'The King and the Grandes may visit Portugal. Portugal cannot be selected on the secret disk.'"""
    assert not any(r.secret_disc_target for r in big.REGIONS.values())
    assert {r.id for r in big.REGIONS.values() if r.king_may_enter} == {FRANCE, PORTUGAL}
    assert {r.id: r.capacity for r in big.REGIONS.values() if r.capacity} == {FRANCE: 3}


def test_groups_follow_the_first_value():
    """S:263: 'when scoring all "4" regions, America and the Mediterranean would be scored in that order'."""
    assert {r.id: r.group for r in big.REGIONS.values()} == {
        FRANCE: None, SHIP: None, AMERICA: 4, MEDITERRANEAN: 4, PORTUGAL: 5}
    for region in big.REGIONS.values():
        in_a_group = any(region.values[0] in firsts for firsts in special_scoring.GROUPS.values())
        assert (region.group is not None) == in_a_group


def test_seats():
    assert [(s.title, s.amount, s.counts_for_majority, s.paid_first_only) for r in big.REGIONS.values()
            for s in r.seats] == [("Ambassador", 2, True, True), ("Envoy", 1, True, True),
                                  ("Captain", 3, True, False), ("Viceroy", 5, False, False)]
    with pytest.raises(KeyError, match="America has no Captain"):
        big.REGIONS[AMERICA].seat("Captain")


@pytest.mark.parametrize("name,region", [("France", FRANCE), ("the ship", SHIP), ("SHIP", SHIP),
                                         ("AMÉRICA", AMERICA), ("mediterranean", MEDITERRANEAN),
                                         ("The Mediterranean", MEDITERRANEAN), ("portugal", PORTUGAL)])
def test_names_are_forgiving(name, region):
    found = big.find(name)
    assert found is not None and found.id == region


def test_unknown_names_are_not_big_box_regions():
    assert big.find("Aragón") is None and big.find("Madrid") is None


def test_the_table_may_correct_a_board():
    """RULES-EXPANSIONS.md §7.7: France's 1/0 and the Captain's 3 rest on one source."""
    france = big.corrected(big.REGIONS[FRANCE], values=(3, 2, 0))
    ship = big.corrected(big.REGIONS[SHIP], seat_amounts={"captain": 4})
    assert majority.score({"a": 2, "b": 1}, france.values).points == {"a": 3, "b": 2}
    assert majority.score({"a": 1}, ship.values, seats=big.seats(ship, {"Captain": "a"})).points == {"a": 4}
    assert big.REGIONS[FRANCE].values == (3, 1, 0)  # the printed board is untouched


def test_limit_table_sizes_and_refusal():
    """S:199: 'use the 6 space table with 2 or 3 players and the 10 space table with 4 or 5 players'."""
    assert dict(big.LIMIT_TABLE_SPACES) == {2: 6, 3: 6, 4: 10, 5: 10}
    assert big.on_the_limit_table({"a": 4, "b": 2}, 6) == {"a": 4, "b": 2}
    with pytest.raises(ValueError, match="count only those ON the table"):
        big.on_the_limit_table({"a": 5, "b": 2}, 6)


# -- seats in the one majority function ---------------------------------------------------------

def test_the_old_call_is_unchanged_without_seats():
    a = majority.score({"a": 3, "b": 2}, (5, 3, 1), king=True)
    b = majority.score({"a": 3, "b": 2}, (5, 3, 1), king=True, seats=())
    assert a == b


def test_a_viceroy_alone_gets_a_line_of_his_own():
    result = majority.score({"red": 1, "blue": 2}, (4, 0, 0), seats=big.seats(big.REGIONS[AMERICA],
                                                                              {"Viceroy": "red"}))
    red = result.line("red")
    assert (red.caballeros, red.place, red.points) == (0, 0, 5)
    assert "not count" in red.reason and "+5 Viceroy's bonus" in red.reason
    assert result.points == {"blue": 4, "red": 5}


def test_reasons_say_why_a_seat_is_withheld():
    france = big.REGIONS[FRANCE]
    result = majority.score({"red": 1, "blue": 1, "green": 1}, france.values, first_only=True,
                            seats=big.seats(france, {"Ambassador": "red"}))
    assert result.points["red"] == 0
    assert "no Ambassador's +2: first places only pays a seat to a sole first" in result.line("red").reason
    ship = majority.score({"red": 1}, (0, 0, 0), first_only=True, seats=(big.CAPTAIN.held_by("red"),))
    assert "no Captain's +3: only first places score" in ship.line("red").reason


def test_a_seat_held_by_nobody_is_lost():
    """Black Caballeros repositioned onto a seat (S:261) while nobody holds the Grand Inquisitor."""
    result = majority.score({"black": 1, "red": 1}, (4, 0, 0), never_scores={"black"},
                            seats=(big.VICEROY.held_by("black"),))
    assert result.points == {"red": 4}
    assert "lost" in result.line("black").reason


@pytest.mark.parametrize("counts,seats,message", [
    ({"red": 0, "blue": 1}, (big.VICEROY.held_by("red"),), "red holds Viceroy but has only 0"),
    ({"red": 1}, (big.AMBASSADOR.held_by("red"), big.ENVOY.held_by("red")), "has only 1"),
    ({"red": 2}, (big.ENVOY.held_by("red"), big.ENVOY.held_by("red")), "given twice"),
])
def test_impossible_seats_are_refused(counts, seats, message):
    with pytest.raises(ValueError, match=message):
        majority.score(counts, (3, 1, 0), seats=seats)


# -- the calculator ----------------------------------------------------------------------------

def test_json_carries_the_seat_bonuses(cli_json):
    data = cli_json("score", "--region", "france", "--players", "4", "--ambassador", "Red", "--envoy", "blue",
                    "--count", "Red=2", "--count", "blue=1")
    assert data["edition"] == "classic" and data["where"] == "France"
    assert data["points"] == {"Red": 5, "blue": 2}
    assert data["seats"] == {"Ambassador": "Red", "Envoy": "blue"}
    bonuses = {line["who"]: line["bonuses"] for line in data["lines"]}
    assert bonuses == {"Red": {"Ambassador's bonus": 2}, "blue": {"Envoy's bonus": 1}}


def test_the_table_output_names_the_seat(cli):
    status, out, err = cli("score", "--region", "America", "--viceroy", "red", "--count", "red=2",
                           "--count", "blue=2", "--players", "4")
    assert status == 0 and err == ""
    assert out.splitlines()[0].startswith("America (4/0/0) - classic edition")
    assert "+5 Viceroy's bonus" in out


def test_values_with_a_region_are_the_tables_correction(cli_json):
    data = cli_json("score", "--region", "America", "--values", "4/1/0", "--players", "4",
                    "--count", "a=2", "--count", "b=1")
    assert data["values"] == [4, 1, 0] and data["points"] == {"a": 4, "b": 1}


def test_limit_counts_only_the_table(cli_json):
    data = cli_json("score", "--region", "Aragon", "--limit", "6", "--count", "a=4", "--count", "b=2")
    assert data["points"] == {"a": 5, "b": 0} and data["limit"] == 6  # 2 players, classic: 1st column


@pytest.mark.parametrize("argv,message", [
    (["--region", "America", "--captain", "red", "--count", "red=1"],
     "--captain 'red': America has no Captain; the Captain sits on the ship"),
    (["--region", "Aragon", "--viceroy", "red", "--count", "red=1"], "Aragón has no Viceroy"),
    (["--castillo", "--envoy", "red", "--count", "red=1"], "Castillo has no Envoy"),
    (["--region", "America", "--viceroy", "red", "--count", "blue=1"], "give that colour a --count too"),
    (["--region", "America", "--viceroy", "red", "--count", "red=0"], "seated Caballeros"),
    (["--region", "France", "--ambassador", "a", "--envoy", "a", "--count", "a=1"], "seated Caballeros"),
    (["--region", "France", "--count", "a=2", "--count", "b=2"], "France has room for only 3 Caballeros, 4"),
    (["--region", "Aragon", "--limit", "10", "--count", "a=8", "--neutral", "3"],
     "--limit 10: 11 Caballeros counted on a 10-space Limit table: count only those ON the table"),
    (["--castillo", "--limit", "6", "--count", "a=1"], "never in the Castillo"),
    (["--region", "Aragon", "--limit", "0", "--count", "a=1"], "6 or 10 spaces"),
    (["--region", "Aragon", "--limit", "-6", "--count", "a=1"], "must not be negative"),
    (["--region", "America", "--king", "--count", "a=1"], "the King never goes to America"),
    (["--region", "the ship", "--king", "--count", "a=1"], "the King never goes to the ship"),
    (["--region", "Atlantis", "--count", "a=1"], "Big Box: France, the ship, America"),
])
def test_bad_big_box_input_is_one_line_and_status_2(cli, argv, message):
    status, out, err = cli("score", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("elgrande-companion score: ")
    assert message in err


def test_a_seat_on_any_scoreboard_uses_the_printed_bonus(cli_json):
    """--values without a region: the seat options still pay the Big Box's printed bonuses."""
    data = cli_json("score", "--values", "4/0/0", "--viceroy", "a", "--count", "a=1", "--count", "b=1",
                    "--players", "4")
    assert data["edition"] == "classic" and data["points"] == {"a": 5, "b": 4}


def test_the_modes_name_the_big_box_regions_in_their_scoring_order():
    from companion.rules import modes

    assert modes.COLONIES_REGIONS + (modes.PORTUGAL,) == big.SCORING_ORDER
