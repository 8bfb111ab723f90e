"""``majority.points`` (the weighing's points without the lines' reasons) against ``score``, the
scoring the sheet shows: the same points for every board, or a move page would rank a move by
points the scoring then does not pay."""

from hypothesis import given
from hypothesis import strategies as st

from companion.rules import majority

WHO = ("red", "blue", "green", "yellow", "black", "king")
boards = st.dictionaries(st.sampled_from(WHO), st.integers(0, 12), max_size=6)
scoreboards = st.lists(st.integers(0, 9), min_size=1, max_size=3)


@given(boards, scoreboards, st.integers(1, 3), st.sets(st.sampled_from(WHO), max_size=2), st.booleans(),
       st.sets(st.sampled_from(WHO), max_size=3))
def test_points_are_the_scorings_points_on_every_board(counts, values, columns, never, king, grandes):
    kwargs = dict(columns=columns, never_scores=never, king=king, grandes=grandes)
    assert majority.points(counts, values, **kwargs) == majority.score(counts, values, **kwargs).points


def test_points_pay_the_kings_and_a_grandes_bonus_to_a_sole_first_only():
    # Toledo (4/2/0) as the King's region with Red's Grande: Red sole first 4 + 2 + 2, Blue second 2.
    assert majority.points({"red": 3, "blue": 2}, (4, 2, 0), king=True, grandes={"red"}) == {"red": 8, "blue": 2}
    # A tie for first: both take the second column's points, no bonus (RULES.md's tie rule).
    assert majority.points({"red": 2, "blue": 2}, (4, 2, 0), king=True, grandes={"red"}) == {"red": 2, "blue": 2}
