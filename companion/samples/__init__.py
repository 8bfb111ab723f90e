"""The shipped key scripts by name: `elgrande-companion run --keys sample` plays the sample game
from any folder (the wheel ships the scripts; a path from the checkout's root is not needed).

A sample played by name keeps its game apart from the table's own (`samples/<name>/` in the state
folder, unless --state-dir says where) and starts afresh on every run: the game an earlier run left
there is put aside under that folder's games/ (kept, as every game is), so a second run plays the
sample again instead of resuming at its score chart, with the draws it was written with (:data:`SEED`,
unless --seed says another). A script given as a path keeps its meaning: it plays on, and resumes, the
folder's saved game.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent
#: The short name of the headline sample: the 4-player game with the board recorded.
SAMPLE = "sample"
#: The seed of a sample's draws when played by name (the region cards, the dummy, the companion's deal):
#: the one the bench and the tests play every shipped script with, so each ends on its own standings.
SEED = 1


def names() -> list[str]:
    """Every shipped script's name: "sample" (sample_board_game), then each file's stem."""
    return [SAMPLE, *sorted(path.stem for path in HERE.glob("*.keys"))]


def shipped(name: str) -> Path | None:
    """The shipped script called ``name`` ("sample", or a stem such as "sample_colonies_game"), else None."""
    stem = "sample_board_game" if name == SAMPLE else name
    if not stem or "/" in stem or "\\" in stem or stem.startswith("."):
        return None
    path = HERE / f"{stem}.keys"
    return path if path.is_file() else None
