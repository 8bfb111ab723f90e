"""Whole games to game over through the four keys alone, with the final scores checked.

A `Keys` player stands at the table: it reads `Controller.screen()` and
calls `Controller.press()`, nothing else — it never sends a step itself.
Given a step the table wants recorded, it knows which page that step is
entered on and presses the keys that enter it (cursor to the item, spinners
set, OK), the way a person would with the shortest presses.

* The 4-player game is exactly the sample game (companion.game.sample, final
  scores checked by hand in tests/game/test_scenarios.py), step for step.
* The 2-player game is played against the 2023 dummy with a fixed seed; every
  scoring is recomputed from the journal's Scored steps with
  companion.rules.majority.score, independently of the referee.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections import Counter

from companion.game import board, sample
from companion.game import steps as s
from companion.game.game import Game
from companion.game.journal import read_only
from companion.rules.special_scoring import KINDS
from companion.game.settings import Player, Settings
from companion.rules import majority, spain
from companion.rules.editions import edition
from companion.rules.editions import edition as edition_rules
from companion.ui.controller import Controller
from companion.ui.demo import SAMPLE_BOARD_KEYS, SAMPLE_KEYS
from companion.ui.grammar import BACK, DOWN, KEY1, OK, UP, keys_to_set
from companion.ui.screens.setup import MODE_TOGGLES
from companion.ui.view import Choices, Spinners

KING_PAGE = "King to which region?"

# Lists: ▲ ▼ Back OK. Counts: next row, -, +, OK (companion/ui/pages.py).
#: Pages that only tell the table something; OK reads them away.
NOTICES = ("results", "dummy", "round_over", "setup_drawn", "map", "big_box_setup", "intrigue_deal")
RULES = edition("2023")
REGENERATE = "ELGRANDE_REGENERATE_GOLDENS"  # as for the goldens (tests/ui/conftest.py)


def place(region: str | None, rules=RULES) -> str:
    """How a region page lists a place."""
    if region is None:
        return "off the board"
    if region == spain.CASTILLO:
        return "the Castillo"
    return rules.name(region)


class Keys:
    """A person at the table with the four keys: reads screens, presses keys."""

    def __init__(self, path, seed: int, dummy: str | None = None, board: bool = False):
        self.ui = Controller(lambda settings: Game.new(settings, path), new_seed=lambda: seed)
        self.dummy = dummy
        self.board = board
        #: Presses spent per kind of step entered (notices read on the way count for the step).
        self.spent: Counter[str] = Counter()
        #: Every press, grouped by what it entered: [(what, [key, ...]), ...] (a key script;
        #: a long press is the key + 10).
        self.script: list[tuple[str, list[int]]] = [("new game", [])]
        #: Steps the companion recorded by itself with the last one entered (an I&K turn's special
        #: action without a choice): the next steps wanted, entered with no press.
        self.ahead: list[s.Step] = []

    rules = RULES

    def place(self, region: str | None) -> str:
        return place(region, self.rules)

    # -- the screen and the keys ---------------------------------------------------
    @property
    def screen(self):
        return self.ui.screen()

    def press(self, key: int, long: bool = False):
        self.ui.press(key, long)
        self.script[-1][1].append(key + 10 if long else key)
        assert self.screen.error == "", self.screen
        return self.screen

    def name(self, colour: str) -> str:
        """The wizard names players by their colour; the dummy is "the dummy"."""
        return "the dummy" if colour == self.dummy else colour.title()

    def colour(self, name: str) -> str:
        return self.dummy if name == "the dummy" else name.lower()

    def choose(self, label: str, *, exact: bool = False):
        """Move the cursor the short way round to the one item starting with `label`; OK."""
        body = self.screen.body
        assert isinstance(body, Choices), self.screen
        hits = [i for i, item in enumerate(body.items) if (item == label if exact else item.startswith(label))]
        assert len(hits) == 1, f"{label!r} in {body.items} ({self.screen.kind})"
        n = len(body.items)
        down = (hits[0] - body.cursor) % n
        for _ in range(down if down <= n - down else 0):
            self.press(DOWN)
        for _ in range(n - down if down > n - down else 0):
            self.press(UP)
        return self.press(OK)

    def counts(self, wanted: dict[str, int], *, others: int | None = None):
        """Set the spinners named in `wanted` (the rest to `others`, or left as pre-filled); OK."""
        body = self.screen.body
        assert isinstance(body, Spinners), self.screen
        assert set(wanted) <= {row.label for row in body.rows}, (wanted, body.rows)
        targets = [wanted.get(row.label, row.value if others is None else others) for row in body.rows]
        for key in keys_to_set([row.value for row in body.rows], targets, body.cursor):
            self.press(key)
        assert [row.value for row in self.screen.body.rows] == targets, self.screen
        return self.press(OK)

    def read_notices(self):
        while self.screen.kind in NOTICES:
            self.press(OK)
        return self.screen

    # -- setting up ----------------------------------------------------------------
    def new_game(self, colours: list[str], setup: s.SetupDone, edition: str = "2023", variants: tuple = ()):
        """The wizard, with the King, homes and first player (and the Big Box's black Caballeros
        and Limit table) entered from the cards; ``variants``: labels switched on."""
        self.rules = edition_rules(edition)
        self.choose("El Grande 2023" if edition == "2023" else "El Grande classic")
        self.choose(f"{len(colours)} players")
        for colour in colours + ([self.dummy] if self.dummy else []):
            self.choose(colour.title(), exact=True)
        for variant in variants:
            self.choose(variant)
        big_box = {label for _, label in MODE_TOGGLES}
        if not self.board and not big_box & set(variants):  # a Big Box mode: the board is off
            self.choose("Board recorded")  # on by default: switched off, scores only
        self.choose("Start the game")
        self.choose("Enter from the cards")
        self.choose(self.place(setup.king), exact=True)
        for colour, home in setup.homes:
            assert self.screen.prompt == f"{self.name(colour)}'s home region", self.screen
            self.choose(self.place(home), exact=True)
        for region in (*setup.black, *([setup.limit_table] if setup.limit_table else [])):
            assert self.screen.kind in ("setup_black", "setup_limit"), self.screen
            self.choose(self.place(region), exact=True)
        self.choose(self.name(setup.first), exact=True)
        assert self.ui.game.steps == (setup,)
        self.spent["SetupDone"] = self.ui.presses

    # -- one step ------------------------------------------------------------------
    def enter(self, step: s.Step) -> None:
        """Press the keys that record `step` (exactly one step reaches the journal, and any the
        companion records by itself with it)."""
        if self.ahead:
            assert step == self.ahead.pop(0), (step, "recorded by itself instead")
            return
        before, presses = len(self.ui.game.steps), self.ui.presses
        self.script.append((describe(step), []))
        self.read_notices()
        inside = [c for c in self.ui.game.state.colours if self.ui.game.state.castillo.get(c)]
        if self.screen.prompt == KING_PAGE and not isinstance(step, s.KingMoved):
            self.press(BACK)  # the King's card opened the King's page: he stays
        if self.screen.kind == "placements" and not isinstance(step, s.CourtIntake):
            self.leave_placements()  # the card's page: nothing placed from it
        getattr(self, f"_{step.kind}")(step)
        self.spent[step.kind] += self.ui.presses - presses
        # One step, but the secret discs: one SecretDisc per player in the Castillo, each kept at once.
        wanted = len(inside) if isinstance(step, s.SecretDiscs) and inside else 1
        assert len(self.ui.game.steps) >= before + wanted, (step, self.ui.game.steps[before:])
        self.ahead = list(self.ui.game.steps[before + wanted:])
        assert all(isinstance(later, s.SpecialActionChosen) for later in self.ahead), (step, self.ahead)

    def leave_placements(self):
        """The placements page opened with the card, nothing placed from it: to its OK row, Back."""
        body = self.screen.body
        assert self.screen.kind == "placements" and isinstance(body, Spinners), self.screen
        for key in keys_to_set([row.value for row in body.rows], [row.value for row in body.rows], body.cursor):
            self.press(key)
        self.press(BACK)

    def enter_placements(self, unit: list[s.Step]) -> None:
        """A turn's placements (Placed steps, then a CastilloThrow), set on the page that opens with
        the card, or reached from the turn page: one confirmation, one unit."""
        before, presses = len(self.ui.game.steps), self.ui.presses
        self.script.append((" + ".join(describe(step) for step in unit), []))
        self.read_notices()
        if self.screen.kind == "turn":
            self.choose("Place Caballeros")
        wanted = {RULES.name(getattr(step, "region", spain.CASTILLO)): step.count for step in unit}
        self.counts(wanted, others=0)
        self.spent["Placed"] += self.ui.presses - presses
        assert self.ui.game.steps[before:] == tuple(unit), self.ui.game.steps[before:]

    def _CourtIntake(self, step: s.CourtIntake):
        if self.screen.kind == "placements":
            self.leave_placements()
        self._turn_page(step.colour)
        self.choose("Court intake")
        self.counts({"Province": step.province, **{self.place(r): n for r, n in step.regions}}, others=0)

    def _turn_page(self, colour: str):
        screen = self.screen
        assert screen.kind == "turn" and screen.headline.endswith(f"· {self.name(colour)}"), screen

    def _PowerCardPlayed(self, step: s.PowerCardPlayed):
        assert step.modifier == 0  # no Power Shift in these games
        screen = self.screen
        assert screen.kind == "power_cards" and screen.headline.endswith(f"· {self.name(step.colour)}"), screen
        self.choose(f"{step.value:>2} ")

    def _ActionCardTaken(self, step: s.ActionCardTaken):
        assert step.card is None, "the keys never name the card taken"
        screen = self.screen
        assert screen.kind == "turn_card" and screen.headline.endswith(f"· {self.name(step.colour)}"), screen
        self.choose(self.ui.game.settings.mode.stack_title(step.stack) or (
            "King's card" if step.stack == 5 else f"Stack {step.stack} "))

    def _TurnEnded(self, step: s.TurnEnded):
        self._turn_page(step.colour)
        self.choose("End the turn")

    def _CastilloThrow(self, step: s.CastilloThrow):
        self._turn_page(step.colour)
        self.choose("Throw into the Castillo")
        self.counts({self.name(step.colour): step.count})

    def _KingMoved(self, step: s.KingMoved):
        if not step.by_card:  # a board fact the card does not do: the menu's correction
            return self._correct("Correct: the King", self.place(step.region))
        if self.screen.prompt != KING_PAGE:  # (the King's card opens it at once)
            assert self.screen.kind == "turn", self.screen
            self.choose("King moved")
        self.choose(self.place(step.region), exact=True)

    def _TileMoved(self, step: s.TileMoved):
        if not step.by_card:
            return self._correct("Correct: a scoring tile", step.tile, self.place(step.region))
        assert self.screen.kind == "turn", self.screen
        self.choose("Scoring tile")
        self.choose(step.tile)
        self.choose(self.place(step.region), exact=True)

    def _GrandeMoved(self, step: s.GrandeMoved):
        if not step.by_card:
            return self._correct("Correct: a Grande", self.name(step.colour), self.place(step.region))
        self._turn_page(step.colour)  # the active player's own Grande
        self.choose("Grande moved")
        self.choose(self.place(step.region), exact=True)

    def _correct(self, row: str, *choices: str):
        """Menu -> a correction, the choices in turn, then OK on what it changed."""
        self.press(KEY1, long=True)
        self.choose(row)
        for label in choices:
            self.choose(label, exact=label not in ("8/4/0", "4/0/0"))
        assert self.screen.kind == "corrected", self.screen
        self.press(OK)

    def _SpecialScoringStarted(self, step: s.SpecialScoringStarted):
        assert self.screen.kind == "turn", self.screen
        self.choose("Special scoring")
        # The menu lists the kinds in the referee's order (short labels that fit a row).
        self.choose(self.screen.body.items[list(KINDS).index(step.what)], exact=True)
        if step.what == "region":
            self.choose(self.place(step.regions[0]), exact=True)
            return
        # The companion proposes the regions and scores them in the board's order (the order never
        # changes a score, RULES.md).
        screen = self.screen
        assert screen.kind == "special_confirm" and screen.prompt == KINDS[step.what].wording, screen
        proposed = " ".join(" ".join(row.text for row in screen.body.rows).split())
        board_order = sorted(step.regions, key=spain.SCORING_ORDER.index)
        wanted = f"Scores: {', '.join(self.place(r) for r in board_order)} "
        assert proposed.startswith(wanted), f"no key flow enters {step}: the companion proposes {proposed!r}"
        assert list(step.regions) == board_order, f"{step}: the keys score in the board's order"
        self.press(OK)

    def _Scored(self, step: s.Scored):
        screen = self.screen
        assert screen.kind == "scoring" and screen.prompt.startswith(f"{self.rules.name(step.where)} "), (step, screen)
        self.counts({self.name(c) if c != "black" else "Black": n for c, n in step.counts}, others=0)
        seats = dict(step.seats)
        while self.screen.kind == "seat":  # a Big Box region's seats, one list each
            title = self.screen.prompt.rsplit(" who is ", 1)[1].rstrip("?")
            self.choose(self.name(seats[title]) if title in seats else "nobody", exact=True)

    def _HoldingMoved(self, step: s.HoldingMoved):
        """Grandissimo: the Queen or the Jester from the turn page after the stack-7 card; anything
        else from the menu's Figures and tokens."""
        row = f"Take the {step.what}"
        if self.screen.kind == "turn" and row in self.screen.body.items and step.colour == self.ui.game.state.active:
            self.choose(row, exact=True)
            return
        self.press(KEY1, long=True)
        self.choose("Figures and tokens")
        self.choose(f"{step.what}: ")
        self.choose(self.name(step.colour) if step.colour else "beside the board", exact=True)

    def _Delivered(self, step: s.Delivered):
        self.press(KEY1, long=True)
        self.choose("Gold or wares delivered")
        self.choose(f"{self.name(step.colour)}: {step.disc} ")

    def _SecretDiscs(self, step: s.SecretDiscs):
        screen = self.screen
        assert screen.kind in ("discs", "disc"), screen
        discs = dict(step.discs)
        if screen.kind == "discs":  # nobody in the Castillo: one page, one OK
            self.press(OK)
        # One region list per player with Caballeros in the Castillo tally, "Disc: Red".
        while self.screen.kind == "disc":
            colour = self.colour(self.screen.prompt.removeprefix("Disc: ").split(" (")[0])
            region = discs[colour]
            self.choose("none / not clear" if region is None else self.place(region), exact=True)


