"""The bench's start figures with the Pi's imports, a resume among them (issue 36).

bench_instructions.cold_start counts a start with the Pi's imports (hardware.pi, gpiozero, a stand-in
spidev) only without a saved game; a Pi that is switched on mid-game resumes one. Here both, with the
bare interpreter (``python -c pass``, what every child pays before any of the companion) beside them,
so a README quotes the bench's own count of it. Counted as bench_instructions.py counts. Figures only.
"""

from __future__ import annotations

from companion.measure.bench_instructions import COLD_PI, SPIDEV_STAND_IN, Counter, CountFailed

M = 1_000_000


def pi_start_figures(count: Counter) -> None:
    from companion.measure.sample import four_player_game

    keys, stand_ins = count.tmp / "pi-start.keys", count.tmp / "pi-start-stand-ins"
    empty, resumed = count.tmp / "pi-start-empty", count.tmp / "pi-start-resumed"
    for folder in (stand_ins, empty, resumed):
        folder.mkdir()
    keys.write_text("")
    (stand_ins / "spidev.py").write_text(SPIDEV_STAND_IN)
    four_player_game(resumed / "game.jsonl").close()  # its log and snapshot
    bare = count("pass")
    print(f"  the bare interpreter (python -c pass, from bytecode): {bare / M:,.1f} M")
    for label, folder in (("no saved game", empty), ("resuming the finished 150-step game from its snapshot", resumed)):
        try:
            total = count(COLD_PI, str(stand_ins), "run", "--keys", str(keys), "--state-dir", str(folder))
        except CountFailed as failed:  # no gpiozero in this environment, say
            print(f"  a start with the Pi's imports ({label}): could not count ({failed})")
            continue
        print(f"  a start to the first frame with the Pi's imports ({label}; lgpio not included): {total / M:,.1f} M "
              f"({(total - bare) / M:,.1f} M beyond the bare interpreter)")
