"""The shipped key scripts (companion/samples/*.keys) as the kit names them, and playing one without a screen.

``sample_game.keys`` is the sample 4-player game (companion/measure/sample.py)
entered key by key from a new game to the standings: a demo for
``elgrande-companion run --keys``, the scripted game the benchmark times,
and a template for bug reports. A test writes it from the key-by-key game
and fails when it goes stale.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from companion.samples import HERE as SAMPLES
from companion.ui.controller import Controller
from companion.ui.key_event import KeyEvent

SAMPLE_KEYS = SAMPLES / "sample_game.keys"
#: The same table's game with the board recorded (companion/measure/sample.py board_game).
SAMPLE_BOARD_KEYS = SAMPLES / "sample_board_game.keys"
#: The typical table: a whole 4-player 2023 game with the board recorded, every card played
#: (companion/measure/typical_table.py; its presses are the bench's whole-game figure).
TYPICAL_TABLE_KEYS = SAMPLES / "sample_typical_table.keys"
#: The same table, its card effects' choices drawn among the three best (typical_table.CHOICES_SEED;
#: its header says the whole game's presses for each of typical_table.CHOICE_SEEDS).
TYPICAL_CHOICES_KEYS = SAMPLES / "sample_typical_table_choices.keys"
#: A game of Grand Inquisitor & the Colonies, the Big Box (tests/fixtures/games/sample_colonies.py).
SAMPLE_COLONIES_KEYS = SAMPLES / "sample_colonies_game.keys"
#: The Colonies' game with the board recorded (tests/fixtures/games/sample_colonies_board.py).
SAMPLE_COLONIES_BOARD_KEYS = SAMPLES / "sample_colonies_board_game.keys"
#: A game of Grandissimo, the Big Box (tests/fixtures/games/sample_grandissimo.py).
SAMPLE_GRANDISSIMO_KEYS = SAMPLES / "sample_grandissimo_game.keys"
#: Grandissimo's game with the board recorded (tests/fixtures/games/sample_grandissimo_board.py).
SAMPLE_GRANDISSIMO_BOARD_KEYS = SAMPLES / "sample_grandissimo_board_game.keys"
#: A game of Intrigue & the King, the Big Box (tests/fixtures/games/sample_intrigue.py).
SAMPLE_INTRIGUE_KEYS = SAMPLES / "sample_intrigue_game.keys"
#: Intrigue & the King's game with the board recorded (tests/fixtures/games/sample_intrigue_board.py).
SAMPLE_INTRIGUE_BOARD_KEYS = SAMPLES / "sample_intrigue_board_game.keys"
#: A game of The King & the Colonies, the Big Box (tests/fixtures/games/sample_king_colonies.py).
SAMPLE_KING_COLONIES_KEYS = SAMPLES / "sample_king_colonies_game.keys"
#: The King & the Colonies' game with the board recorded (tests/fixtures/games/sample_king_colonies_board.py).
SAMPLE_KING_COLONIES_BOARD_KEYS = SAMPLES / "sample_king_colonies_board_game.keys"

#: The companion deals (issue 35): a whole 4-player classic game, every page's OK, the action cards dealt by
#: the companion from seed 1 (tests/ui/test_dealt_game_by_keys.py; no press names a card).
DEALT_CLASSIC_KEYS = SAMPLES / "sample_dealt_classic_game.keys"

#: The sample game's presses from a new game to round 2's first Power card (scores on the sheet):
#: where the table view's pictures and tests stand.
SAMPLE_TO_ROUND_2 = 98


def sample_presses() -> list[KeyEvent]:
    return script_presses(SAMPLE_KEYS)


def script_presses(path: Path) -> list[KeyEvent]:
    """The presses of the key script at ``path``, in order (its pauses and comments left out)."""
    from hardware.sim.terminal import parse_script

    return [event for event in parse_script(path.read_text(encoding="utf-8"), where=path.name) if event is not None]


def play(presses: list[KeyEvent], state_dir: Path, seed: int = 1,
         after_each: Callable[[Controller], object] | None = None) -> Controller:
    """A new controller on an empty state folder, every press sent; `after_each` sees each result."""
    from companion.app import Games, make_controller

    ui = make_controller(Games(state_dir), seed=lambda: seed)
    for press in presses:
        ui.press(press.key, press.long)
        if after_each is not None:
            after_each(ui)
    return ui
