"""The bounds of the settings file's numbers (companion/settings/bounds.py): every number has one, the checks
refuse just outside it and take its edges, `config` and `run` refuse alike, and the example file and
hardware/README.md say the same words (issue 33: a tiny display.table_view took every press away)."""

import re
from dataclasses import fields
from pathlib import Path

import pytest

from companion.settings.bounds import NUMBERS, TABLE_VIEW_SHORTEST
from companion.settings.example import example_config
from companion.settings.file import SECTIONS, ConfigError, parse_config

README = Path(__file__).resolve().parents[2] / "hardware" / "README.md"


def test_every_number_of_the_file_has_its_bound():
    numbers = {(section, f.name) for section, cls in SECTIONS.items() for f in fields(cls)
               if f.type in (int, float, "int", "float", "tuple[int, int, int, int]")}
    assert numbers - {("display", "rotation")} == set(NUMBERS)  # the rotation is one of four (ROTATIONS)


def test_the_table_view_waits_at_least_several_seconds_or_never():
    bound = NUMBERS["display", "table_view"]
    assert TABLE_VIEW_SHORTEST >= 5 and bound.low == TABLE_VIEW_SHORTEST and bound.off == 0
    assert parse_config({"display": {"table_view": 0}}).display.table_view == 0
    assert parse_config({"display": {"table_view": TABLE_VIEW_SHORTEST}}).display.table_view == TABLE_VIEW_SHORTEST
    with pytest.raises(ConfigError, match=r"^display.table_view must be 0 \(never\) or between 15 and 86400 seconds, "
                                          r"not 1\.2$"):
        parse_config({"display": {"table_view": 1.2}})


def table(section: str, key: str, given) -> dict:
    """A settings table with ``key`` set and no panel (any size, any pins)."""
    return {"display": {"model": "none"}} | {section: {key: given, **({"model": "none"} if section == "display" else {})}}


@pytest.mark.parametrize("section, key", sorted(NUMBERS))
def test_each_bound_takes_its_edges_and_refuses_just_outside(section, key):
    bound = NUMBERS[section, key]
    step = 1 if bound.whole else 0.001
    for edge in (bound.low, bound.high):
        number = int(edge) if bound.whole else edge
        if key == "pins":  # four different pins: the edge as KEY1, free pins beside it
            given = [number, *[p for p in (20, 21, 22, 23) if p != number][:3]]
            assert parse_config(table(section, key, given)).keys.pins[0] == number
            continue
        assert getattr(getattr(parse_config(table(section, key, number)), section), key) == number
    for outside in (bound.low - step, bound.high + step):
        number = int(outside) if bound.whole else outside
        given = [number, 20, 21, 22] if key == "pins" else number
        with pytest.raises(ConfigError) as caught:
            parse_config(table(section, key, given))
        assert f"{section}.{key}" in str(caught.value) and f"{bound.high:g}" in str(caught.value)


@pytest.mark.parametrize("section, key", sorted(k for k in NUMBERS if k[1] not in ("pins", "width", "height")))
def test_the_example_file_says_each_bound(section, key):
    lines = example_config().splitlines()
    at = lines.index(next(line for line in lines if line.startswith(f"{key} = ")))
    while not lines[at - 1].startswith("#"):  # keys set together (captain .. envoy) share the comment above them
        at -= 1
    start = at
    while lines[start - 1].startswith("#"):
        start -= 1
    comments = " ".join(line.removeprefix("# ") for line in lines[start:at])
    assert NUMBERS[section, key].shown().lower() in comments.lower()


@pytest.mark.parametrize("section, key", sorted(NUMBERS))
def test_the_readme_table_says_each_bound(section, key):
    rows = [line for line in README.read_text(encoding="utf-8").splitlines()
            if line.startswith("|") and re.search(rf"`{key}`", line.split("|")[1])]
    assert len(rows) == 1, key
    bound = NUMBERS[section, key]
    shown = f"{bound.low:g} to {bound.high:g}" if key in ("pins", "width", "height") else bound.shown()
    assert shown in rows[0]


def test_run_refuses_what_config_refuses(cli, tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[display]\ntable_view = 0.5\n")
    said = []
    for command in (["config"], ["run", "--sim", "--state-dir", str(tmp_path / "games")]):
        status, out, err = cli(*command, "--config", str(path))
        assert status == 2, (command, out, err)
        said.append(err.strip().splitlines()[-1].split(": ", 1)[1])  # after "elgrande-companion run: "
    assert said[0] == said[1] and said[0].endswith("display.table_view must be 0 (never) or between 15 and 86400 "
                                                   "seconds, not 0.5")
    assert not (tmp_path / "games").exists() or not any((tmp_path / "games").iterdir())