def describe(step: s.Step) -> str:
    """`PowerCardPlayed red 9`: a step in a key script's comment."""
    def flat(value):
        if isinstance(value, tuple):
            return " ".join(flat(v) for v in value)
        return "-" if value is None else str(value)

    shown = [f for f in dataclasses.fields(step) if f.name not in step.added or getattr(step, f.name) != f.default]
    return " ".join([step.kind] + [flat(getattr(step, f.name)) for f in shown])


def key_script(keys: Keys, title: str) -> str:
    """The presses as a script `elgrande-companion run --keys` plays: one line per step."""
    lines = [f"# {title}", "# Written by tests/ui/test_whole_games_by_keys.py; keys 1-4 are KEY1-KEY4.", ""]
    for what, presses in keys.script:
        if presses:
            keys_ = " ".join(f"L{k - 9}" if k >= 10 else str(k + 1) for k in presses)
            lines.append(f"{keys_:<24} # {what}")
    return "\n".join(lines) + "\n"


def grouped(colours, steps) -> list[s.Step]:
    """Steps with each run of SecretDisc steps (the keys keep one disc at a time) as the one
    SecretDiscs step they amount to (players without a disc: None)."""
    out: list[s.Step] = []
    run: dict[str, str | None] = {}
    for step in list(steps) + [None]:
        if isinstance(step, s.SecretDisc):
            run[step.colour] = step.region
            continue
        if run:
            out.append(s.SecretDiscs(tuple((c, run.get(c)) for c in colours)))
            run = {}
        if step is not None:
            out.append(step)
    return out


