"""Every screen the companion can show, by a scripted tour through the keys.

    for name, screen in tour():            # ("12-power-cards", Screen(...)), ...
        save_png(render(screen), f"{name}.png")

The tour drives real controllers made by
:func:`companion.app.make_controller` (so the "resumed" and "unreadable"
notices are the real ones), with fixed seeds and the games kept in a
temporary folder: a 4-player game of the 2023 edition with Power Shift,
played to the end with the King, a scoring tile, a Castillo throw, a
special scoring and three general scorings; the setup wizard before it; a
2-player game with the dummy; a resumed and an unreadable saved game.

Names are ``NN-words``: stable across runs and unique, numbered by topic
(01 setup, 11 the dummy and Power cards, 20 a turn, 30 scorings, 45 the end
of the game, 50 the menu and its pages, 59 questions, 70 notices at start),
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
import types
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

from companion.game import journal
from companion.ui.catalogue_big_box import colonies_game, grandissimo_game, intrigue_game, king_colonies_game
from companion.ui.controller import Controller
from companion.ui.grammar import BACK, DOWN, KEY1, KEY4, OK, UP
from companion.ui.hands import BOARD, Hands, TourError
from companion.ui.view import Choices, Lines, Screen

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
        yield from _four_player_game(root / "four")
        yield from _two_player_game(root / "two")
        yield from _new_regency_game(root / "regency")
        yield from _board_game(root / "board")
        yield from colonies_game(Hands(_controller(root / "colonies")))
        yield from intrigue_game(Hands(_controller(root / "intrigue")))
        yield from grandissimo_game(Hands(_controller(root / "grandissimo")))
        yield from king_colonies_game(Hands(_controller(root / "king_colonies")))
        yield from _names(root / "names")
        yield from _notices(root / "two", root / "broken")


# -- the setup wizard and a 4-player game --------------------------------------------


#: The panel the tour is drawn for (None: the 2.7" in landscape, the controller's default).
_panel: tuple[tuple[int, int], str] | None = None


def _controller(folder: Path, roster: tuple[str, ...] = ()) -> Controller:
    from companion.app import Games, make_controller
    from companion.ui.render import scroll_end

    ui = make_controller(Games(folder), seed=lambda: SEED, roster=roster)
    if _panel is not None:
        size, edge = _panel
        ui.measure = lambda screen: scroll_end(screen, size, edge)
    return ui


def _names(folder: Path) -> Iterator[tuple[str, Screen]]:
    """With a roster in the settings file, each seat is named: from it, or spelled."""
    t = Hands(_controller(folder, roster=("Ann", "Bo", "Cy")))
    t.choose("El Grande 2023")
    t.choose("3 players")
    t.choose("Red")
    yield "64-setup-name", t.expect("setup_name")
    t.choose("Spell a name")
    for letter in "ZOE":
        t.choose(letter)
    yield "65-setup-speller", t.expect("setup_speller")
    t.choose("Done")


def _four_player_game(folder: Path) -> Iterator[tuple[str, Screen]]:
    t = Hands(_controller(folder))
    try:
        yield from _wizard(t)
        yield from _first_round(t)
        yield from _second_round(t)
        yield from _general_scoring(t)
        yield from _to_the_end(t)
    finally:
        if t.game is not None:
            t.game.close()


def _wizard(t: Hands) -> Iterator[tuple[str, Screen]]:
    yield "01-setup-edition", t.expect("setup_edition")
    # Before a game: the undo question has nothing to undo, the menu is short.
    yield "61-undo-nothing", t.press(KEY4, long=True)
    t.press(OK)
    yield "62-menu-before-a-game", t.press(KEY1, long=True)
    t.choose("Back")

    t.choose("El Grande 2023")
    yield "02-setup-players", t.expect("setup_players")
    # Two players of the 2023 edition: a third colour for the dummy ...
    t.choose("2 players")
    yield "03-setup-colours", t.expect("setup_colours")
    t.choose("Red")
    t.choose("Blue")
    yield "04-setup-colours-dummy", t.expect("setup_colours")
    # ... but this table is four: back to the number of players.
    for _ in range(3):
        t.press(BACK)
    t.expect("setup_players")
    t.choose("4 players")
    for colour in ("Red", "Blue", "Green", "Yellow"):
        t.choose(colour)
    t.choose("Power Shift")
    t.choose(BOARD)  # scores only
    t.point("Power Shift")
    yield "05-setup-variants", t.expect("setup_variants")
    t.choose("Start the game")
    yield "06-setup-draw", t.expect("setup_draw")
    t.choose("Enter from the cards")
    yield "07-setup-king", t.expect("setup_king")
    t.choose("Castilla")
    yield "08-setup-home", t.expect("setup_home")
    for home in ("Galicia", "Aragón", "Sevilla", "Valencia"):
        t.choose(home)
    yield "09-setup-first", t.expect("setup_first")
    t.choose("Red")


def _power(t: Hands, values: dict[str, int]) -> None:
    """Everyone plays a Power card without a modifier; ``values`` by player name."""
    if t.kind == "round_over":
        t.press(OK)  # read what the table does now
    while t.kind == "power_cards":
        who = t.screen.headline.rsplit("· ", 1)[1]
        t.choose(f"{values[who]:>2} ")
        if t.kind == "power_shift":
            t.choose("no modifier")


def _first_round(t: Hands) -> Iterator[tuple[str, Screen]]:
    t.expect("power_cards")
    # Which card each stack shows, from the menu (here: looked at, then left unsaid).
    t.press(UP, long=True)
    t.choose("Cards showing this round")
    t.point("Conspiracy")
    yield "16-reveal", t.expect("reveal")
    t.press(BACK)
    t.press(BACK)
    t.expect("power_cards")
    t.point(" 9 ")
    yield "12-power-cards", t.screen
    t.press(OK)
    yield "14-power-shift", t.expect("power_shift")
    t.choose("no modifier")
    # Blue's 8 with a modifier: +1 would make 9, which Red played already: not offered.
    yield "15-power-totals", t.choose(" 8 ")
    t.choose("no modifier")
    _power(t, {"Green": 5, "Yellow": 3})

    # Red's turn: the King's card's neighbour, stack 4; the King, a tile, the Castillo.
    yield "20-turn-card", t.expect("turn_card")
    t.choose("Stack 4")
    yield "21-turn", t.expect("turn")
    t.choose("Throw into the Castillo")
    t.press(UP)  # onto Red's counter: KEY3 and KEY4 are - and +
    yield "22-castillo-throw", t.press(OK)
    t.press(DOWN)  # back to the OK row
    t.press(OK)
    t.choose("King moved")
    t.point("Toledo")
    yield "23-king-moved", t.expect("region")
    t.press(BACK)  # stack 4 holds no card that moves the King: the table corrects the board instead
    t.press(KEY1, long=True)
    t.choose("Correct: the King")
    t.choose("Toledo")
    t.press(OK)  # what the correction changed, read
    t.choose("Scoring tile")
    yield "24-tile", t.expect("tile")
    t.choose("8/4/0")
    t.point("Granada")
    yield "25-tile-to", t.expect("region")
    t.press(OK)
    t.choose("Grande moved")
    yield "26-grande-refused", t.choose("Toledo")  # the King's region: refused, the page stays
    t.press(BACK)
    t.choose("End the turn")

    # Blue: the King's card (its King page opens at once: the King stays), 1 into the Castillo.
    t.choose("King's card")
    t.expect("region")
    t.press(BACK)
    t.choose("Throw into the Castillo")
    t.press(OK)
    t.choose("End the turn")

    # Green: stack 3, a special scoring of the 5-point regions.
    t.choose("Stack 3")
    t.choose("Special scoring")
    t.point("5-point")
    yield "30-special", t.expect("special")
    t.press(OK)
    yield "31-special-confirm", t.expect("special_confirm")
    t.press(OK)  # scored in the board's order: Navarra, Aragón, Valencia
    t.set_counts({"Red": 1, "Green": 2})
    yield "32-scoring-special", t.expect("scoring")
    t.press(OK)
    t.counts({"Blue": 2, "Green": 2, "Red": 1})
    t.counts({"Yellow": 2, "Red": 3})
    yield "33-results-special", t.expect("results")
    t.press(OK)
    t.choose("End the turn")

    # Yellow: stack 1; the table moves Yellow's Grande to Cataluña (no stack 1 card does: a correction).
    t.choose("Stack 1")
    t.press(KEY1, long=True)
    t.choose("Correct: a Grande")
    t.choose("Yellow")
    t.choose("Cataluña")
    t.press(OK)
    t.choose("End the turn")


def _second_round(t: Hands) -> Iterator[tuple[str, Screen]]:
    yield "41-round-over", t.expect("round_over")  # First Player marker, round marker, new cards
    _power(t, {"Red": 12, "Blue": 13, "Green": 1, "Yellow": 9})
    t.expect("turn_card")
    t.choose("Stack")

    # The menu and every page it leads to, in the middle of a turn.
    yield "50-menu", t.press(KEY1, long=True)
    t.choose("Score sheet")
    yield "51-sheet", t.expect("sheet")
    t.press(BACK)
    t.choose("This game's settings")
    yield "51-game-settings", t.expect("game_settings")
    t.press(BACK)
    t.choose("Export the game log")
    yield "52-export", t.expect("export")
    t.press(OK)  # read: back where the menu was opened
    t.expect("turn")
    t.press(KEY1, long=True)
    t.choose("Correct: a Grande")
    yield "53-correct-whose-grande", t.expect("who")
    t.press(BACK)
    t.choose("Correct: the Castillo")
    yield "54-correct-castillo", t.expect("castillo_correction")
    t.press(BACK)  # on the OK row, KEY3 goes back
    t.expect("menu")
    t.choose("Correct: counts in a region")
    t.choose("Aragón")
    yield "55-correct-counts", t.expect("counts_correction")
    # ... and here an unchanged correction: it says what it recorded, and is taken back at once.
    t.press(OK)
    yield "55-corrected", t.expect("corrected")
    t.press(OK)
    t.press(KEY4, long=True)
    t.expect("undo")
    t.press(OK)
    t.expect("turn")
    t.press(KEY1, long=True)
    t.choose("Correct: a score")
    yield "56-correct-score", t.expect("score_correction")
    t.press(OK)
    t.expect("turn")
    t.press(KEY1, long=True)
    t.choose("Rules of an action card")
    yield "57-cards", t.expect("cards")
    t.press(DOWN)
    t.press(DOWN)
    t.press(OK)
    yield "58-card-text", t.expect("card_text")
    t.press(BACK)
    t.press(BACK)
    t.choose("New game")
    yield "59-new-game", t.expect("new_game")
    t.press(BACK)  # Keep
    t.choose("Back")

    t.choose("Power card back to hand")
    yield "27-power-back", t.expect("power_back")
    t.press(BACK)
    t.choose("Throw into the Castillo")
    t.press(OK)
    yield "60-undo", t.press(KEY4, long=True)
    t.press(BACK)  # Keep
    t.choose("End the turn")
    _quiet_turns(t)
    # Round 3: nothing happens.
    _power(t, {"Red": 11, "Blue": 10, "Green": 2, "Yellow": 4})
    _quiet_turns(t)


def _quiet_turns(t: Hands) -> None:
    """The players left take the first card offered and do nothing else."""
    while t.kind in ("turn_card", "turn"):
        if t.kind == "turn_card":
            t.press(OK)
        else:
            t.choose("End the turn")


def _general_scoring(t: Hands) -> Iterator[tuple[str, Screen]]:
    yield "35-disc", t.expect("disc")  # straight in: one list per player with Caballeros in the Castillo
    t.choose("Toledo")  # Red's disc: the King's region
    t.choose("Galicia")  # Blue
    yield "36-scoring-castillo", t.expect("scoring")
    t.press(OK)  # pre-filled from the Castillo tally
    yield "37-scoring-region", t.expect("scoring")
    regions = {"Galicia": {}, "Navarra": {}, "Aragón": {"Blue": 3}, "Cataluña": {"Yellow": 2},
               "Castilla": {}, "Toledo": {"Yellow": 3, "Blue": 1},
               "Sevilla": {}, "Granada": {"Red": 2, "Blue": 2, "Yellow": 1}, "Valencia": {}}
    for region, counts in regions.items():
        if not t.screen.prompt.startswith(region):
            raise TourError(f"expected {region} to be scored, got {t.screen}")
        if region == "Toledo":
            t.set_counts(counts)
            yield "38-scoring-king-region", t.screen
            t.press(OK)
        else:
            t.counts(counts)
    yield "39-results-general", t.expect("results")
    t.press(OK)


#: Counts that change in the later general scorings, so the chart's lines part.
LATER_COUNTS = {
    (6, "Castilla"): {"Blue": 5, "Red": 1},
    (6, "Sevilla"): {"Red": 4},
    (9, "Valencia"): {"Yellow": 0, "Red": 0, "Green": 5},
    (9, "Navarra"): {"Blue": 4, "Green": 0, "Red": 0},
}


def _items(screen: Screen) -> tuple[str, ...]:
    return screen.body.items if isinstance(screen.body, Choices) else ()


def _to_the_end(t: Hands) -> Iterator[tuple[str, Screen]]:
    shown_nobody = False
    for _ in range(2000):
        if t.game.over and t.kind in ("standings", "chart"):
            break
        kind = t.kind
        if kind == "power_cards":
            t.press(OK)  # the lowest card that may be played without a modifier
            while t.kind == "power_shift" and "no modifier" not in _items(t.screen):
                t.press(BACK)  # its own value is taken (only a total with a modifier is free)
                t.press(DOWN)
                t.press(OK)
            if t.kind == "power_shift":
                t.choose("no modifier")
        elif kind == "turn":
            game = t.game
            if game.state.round == 5 and game.state.active == "green" and not game.state.castillo.get("green"):
                t.choose("Throw into the Castillo")
                t.counts({"Green": 1})  # a stack 1 card: one Caballero
            t.choose("End the turn")
        elif kind == "discs" and not shown_nobody and isinstance(t.screen.body, Lines) \
                and t.screen.body.rows[0].text.startswith("Nobody"):
            shown_nobody = True
            yield "40-discs-nobody", t.screen
            t.press(OK)
        elif kind == "disc":
            t.choose("Sevilla")
        elif kind == "scoring" and (t.game.state.round, t.screen.prompt.split()[0]) in LATER_COUNTS:
            t.counts(LATER_COUNTS[t.game.state.round, t.screen.prompt.split()[0]])
        else:
            t.press(OK)
    yield "45-standings", t.expect("standings")
    t.press(OK)
    yield "46-chart", t.expect("chart")
    t.press(OK)
    yield "63-menu-game-over", t.press(KEY1, long=True)
    t.choose("Back")


# -- a 2-player game with the dummy ------------------------------------------------------


def _two_player_game(folder: Path) -> Iterator[tuple[str, Screen]]:
    t = Hands(_controller(folder))
    try:
        t.choose("El Grande 2023")
        t.choose("2 players")
        for colour in ("Red", "Blue", "White"):
            t.choose(colour)
        t.choose(BOARD)  # scores only
        t.choose("Start the game")
        t.choose("Companion draws them")
        yield "10-setup-drawn", t.expect("setup_drawn")
        t.press(OK)
        yield "11-dummy-round-start", t.expect("dummy")
        t.press(OK)
        yield "13-power-cards-with-dummy", t.expect("power_cards")
        _power(t, {"Red": 13, "Blue": 1})
        # The dummy takes its card when its Power card's turn comes.
        for _ in range(20):
            if t.kind == "dummy":
                break
            if t.kind == "turn_card":
                t.press(OK)
            else:
                t.choose("End the turn")
        yield "28-dummy-takes-a-card", t.expect("dummy")
        t.press(OK)
    finally:
        if t.game is not None:
            t.game.close()


def _board_game(folder: Path) -> Iterator[tuple[str, Screen]]:
    """Three players recording the board: Red takes a card and places 2 in Aragón and 1 in the
    Castillo on the page that opens with it."""
    t = Hands(_controller(folder))
    try:
        t.set_up(("Red", "Blue", "Green"), ("Board recorded",), king="Toledo")
        _power(t, {"Red": 13, "Blue": 1, "Green": 5})
        t.choose("Stack 3")
        yield "42-placements", t.expect("placements")
        for key in (OK, OK, UP, OK):  # + + on Aragón, ▲ to the Castillo, +
            t.press(key)
        yield "43-placements-set", t.expect("placements")
        t.press(UP)  # round to the OK row
        t.press(OK)
        yield "44-placed", t.expect("turn")
        t.press(KEY1, long=True)
        yield "47-map", t.choose("Map")
        t.press(OK)
        t.choose("End the turn")
        t.choose("Stack 1")  # Green, whose 5 brought 4 to the Court
        t.press(UP)  # leave the placements: ▲ ▲ to the OK row, Back
        t.press(UP)
        t.press(BACK)
        yield "48-intake", t.choose("Court intake")
        t.press(BACK)
    finally:
        if t.game is not None:
            t.game.close()


def _new_regency_game(folder: Path) -> Iterator[tuple[str, Screen]]:
    """Three players with New Regency: the 5th stack shows Chalet, and Red takes it."""
    t = Hands(_controller(folder))
    try:
        t.set_up(("Red", "Blue", "Green"), ("New Regency",))
        t.press(UP, long=True)
        t.choose("Cards showing this round")
        for _ in range(4):
            t.choose("not said")
        t.choose("Chalet")
        _power(t, {"Red": 13, "Blue": 1, "Green": 5})
        t.choose("Chalet")
        t.choose("Chalet: King to fewest")
        yield "29-chalet", t.expect("chalet")
        t.choose("Aragón")
        t.expect("turn")
    finally:
        if t.game is not None:
            t.game.close()


# -- notices when the companion starts ------------------------------------------------------


@contextmanager
def _fixed_clock():
    """The journal stamps a file it moves aside with the time: fix it, so the notice is the same every run."""
    clock = types.SimpleNamespace(gmtime=lambda *_: FIXED_TIME, strftime=time.strftime)
    with mock.patch.object(journal, "time", clock):
        yield


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
