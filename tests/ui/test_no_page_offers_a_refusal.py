"""No page offers what the referee refuses (issue 34's check).

Random whole games (both editions, 2-5 players, the 2023 dummy, the variants, each Big Box mode,
board recorded and scores only) are walked through the real controller from its wizard: on every
page the walk presses OK on the default, or moves the cursor to a random row and presses OK. Every
offered option the table confirms must be accepted: a step the referee refuses (StepRefused
reaching the page's error line) fails the property. A page that says why it will not take a row
(its own one-line reason, no step sent) is the page saying so, not a refusal.

Each game is bounded (``PRESSES``), so an example runs in seconds; the walk stops at game over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.refused import StepRefused
from companion.play.game import Game
from companion.ui.controller import Controller
from companion.ui.grammar import BACK, DOWN, OK
from companion.ui.view import Choices, Spinners
from tests.hypothesis_budget import examples

#: At most this many presses a game (then the walk stops where the game stands).
PRESSES = 1000
#: A page's OK key that does something other than confirm a row (the walk presses Back there).
NOT_CONFIRMING = {"Phone", "Off", "New", "Undo", "Chart", ""}


@dataclass
class Refusal:
    kind: str
    built_by: str
    row: str
    message: str
    keys: tuple[int, ...]


class Watched(Controller):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.refused: list[str] = []

    def send(self, *steps):
        try:
            super().send(*steps)
        except StepRefused as refusal:
            self.refused.append(str(refusal))
            raise


@dataclass(frozen=True)
class Table:
    edition: str
    players: int
    board: bool
    secret: bool
    variants: tuple[str, ...]


VARIANTS_2023 = ("Short game (6 rounds)", "New Regency", "Power Shift")
MODES = (None, "GI & Colonies", "Intrigue & King", "King & Colonies", "Grandissimo")


@st.composite
def tables(draw) -> Table:
    edition = draw(st.sampled_from(("2023", "classic")))
    players = draw(st.integers(2, 5))
    if edition == "2023":
        variants = tuple(v for v in VARIANTS_2023 if draw(st.booleans()))
    else:
        mode = draw(st.sampled_from(MODES))
        variants = ((mode,) if mode else ()) + (("Short game (6 rounds)",) if draw(st.booleans()) else ())
    return Table(edition, players, draw(st.booleans()), draw(st.booleans()), variants)


def built_by(page: object) -> str:
    """The screens module whose code the page's OK runs (its builder's, or its caller's)."""
    on_ok = getattr(page, "on_ok", None)
    on_ok = getattr(on_ok, "func", on_ok)  # (a partial)
    code = getattr(on_ok, "__code__", None)
    return code.co_filename.rpartition("/")[2].removesuffix(".py") if code is not None else ""


def row_label(ui: Controller) -> str:
    body = ui.screen().body
    if isinstance(body, Choices) and body.items:
        return body.items[body.cursor]
    return ""


def to_row(ui: Controller, keys: list[int], label: str) -> bool:
    """▼ to the first row starting with ``label`` and OK (False, nothing pressed, when there is none)."""
    body = ui.screen().body
    if not isinstance(body, Choices):
        return False
    found = [i for i, item in enumerate(body.items) if item.startswith(label)]
    if not found:
        return False
    for _ in range(len(body.items)):
        current = ui.screen().body
        if isinstance(current, Choices) and current.cursor == found[0]:
            break
        ui.press(DOWN)
        keys.append(DOWN)
    ui.press(OK)
    keys.append(OK)
    return True


def start(ui: Watched, table: Table, keys: list[int]) -> bool:
    """Through the wizard to the first page of the game (the King's region): True when there."""

    def choose(label: str) -> bool:
        return to_row(ui, keys, label)

    choose("El Grande 2023" if table.edition == "2023" else "El Grande classic")
    choose(f"{table.players} players")
    choose("These colours")
    marks = dict(zip(ui.screen().body.items, ui.screen().body.marks)) if isinstance(ui.screen().body, Choices) else {}
    for label in table.variants:
        if not choose(label):
            return False
    if (marks.get("Board recorded") == "on") != table.board:
        choose("Board recorded")
    if (marks.get("Secret Castillo") == "on") != table.secret:
        choose("Secret Castillo")
    choose("Start the game")
    return ui.screen().kind not in ("setup_variants", "setup_seats", "setup_players", "setup_edition")


