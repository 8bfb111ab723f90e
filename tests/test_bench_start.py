"""The bench's starts with the Pi's imports (companion/measure/bench_start.py): the bare interpreter's
count beside them, a resume among them, and a line saying why when a start cannot be counted."""

from companion.measure import bench_start
from companion.measure.bench_instructions import CountFailed

M = 1_000_000


def test_a_start_and_a_resume_with_the_pis_imports_beside_the_bare_interpreter(tmp_path, capsys):
    runs = []

    def count(code, *args):
        runs.append(args)
        if code == "pass":
            return 88 * M
        return (470 if "resumed" in args[-1] else 367) * M

    count.tmp = tmp_path
    bench_start.pi_start_figures(count)
    lines = capsys.readouterr().out.rstrip().splitlines()
    assert lines[0] == "  the bare interpreter (python -c pass, from bytecode): 88.0 M"
    assert lines[1].endswith("(no saved game; lgpio not included): 367.0 M (279.0 M beyond the bare interpreter)")
    assert "resuming the finished 150-step game from its snapshot" in lines[2]
    assert lines[2].endswith("470.0 M (382.0 M beyond the bare interpreter)")
    assert (tmp_path / "pi-start-resumed" / "game.jsonl.snapshot").exists()
    assert runs[1][0] == str(tmp_path / "pi-start-stand-ins")


def test_a_start_that_cannot_be_counted_says_why(tmp_path, capsys):
    def count(code, *args):
        if code == "pass":
            return 88 * M
        raise CountFailed("No module named 'gpiozero'")

    count.tmp = tmp_path
    bench_start.pi_start_figures(count)
    out = capsys.readouterr().out
    assert out.count("could not count (No module named 'gpiozero')") == 2
