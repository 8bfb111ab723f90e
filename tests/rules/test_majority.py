"""Each majority rule on its own, in both editions and for 2 to 5 players."""

import pytest

from companion.rules import majority
from companion.rules.editions import EDITION_2023, EDITION_CLASSIC

V = (5, 3, 1)


def pts(counts, values=V, **kw):
    return majority.score(counts, values, **kw).points


def test_nobody_with_zero_caballeros_takes_part():
    result = majority.score({"a": 0, "b": 2}, V)
    assert [line.who for line in result.lines] == ["b"]
    assert result.line("b").place == 1


def test_sole_counts_take_consecutive_places():
    assert pts({"a": 5, "b": 3, "c": 1, "d": 0}) == {"a": 5, "b": 3, "c": 1}


def test_a_tie_of_two_scores_the_next_place_and_skips_two():
    # a and b tie for 1st -> both paid 2nd; c is then 3rd
    assert pts({"a": 3, "b": 3, "c": 1}) == {"a": 3, "b": 3, "c": 1}


def test_a_tie_of_any_size_still_only_skips_two_places():
    # four tied for 1st all get the 2nd value; the next count is 3rd, not 5th
    assert pts({"a": 2, "b": 2, "c": 2, "d": 2, "e": 1}) == {"a": 3, "b": 3, "c": 3, "d": 3, "e": 1}


def test_a_tie_for_second_is_paid_third():
    assert pts({"a": 4, "b": 2, "c": 2, "d": 1}) == {"a": 5, "b": 1, "c": 1, "d": 0}


def test_a_tie_for_third_is_paid_nothing():
    assert pts({"a": 4, "b": 3, "c": 1, "d": 1}) == {"a": 5, "b": 3, "c": 0, "d": 0}


@pytest.mark.parametrize(
    "edition,players,expected",
    [
        (EDITION_2023, 2, {"a": 5, "b": 3, "c": 0}),
        (EDITION_2023, 3, {"a": 5, "b": 3, "c": 0}),
        (EDITION_2023, 4, {"a": 5, "b": 3, "c": 1}),
        (EDITION_2023, 5, {"a": 5, "b": 3, "c": 1}),
        (EDITION_CLASSIC, 2, {"a": 5, "b": 0, "c": 0}),
        (EDITION_CLASSIC, 3, {"a": 5, "b": 3, "c": 0}),
        (EDITION_CLASSIC, 4, {"a": 5, "b": 3, "c": 1}),
        (EDITION_CLASSIC, 5, {"a": 5, "b": 3, "c": 1}),
    ],
    ids=lambda p: getattr(p, "key", p) if not isinstance(p, dict) else "",
)
def test_columns_by_edition_and_players(edition, players, expected):
    # a third participant can only exist in a 2-player game as the 2023 dummy;
    # here it stands for "whoever comes third" to show which columns pay.
    assert pts({"a": 3, "b": 2, "c": 1}, columns=edition.columns(players)) == expected


@pytest.mark.parametrize("players", [1, 6])
def test_columns_refuse_impossible_tables(players):
    with pytest.raises(ValueError, match="2 to 5 players"):
        EDITION_2023.columns(players)


def test_the_dummy_takes_a_place_and_never_scores():
    result = majority.score({"dummy": 4, "red": 3, "blue": 1}, V, columns=2, never_scores={"dummy"})
    assert result.points == {"red": 3, "blue": 0}
    assert result.line("dummy").place == 1 and result.line("dummy").points == 0


def test_a_dummy_tie_pushes_the_tied_player_down():
    # red ties the dummy for 1st: paid 2nd place; blue is 3rd, beyond 2 columns
    assert pts({"dummy": 3, "red": 3, "blue": 1}, columns=2, never_scores={"dummy"}) == {"red": 3, "blue": 0}


def test_king_and_grande_bonus_both_to_a_sole_first():
    result = majority.score({"a": 3, "b": 1}, (6, 3, 1), king=True, grandes={"a"})
    line = result.line("a")
    assert line.points == 10
    assert dict(line.bonuses) == {"King's bonus": 2, "Grande's bonus": 2}


def test_no_bonus_for_a_tied_first():
    assert pts({"a": 2, "b": 2}, (6, 3, 1), king=True, grandes={"a", "b"}) == {"a": 3, "b": 3}


def test_no_grande_bonus_below_first():
    assert pts({"a": 3, "b": 2}, (6, 3, 1), grandes={"b"}) == {"a": 6, "b": 3}


def test_several_grandes_in_one_region_only_the_sole_first_gets_a_bonus():
    assert pts({"a": 3, "b": 2, "c": 1}, (6, 3, 1), grandes={"a", "b", "c"}) == {"a": 8, "b": 3, "c": 1}


def test_no_bonus_when_the_dummy_is_first():
    assert pts({"dummy": 5, "a": 2}, (6, 3, 1), columns=2, never_scores={"dummy"}, king=True,
               grandes={"a"}) == {"a": 3}


def test_a_grande_alone_is_not_a_participant():
    # the Grande never counts as a Caballero: a player with 0 Caballeros and a Grande is not there
    result = majority.score({"a": 0, "b": 1}, V, grandes={"a"})
    assert result.points == {"b": 5}


@pytest.mark.parametrize("tile", [(8, 4, 0), (4, 0, 0)])
def test_a_scoring_tile_replaces_the_values_and_keeps_bonuses(tile):
    result = majority.score({"a": 3, "b": 2, "c": 1}, tile, king=True)
    assert result.points == {"a": tile[0] + 2, "b": tile[1], "c": tile[2]}


def test_first_only_pays_a_sole_first_with_bonuses():
    assert pts({"a": 3, "b": 2}, (6, 3, 1), first_only=True, king=True) == {"a": 8, "b": 0}


def test_first_only_a_tie_for_first_scores_nothing():
    assert pts({"a": 3, "b": 3, "c": 1}, first_only=True) == {"a": 0, "b": 0, "c": 0}


def test_reasons_say_why():
    result = majority.score({"a": 2, "b": 2, "c": 1}, V, columns=2, king=True)
    assert result.line("a").reason == "tied for 1st -> 2nd place: 3"
    assert result.line("c").reason == "3rd place (only 2 columns score): 0"
    solo = majority.score({"a": 2}, V, king=True).line("a")
    assert solo.reason == "sole 1st place: 5 +2 King's bonus"


@pytest.mark.parametrize("bad", [-1, 1.5, "2", True])
def test_bad_counts_are_refused(bad):
    with pytest.raises(ValueError, match="whole number"):
        majority.score({"a": bad}, V)
