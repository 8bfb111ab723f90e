"""The bench's dearest press of whole games by keys (companion/measure/bench_press_max.py): a dump of
callgrind per press read back in order, each with its script line and page; the panel's line with its
target, its top five and its median. The numbers are the machine's own: never asserted here."""

import re
import sys
from pathlib import Path

from companion.measure import bench_press_max as max_press
from companion.measure.bench_instructions import Counter
from companion.measure.key_scripts import TYPICAL_TABLE_KEYS

M = 1_000_000

#: A stand-in for valgrind: runs the child's ``-c`` code in its own process, writing a numbered dump at
#: each call of os.getppid (as --dump-before=getppid does), its total the call's number in millions.
FAKE_VALGRIND = """#!{python}
import os, sys
args = sys.argv[1:]
out = next(a.split("=", 1)[1] for a in args if a.startswith("--callgrind-out-file="))
assert "--dump-before=getppid" in args, args
argv = [a for a in args if not a.startswith("--")]
calls = [0]
def dump():
    calls[0] += 1
    with open(out + "." + str(calls[0]), "w") as f:
        f.write("events: Ir\\nsummary: %d\\n" % (calls[0] * 1000000))
    return 1
os.getppid = dump
sys.argv = ["-c", *argv[3:]]
exec(compile(argv[2], "<child>", "exec"), {{"__name__": "__main__"}})
with open(out, "w") as f:
    f.write("events: Ir\\nsummary: 5\\n")
"""


def a_short_script(tmp_path: Path, lines: int = 8) -> Path:
    """The typical table's first lines: the wizard, the game begun, its first Power cards."""
    path = tmp_path / "short.keys"
    path.write_text("\n".join(TYPICAL_TABLE_KEYS.read_text(encoding="utf-8").splitlines()[:lines]) + "\n")
    return path


def test_each_press_is_a_dump_with_its_line_and_page(tmp_path):
    fake = tmp_path / "valgrind"
    fake.write_text(FAKE_VALGRIND.format(python=sys.executable))
    fake.chmod(0o755)
    count = Counter(str(fake), tmp_path)
    script = a_short_script(tmp_path)
    lines = max_press.script_lines(script)
    presses = max_press.count_presses(count, script, "v2")
    assert [p.line for p in presses] == [number for number, _ in lines]
    assert [p.instructions for p in presses] == [(2 * i + 2) * M for i in range(len(lines))]  # the first: warm-up
    assert [p.after for p in presses] == [(2 * i + 3) * M for i in range(len(lines))]  # the snapshot after the frame
    assert presses[0].page.startswith("ListPage") and all(p.page for p in presses)
    assert not list(tmp_path.glob("presses-*.out.*"))  # the dumps read and removed


def test_the_script_lines_are_the_presses_parse_script_reads(tmp_path):
    from companion.measure.key_scripts import script_presses

    script = a_short_script(tmp_path, lines=12)
    assert [event for _, event in max_press.script_lines(script)] == script_presses(script)
    assert max_press.script_lines(script)[0][0] == 4  # two comment lines and a blank before the first


def test_the_dumps_are_read_in_their_numbers_order(tmp_path):
    out = tmp_path / "p.out"
    for number in (1, 2, 10, 3):
        (tmp_path / f"p.out.{number}").write_text(f"events: Ir\nsummary: {number * 7}\n")
    (tmp_path / "p.out").write_text("events: Ir\nsummary: 1\n")  # the program's end: not a press's
    assert max_press.dump_totals(out) == [7, 14, 21, 70]


def test_the_line_says_the_max_its_press_the_top_five_and_the_median():
    every = [(max_press.Press(n * M, 10 + n, f"Page{n}: asked"), "a.keys" if n % 2 else "b.keys")
             for n in (3, 9, 1, 20, 5, 7, 2)]
    line = max_press.press_max_line('2.7"', 8.0, every)
    assert line == ('  2.7": max 20.00 M (target <= 8.0 M: NOT met; 2 of 7 presses over it), b.keys line 30, '
                    "Page20: asked; p50 5.00 M; the top five: 20.00 M (b line 30), 9.00 M (a line 19), "
                    "7.00 M (a line 17), 5.00 M (a line 15), 3.00 M (a line 13)")
    assert re.search(r"max 20\.00 M \(target <= 16\.0 M: NOT met; 1 of 7", max_press.press_max_line('7.5"', 16.0, every))
    assert "(target <= 30.0 M: met; 0 of 7" in max_press.press_max_line('7.5"', 30.0, every)


def test_each_panel_gets_its_line_over_both_games(tmp_path, monkeypatch, capsys):
    seen = []

    def presses(count, script, model):
        seen.append((script.name, model))
        return [max_press.Press(4 * M, 5, "ListPage: Who?")]

    monkeypatch.setattr(max_press, "count_presses", presses)
    max_press.press_max_figures(object())
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("every press of a whole game by keys, from the key to the panel's bytes")
    assert lines[1].startswith('  2.7": max 4.00 M (target <= 8.0 M: met') and lines[2].startswith('  7.5": max')
    assert seen == [(s, m) for m in ("v2", "7in5_V2") for s in max_press.SCRIPTS]


def test_nothing_but_the_bench_calls_getppid():
    """The dumps mark presses only while no other code of the companion calls the C function."""
    root = Path(max_press.__file__).parents[2]
    callers = [path for folder in ("companion", "hardware") for path in (root / folder).rglob("*.py")
               if "getppid" in path.read_text(encoding="utf-8") and path.name != "bench_press_max.py"]
    assert callers == []



def test_the_line_says_the_work_after_the_frame_apart():
    """The snapshot written after the press's frame (app.Loop.press) is no press's: its dearest named apart."""
    every = [(max_press.Press(3 * M, 11, "Page: a", after=2 * M), "a.keys"),
             (max_press.Press(5 * M, 12, "Page: b", after=6 * M), "b.keys")]
    line = max_press.press_max_line('2.7"', 8.0, every)
    assert line.startswith('  2.7": max 5.00 M (target <= 8.0 M: met; 0 of 2 presses over it)')
    assert line.endswith("; after the frame (the snapshot beside the log, app.Loop.press): max 6.00 M (b line 12)")
