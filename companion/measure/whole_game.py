"""The screens' tour through the setup wizard and a whole game: four players of the 2023 edition
with Power Shift, played to the end with the King, a scoring tile, a Castillo throw, a special
scoring, the menu and its pages, and three general scorings. Part of the tour in catalogue.py,
which the golden images and `screens` follow."""

from __future__ import annotations

from collections.abc import Iterator

from companion.measure.hands import BOARD, Hands, TourError, seat_colours
from companion.ui.grammar import BACK, DOWN, KEY1, KEY4, OK, UP
from companion.ui.view import Choices, Lines, Screen


def four_player_game(t: Hands) -> Iterator[tuple[str, Screen]]:
    """The setup wizard, then four players with Power Shift to the end of the game."""
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
    yield "03-setup-colours", t.expect("setup_seats")  # in the box's order, the dummy's too: one OK
    t.choose("Dummy · ")
    yield "04-setup-colours-dummy", t.expect("setup_colours")
    # ... but this table is four: back to the number of players.
    for _ in range(2):
        t.press(BACK)
    t.expect("setup_players")
    t.choose("4 players")
    seat_colours(t, ("Red", "Blue", "Green", "Yellow"))
    t.choose("Power Shift")
    t.choose(BOARD)  # scores only
    t.point("Power Shift")
    yield "05-setup-variants", t.expect("setup_variants")
    t.choose("Start the game")
    yield "07-setup-king", t.expect("setup_king")  # (a row up: the companion draws them)
    t.choose("Castilla")
    yield "08-setup-home", t.expect("setup_home")
    for home in ("Galicia", "Aragón", "Sevilla", "Valencia"):
        t.choose(home)
    yield "09-setup-first", t.expect("setup_first")
    t.choose("Red")


def power_cards(t: Hands, values: dict[str, int]) -> None:
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
    yield "16-cards-shown", t.choose("Cards showing this round")  # each stack's likeliest card
    t.choose("Stack 1 · ")
    t.point("Intrigue")
    yield "16-reveal", t.expect("reveal")
    t.press(BACK)
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
    power_cards(t, {"Green": 5, "Yellow": 3})

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
    power_cards(t, {"Red": 12, "Blue": 13, "Green": 1, "Yellow": 9})
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
    power_cards(t, {"Red": 11, "Blue": 10, "Green": 2, "Yellow": 4})
    _quiet_turns(t)


def _quiet_turns(t: Hands) -> None:
    """The players left take the first card offered and do nothing else."""
    while t.kind in ("turn_card", "turn"):
        if t.kind == "turn_card":
            t.choose("Stack")  # (the King's card, on top, would move the King)
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
        elif kind == "turn_card":
            t.choose("Stack")
        elif kind == "scoring" and (t.game.state.round, t.screen.prompt.split()[0]) in LATER_COUNTS:
            t.counts(LATER_COUNTS[t.game.state.round, t.screen.prompt.split()[0]])
        else:
            t.press(OK)
    yield "45-standings", t.expect("standings")
    t.press(OK)
    yield "46-bgstats", t.expect("bgstats")
    t.press(OK)
    yield "46-chart", t.expect("chart")
    t.press(OK)
    t.press(BACK)
    yield "63-menu-game-over", t.press(KEY1, long=True)
    t.choose("Back")

