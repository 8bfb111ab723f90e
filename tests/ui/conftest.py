"""Golden-image comparison for the screens.

``golden(image, "name")`` compares a frame pixel by pixel with
``tests/ui/goldens/name.png``. On a mismatch the actual frame and a diff
(differing pixels in black) are saved in a temporary folder and the test
fails with the count of differing pixels and the paths.

Regenerate on purpose only::

    ELGRANDE_REGENERATE_GOLDENS=1 python -m pytest tests/ui

writes every golden the run reaches and fails each of those tests with
"regenerated" — look at the new PNGs (git diff shows which changed), then
run again without the variable.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image

from companion.ui.draw.render import save_png

GOLDENS = Path(__file__).parent / "goldens"
REGENERATE = "ELGRANDE_REGENERATE_GOLDENS"


def differing_pixels(expected: Image.Image, actual: Image.Image) -> list[tuple[int, int]]:
    """Coordinates where two same-size 1-bit frames differ."""
    width = expected.width
    a_pixels, b_pixels = expected.convert("L").tobytes(), actual.convert("L").tobytes()
    return [(i % width, i // width) for i, (a, b) in enumerate(zip(a_pixels, b_pixels)) if a != b]


class Golden:
    """``golden(image, name)``; ``folder`` is where the goldens live."""

    def __init__(self, tmp_path_factory, folder: Path = GOLDENS):
        self.tmp_path_factory = tmp_path_factory
        self.folder = folder

    def __call__(self, image: Image.Image, name: str) -> None:
        tmp_path_factory = self.tmp_path_factory
        path = self.folder / f"{name}.png"
        actual = image.convert("1")
        if os.environ.get(REGENERATE) == "1":
            save_png(actual, path)
            pytest.fail(f"golden {path.name} regenerated ({REGENERATE}=1): look at it, "
                        f"then run the tests again without {REGENERATE}", pytrace=False)

        out = tmp_path_factory.mktemp(f"golden-{name}")
        if not path.exists():
            saved = save_png(actual, out / f"{name}.actual.png")
            pytest.fail(f"no golden {path}; this run's frame is {saved}. "
                        f"Create it with {REGENERATE}=1 after looking at the frame.", pytrace=False)

        with Image.open(path) as stored:
            expected = stored.convert("1")
        if expected.size != actual.size:
            saved = save_png(actual, out / f"{name}.actual.png")
            pytest.fail(f"{name}: size {actual.size}, golden {expected.size}; actual frame at {saved}",
                        pytrace=False)
        diff = differing_pixels(expected, actual)
        if diff:
            saved = save_png(actual, out / f"{name}.actual.png")
            marks = Image.new("1", actual.size, 1)
            for xy in diff:
                marks.putpixel(xy, 0)
            diff_path = save_png(marks, out / f"{name}.diff.png")
            xs, ys = [x for x, _ in diff], [y for _, y in diff]
            pytest.fail(f"{name}: {len(diff)} pixels differ from {path} "
                        f"(in x {min(xs)}..{max(xs)}, y {min(ys)}..{max(ys)}); "
                        f"actual frame {saved}, diff {diff_path}", pytrace=False)


@pytest.fixture
def golden(tmp_path_factory):
    return Golden(tmp_path_factory)
