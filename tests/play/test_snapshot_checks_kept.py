"""The snapshot checks work out each class's and annotation's facts once (issue 36): what they keep never
lets a later damaged state through. Each case checks a state that fits first, so that every fact is kept,
then the same state damaged in one place."""

import copy
import dataclasses

import pytest

from companion.engine.state import ScoreLine
from companion.measure.sample import four_player_game
from companion.play.snapshot_schema import misfit
from companion.play.snapshot_values import Unfit, decode, encode

SAMPLE = four_player_game()


def scored_state():
    state = SAMPLE.state
    assert state.sheet, "the sample's game has a score sheet"
    return state


def test_a_line_of_the_sheet_damaged_after_a_state_that_fits_is_found():
    state = scored_state()
    assert misfit(state, state.settings) == ""
    damaged = copy.deepcopy(state)
    object.__setattr__(damaged.sheet[-1], "points", "7")  # (text, not a whole number)
    assert misfit(damaged, state.settings).endswith(f".sheet[{len(state.sheet) - 1}].points is not a whole number")


def test_a_line_that_is_no_score_line_is_found_after_lines_that_were():
    state = scored_state()
    assert misfit(state, state.settings) == ""
    damaged = copy.deepcopy(state)
    damaged.sheet[0] = ("not", "a", "line")  # type: ignore[call-overload]
    assert "sheet[0] is not a ScoreLine" in misfit(damaged, state.settings)


def test_a_subclass_of_a_line_is_checked_by_its_own_fields():
    @dataclasses.dataclass(frozen=True)
    class Longer(ScoreLine):
        extra: int = 0

    state = scored_state()
    damaged = copy.deepcopy(state)
    line = damaged.sheet[0]
    damaged.sheet[0] = Longer(**dataclasses.asdict(line), extra=1)
    assert misfit(damaged, state.settings) == ""
    object.__setattr__(damaged.sheet[0], "extra", None)
    assert misfit(damaged, state.settings).endswith(".sheet[0].extra is not a whole number")


def test_a_field_renamed_in_a_snapshot_is_refused_after_the_class_read_well():
    state = scored_state()
    written = encode(state, state.settings)
    assert decode(written, state.settings) == state
    line = copy.deepcopy(written["A"]["sheet"][0])
    assert line["C"] == "companion.engine.state:ScoreLine"
    line["A"]["reasons"] = line["A"].pop("reason")  # (as many fields, one of another name)
    with pytest.raises(Unfit, match="ScoreLine has other fields"):
        decode(line, state.settings)
