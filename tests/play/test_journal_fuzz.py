"""A fuzz test of resuming: a real journal mutated line by line (types, values, keys,
encodings, nesting) never stops the companion, never loses the file's bytes and never
loses the good steps before the damage (issue 9).

The default run is small enough for CI; `python -m pytest --soak -m soak` runs it long.
"""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.app import make_controller
from companion.play.kept import kept_game
from companion.record.saves import Games
from tests.hypothesis_budget import examples as budget

FIXTURES = Path(__file__).parents[1] / "fixtures" / "journals"
JOURNALS = {name: (FIXTURES / name).read_bytes().split(b"\n")[:-1]
            for name in ("0.1-2023-4p-sample-by-keys.jsonl", "0.1-2023-2p-dummy.jsonl",
                         "0.1-2023-3p-short-game-with-undos.jsonl", "0.1-classic-5p.jsonl",
                         "0.2-2023-4p-units-and-discs.jsonl")}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True)
    | st.text(max_size=12) | st.sampled_from(["red", "blue", "green", "yellow", "castillo", "aragon", "granada",
                                                  "8/4/0", "group5", "2023.1.intrigue", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)


@st.composite
def mutation(draw, lines: list[bytes]):
    """(line number, new bytes) for one line of the journal."""
    number = draw(st.integers(1, len(lines)))
    line = lines[number - 1]
    entry = json.loads(line)
    kind = draw(st.sampled_from(["value", "drop key", "add key", "rename step", "bytes", "truncate",
                                 "nest", "bad utf-8", "duplicate", "swap"]))
    if kind == "value" and entry:
        key = draw(st.sampled_from(sorted(entry)))
        entry[key] = draw(json_values)
    elif kind == "drop key" and entry:
        entry.pop(draw(st.sampled_from(sorted(entry))))
    elif kind == "add key":
        entry[draw(st.text(max_size=8))] = draw(json_values)
    elif kind == "rename step":
        entry["step"] = draw(st.sampled_from(["SetupDone", "TurnEnded", "Scored", "KingMoved", "Nope", "undo"]))
    elif kind == "bytes":
        return number, draw(st.binary(max_size=40)).replace(b"\n", b" ")
    elif kind == "truncate":
        return number, line[:draw(st.integers(0, max(0, len(line) - 1)))]
    elif kind == "nest":
        depth = draw(st.sampled_from([10, 1000, 100_000]))
        return number, b"[" * depth + b"]" * depth
    elif kind == "bad utf-8":
        at = draw(st.integers(0, len(line)))
        return number, line[:at] + b"\xc3\x28" + line[at:]
    elif kind == "duplicate":
        return number, lines[draw(st.integers(1, len(lines))) - 1]
    elif kind == "swap" and number < len(lines):
        return number, lines[number]
    return number, json.dumps(entry, allow_nan=True).encode()


def check_resume(tmp_path: Path, lines: list[bytes], number: int, new: bytes) -> None:
    changed = list(lines)
    changed[number - 1] = new
    data = b"\n".join(changed) + b"\n"
    folder = tmp_path / "state"
    folder.mkdir()
    (folder / "game.jsonl").write_bytes(data)

    game, notice = kept_game(Games(folder))  # never raises
    aside = sorted(folder.glob("game.jsonl.unreadable-*"))
    if aside:  # anything changed is kept whole first
        assert len(aside) == 1 and aside[0].read_bytes() == data and aside[0].name in notice
    else:
        assert (folder / "game.jsonl").read_bytes() == data
    if game is None:
        assert number == 1 or aside  # only a damaged header costs the game
    else:
        if not any(b'"undo"' in line or b'"unit"' in line for line in lines):
            good = [json.loads(line) for line in lines[1:number - 1]]
            assert [json.loads(json.dumps(s.to_json())) for s in game.steps[:len(good)]] == good  # a good prefix is never lost
        game.close()
    # The companion then runs: a screen, and a few presses, never a crash.
    ui = make_controller(Games(folder), seed=lambda: 1)
    for key, long in ((3, False), (3, False), (0, False), (1, False), (3, False), (3, True)):
        ui.screen()
        ui.press(key, long)
    if ui.game is not None:
        ui.game.close()


def fuzz(examples: int):
    def decorate(test):
        return settings(max_examples=examples,
                        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])(test)
    return decorate


def mutate_and_resume(tmp_path_factory, name: str, examples: int) -> None:
    lines = JOURNALS[name]

    @fuzz(examples)
    @given(mutation(lines))
    def run(change):
        check_resume(tmp_path_factory.mktemp("fuzz"), lines, *change)

    run()


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(JOURNALS))
def test_a_mutated_journal_always_resumes(tmp_path_factory, name):
    mutate_and_resume(tmp_path_factory, name, budget(40))


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(JOURNALS))
def test_a_mutated_journal_always_resumes_long(tmp_path_factory, name):
    mutate_and_resume(tmp_path_factory, name, 2000)
