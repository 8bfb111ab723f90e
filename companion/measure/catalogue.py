"""Every screen the companion can show, by a scripted tour through the keys.

    for name, screen in tour():            # ("12-power-cards", Screen(...)), ...
        save_png(render(screen), f"{name}.png")

The tour drives real controllers made by
:func:`companion.app.make_controller` (so the "resumed" and "unreadable"
notices are the real ones), with fixed seeds and the games kept in a
temporary folder: a 4-player game of the 2023 edition with Power Shift,
played to the end with the King, a scoring tile, a Castillo throw, a
special scoring and three general scorings; the setup wizard before it
(catalogue_whole_game.py); a 2-player game with the dummy, a game
recording the board, one naming its card at the take (Intrigue: its
move's how many) and one with New Regency (catalogue_short_games.py);
games of the Big Box (catalogue_big_box.py); seats named from a roster;
a resumed and an unreadable saved game (here).

Names are ``NN-words``: stable across runs and unique, numbered by topic
(01 setup, 11 the dummy and Power cards, 20 a turn, 30 scorings, 45 the end
of the game, 50 the menu and its pages, 59 questions, 70 notices at start and
while the keys rest),
so a folder of the images reads in order although the tour visits them in
playing order. Each kind of screen appears at least once
(``tests/ui/test_every_screen.py`` checks that against the source). The
same version gives the same pixels every run, except the screens in
:data:`MACHINE_DEPENDENT`.

The tour only presses keys and reads screens, like a player; when a label
it looks for is gone it fails with the labels it saw.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.measure.big_box import colonies_board_game, colonies_game, grandissimo_game, intrigue_game, king_colonies_game
from companion.measure.hands import Hands
from companion.measure.short_games import (
    board_game,
    name_card_game,
    new_regency_game,
    two_player_game,
    two_player_round_two,
)
from companion.measure.whole_game import four_player_game
from companion.record import journal
from companion.ui.controller import Controller
from companion.ui.grammar import OK
from companion.ui.view import Screen

#: The seed every tour game is started with (the dummy's draws and the drawn setup follow it).
SEED = 7
#: The time an unreadable journal is stamped with when moved aside (it shows on the notice).
FIXED_TIME = time.gmtime(1_717_236_000)  # 2024-06-01 10:00 UTC

#: Screens that show this machine's folders or local time (where the game log was
#: exported to, and a file name made of the game's start): their words are checked,
#: not their pixels, since they differ from one machine to the next.
MACHINE_DEPENDENT = frozenset({"52-export"})


def tour(size: tuple[int, int] | None = None, keys_edge: str = "left") -> Iterator[tuple[str, Screen]]:
    """(name, screen) for every screen kind, and a few notable variants, in playing order;
    pages of lines scroll as far as they need on a panel of ``size`` (default: the 2.7")."""
    global _panel
    _panel = (size, keys_edge) if size is not None else None
    with tempfile.TemporaryDirectory(prefix="elgrande-tour-") as tmp:
        root = Path(tmp)
        yield from four_player_game(Hands(_controller(root / "four")))
        yield from two_player_game(Hands(_controller(root / "two")))
        yield from two_player_round_two(Hands(_controller(root / "two_round")))
        yield from new_regency_game(Hands(_controller(root / "regency")))
        yield from board_game(Hands(_controller(root / "board")))
        yield from name_card_game(Hands(_controller(root / "name")))
        yield from colonies_game(Hands(_controller(root / "colonies")))
        yield from intrigue_game(Hands(_controller(root / "intrigue")))
        yield from grandissimo_game(Hands(_controller(root / "grandissimo")))
        yield from king_colonies_game(Hands(_controller(root / "king_colonies")))
        yield from colonies_board_game(Hands(_controller(root / "colonies_board")))
        yield from _scoring_regions(root / "typical")
        yield from _deal(root / "deal")
        yield from _names(root / "names")
        yield from _names_again(root / "names_again")
        yield from _switch_off(root / "switch_off")
        yield from _notices(root / "two", root / "broken")
        yield from _table_view(root / "table")
        yield from _log_checked(root / "checked")


# -- the controllers, and seats named from a roster -------------------------------------


#: The panel the tour is drawn for (None: the 2.7" in landscape, the controller's default).
_panel: tuple[tuple[int, int], str] | None = None


def _controller(folder: Path, roster: tuple[str, ...] = ()) -> Controller:
    from companion.app import Games, make_controller
    from companion.ui.draw.render import scroll_end

    ui = make_controller(Games(folder), seed=lambda: SEED, roster=roster)
    if _panel is not None:
        size, edge = _panel
        ui.measure = lambda screen: scroll_end(screen, size, edge)
    return ui


def _scoring_regions(folder: Path) -> Iterator[tuple[str, Screen]]:
    """The typical table's first general scoring with the board recorded (resumed at its discs):
    each disc and the Castillo confirmed, the contested regions on one page."""
    from companion.measure.typical_table import typical_game

    folder.mkdir(parents=True, exist_ok=True)
    typical_game(folder / "game.jsonl", until="general scoring").close()
    t = Hands(_controller(folder))
    try:
        t.expect("resumed")
        while t.kind != "scoring_regions":
            t.press(OK)
        yield "49-scoring-regions", t.screen
    finally:
        if t.ui.game is not None:
            t.ui.game.close()


def _deal(folder: Path) -> Iterator[tuple[str, Screen]]:
    """A classic game whose action cards the companion deals: round 1's cards, to lay out (issue 35)."""
    from companion.measure.hands import seat_colours

    t = Hands(_controller(folder))
    t.choose("El Grande classic")
    t.choose("4 players")
    seat_colours(t, ("red", "blue", "green", "yellow"))
    t.choose("Companion deals cards")
    t.choose("Start the game")
    t.choose("Companion draws all")
    t.press(OK)
    yield "16-round-deal", t.expect("round_deal")
    if t.ui.game is not None:
        t.ui.game.close()


def _names(folder: Path) -> Iterator[tuple[str, Screen]]:
    """With a roster in the settings file, each seat is named: from it, or spelled."""
    t = Hands(_controller(folder, roster=("Ann", "Bo", "Cy")))
    t.choose("El Grande 2023")
    t.choose("3 players")
    t.choose("These colours")
    yield "64-setup-name", t.expect("setup_name")
    t.choose("Spell a name")
    for letter in "ZOE":
        t.choose(letter)
    yield "65-setup-speller", t.expect("setup_speller")
    t.choose("Done")


def _names_again(folder: Path) -> Iterator[tuple[str, Screen]]:
    """The names of the last game, from the state folder's roster: each seat offers first the one who sat
    there (one OK a seat for the same table); a table that never named anyone names them from the seats."""
    from companion.record import roster
    from companion.ui.screens.seat_names import fit

    t = Hands(_controller(folder / "never"))
    t.choose("El Grande 2023")
    yield "63-setup-seats-no-names", t.choose("3 players")
    folder.mkdir(parents=True, exist_ok=True)
    roster.remember(folder, ("Ann", "Bo", "Cy"), fit)
    t = Hands(_controller(folder))
    t.choose("El Grande 2023")
    t.choose("3 players")
    t.choose("These colours")
    yield "65-setup-name-last-table", t.press(OK)  # Ann taken; seat 2 starts on Bo, who sat there


def _switch_off(folder: Path) -> Iterator[tuple[str, Screen]]:
    """Menu › Switch off on the Pi: asked once; then the standby picture the panel keeps (the standings as
    they stand) while the Pi powers off (the simulator's row only says what it would do)."""
    from companion.measure import sample
    from companion.ui.grammar import KEY1

    folder.mkdir(parents=True, exist_ok=True)
    sample.four_player_game(folder / "game.jsonl").close()
    ui = _controller(folder)
    ui.can_switch_off = True
    t = Hands(ui)
    t.expect("resumed")
    t.press(OK)
    t.press(KEY1, long=True)
    yield "80-switch-off", t.choose("Switch off")
    yield "81-standby", t.press(OK)


# -- notices when the companion starts ------------------------------------------------------


def _at_fixed_time(*_: float | None) -> time.struct_time:
    return FIXED_TIME


@contextmanager
def _fixed_clock():
    """The journal stamps a file it moves aside with the time: fix it, so the notice is the same every run."""
    before = journal.aside_clock
    journal.aside_clock = _at_fixed_time
    try:
        yield
    finally:
        journal.aside_clock = before


def _notices(saved: Path, broken: Path) -> Iterator[tuple[str, Screen]]:
    # The 2-player game above, started again.
    ui = _controller(saved)
    try:
        yield "70-resumed", Hands(ui).expect("resumed")
    finally:
        Hands(ui).game.close()
    # The power went while a step was written: the torn line is dropped, the screen says so.
    with open(saved / "game.jsonl", "ab") as file:
        file.write(b'{"kind":"TurnEn')
    ui = _controller(saved)
    try:
        yield "71-resumed-torn-line", Hands(ui).expect("resumed")
    finally:
        Hands(ui).game.close()
    broken.mkdir(parents=True, exist_ok=True)
    (broken / "game.jsonl").write_bytes(b"shopping list: bread, milk\n")
    with _fixed_clock():
        ui = _controller(broken)
    yield "72-unreadable", Hands(ui).expect("unreadable")


def _table_view(folder: Path) -> Iterator[tuple[str, Screen]]:
    """What the panel shows while the keys rest: the sample game at round 2's first Power card."""
    from companion.measure.key_scripts import SAMPLE_TO_ROUND_2, play, sample_presses
    from companion.ui.table_view import table_screen

    ui = play(sample_presses()[:SAMPLE_TO_ROUND_2], folder)  # the seed the sample game was keyed with
    screen = table_screen(ui)
    assert screen is not None, "the sample game has begun"
    yield "73-table-view", screen
    if ui.game is not None:
        ui.game.close()


def _log_checked(folder: Path) -> Iterator[tuple[str, Screen]]:
    """The game log's check while the keys rest found a step its own state refuses (no key reaches it:
    the game in hand is made wrong here, as a damaged snapshot would make it) and set it aside."""
    from companion.engine.steps import PowerCardPlayed
    from companion.measure.key_scripts import SAMPLE_TO_ROUND_2, play, sample_presses
    from companion.ui.rest_check import RestCheck

    ui = play(sample_presses()[:SAMPLE_TO_ROUND_2], folder)
    game = ui.game
    assert game is not None, "the sample game has begun"
    game.state.hands["yellow"].add(8)  # Yellow played 8 in round 1: the wrong state lets it through again
    game.send(PowerCardPlayed("yellow", 8))
    with _fixed_clock():
        RestCheck().run(ui, lambda: True)
    try:
        yield "72-log-checked", Hands(ui).expect("log_checked")
    finally:
        if ui.game is not None:
            ui.game.close()
