"""The view model: frozen, plain data that refuses nonsense early."""

import dataclasses
import subprocess
import sys

import pytest

from companion.ui.view import Chart, Choices, Line, Lines, Screen, Series, Spinner, Spinners


def test_a_screen_has_exactly_four_key_labels():
    screen = Screen("power_cards", "Round 4 · Turn 2/4 · BLUE", keys=["OK", "Up", "Down", ""])
    assert screen.keys == ("OK", "Up", "Down", "")
    assert Screen("x", "h").keys == ("", "", "", "")
    with pytest.raises(ValueError, match="4"):
        Screen("x", "h", keys=("OK", "Back"))
    with pytest.raises(TypeError):
        Screen("x", "h", keys=("OK", None, "", ""))
    with pytest.raises(TypeError):
        Screen("x", "h", keys="OKOK")


def test_screens_are_frozen_and_comparable():
    a = Screen("x", "h", "p", Choices(["a", "b"], cursor=1), keys=("OK", "", "", ""))
    b = Screen("x", "h", "p", Choices(("a", "b"), cursor=1), keys=["OK", "", "", ""])
    assert a == b and hash(a) == hash(b)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.headline = "other"


def test_cursors_must_point_at_something():
    with pytest.raises(ValueError):
        Choices(("a", "b"), cursor=2)
    with pytest.raises(ValueError):
        Choices(("a",), cursor=-1)
    with pytest.raises(ValueError):
        Choices((), cursor=1)
    assert Choices(()).cursor == 0
    with pytest.raises(ValueError):
        Spinners((Spinner("BLUE", 1),), cursor=1)
    with pytest.raises(ValueError, match="marks"):
        Choices(("a", "b"), marks=("✓",))


def test_spinners_stay_within_their_range():
    assert Spinner("BLUE", 0, 0, 12).value == 0
    with pytest.raises(ValueError):
        Spinner("BLUE", 13, 0, 12)
    with pytest.raises(ValueError):
        Spinner("BLUE", 0, 5, 1)


def test_lines_take_plain_strings():
    lines = Lines(["plain", Line("BLUE", "+4", strong=True)], top=1)
    assert lines.rows == (Line("plain"), Line("BLUE", "+4", True))
    with pytest.raises(ValueError):
        Lines(["a"], top=-1)


def test_unknown_bodies_are_refused():
    with pytest.raises(TypeError):
        Screen("x", "h", body=["a", "b"])
    Screen("x", "h", body=Chart([Series("BLUE", [0, 10, 20])]))


def test_the_view_model_does_not_import_pillow():
    code = "import sys, companion.ui.view; print('PIL' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(__import__('pathlib').Path(__file__).parents[2])})
    assert out.stdout.strip() == "False"