def facts(settings: Settings, steps) -> list[dict]:
    """Each step as JSON, in the form that holds the same facts however it was entered.

    Scored: a colour with no Caballeros may be listed with 0 or left out (the
    keys list every colour, 0 included; scripts leave them out). SecretDiscs:
    the disc of a player with nothing in the Castillo tally changes nothing
    (the keys ask only those with Caballeros in it; their disc is None).
    """
    game = Game(settings)
    out = []
    for step in steps:
        data = step.to_json()
        if isinstance(step, s.Scored):
            data["counts"] = sorted((c, n) for c, n in step.counts if n)
        if isinstance(step, s.SecretDiscs):
            data["discs"] = sorted((c, r) for c, r in step.discs if game.state.castillo.get(c))
        out.append(data)
        game.send(step)
    return out


# -- the 4-player sample game ----------------------------------------------------------


def test_the_sample_four_player_game_by_keys_alone(tmp_path):
    wanted = sample.four_player_game(tmp_path / "sample.jsonl")
    assert wanted.state.scores == {"red": 71, "blue": 49, "green": 54, "yellow": 48}
    keys = Keys(tmp_path / "keys.jsonl", seed=wanted.settings.seed)
    setup, *rest = wanted.steps
    keys.new_game([p.colour for p in wanted.settings.players], setup)
    for step in rest:
        keys.enter(step)
    game = keys.ui.game

    # Game over: the last general scoring's results, then the standings, as the table sees them.
    assert game.over
    assert keys.screen.kind == "results"
    keys.script.append(("the results read: the standings", []))
    standings = keys.press(OK)
    assert standings.kind == "standings" and standings.headline == "Game over"
    assert [(row.text, row.right) for row in standings.body.rows] == [
        ("1. Red", "71"), ("2. Green", "54"), ("3. Blue", "49"), ("4. Yellow", "48")]
    assert game.state.scores == {"red": 71, "blue": 49, "green": 54, "yellow": 48}

    # The same game: the settings (but the names the wizard gives), and the same steps.
    names = tuple(Player(p.colour.title(), p.colour) for p in wanted.settings.players)
    assert game.settings == dataclasses.replace(wanted.settings, players=names)
    steps = grouped(game.settings.colours, game.steps)
    assert len(steps) == len(wanted.steps) == 150
    assert facts(game.settings, steps) == facts(wanted.settings, wanted.steps)
    # Only the form of Scored and SecretDiscs differs (see facts()); every other step is identical.
    differ = [(a, b) for a, b in zip(wanted.steps, steps) if a != b]
    assert {a.kind for a, _ in differ} == {"Scored", "SecretDiscs"}
    assert [a for a, _ in differ if a.kind == "SecretDiscs"] == [wanted.steps[45]]  # blue's "navarra"
    assert steps[45] == s.SecretDiscs((("red", "toledo"), ("blue", None), ("green", None), ("yellow", "galicia")))
    assert game.steps[45:47] == (s.SecretDisc("red", "toledo"), s.SecretDisc("yellow", "galicia"))

    # The journal on disk holds what the keys entered, and replays to the same scores.
    game.close()
    journal = read_only(tmp_path / "keys.jsonl")
    assert [s.Step.from_json(entry) for entry in journal.steps] == list(game.steps)
    assert Game.from_record(journal).state.scores == {"red": 71, "blue": 49, "green": 54, "yellow": 48}

    # The presses are shipped as a key script (the demo, the benchmark's scripted game).
    script = key_script(keys, "The sample 4-player game (companion/game/sample.py) from a new game to the standings.")
    if os.environ.get(REGENERATE):
        SAMPLE_KEYS.write_text(script)
    assert SAMPLE_KEYS.read_text() == script, f"{SAMPLE_KEYS} is stale: {REGENERATE}=1 rewrites it"

    presses = keys.ui.presses
    print(f"\nsample game by keys: {presses} presses for {len(game.steps)} steps; by kind of step:",
          dict(keys.spent.most_common()))
    assert sum(keys.spent.values()) + 1 == presses  # + the OK on the last results
    assert presses <= 400, presses


