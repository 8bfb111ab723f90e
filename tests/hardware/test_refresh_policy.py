"""RefreshPolicy: the table of full and partial refreshes."""

import pytest

from hardware.display import Refresh, RefreshPolicy

F, P = Refresh.FULL, Refresh.PARTIAL


def run(policy: RefreshPolicy, steps: list[str]) -> list[Refresh]:
    """Show frames of the given kinds ("~" = the panel woke / failed) and list the choices."""
    chosen = []
    for kind in steps:
        if kind == "~":
            policy.forget()
            continue
        refresh = policy.choose(kind)
        policy.shown(kind, refresh)
        chosen.append(refresh)
    return chosen


@pytest.mark.parametrize("steps, expected", [
    (["a"], [F]),                                             # first frame
    (["a", "a", "a"], [F, P, P]),                             # same screen: partial
    (["a", "b", "b", "a"], [F, F, P, F]),                     # kind changes: full
    (["a"] * 8, [F, P, P, P, P, P, F, P]),                    # full after 5 partials
    (["a", "a", "~", "a", "a"], [F, P, F, P]),                # after waking (or an error)
    (["a", "a", "a", "b", "b", "b", "b", "b", "b", "b"],      # a kind change resets the count
     [F, P, P, F, P, P, P, P, P, F]),
])
def test_the_refresh_table(steps, expected):
    assert run(RefreshPolicy(full_every=5), steps) == expected


def test_full_every_is_configurable():
    assert run(RefreshPolicy(full_every=2), ["a"] * 7) == [F, P, P, F, P, P, F]
    assert run(RefreshPolicy(full_every=0), ["a"] * 3) == [F, F, F]


def test_a_panel_without_partial_refresh_always_gets_full():
    assert run(RefreshPolicy(partial=False), ["a", "a", "a", "b"]) == [F, F, F, F]


def test_choosing_alone_changes_nothing():
    policy = RefreshPolicy()
    policy.shown("a", F)
    assert [policy.choose("a") for _ in range(10)] == [P] * 10  # a failed show is not counted


def test_a_negative_full_every_is_refused():
    with pytest.raises(ValueError):
        RefreshPolicy(full_every=-1)
