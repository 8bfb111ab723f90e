"""The move pages' shortcuts (issue 36) answer what the long way answers: on every state of the typical
table's and the plan table's whole games by keys where the table is asked for a card's move,
``card_effects.moves_none_from`` never says "none" of a move the referee accepts (and says it of every
count above one it says it of), gains.most_movable finds what asking every count finds, the likeliest move is
the first of the whole ranking the referee accepts (gains._likeliest_move, written out the long way
here), an Eviction's first refuge's reason is its offer's, and what a change gains (gains.Gains.change,
a count's class weighed once) is what the scoring's own points say (``gains.lead``: scorings.points_if).
majority.points' kept answers are new dicts, majority.lead is points' lead, and a count the board cannot
hold is refused after a kept answer as before."""

from __future__ import annotations

import pytest

from companion.engine import board, card_effects, gains, remembered, rules
from companion.engine import steps as s
from companion.engine.offers import effects
from companion.rules import majority


def _long_way(state, colours, sources, targets):
    """gains._likeliest_move as it was: every move ranked, the first the referee accepts."""
    weigh = gains.weighing(state, state.active)
    targets = [t for t in targets if t != state.king]
    ranked = []
    for colour in colours:
        for source in sources:
            if source == state.king or not board.held(state, colour, source):
                continue
            to = [t for t in targets if t != source]
            top = gains.most_movable(state, colour, source, to[0]) if to else 0
            ranked += [(weigh.move(colour, source, t, n), len(ranked), (colour, source, t, n))
                       for t in to for n in range(1, top + 1)]
    ranked.sort(key=lambda r: (-r[0], r[1]))
    return next((move for _, _, move in ranked if rules.refusal(state, s.CardMoved(*move)) is None), None)


def _most_movable_long_way(state, colour, source, target):
    """gains.most_movable as it was: every count asked, the greatest first."""
    for n in range(board.held(state, colour, source), 0, -1):
        if card_effects.moves_none_from(state, colour, source, n) and target in card_effects.on_board(state):
            continue
        if rules.refusal(state, s.CardMoved(colour, source, target, n)) is None:
            return n
    return 0


def _states(keys):
    """The states of a whole game by keys where the table is asked for a card's move."""
    import tempfile
    from pathlib import Path

    from companion.measure.key_scripts import play

    seen = []

    def keep(ui):
        game = ui.game
        if game is not None and "CardMoved" in game.expects and game.state.active is not None:
            seen.append((rules.after(game.state), tuple(game.expects)))  # (a copy: the game goes on)

    with tempfile.TemporaryDirectory() as tmp:
        play(keys, Path(tmp), after_each=keep)
    return seen


@pytest.mark.parametrize("name", ["sample_typical_table.keys", "sample_plan_table.keys"])
def test_the_shortcuts_answer_as_the_long_way(name):
    from companion.measure.bench_press_max import script_lines
    from companion.measure.key_scripts import SAMPLES

    keys = [event for _, event in script_lines(SAMPLES / name)]
    states = _states(keys)
    assert states
    for state, expects in states[::3]:
        with remembered.remembering():
            for colour in state.counted:
                for source in state.regions:
                    refused = [card_effects.moves_none_from(state, colour, source, n)
                               for n in range(1, board.held(state, colour, source) + 1)]
                    assert refused == sorted(refused)  # (a count refused so: every greater one too)
                    for n, none in enumerate(refused, start=1):
                        if none:
                            assert all(rules.refusal(state, s.CardMoved(colour, source, t, n)) is not None
                                       for t in card_effects.on_board(state) if t != source)
                    for target in (*state.regions[:2], "castillo"):
                        if target != source:
                            assert (gains.most_movable(state, colour, source, target)
                                    == _most_movable_long_way(state, colour, source, target))
                assert (gains._likeliest_move(state, (colour,), state.regions, state.regions)
                        == _long_way(state, (colour,), state.regions, state.regions))
                for region in effects.evictable(state):
                    assert (effects.refuge_refused(state, expects, region, colour)
                            == effects.refuges(state, expects, region, colour).why_not)
            colours = tuple(state.counted)
            assert (gains._likeliest_move(state, colours, state.regions, state.regions)
                    == _long_way(state, colours, state.regions, state.regions))


@pytest.mark.parametrize("name, every", [("sample_typical_table.keys", 2), ("sample_plan_table.keys", 2),
                                         ("sample_grandissimo_board_game.keys", 9)])  # (GI&C's black: not as held)
def test_a_change_gains_what_the_scorings_points_say(name, every):
    from companion.measure.bench_press_max import script_lines
    from companion.measure.key_scripts import SAMPLES
    from companion.rules import spain

    states = _states([event for _, event in script_lines(SAMPLES / name)])
    assert states
    for state, _ in states[::every]:
        for player in state.counted:
            weigh = gains.Gains(state, player)
            for region in state.regions:
                counts = dict(state.counts[region])
                now = gains.lead(state, player, region, counts)
                for colour in {*state.counted, *counts}:
                    have = counts.get(colour, 0)
                    for n in (*range(-have, 0), *range(1, 13)):
                        after = {**counts, colour: have + n}
                        long_way = gains.lead(state, player, region, after) - now if region in spain.REGIONS else 0
                        assert weigh.change(region, colour, n) == long_way, (region, colour, n)


def test_majority_lead_is_the_points_lead():
    for counts in ({}, {"red": 2}, {"red": 2, "blue": 2}, {"red": 3, "blue": 2, "green": 2}, {"red": 1, "blue": 4}):
        for never in ((), ("blue",)):
            for king in (False, True):
                points = majority.points(counts, (8, 4, 2), never_scores=never, king=king, grandes=("red",))
                for who in ("red", "blue", "yellow"):
                    best = max((p for c, p in points.items() if c != who), default=0)
                    assert majority.lead(who, counts, (8, 4, 2), 3, never, king, ("red",)) == points.get(who, 0) - best
    with pytest.raises(ValueError):
        majority.lead("red", {"red": -1}, (6, 4, 2), 3, (), False, ())


def test_majority_points_kept_answers_are_new_dicts_and_refusals_stay():
    first = majority.points({"red": 2, "blue": 1}, (6, 4, 2))
    first["red"] = 99
    assert majority.points({"red": 2, "blue": 1}, (6, 4, 2)) == {"red": 6, "blue": 4}
    with pytest.raises(ValueError):
        majority.points({"red": True, "blue": 1}, (6, 4, 2))
    with pytest.raises(ValueError):
        majority.points({"red": 2, "blue": 1}, (6, -4, 2))
