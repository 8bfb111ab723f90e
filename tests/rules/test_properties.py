"""Hypothesis properties of majority scoring."""

from hypothesis import given
from hypothesis import strategies as st

from companion.rules import majority

names = st.text(alphabet="abcdefghij", min_size=1, max_size=4)
boards = st.dictionaries(names, st.integers(0, 12), min_size=1, max_size=6)
values = st.tuples(st.integers(0, 8), st.integers(0, 8), st.integers(0, 8)).map(
    lambda v: tuple(sorted(v, reverse=True)))
columns = st.integers(1, 3)
flags = st.booleans()


def scored(counts, vals, cols, king, grandes, first_only=False):
    return majority.score(counts, vals, columns=cols, king=king, grandes=grandes, first_only=first_only).points


@given(boards, values, columns, flags, st.data())
def test_renaming_and_reordering_changes_nothing(counts, vals, cols, king, data):
    grandes = data.draw(st.sets(st.sampled_from(sorted(counts))))
    before = scored(counts, vals, cols, king, grandes)
    order = data.draw(st.permutations(sorted(counts)))
    rename = {who: f"p{i}" for i, who in enumerate(order)}
    after = scored({rename[w]: counts[w] for w in order}, vals, cols, king, {rename[g] for g in grandes})
    assert {rename[w]: p for w, p in before.items()} == after


@given(boards, values, columns)
def test_tied_participants_get_equal_points(counts, vals, cols):
    points = scored(counts, vals, cols, False, ())
    for a in points:
        for b in points:
            if counts[a] == counts[b]:
                assert points[a] == points[b]


@given(boards, values, columns, flags, st.booleans())
def test_nobody_with_zero_caballeros_scores(counts, vals, cols, king, first_only):
    points = scored(counts, vals, cols, king, set(counts), first_only)
    assert all(who in points for who, n in counts.items() if n > 0)
    assert all(who not in points for who, n in counts.items() if n == 0)


@given(boards, values, columns, flags, st.data())
def test_one_more_caballero_for_a_sole_leader_never_lowers_their_points(counts, vals, cols, king, data):
    top = max(counts.values())
    leaders = [w for w, n in counts.items() if n == top]
    if top == 0 or len(leaders) > 1:
        return
    leader = leaders[0]
    grandes = data.draw(st.sets(st.sampled_from(sorted(counts))))
    before = scored(counts, vals, cols, king, grandes)[leader]
    after = scored({**counts, leader: top + 1}, vals, cols, king, grandes)[leader]
    assert after >= before


@given(boards, values, columns, flags, st.data())
def test_one_more_caballero_never_lowers_anyones_own_points(counts, vals, cols, king, data):
    who = data.draw(st.sampled_from(sorted(counts)))
    if counts[who] == 0:
        return
    before = scored(counts, vals, cols, king, ())[who]
    after = scored({**counts, who: counts[who] + 1}, vals, cols, king, ())[who]
    assert after >= before


@given(boards, values, columns, flags, st.data(), st.booleans())
def test_nobody_gets_more_than_the_first_value_plus_their_bonuses(counts, vals, cols, king, data, first_only):
    grandes = data.draw(st.sets(st.sampled_from(sorted(counts))))
    for who, p in scored(counts, vals, cols, king, grandes, first_only).items():
        assert 0 <= p <= vals[0] + 2 * king + 2 * (who in grandes)


@given(boards, values, columns, flags)
def test_bonuses_only_to_a_sole_first(counts, vals, cols, king):
    result = majority.score(counts, vals, columns=cols, king=king, grandes=set(counts))
    for line in result.lines:
        if line.bonuses:
            assert line.place == 1 and not line.tied
            assert sum(1 for n in counts.values() if n == line.caballeros) == 1


@given(boards, values, columns, st.data())
def test_a_participant_who_never_scores_takes_a_place_like_a_player(counts, vals, cols, data):
    """The dummy pushes players down exactly as a player with its count would."""
    dummy = data.draw(st.sampled_from(sorted(counts)))
    as_player = scored(counts, vals, cols, False, ())
    as_dummy = majority.score(counts, vals, columns=cols, never_scores={dummy}).points
    assert dummy not in as_dummy
    assert as_dummy == {w: p for w, p in as_player.items() if w != dummy}


# -- the Big Box: seat bonuses and the Grand Inquisitor's invisible player --------------------

#: (title, amount, counts for the majority, paid under first places only), as the Big Box prints them.
seat_rules = st.sampled_from([("Viceroy", 5, False, False), ("Captain", 3, True, False),
                              ("Ambassador", 2, True, True), ("Envoy", 1, True, True)])


@given(boards, values, columns, flags, st.booleans(), seat_rules, st.data())
def test_a_seat_changes_only_its_holder_except_for_the_viceroys_exclusion(counts, vals, cols, king, first_only,
                                                                          rule, data):
    """A seat bonus goes to its holder alone; a seat that does not count for the majority (the Viceroy)
    changes the others' points exactly as one Caballero fewer for the holder would."""
    seated = [w for w, n in counts.items() if n > 0]
    if not seated:
        return
    holder = data.draw(st.sampled_from(sorted(seated)))
    title, amount, counts_for_majority, first_paid = rule
    seat = majority.Seat(title, holder, amount, counts_for_majority, first_paid)
    plain = counts if counts_for_majority else {**counts, holder: counts[holder] - 1}
    without = majority.score(plain, vals, columns=cols, king=king, first_only=first_only).points
    with_seat = majority.score(counts, vals, columns=cols, king=king, first_only=first_only, seats=(seat,)).points
    assert {w: p for w, p in with_seat.items() if w != holder} == {w: p for w, p in without.items() if w != holder}
    assert with_seat[holder] - without.get(holder, 0) in (0, amount)


@given(boards, values, columns, flags, st.booleans(), st.integers(1, 12), st.data())
def test_the_invisible_players_caballeros_never_raise_anyones_points(counts, vals, cols, king, first_only,
                                                                     black, data):
    """S:251: the Grand Inquisitor's Caballeros take places and lose their points: they can only push
    players down (the scoreboards' values never rise from 1st to 3rd)."""
    grandes = data.draw(st.sets(st.sampled_from(sorted(counts))))
    seats = ()
    if any(counts.values()):
        holder = data.draw(st.sampled_from(sorted(w for w, n in counts.items() if n > 0)))
        seats = (majority.Seat("Ambassador", holder, 2, True, True),)
    before = majority.score(counts, vals, columns=cols, king=king, grandes=grandes, first_only=first_only,
                            seats=seats).points
    after = majority.score({**counts, "black": black}, vals, columns=cols, king=king, grandes=grandes,
                           first_only=first_only, never_scores={"black"}, seats=seats).points
    assert "black" not in after
    assert all(after[w] <= p for w, p in before.items())