# -- the sample game with the board recorded ---------------------------------------------

#: What the board sample's scorings gave, as the board alone says (checked by hand for round 3
#: below): the final standings.
BOARD_STANDINGS = {"green": 57, "blue": 55, "yellow": 49, "red": 45}


def units(steps) -> list[list[s.Step]]:
    """Steps as the table enters them: a turn's placements (Placed steps and a CastilloThrow) are
    one confirmation; every other step is one."""
    out: list[list[s.Step]] = []
    for step in steps:
        placing = isinstance(step, (s.Placed, s.CastilloThrow))
        if placing and out and all(isinstance(x, (s.Placed, s.CastilloThrow)) for x in out[-1]):
            out[-1].append(step)
        else:
            out.append([step])
    return out


def test_the_board_sample_game_by_keys_alone_its_standings_from_the_board(tmp_path):
    wanted = sample.board_game(tmp_path / "sample.jsonl")
    assert wanted.state.scores == BOARD_STANDINGS
    # Every scoring scored the board as the companion knew it: no count was changed at a scoring.
    replay = Game(wanted.settings)
    for step in wanted.steps:
        if isinstance(step, s.Scored):
            known = replay.state.castillo if step.where == spain.CASTILLO else replay.state.counts[step.where]
            assert dict(step.counts) == {c: n for c, n in known.items() if n}, step
        replay.send(step)
    assert not any(isinstance(step, (s.CountsCorrected, s.CastilloCorrected, s.CaballerosMoved))
                   for step in wanted.steps)

    keys = Keys(tmp_path / "keys.jsonl", seed=wanted.settings.seed, board=True)
    setup, *rest = wanted.steps
    keys.new_game([p.colour for p in wanted.settings.players], setup)
    for unit in units(grouped(wanted.settings.colours, rest)):
        if isinstance(unit[0], (s.Placed, s.CastilloThrow)):
            keys.enter_placements(unit)
        else:
            keys.enter(*unit)
    game = keys.ui.game
    assert game.over and keys.screen.kind == "results"
    keys.script.append(("the results read: the standings", []))
    standings = keys.press(OK)
    assert [(row.text, row.right) for row in standings.body.rows] == [
        ("1. Green", "57"), ("2. Blue", "55"), ("3. Yellow", "49"), ("4. Red", "45")]
    steps = grouped(game.settings.colours, game.steps)
    assert facts(game.settings, steps) == facts(wanted.settings, grouped(wanted.settings.colours, wanted.steps))
    for colour in game.settings.colours:
        assert board.total(game.state, colour) == 30

    script = key_script(keys, "The sample 4-player game with the board recorded (companion/game/sample.py "
                              "board_game) from a new game to the standings.")
    if os.environ.get(REGENERATE):
        SAMPLE_BOARD_KEYS.write_text(script)
    assert SAMPLE_BOARD_KEYS.read_text() == script, f"{SAMPLE_BOARD_KEYS} is stale: {REGENERATE}=1 rewrites it"
    print(f"\nboard sample game by keys: {keys.ui.presses} presses for {len(game.steps)} steps;",
          dict(keys.spent.most_common()))


