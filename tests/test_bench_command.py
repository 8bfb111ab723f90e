"""`elgrande-companion bench` prints every figure the issues ask for (it asserts nothing about speed)."""

import re


def test_bench_prints_every_section(cli):
    status, out, err = cli("bench", "--repeat", "1", "--no-valgrind")
    assert status == 0, err
    assert re.search(r"replay: a complete 4-player journal, 150 steps", out)
    assert re.search(r"key presses: the sample 4-player game by keys, 296 presses, 150 steps", out)
    assert re.search(r"per press: median [\d.]+ ms, 95th percentile [\d.]+ ms, slowest [\d.]+ ms", out)
    assert re.search(r"memory: peak RSS of a whole game by keys [\d.]+ MiB", out)
    assert re.search(r"no saved game: \d+ ms", out)
    assert re.search(r"resuming a finished 4-player game: \d+ ms", out)
    assert re.search(r"V2 +newest-frame mailbox +last press -> on glass +0\.\d\d s", out)
    assert "instructions" not in out  # --no-valgrind


FAKE_VALGRIND = """#!{python}
import sys
out = next(a.split("=", 1)[1] for a in sys.argv if a.startswith("--callgrind-out-file="))
with open(out, "w") as f:
    f.write("events: Ir\\nsummary: %d\\n" % (10**6 + 1000 * len(" ".join(sys.argv))))
"""


def test_bench_prints_the_instruction_counts(tmp_path, monkeypatch, capsys):
    """With valgrind there (a stand-in that writes a callgrind summary), every count gets its line."""
    import shutil
    import sys

    from companion.commands.bench_instructions import instruction_figures

    fake = tmp_path / "valgrind"
    fake.write_text(FAKE_VALGRIND.format(python=sys.executable))
    fake.chmod(0o755)
    monkeypatch.setattr(shutil, "which", lambda name: str(fake) if name == "valgrind" else None)
    instruction_figures()
    out = capsys.readouterr().out
    assert re.search(r"per navigation press \(menu, cursor moved, frame drawn; mean of 40\): -?[\d,]+\n", out), out
    assert re.search(r"cold start to the first frame \(no saved game\): [\d,]+ "
                     r"\(of which the bare interpreter: [\d,]+\)", out), out
    assert re.search(r"cold start to the first frame \(resuming a finished 4-player game\): [\d,]+", out), out
    assert re.search(r"undo at step 20 of a 4-player game: -?[\d,]+\n", out), out
    assert re.search(r"undo at step 140 of a 4-player game: -?[\d,]+\n", out), out


def test_bench_says_when_valgrind_is_missing(monkeypatch, capsys):
    import shutil

    from companion.commands.bench_instructions import instruction_figures

    monkeypatch.setattr(shutil, "which", lambda name: None)
    instruction_figures()
    assert "valgrind not found: no instruction counts" in capsys.readouterr().out
