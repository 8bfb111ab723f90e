"""What the start-fault tests share (tests/test_never_bricked.py, tests/test_start_faults.py)."""

from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures" / "journals"
SAMPLE = FIXTURES / "0.1-2023-4p-sample-by-keys.jsonl"


def one_line_error(capsys) -> str:
    """The one line a refusal printed on stderr (never a traceback)."""
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err