# -- the 2-player game against the dummy -------------------------------------------------

TWO = ["red", "blue"]
DUMMY = "white"
TWO_SETUP = s.SetupDone(king="castilla", homes=(("red", "galicia"), ("blue", "granada")), first="red")
#: What the players do on their turns besides taking the first card left: (round, colour) -> steps.
TWO_TURNS = {
    (1, "red"): [s.CastilloThrow("red", 3)],
    (1, "blue"): [s.KingMoved("toledo")],
    (2, "red"): [s.TileMoved("8/4/0", "valencia")],
    (2, "blue"): [s.SpecialScoringStarted("region", ("granada",))],
    (4, "red"): [s.GrandeMoved("red", "navarra"), s.CastilloThrow("red", 2)],
    (5, "blue"): [s.CastilloThrow("blue", 2)],
    (7, "red"): [s.CastilloThrow("red", 1), s.KingMoved("galicia")],
}
#: Secret discs at the general scorings after rounds 3, 6 and 9 (players with Castillo Caballeros).
TWO_DISCS = {3: {"red": "aragon"}, 6: {"red": "sevilla", "blue": "valencia"}, 9: {"red": "toledo"}}
#: Counts the table gives where they differ from the companion's (round, place) -> {player: count};
#: the dummy's counts are always the companion's own (its placements are drawn and shown).
TWO_COUNTS = {
    (2, "granada"): {"Red": 2, "Blue": 4},
    (3, "toledo"): {"Red": 5, "Blue": 4},
    (3, "aragon"): {"Blue": 1},
    (3, "valencia"): {"Red": 3, "Blue": 5},
    (6, "castillo"): {"Blue": 3},  # one more than blue announced
    (6, "castilla"): {"Blue": 5, "Red": 2},
    (6, "navarra"): {"Red": 6},
    (9, "galicia"): {"Red": 6, "Blue": 5},
    (9, "cataluna"): {"Blue": 3},
}


