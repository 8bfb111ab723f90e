"""`elgrande-companion bench`: its options; the bench itself is the measurement kit's
(companion/measure/bench.py and its sections), imported only when the command runs."""

import argparse
from pathlib import Path

from companion.language import _


def add_parser(sub) -> None:
    p = sub.add_parser("bench", help=_("measure the companion on this machine (replay, key presses, memory, "
                                     "start-up, display bursts); prints figures"))
    p.add_argument("--repeat", type=int, default=20, help=_("repetitions per figure (default 20)"))
    p.add_argument("--no-valgrind", action="store_true", help=_("skip instruction counts even if valgrind is there"))
    p.add_argument("--panel", action="store_true",
                   help=_("time the real e-paper panel (a Pi with the HAT; stop the service first) and play the "
                        "sample game on a panel model with the measured times; exit status 2 without a panel"))
    p.add_argument("--config", metavar="FILE", type=Path, help=_("with --panel: the settings file naming the panel"))
    p.add_argument("--figures", metavar="FILE", type=Path,
                   help=_("also write the printed sections, with the date, commit and machine, to FILE "
                        "(the checkout's docs/figures.md, which the README and docs/ link to)"))
    p.add_argument("--only", metavar="SECTION", action="append",
                   help=_("run only this section (repeatable: replay, keys, memory, start, display, presses, "
                        "instructions, ...); with --figures the file's other sections are kept"))
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from companion.measure.bench import run

    return run(args)