def walk(ui: Watched, rnd: random.Random, keys: list[int]) -> list[Refusal]:
    """Press OK on the default or on a random row, page after page, until game over or PRESSES; the
    first OK the referee refuses is the example."""
    found: list[Refusal] = []
    while len(keys) < PRESSES:
        game = ui.game
        screen = ui.screen()
        if game is not None and game.over:
            break
        if screen.keys[3] in NOT_CONFIRMING:
            press = BACK if screen.keys[2] in ("Back", "Keep") else OK
            if screen.keys[3] == "" and screen.keys[2] not in ("Back", "Keep"):
                break  # a page with nothing to press: the walk ends there
            ui.press(press)
            keys.append(press)
            continue
        body = screen.body
        if isinstance(body, Choices) and len(body.items) > 1 and rnd.random() < 0.5:
            for _ in range(rnd.randrange(len(body.items))):
                ui.press(DOWN)
                keys.append(DOWN)
        elif isinstance(body, Spinners) and body.ok and body.cursor != len(body.rows):
            while ui.screen().body.cursor != len(body.rows):  # to the OK row: the counts as offered
                ui.press(DOWN)
                keys.append(DOWN)
        kind, row, before, builder = ui.screen().kind, row_label(ui), len(ui.refused), built_by(ui.page)
        ui.press(OK)
        keys.append(OK)
        if len(ui.refused) > before:
            found.append(Refusal(kind, builder, row, ui.refused[-1], tuple(keys)))
            break  # (the first one is the example)
    return found


def play(table: Table, seed: int) -> tuple[list[Refusal], Watched]:
    rnd = random.Random(seed)
    ui = Watched(lambda s: Game.new(s), new_seed=lambda: seed % 1000)
    keys: list[int] = []
    if not start(ui, table, keys):
        return [], ui
    return walk(ui, rnd, keys), ui


def said(refusals: list[Refusal], table: Table, seed: int) -> str:
    first = refusals[0]
    return (f"{table}, seed {seed}: OK on {first.kind!r} ({first.built_by}.py) row {first.row!r} refused: {first.message} "
            f"(keys from the first page: {''.join('▲▼←K'[k] for k in first.keys)})")


@pytest.mark.slow
@settings(max_examples=examples(60))
@given(table=tables(), seed=st.integers(0, 10_000))
def test_every_offered_option_the_table_confirms_is_accepted(table, seed):
    """Every page: the wizard, the turn page, its small pages, the card's own moves and effects, the
    placements, the Big Box's rows, the scorings, the menu's corrections."""
    refusals, _ = play(table, seed)
    assert not refusals, said(refusals, table, seed)


def test_the_jesters_gift_from_a_province_without_his_caballeros_is_said_before_the_choice():
    """The walk's last find (Grandissimo, 4 players, board recorded, seed 2957): the Jester's holder
    with no Caballero in the Province was offered the receivers, and OK on one was refused."""
    table = Table("classic", 4, True, False, ("Grandissimo",))
    refusals, _ = play(table, 2957)
    assert not refusals, said(refusals, table, 2957)


# -- the two traps of issue 34 are tests/ui/test_offer_traps_by_keys.py (each failed on a3042b2) --


def test_a_tile_moved_by_the_card_marks_the_kings_region_and_says_why_before_sending_nothing():
    """The tile page (corrections.tile_page, the card's move): a region the referee refuses is
    marked *not now* before the choice; OK there says why and records nothing."""
    from tests.ui.test_turn_presses import board_game

    t = board_game("not said", "not said", "not said", "Enactment")
    t.choose("Enactment")
    page = t.press(OK)  # the first tile: where to?
    marks = dict(zip(page.body.items, page.body.marks))
    assert marks["Toledo"] == "not now" and marks["Galicia"] == ""  # the King's region, and another
    steps = len(t.ui.game.steps)
    screen = t.choose("Toledo")
    assert screen.error == "a scoring tile never goes into or out of the King's region"
    assert len(t.ui.game.steps) == steps
