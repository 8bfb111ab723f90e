"""RefreshPolicy: partial refreshes for new frames, full ones when the keys are quiet."""

import pytest

from hardware.display import Refresh, RefreshPolicy

F, P = Refresh.FULL, Refresh.PARTIAL


def run(policy: RefreshPolicy, steps: list[str]) -> list[Refresh]:
    """Show frames of the given families ("~" = the panel's memory is lost) and list the choices."""
    chosen = []
    for family in steps:
        if family == "~":
            policy.forget()
            continue
        refresh = policy.choose(family)
        policy.shown(family, refresh)
        chosen.append(refresh)
    return chosen


@pytest.mark.parametrize("steps, expected", [
    (["a"], [F]),                                             # first frame: the glass is unknown
    (["a", "a", "a"], [F, P, P]),                             # the same family: partial
    (["a", "b", "c", "a"], [F, P, P, P]),                     # another family: partial too
    (["a"] * 30, [F] + [P] * 29),                             # ghosting makes a full due, never chosen here
    (["a", "a", "~", "a", "a"], [F, P, F, P]),                # after an error (or waking without a base)
])
def test_new_frames_are_partial_whenever_the_glass_is_known(steps, expected):
    assert run(RefreshPolicy(full_every=5), steps) == expected


def test_a_full_refresh_becomes_due_after_full_every_partials_and_waits_for_quiet():
    policy = RefreshPolicy(full_every=5, quiet_after=2.0, idle_after=None)
    run(policy, ["a"] * 5)
    assert (policy.partials, policy.due) == (4, False)
    assert policy.cleanup_in(100.0) is None            # not due, and no idle timer
    run(policy, ["a"])
    assert policy.due
    assert policy.cleanup_in(0.0) == pytest.approx(2.0)  # keys pressed just now: wait for 2 s of quiet
    assert policy.cleanup_in(1.5) == pytest.approx(0.5)
    assert policy.cleanup_in(2.0) == 0
    policy.shown("a", F)                                 # the loop did it
    assert (policy.partials, policy.due, policy.cleanup_in(10.0)) == (0, False, None)


def test_leaving_a_family_after_many_partials_makes_a_full_due():
    policy = RefreshPolicy(full_every=20, leave_after=3, idle_after=None)
    run(policy, ["turn", "turn", "turn", "lists", "lists"])  # left "turn" after 2 partials: not yet
    assert not policy.due and policy.partials == 4
    run(policy, ["turn"])                                    # left "lists" after 4 partials
    assert policy.due and policy.cleanup_in(5.0) == 0


def test_the_default_family_threshold_is_half_of_full_every_and_there_is_no_cap():
    policy = RefreshPolicy(full_every=20)
    assert (policy.leave_after, policy.cap) == (10, None)


def test_without_a_cap_keys_that_never_pause_never_get_a_full_refresh_but_one_is_due():
    policy = RefreshPolicy(full_every=20, quiet_after=2.0)
    assert run(policy, ["a", "b"] * 500) == [F] + [P] * 999
    assert policy.due and not policy.capped and policy.cleanup_after() == 2.0  # done at the first pause


def test_an_idle_glass_with_any_partial_is_cleaned_up_after_idle_after():
    policy = RefreshPolicy(full_every=20, quiet_after=2.0, idle_after=60.0)
    run(policy, ["a"])
    assert policy.cleanup_in(1000.0) is None  # clean after a full refresh: nothing to do
    run(policy, ["a"])
    assert not policy.due
    assert policy.cleanup_in(10.0) == pytest.approx(50.0)
    assert policy.cleanup_in(60.0) == 0


def test_the_cap_forces_a_full_refresh_even_in_a_burst():
    policy = RefreshPolicy(full_every=2, cap=4)
    assert run(policy, ["a"] * 5) == [F, P, P, P, P]
    assert policy.capped
    assert run(policy, ["a"] * 2) == [F, P]
    assert not policy.capped


def test_full_every_zero_means_always_full_and_nothing_is_ever_due():
    policy = RefreshPolicy(full_every=0)
    assert run(policy, ["a", "b", "a"]) == [F, F, F]
    assert not policy.due and policy.cleanup_in(1e6) is None


def test_a_panel_without_partial_refresh_always_gets_full_and_needs_no_cleanup():
    policy = RefreshPolicy(partial=False)
    assert run(policy, ["a", "a", "a", "b"]) == [F, F, F, F]
    assert policy.cleanup_in(1e6) is None


def test_a_base_write_after_waking_keeps_the_partials_and_their_count():
    policy = RefreshPolicy(full_every=4)
    run(policy, ["a", "a", "a"])
    policy.forget()                      # asleep: the controller's memory is gone
    assert policy.choose("a") is F and policy.cleanup_in(1e6) is None
    policy.rebase()                      # woken, and the glass's picture written back
    assert run(policy, ["a", "a"]) == [P, P]
    assert policy.partials == 4 and policy.due  # the ghosts from before the sleep still count


def test_rebase_before_anything_was_shown_does_not_invent_a_picture():
    policy = RefreshPolicy()
    policy.rebase()
    assert policy.choose("a") is F


def test_choosing_alone_changes_nothing():
    policy = RefreshPolicy()
    policy.shown("a", F)
    assert [policy.choose("b") for _ in range(10)] == [P] * 10  # a failed show is not counted
    assert policy.partials == 0


@pytest.mark.parametrize("options", [dict(full_every=-1), dict(leave_after=0), dict(full_every=10, cap=5)])
def test_nonsense_settings_are_refused(options):
    with pytest.raises(ValueError):
        RefreshPolicy(**options)
