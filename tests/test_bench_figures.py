"""docs/figures.md, the bench's figures in one place (companion/measure/bench_figures.py): every
printed section captured under its name, with its date, commit and machine; `--only` rewrites one
section and keeps the others. (The press counts themselves: tests/test_press_budgets.py.)"""

import re

from companion.measure import bench, bench_figures


def _fake_sections(monkeypatch, printed: dict[str, str]):
    def section(name):
        return lambda: print(printed[name])

    monkeypatch.setattr(bench, "sections", lambda args: [(name, section(name)) for name in printed])


def test_every_section_lands_in_the_file_under_its_name_with_where_it_was_made(cli, monkeypatch, tmp_path):
    _fake_sections(monkeypatch, {"replay": "replay: 150 steps\n  per step 1 ms", "new_one": "a helper's new line"})
    status, out, err = cli("bench", "--figures", str(tmp_path / "f.md"))
    assert status == 0, err
    assert "replay: 150 steps" in out  # still printed as it goes
    text = (tmp_path / "f.md").read_text(encoding="utf-8")
    assert bench_figures.printed(text, "replay") == "replay: 150 steps\n  per step 1 ms\n"
    assert bench_figures.printed(text, "new_one") == "a helper's new line\n"
    stamps = re.findall(r"^_(\d{4}-\d\d-\d\d \d\d:\d\d UTC) · commit (.+?) · (.+)_$", text, re.M)
    assert len(stamps) == 2 and all(machine for _, _, machine in stamps)


def test_only_rewrites_its_section_and_keeps_the_others(cli, monkeypatch, tmp_path):
    path = tmp_path / "f.md"
    _fake_sections(monkeypatch, {"replay": "old replay", "presses": "old presses"})
    assert cli("bench", "--figures", str(path))[0] == 0
    _fake_sections(monkeypatch, {"replay": "new replay", "presses": "new presses"})
    assert cli("bench", "--figures", str(path), "--only", "presses")[0] == 0
    text = path.read_text(encoding="utf-8")
    assert bench_figures.printed(text, "replay") == "old replay\n"
    assert bench_figures.printed(text, "presses") == "new presses\n"
    assert list(bench_figures.sections_of(text)) == ["replay", "presses"]


def test_an_unknown_section_is_refused_with_the_names(cli, monkeypatch, tmp_path):
    _fake_sections(monkeypatch, {"replay": "r"})
    status, _, err = cli("bench", "--only", "nope", "--figures", str(tmp_path / "f.md"))
    assert status == 2 and "replay" in err
    assert not (tmp_path / "f.md").exists()


def test_the_bench_names_its_real_sections_as_the_file_heads_them():
    import argparse

    names = [name for name, _ in bench.sections(argparse.Namespace(no_valgrind=True, repeat=1))]
    assert names[0] == "replay" and names[-2:] == ["presses", "instructions"]
    assert {"keys", "memory", "start", "display"} <= set(names)
    assert len(set(names)) == len(names)


def test_the_checkouts_file_has_every_section_the_bench_prints():
    import argparse

    text = bench_figures.FIGURES.read_text(encoding="utf-8")
    names = [name for name, _ in bench.sections(argparse.Namespace(no_valgrind=True, repeat=1))]
    assert set(names) <= set(bench_figures.sections_of(text)), "run " + bench_figures.COMMAND
