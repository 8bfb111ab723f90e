"""Where a whole game's presses go, page by page (issue 35): a key script replayed on a controller,
each press given to the step its line enters (the line's first word: CardMoved, SecretDiscs...)
and the page it was pressed on (its kind and its prompt, the colours, regions and numbers in it
made general: "From R to", "C's n to"), the scripts' mean. What the bench's moments
(companion/measure/plan_figures.py) sum, opened up, to find the dearest pages::

    python -m tools.plan_pages companion/samples/sample_plan_table.keys
    python -m tools.plan_pages --steps CardMoved SecretDiscs -- folder/*.keys

Five seeds' scripts: tests/ui/test_plan_table_by_keys.py ``by_keys`` writes one per seed into a
folder of its own.
"""

from __future__ import annotations

import argparse
import re
import tempfile
from collections import Counter
from pathlib import Path

from companion.app import Games, make_controller
from companion.measure.press_targets import press, script_lines
from companion.rules import spain
from companion.rules.editions import edition

_COLOURS = r"\b(Red|Blue|Green|Yellow|Black|Purple)\b"


def general(prompt: str) -> str:
    """A page's prompt with its colours (C), places (R) and numbers (n) made general."""
    names = sorted({edition(e).name(r) for e in ("2023", "classic") for r in (*spain.SCORING_ORDER, spain.CASTILLO)},
                   key=len, reverse=True)  # (the longest first: "Castilla la Vieja" before "Castilla")
    for name in names:
        prompt = prompt.replace(name, "R")
    return re.sub(r"\d+", "n", re.sub(_COLOURS, "C", prompt))


def pages(path: Path) -> Counter[tuple[str, str, str]]:
    """(the step its line enters, the page's kind, its prompt made general) -> presses."""
    spent: Counter[tuple[str, str, str]] = Counter()
    with tempfile.TemporaryDirectory(prefix="elgrande-pages-") as tmp:
        ui = make_controller(Games(Path(tmp)), seed=lambda: 7)
        for keys, what in script_lines(path):
            step = what.split(" ", 1)[0]
            for word in keys:
                screen = ui.screen()
                spent[(step, screen.kind, general(screen.prompt or ""))] += 1
                press(ui, word)
    return spent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("scripts", nargs="+", type=Path)
    parser.add_argument("--steps", nargs="*", help="only these steps' lines (CardMoved, SecretDiscs...)")
    args = parser.parse_args(argv)
    total: Counter[tuple[str, str, str]] = Counter()
    for path in args.scripts:
        total.update(pages(path))
    n = len(args.scripts)
    for (step, kind, prompt), presses in total.most_common():
        if not args.steps or step in args.steps:
            print(f"{presses / n:7.1f}  {step:22} {kind:18} {prompt}")


if __name__ == "__main__":
    main()
