"""`elgrande-companion bench` prints every figure the issues ask for (it asserts nothing about speed)."""

import re


def test_bench_prints_every_section(cli):
    status, out, err = cli("bench", "--repeat", "1", "--no-valgrind")
    assert status == 0, err
    assert re.search(r"replay: a complete 4-player journal, 150 steps", out)
    assert re.search(r"key presses: the sample 4-player game by keys, \d+ presses, 150 steps", out)
    assert re.search(r"per press: median [\d.]+ ms, 95th percentile [\d.]+ ms, slowest [\d.]+ ms", out)
    assert re.search(r"memory: peak RSS of a whole game by keys [\d.]+ MiB", out)
    assert re.search(r"no saved game: \d+ ms", out)
    assert re.search(r"resuming a finished 4-player game: \d+ ms", out)
    assert re.search(r"V2 +newest-frame mailbox +last press -> on glass +0\.\d\d s", out)
    assert "instructions" not in out  # --no-valgrind