def play_two_player_game(keys: Keys) -> list[dict[str, tuple[int, int]]]:
    """Play to game over; returns what each results page said: {player: (gain, total)}."""
    keys.new_game(TWO, TWO_SETUP)
    results = []
    done: set[tuple[int, str]] = set()
    for _ in range(2000):
        screen = keys.screen
        if screen.kind == "standings":
            break
        round_ = int(re.match(r"(?:Round (\d+) ·)?", screen.headline)[1] or 0)  # none on "Game over"
        if screen.kind == "results":
            rows = [re.fullmatch(r"(\w+) \+(\d+)", row.text) for row in screen.body.rows]
            results.append({m[1]: (int(m[2]), int(row.right))
                            for m, row in zip(rows, screen.body.rows) if m})
            keys.press(OK)
        elif screen.kind in NOTICES:
            keys.press(OK)
        elif screen.kind == "power_cards":
            keys.press(OK)  # the lowest card left
        elif screen.kind == "turn_card":
            # The first stack left whose card places the Caballeros this turn throws into the Castillo.
            colour = keys.colour(screen.headline.rsplit("· ", 1)[1])
            need = sum(step.count for step in TWO_TURNS.get((round_, colour), []) if step.kind == "CastilloThrow")
            keys.choose(next(item for item in screen.body.items
                             if int(re.search(r"· (?:\d+-)?(\d+) Cab\.", item)[1]) >= need), exact=True)
        elif screen.kind == "turn":
            colour = keys.colour(screen.headline.rsplit("· ", 1)[1])
            if (round_, colour) not in done:
                done.add((round_, colour))
                for step in TWO_TURNS.get((round_, colour), []):
                    keys.enter(step)
                continue
            keys.enter(s.TurnEnded(colour))
        elif screen.kind in ("discs", "disc"):
            keys.enter(s.SecretDiscs(tuple((c, TWO_DISCS[round_].get(c)) for c in TWO)))
        elif screen.kind == "scoring":
            name = screen.prompt.split(" ", 1)[0]  # "Toledo 7/4/2 · King"
            where = spain.CASTILLO if name == RULES.name(spain.CASTILLO) else RULES.region(name)
            keys.counts(TWO_COUNTS.get((round_, where), {}))
        else:
            raise AssertionError(f"unexpected page {screen}")
    else:
        raise AssertionError(f"the game never ended: {keys.screen}")
    return results


