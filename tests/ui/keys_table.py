"""A table at the four keys, for the tests that play parts of games by keys: a `Table` presses
keys on a controller and reads its screens, and the moves those games are made of (a new game
through the wizard, the cards named from the menu, everyone's Power card, the cards taken)."""

from companion.measure.hands import fill_keys, name_shown, seat_colours
from companion.play.game import Game
from companion.ui.controller import Controller
from companion.ui.grammar import BACK, DOWN, HELD, OK, UP
from companion.ui.view import Choices, Spinners

BOARD = "Board recorded"  # on by default in the wizard


class Table:
    """Presses keys on a controller and reads its screens, like a player would. Its table shuffles
    its own cards: a take asks nothing (a card not known is named at its action, on the turn page:
    issue 35)."""

    def __init__(self, seed: int = 42, **settings_file):
        """``settings_file``: the settings file's choices the controller is given (classic_text="1995")."""
        self.ui = Controller(lambda settings: Game.new(settings), new_seed=lambda: seed, **settings_file)

    @property
    def screen(self):
        return self.ui.screen()

    def press(self, key: int, long: bool = False):
        self.ui.press(key % HELD, long or key >= HELD)  # (a held key from fill_keys: the key + HELD)
        return self.screen

    def choose(self, label: str):
        """Move the cursor to the item starting with `label` and press OK."""
        body = self.screen.body
        assert isinstance(body, Choices), self.screen
        matches = [i for i, item in enumerate(body.items) if item.startswith(label)
                   and not (self.screen.kind == "turn_card" and body.marks and body.marks[i])]  # (a taken card)
        assert matches, f"{label!r} not in {body.items}"
        for _ in range(len(body.items)):  # ▼ until there (past the cards taken this round)
            if self.screen.body.cursor == matches[0]:
                break
            self.press(DOWN)
        return self.press(OK)

    def ok(self):
        """OK where the cursor is."""
        return self.press(OK)

    def counts(self, wanted: dict[str, int]):
        """Set each spinner row named in `wanted` (on a turn's placements the others to 0) and press OK."""
        body = self.screen.body
        if self.screen.kind == "placements" and isinstance(body, Choices):  # one Caballero: a list
            (label,) = [label for label, n in wanted.items() if n]
            return self.choose(label)
        assert isinstance(body, Spinners), self.screen
        placing = self.screen.kind == "placements"  # (the rows not named: none placed there)
        for key in fill_keys(self.ui, [wanted.get(row.label, 0 if placing else row.value) for row in body.rows]):
            self.press(key)
        return self.press(OK)

    def ok_until(self, kind: str, limit: int = 50):
        for _ in range(limit):
            if self.screen.kind == kind:
                return self.screen
            self.press(OK)
        raise AssertionError(f"never reached {kind}: {self.screen}")


def new_game(table: Table, edition: str, colours: list[str], *, dummy: str | None = None,
             variants=(), king="Castilla", homes=(), first=None):
    table.choose("El Grande 2023" if edition == "2023" else "El Grande classic")
    table.choose(f"{len(colours)} players")
    seat_colours(table, colours + ([dummy] if dummy else []))
    for variant in variants:
        if variant != BOARD:
            table.choose(variant)
    if BOARD not in variants:
        table.choose(BOARD)  # on by default: switched off, scores only
    table.choose("Start the game")
    table.choose(king)
    for home in homes:
        table.choose(home)
    return table.choose((first or colours[0]).title())


def classic_game(table: Table):
    """A 3-player classic game, entered from the cards: Red, Blue and Green; King in Castilla."""
    return new_game(table, "classic", ["red", "blue", "green"], homes=["Galicia", "Aragón", "Sevilla"],
                    king="Castilla")


def name_cards(table: Table, *shown: str):
    """Menu -> "Cards showing this round": the label chosen for each stack listed, in order (the rest
    not said), then *These show*."""
    if table.screen.kind != "cards_shown":  # (opened by itself when the round before named some)
        table.press(UP, long=True)
        table.choose("Cards showing this round")
    stacks = [int(label.split()[1].split("+")[0]) for label in table.screen.body.items[1:]]
    return name_shown(table, dict(zip(stacks, shown, strict=False)))


def play_power_cards(table: Table, values: dict[str, int]):
    if table.screen.kind == "round_over":  # what the table does now: one OK
        table.press(OK)
    while table.screen.kind == "power_cards":
        who = table.screen.headline.rsplit("· ", 1)[1]
        table.choose(f"{values[who]:>2} ")


def take_cards(table: Table, stacks: list[str]):
    for stack in stacks:
        assert table.screen.kind == "turn_card", table.screen
        table.choose(stack)
        table.choose("End the turn")


def place_unnamed(table: Table, *keys: int):
    """A turn's placements as pre-filled (or set by ``keys``), the card not named (issue 35): the page
    the take opened names it on its OK rows, so Back, *Place Caballeros* on the turn page, whose page
    has the OK row naming none, farthest up: ▲ to it, OK. The turn page then waits on the cards."""
    table.press(BACK)
    table.choose("Place Caballeros")
    for key in keys:
        table.press(key)
    while isinstance(body := table.screen.body, Spinners) and body.cursor != len(body.rows):
        table.press(UP)
    return table.press(OK)