def recompute(steps, dummy: str) -> list[tuple[str, str, dict[str, int], majority.Result]]:
    """Every scoring in the journal, scored again from its Scored steps (occasion, where, counts, result).

    Independent of the referee: the King, the Grandes and the tiles are followed
    from the steps; the values are the board's (a tile's replace them); the 2023
    edition's two-player side pays the 1st and 2nd columns; the dummy takes places
    but never scores.
    """
    king, grandes, tiles = None, {}, {}
    occasion, generals, out = "", 0, []
    for step in steps:
        match step:
            case s.SetupDone():
                king, grandes = step.king, dict(step.homes)
            case s.KingMoved():
                king = step.region
            case s.GrandeMoved():
                grandes[step.colour] = step.region
            case s.TileMoved():
                tiles[step.tile] = step.region
            case s.SpecialScoringStarted():
                occasion = f"special {step.what} {','.join(step.regions)}"
            case s.SecretDiscs():
                generals += 1
                occasion = f"general {generals}"
            case s.Scored():
                tile = next((t for t, r in tiles.items() if r == step.where), None)
                values = (tuple(int(v) for v in tile.split("/")) if tile
                          else spain.CASTILLO_VALUES if step.where == spain.CASTILLO else spain.VALUES[step.where])
                counts = dict(step.counts)
                result = majority.score(counts, values, columns=2, never_scores={dummy},
                                        king=step.where == king,
                                        grandes={c for c, r in grandes.items() if r == step.where})
                out.append((occasion, step.where, counts, result))
    return out


#: Each scoring worked out by hand from the counts the journal holds (2 columns pay; ties take the
#: next column; King's and Grande's +2 only to a sole first; the dummy takes places, never points).
#: King: Castilla, Toledo from round 1, Galicia from round 7. Grandes: red Galicia (Navarra from
#: round 4), blue Granada. The 8/4/0 tile on Valencia from round 2.
BY_HAND = {
    # Granada 6/3/1: blue 4 sole first 6 + Grande 2; red 2 second 3.
    "special region granada": {"red": 3, "blue": 8},
    # Castillo red 3: 5 (disc Aragón: red 3 there). Galicia red 2: 4 + Grande 2. Aragón 5/4/1 red 3, blue 1:
    # 5, 4. Toledo 7/4/2 (King) red 5, blue 4, dummy 2: 7 + 2, 4. Granada blue 4: 6 + 2; red and the dummy
    # tie on 2 for 2nd -> 3rd column: 0. Valencia (tile 8/4/0) blue 5, red 3: 8, 4.
    "general 1": {"red": 5 + 6 + 5 + 9 + 4, "blue": 4 + 4 + 8 + 8},
    # Castillo blue 3 (one more than announced), red 2: 5, 3 (discs: red Sevilla, blue Valencia).
    # Galicia red 2 = dummy 2: tie for 1st -> 2. Navarra red 6 sole: 5 + Grande 2. Aragón red 3,
    # dummy 2, blue 1: 5, -, 0. Castilla 6/4/2 blue 5, red 2: 6, 4. Toledo red 5 (King): 9, blue 4: 4.
    # Sevilla 4/3/1 red 2 = dummy 2: 3. Granada blue 4 = dummy 4: tie for 1st -> 3, no Grande bonus;
    # red 3rd: 0. Valencia blue 8, red 3: 8, 4.
    "general 2": {"red": 3 + 2 + 7 + 5 + 4 + 9 + 3 + 4, "blue": 5 + 6 + 4 + 3 + 8},
    # Castillo red 1: 5 (disc Toledo). Galicia (King) red 6, blue 5: 4 + 2, 2. Navarra red 6: 5 + 2.
    # Aragón dummy 4, red 3: 4, blue 3rd 0. Cataluña 4/2/1 dummy 4, blue 3: 2. Castilla blue 5: 6; red
    # and the dummy tie on 2 -> 3rd column: 0. Toledo red 6, blue 4: 7, 4. Sevilla dummy 4, red 2: 3.
    # Granada dummy 6, blue 4: 3 (no Grande bonus for 2nd). Valencia blue 8, red 3: 8, 4.
    "general 3": {"red": 5 + 6 + 7 + 4 + 7 + 3 + 4, "blue": 2 + 2 + 6 + 4 + 3 + 8},
}
TWO_FINAL = {"red": 105, "blue": 83}


def test_a_two_player_game_with_the_dummy_by_keys_to_the_final_scores(tmp_path):
    keys = Keys(tmp_path / "two.jsonl", seed=3, dummy=DUMMY)
    results = play_two_player_game(keys)
    game, state = keys.ui.game, keys.ui.game.state
    assert game.over and state.general_scorings == 3

    # Every scoring again, from the journal's Scored steps, with majority.score alone.
    gained: dict[str, dict[str, int]] = {}
    for occasion, where, counts, result in recompute(grouped(TWO, game.steps), DUMMY):
        points = gained.setdefault(occasion, {c: 0 for c in TWO})
        for line in result.lines:
            if line.who == DUMMY:
                assert not line.scores and line.points == 0
            else:
                points[line.who] += line.points
    assert gained == BY_HAND
    # The dummy took first places (and so pushed the players down) without ever scoring.
    assert any(line.who == DUMMY and line.place == 1 and not line.tied
               for *_, result in recompute(grouped(TWO, game.steps), DUMMY) for line in result.lines)

    # What the results pages showed, scoring by scoring: the gains, and totals that add up.
    assert [{c.lower(): gain for c, (gain, _) in page.items()} for page in results] == list(BY_HAND.values())
    running = {c: 0 for c in TWO}
    for page, gains in zip(results, BY_HAND.values()):
        for colour in TWO:
            running[colour] += gains[colour]
        assert {c.lower(): total for c, (_, total) in page.items()} == running
    assert running == {c: sum(g[c] for g in BY_HAND.values()) for c in TWO} == TWO_FINAL

    # The final scores: on the standings page, in the state, and replayed from the journal on disk.
    standings = keys.screen
    assert standings.kind == "standings" and standings.headline == "Game over"
    assert [(row.text, row.right) for row in standings.body.rows] == [("1. Red", "105"), ("2. Blue", "83")]
    assert state.scores == TWO_FINAL and DUMMY not in state.scores
    # The score sheet agrees with the recomputation, occasion by occasion.
    sheet: dict[str, dict[str, int]] = {}
    for line in state.sheet:
        key = "special region granada" if line.occasion.startswith("special") else line.occasion.replace(
            "general scoring", "general")
        sheet.setdefault(key, {c: 0 for c in TWO})[line.colour] += line.points
    assert sheet == BY_HAND
    game.close()
    assert Game.from_record(read_only(tmp_path / "two.jsonl")).state.scores == TWO_FINAL

    # Only the keys: every step the journal holds came through a page, and it took this many presses.
    for extra in TWO_TURNS.values():
        assert all(step in game.steps for step in extra)
    assert [step for step in grouped(TWO, game.steps) if step.kind == "SecretDiscs"] == [
        s.SecretDiscs((("red", "aragon"), ("blue", None))),
        s.SecretDiscs((("red", "sevilla"), ("blue", "valencia"))),
        s.SecretDiscs((("red", "toledo"), ("blue", None)))]
    kinds = Counter(step.kind for step in game.steps)
    print(f"\n2-player game by keys: {keys.ui.presses} presses for {len(game.steps)} steps", dict(kinds))
    assert kinds["Scored"] == 1 + 3 * 10 and kinds["SecretDisc"] == 4  # a disc each, for those in the Castillo
    assert keys.ui.presses <= 400, keys.ui.presses
